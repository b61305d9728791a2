import { describe, expect, it } from "vitest";
import {
  type GraphSpec,
  GraphSpecSchema,
  NODE_KINDS,
} from "../../../../worker/drawio/layout/spec.ts";
import { graphSpecs, largeSpec, specByName } from "../../../fixtures/graph-specs.ts";

/**
 * Referential checks the schema itself does not make: every edge end, node group and group
 * parent exists, ids are unique across nodes and groups, and group nesting has no cycle.
 * Returns the problems found, so a failure names them all.
 */
function integrityProblems(spec: GraphSpec): string[] {
  const problems: string[] = [];
  const nodeIds = new Set<string>();
  const groupIds = new Set<string>();
  for (const node of spec.nodes) {
    if (nodeIds.has(node.id)) problems.push(`duplicate node id ${node.id}`);
    nodeIds.add(node.id);
  }
  for (const group of spec.groups) {
    if (groupIds.has(group.id) || nodeIds.has(group.id)) {
      problems.push(`duplicate group id ${group.id}`);
    }
    groupIds.add(group.id);
  }
  for (const node of spec.nodes) {
    if (node.group !== undefined && !groupIds.has(node.group)) {
      problems.push(`node ${node.id} in unknown group ${node.group}`);
    }
    if (node.kind === "icon" && node.shape === undefined)
      problems.push(`icon ${node.id} lacks shape`);
  }
  for (const edge of spec.edges) {
    if (!nodeIds.has(edge.from)) problems.push(`edge from unknown ${edge.from}`);
    if (!nodeIds.has(edge.to)) problems.push(`edge to unknown ${edge.to}`);
  }
  const parentOf = new Map(spec.groups.map((g) => [g.id, g.parent]));
  for (const group of spec.groups) {
    if (group.parent !== undefined && !groupIds.has(group.parent)) {
      problems.push(`group ${group.id} has unknown parent ${group.parent}`);
    }
    const seen = new Set<string>();
    for (let at: string | undefined = group.id; at !== undefined; at = parentOf.get(at)) {
      if (seen.has(at)) {
        problems.push(`group nesting cycle through ${group.id}`);
        break;
      }
      seen.add(at);
    }
  }
  return problems;
}

function hasDirectedCycle(spec: GraphSpec): boolean {
  const next = new Map<string, string[]>();
  for (const e of spec.edges) {
    if (e.from !== e.to) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const state = new Map<string, 1 | 2>();
  // Iterative depth-first search: a 300-node chain would be deep for recursion.
  for (const start of spec.nodes.map((n) => n.id)) {
    if (state.has(start)) continue;
    const stack: Array<[string, number]> = [[start, 0]];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [string, number];
      const children = next.get(top[0]) ?? [];
      if (top[1] >= children.length) {
        state.set(top[0], 2);
        stack.pop();
        continue;
      }
      const child = children[top[1]++] as string;
      const seen = state.get(child);
      if (seen === 1) return true;
      if (seen === undefined) {
        state.set(child, 1);
        stack.push([child, 0]);
      }
    }
  }
  return false;
}

function groupDepth(spec: GraphSpec, groupId: string): number {
  const parentOf = new Map(spec.groups.map((g) => [g.id, g.parent]));
  let depth = 0;
  for (let at: string | undefined = groupId; at !== undefined; at = parentOf.get(at)) depth++;
  return depth;
}

/** The nearest swimlane a node sits in, through nested groups. */
function laneOf(spec: GraphSpec, groupId: string | undefined): string | undefined {
  const byId = new Map(spec.groups.map((g) => [g.id, g]));
  for (let at = groupId; at !== undefined; at = byId.get(at)?.parent) {
    if (byId.get(at)?.kind === "swimlane") return at;
  }
  return undefined;
}

