/**
 * A graph spec as the graph ELK lays out (nodes sized, groups as compound nodes, back edges
 * reversed, per-group directions), ELK's options, and its answer unwrapped to the spec's shape.
 */
import type { ElkExtendedEdge, ElkNode, LayoutOptions } from "elkjs/lib/elk-api.js";
import { EDGE_LABEL_WRAP, measureText } from "../text/estimate.ts";
import { type NodeBox, nodeBox } from "./boxes.ts";
import {
  type GroupDirections,
  type GroupEnds,
  groupDirections,
  nodeDirection,
} from "./group-directions.ts";
import { backEdges } from "./layers/feedback.ts";
import type { Direction, GraphSpec } from "./spec.ts";

const ELK_DIRECTION: Record<Direction, string> = {
  down: "DOWN",
  right: "RIGHT",
  up: "UP",
  left: "LEFT",
};

/** Room above a group's children for its title (a swimlane's header is 30 px). */
const GROUP_TOP: Record<string, number> = { swimlane: 46, container: 40, zone: 40 };

/** What the converter needs to know about the ELK graph it gets back. */
export interface ElkPlan {
  root: ElkNode;
  /** ELK id → the spec's node (with its box) or group, by index. */
  nodes: Map<string, { index: number; box: NodeBox }>;
  groups: Map<string, number>;
  /** ELK id of each spec edge, by index. */
  edges: string[];
  /** Per spec edge: true when it closes a cycle and was handed to ELK the other way round. */
  reversed: boolean[];
  /** The direction of each group, and the groups laid out on their own. */
  directions: GroupDirections;
}

/**
 * Builds the ELK graph of a spec: groups become compound nodes holding their members, each edge
 * is declared in the lowest group that holds both its ends, and layered layout with orthogonal
 * routing is asked to place everything in one pass (`INCLUDE_CHILDREN`). ELK ids are our own
 * (`n3`, `g1`, `e7`) so that no spec id can clash with them.
 *
 * Groups are blocks in their parent's layers unless `pool` is set (a swimlane pool layers all
 * steps together, `layoutPool`): then only the author's order decides which edges point back.
 *
 * A group with a direction of its own (`groupDirections`) is laid out in a separate ELK run:
 * it sits in a wrapper node with `SEPARATE_CHILDREN` (so the parent's run treats it as one box)
 * and itself keeps `INCLUDE_CHILDREN` with its own direction, so that edges into its nested
 * groups are still routed (a `SEPARATE_CHILDREN` group leaves those unrouted). `unwrapGroups`
 * takes the wrappers out of ELK's answer.
 *
 * @example
 * const plan = elkPlan(spec); const laid = await elk.layout(plan.root);
 */
export function elkPlan(
  spec: GraphSpec,
  { pool = false, ends = [] }: { pool?: boolean; ends?: GroupEnds } = {},
): ElkPlan {
  const size = spec.nodes.length + spec.edges.length;
  const root: ElkNode = {
    id: "root",
    layoutOptions: rootOptions(spec.direction, size),
    children: [],
    edges: [],
  };
  const elkGroups = new Map<string, ElkNode>();
  const placed = new Map<string, ElkNode>();
  const wrapperOf = new Map<string, string>();
  const parentGroup = new Map(spec.groups.map((g) => [g.id, g.parent]));
  const directions = groupDirections(spec, pool, ends);
  const plan: ElkPlan = {
    root,
    nodes: new Map(),
    groups: new Map(),
    edges: [],
    reversed: [],
    directions,
  };

  spec.groups.forEach((group, i) => {
    const top = GROUP_TOP[group.kind] ?? 40;
    const title = measureText(group.label, 400);
    const node: ElkNode = {
      id: `g${i}`,
      children: [],
      edges: [],
      layoutOptions: {
        "elk.padding": `[top=${top},left=20,bottom=20,right=20]`,
        // Wide enough for its title.
        "elk.nodeSize.minimum": `(${Math.max(120, title.width + 40)},${top + 20})`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
      },
    };
    elkGroups.set(group.id, node);
    plan.groups.set(node.id, i);
    placed.set(group.id, node);
    const direction = directions.of.get(group.id) ?? spec.direction;
    if (directions.own.has(group.id)) {
      node.layoutOptions = {
        ...rootOptions(direction, size),
        ...node.layoutOptions,
        "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      };
      const wrapper = `${WRAPPER}${i}`;
      wrapperOf.set(group.id, wrapper);
      placed.set(group.id, { id: wrapper, layoutOptions: WRAPPER_OPTIONS, children: [node] });
    }
  });
  const parentOf = (groupId: string | undefined): ElkNode =>
    (groupId === undefined ? undefined : elkGroups.get(groupId)) ?? root;
  spec.groups.forEach((group) => {
    parentOf(group.parent).children?.push(placed.get(group.id) as ElkNode);
  });

  const chains = new Map<string, string[]>();
  const chainOf = (groupId: string | undefined): string[] => {
    if (groupId === undefined) return [];
    const known = chains.get(groupId);
    if (known) return known;
    const parent = spec.groups.find((g) => g.id === groupId)?.parent;
    const chain = [...chainOf(parent), groupId];
    chains.set(groupId, chain);
    return chain;
  };

  const nodeIds = new Map<string, string>();
  spec.nodes.forEach((node, i) => {
    const box = nodeBox(node, nodeDirection(spec, directions, node.group));
    const id = `n${i}`;
    nodeIds.set(node.id, id);
    plan.nodes.set(id, { index: i, box });
    parentOf(node.group).children?.push(elkNode(id, box));
  });

  const groupOfNode = new Map(spec.nodes.map((n) => [n.id, n.group]));
  const index = new Map(spec.nodes.map((n, i) => [n.id, i]));
  const paths = spec.nodes.map((n, i) => [...chainOf(n.group).map((g) => `g:${g}`), `n:${i}`]);
  const reversed = backEdges(
    spec.nodes.length,
    spec.edges.map((e) => [index.get(e.from) ?? 0, index.get(e.to) ?? 0] as const),
    pool ? undefined : paths,
  );
  plan.reversed = reversed;
  spec.edges.forEach((edge, i) => {
    const id = `e${i}`;
    plan.edges.push(id);
    // An end on a group laid out on its own joins that group's box (its wrapper, in the parent).
    const endOf = (node: string, group: string | undefined) =>
      group !== undefined && wrapperOf.has(group)
        ? { elk: wrapperOf.get(group) as string, chain: chainOf(parentGroup.get(group)) }
        : { elk: nodeIds.get(node) as string, chain: chainOf(groupOfNode.get(node)) };
    const start = endOf(edge.from, ends[i]?.from);
    const end = endOf(edge.to, ends[i]?.to);
    const [a, b] = [start.chain, end.chain];
    let common: string | undefined;
    for (let k = 0; k < Math.min(a.length, b.length) && a[k] === b[k]; k++) common = a[k];
    // A back edge is laid out forwards, so that ELK keeps the authored order of the cycle.
    const [from, to] = reversed[i] ? [end, start] : [start, end];
    const elkEdge: ElkExtendedEdge = { id, sources: [from.elk], targets: [to.elk] };
    if (edge.label) {
      const text = measureText(edge.label, EDGE_LABEL_WRAP);
      elkEdge.labels = [{ text: edge.label, width: text.width + 8, height: text.height + 4 }];
    }
    parentOf(common).edges?.push(elkEdge);
  });
  return plan;
}

/** ELK ids of the wrappers around groups laid out on their own (`w3` holds `g3`). */
const WRAPPER = "w";
/** A wrapper is its group's box in the parent's run: no room of its own around it. */
const WRAPPER_OPTIONS: LayoutOptions = {
  "elk.algorithm": "layered",
  "elk.hierarchyHandling": "SEPARATE_CHILDREN",
  "elk.padding": "[top=0,left=0,bottom=0,right=0]",
};

/**
 * ELK's answer with each wrapper replaced by the group it holds, placed where the wrapper was,
 * and edges that end on a wrapper ending on its group, so that the tree has the spec's shape.
 *
 * @example
 * const laid = unwrapGroups(await runElk(plan.root));
 */
export function unwrapGroups(node: ElkNode): ElkNode {
  for (const edge of node.edges ?? []) {
    edge.sources = edge.sources.map(groupOfWrapper);
    edge.targets = edge.targets.map(groupOfWrapper);
  }
  if (!node.children) return node;
  node.children = node.children.map((child) => {
    const inner = child.children?.[0];
    if (!child.id.startsWith(WRAPPER) || !inner) return unwrapGroups(child);
    inner.x = (inner.x ?? 0) + (child.x ?? 0);
    inner.y = (inner.y ?? 0) + (child.y ?? 0);
    return unwrapGroups(inner);
  });
  return node;
}

/**
 * Every edge of an ELK graph, at any depth, by id.
 *
 * @example
 * const routed = edgesById(await runElk(plan.root)).get(plan.edges[0]);
 */
export function edgesById(
  node: ElkNode,
  into: Map<string, ElkExtendedEdge> = new Map(),
): Map<string, ElkExtendedEdge> {
  for (const e of node.edges ?? []) into.set(e.id, e);
  for (const child of node.children ?? []) edgesById(child, into);
  return into;
}

/** The ELK id of the group a wrapper holds (`w3` → `g3`); other ids as they are. */
function groupOfWrapper(id: string): string {
  return id.startsWith(WRAPPER) ? `g${id.slice(WRAPPER.length)}` : id;
}

/**
 * The ELK node of a spec node: its drawn shape, and an outside label (icons, actors) as an ELK
 * node label beside or below it, so that edges end on the shape and ELK keeps the label clear.
 */
function elkNode(id: string, box: NodeBox): ElkNode {
  const { shape, labelSide } = box;
  if (!labelSide) return { id, width: box.width, height: box.height };
  const right = labelSide === "right";
  // The label's room as `nodeBox` measured it (text 8 px beside, or 4 px below, the shape).
  const width = right ? box.width - shape.width - 8 : box.width;
  const height = right ? box.height : box.height - shape.height - 4;
  const node: ElkNode = { id, width: shape.width, height: shape.height };
  if (width > 0 && height > 0) {
    node.labels = [{ text: "label", width, height }];
    node.layoutOptions = {
      "elk.nodeLabels.placement": right ? "OUTSIDE V_CENTER H_RIGHT" : "OUTSIDE V_BOTTOM H_CENTER",
      "elk.spacing.labelNode": String(LABEL_GAP),
    };
  }
  return node;
}

/** Room between an icon and its outside label. */
const LABEL_GAP = 6;

/** Up to this many nodes and edges, crossing minimisation tries twice as hard as ELK's default. */
const THOROUGH = 400;

/**
 * The layout options of the top-level graph: layered, orthogonal, deterministic. Crossing
 * minimisation runs at thoroughness 15 up to {@link THOROUGH} nodes and edges and at ELK's
 * default (7) above, both with the two-sided greedy switch (the hierarchical one, which a root with
 * `INCLUDE_CHILDREN` runs, too: 16 of the quality judge's 73 specs cross less, none more). Cycles are already broken in the
 * author's order (`backEdges`), so ELK's model order is not consulted: it costs 3–4× the time
 * at 500 nodes and gives more crossings (`npm run bench -- quality`).
 */
export function rootOptions(direction: Direction, size = 0): LayoutOptions {
  return {
    "elk.layered.thoroughness": size > THOROUGH ? "7" : "15",
    "elk.layered.crossingMinimization.greedySwitch.type": "TWO_SIDED",
    // The root lays groups out hierarchically, and then ELK runs this switch, not the one above.
    "elk.layered.crossingMinimization.greedySwitchHierarchical.type": "TWO_SIDED",
    "elk.algorithm": "layered",
    "elk.direction": ELK_DIRECTION[direction],
    "elk.edgeRouting": "ORTHOGONAL",
    "elk.hierarchyHandling": "INCLUDE_CHILDREN",
    "elk.randomSeed": "7",
    // Each edge gets its own port and route: merged edges share a trunk a reader cannot follow.
    "elk.layered.mergeEdges": "false",
    "elk.spacing.nodeNode": "40",
    "elk.layered.spacing.nodeNodeBetweenLayers": "60",
    "elk.spacing.edgeNode": "20",
    "elk.layered.spacing.edgeNodeBetweenLayers": "24",
    "elk.spacing.edgeEdge": "12",
    "elk.layered.spacing.edgeEdgeBetweenLayers": "12",
    "elk.spacing.edgeLabel": "4",
    "elk.edgeLabels.placement": "CENTER",
    "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
    "elk.padding": "[top=0,left=0,bottom=0,right=0]",
  };
}