/** The features a spec exercises, derived from its content rather than from its name. */
function features(spec: GraphSpec): Set<string> {
  const found = new Set<string>([`direction:${spec.direction}`, `theme:${spec.theme}`]);
  const n = spec.nodes.length;
  const indegree = new Map<string, number>();
  const outdegree = new Map<string, number>();
  for (const e of spec.edges) {
    indegree.set(e.to, (indegree.get(e.to) ?? 0) + 1);
    outdegree.set(e.from, (outdegree.get(e.from) ?? 0) + 1);
  }
  const cyclic = hasDirectedCycle(spec);
  const roots = spec.nodes.filter((x) => !indegree.has(x.id)).length;
  const maxIn = Math.max(0, ...indegree.values());
  const maxOut = Math.max(0, ...outdegree.values());
  const isTree = spec.edges.length === n - 1 && roots === 1 && maxIn === 1 && !cyclic;
  if (isTree && maxOut === 1) found.add("chain");
  if (isTree && maxOut === 2 && n >= 7) found.add("binary-tree");
  if (isTree && maxOut >= 10) found.add("wide-tree");
  if (!cyclic && spec.edges.length >= 2 * n) found.add("dense-dag");
  if (cyclic) found.add("cycle");

  const groupOf = new Map(spec.nodes.map((x) => [x.id, x.group]));
  const depth = Math.max(0, ...spec.groups.map((g) => groupDepth(spec, g.id)));
  if (depth >= 2) found.add("nested-2");
  if (depth >= 3) found.add("nested-3");
  if (spec.groups.some((g) => g.kind === "zone")) found.add("zone");
  const lanes = spec.groups.filter((g) => g.kind === "swimlane").length;
  for (const e of spec.edges) {
    const a = groupOf.get(e.from);
    const b = groupOf.get(e.to);
    if (e.from === e.to) found.add("self-loop");
    if (e.label) found.add("edge-label");
    found.add(`edge-kind:${e.kind}`);
    found.add(`arrow:${e.arrow}`);
    if (a !== undefined && b !== undefined && a !== b) found.add("cross-group-edge");
    if ((a === undefined) !== (b === undefined)) found.add("group-to-top-level-edge");
    const laneA = laneOf(spec, a);
    const laneB = laneOf(spec, b);
    if (lanes >= 3 && laneA !== undefined && laneB !== undefined && laneA !== laneB) {
      found.add("swimlanes-crossing");
    }
  }
  const pairs = spec.edges.map((e) => `${e.from}\u0000${e.to}`);
  if (new Set(pairs).size < pairs.length) found.add("multi-edge");

  for (const node of spec.nodes) {
    found.add(`kind:${node.kind}`);
    if (node.kind === "icon" && node.shape) found.add("icon-shape");
    const label = node.label;
    if (label.length >= 150) found.add("long-label");
    if (label.includes("\n")) found.add("multiline-label");
    if (/[À-ÖØ-öø-žß]/.test(label)) found.add("accents");
    if (/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(label)) found.add("cjk");
    if (/\p{Extended_Pictographic}/u.test(label)) found.add("emoji");
  }
  return found;
}

const REQUIRED_FEATURES = [
  "chain",
  "binary-tree",
  "wide-tree",
  "dense-dag",
  "cycle",
  "nested-2",
  "nested-3",
  "swimlanes-crossing",
  "zone",
  "long-label",
  "multiline-label",
  "multi-edge",
  "self-loop",
  "edge-label",
  "icon-shape",
  "accents",
  "cjk",
  "emoji",
  "cross-group-edge",
  "group-to-top-level-edge",
  "edge-kind:dashed",
  "edge-kind:dotted",
  "arrow:none",
  "arrow:both",
  ...["down", "right", "up", "left"].map((d) => `direction:${d}`),
  ...["default", "minimal", "dark"].map((t) => `theme:${t}`),
  ...NODE_KINDS.map((k) => `kind:${k}`),
];

describe("graph spec fixtures", () => {
  const specs = graphSpecs();

  it("has at least 50 specs with unique names", () => {
    expect(specs.length).toBeGreaterThanOrEqual(50);
    expect(new Set(specs.map((s) => s.name)).size).toBe(specs.length);
  });

  it("parses every spec with GraphSpecSchema and keeps references intact", () => {
    for (const { name, spec } of specs) {
      const parsed = GraphSpecSchema.safeParse(spec);
      expect(parsed.error?.issues ?? [], name).toEqual([]);
      if (parsed.success) expect(integrityProblems(parsed.data), name).toEqual([]);
    }
  });

  it("spans 5 to 300 nodes", () => {
    const sizes = specs.map((s) => s.spec.nodes.length);
    expect(Math.min(...sizes)).toBe(5);
    expect(Math.max(...sizes)).toBe(300);
  });

  it("keeps long labels around 200 characters at most", () => {
    for (const { name, spec } of specs) {
      for (const node of spec.nodes) {
        expect((node.label ?? "").length, `${name}/${node.id}`).toBeLessThanOrEqual(200);
      }
    }
  });

  it("covers every listed feature in at least one spec", () => {
    const covered = new Set<string>();
    for (const { spec } of specs) {
      for (const feature of features(GraphSpecSchema.parse(spec))) covered.add(feature);
    }
    expect(REQUIRED_FEATURES.filter((f) => !covered.has(f))).toEqual([]);
  });

  it("is deterministic", () => {
    expect(graphSpecs()).toEqual(specs);
    expect(largeSpec(120, 9)).toEqual(largeSpec(120, 9));
    expect(largeSpec(120, 9)).not.toEqual(largeSpec(120, 10));
  });

  it("finds specs by name and rejects unknown names", () => {
    expect(specByName("swimlanes-3")).toEqual(specs.find((s) => s.name === "swimlanes-3")?.spec);
    expect(() => specByName("no-such-spec")).toThrow(/no graph spec "no-such-spec"/);
  });

  it("builds valid layered DAGs of the requested size for the benchmark", () => {
    for (const size of [50, 200, 500]) {
      const spec = GraphSpecSchema.parse(largeSpec(size));
      expect(spec.nodes).toHaveLength(size);
      expect(integrityProblems(spec)).toEqual([]);
      expect(hasDirectedCycle(spec)).toBe(false);
      expect(spec.groups.length).toBeGreaterThanOrEqual(1);
      expect(spec.edges.length).toBeGreaterThanOrEqual(size - 1);
      // Every node below the first layer is reachable: it has an incoming edge.
      const targets = new Set(spec.edges.map((e) => e.to));
      const unreached = spec.nodes.filter((n) => !targets.has(n.id) && !n.id.startsWith("L0."));
      expect(unreached.map((n) => n.id)).toEqual([]);
    }
  });
});
