/**
 * A read flowchart as the layout engine's graph spec: nodes with their draw.io shapes and
 * styles, subgraphs as groups (with their own `direction` where Mermaid applies it), links with
 * their ends, strokes and colours. What the spec cannot say (links to subgraphs) is mapped as
 * closely as it can be, and noted.
 */
import type { LayoutOptions } from "../../layout/index.ts";
import type { Direction, GraphSpecInput, Theme } from "../../layout/spec.ts";
import { measureText } from "../../text/estimate.ts";
import { type CssStyle, combineCss } from "../class-defs.ts";
import { subgraphDirections } from "./directions.ts";
import { withEmphasis } from "./labels.ts";
import type { DrawioStyle, FlowEdge, FlowModel, FlowNode, LinkEnd } from "./model.ts";
import { type DrawnShape, drawnShape } from "./node-shapes.ts";

/** A spec node id: draw.io-safe characters only. */
const SPEC_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
/** A shape name the spec's `shape` field takes. */
const SHAPE_NAME = /^[A-Za-z0-9_.]+$/;

type GraphNodeInput = NonNullable<GraphSpecInput["nodes"]>[number];
type GraphEdgeInput = NonNullable<GraphSpecInput["edges"]>[number];
type GraphGroupInput = NonNullable<GraphSpecInput["groups"]>[number];

const MARKERS: Readonly<Record<Exclude<LinkEnd, "none">, [string, number]>> = {
  arrow: ["block", 1],
  circle: ["oval", 1],
  cross: ["cross", 0],
};

/**
 * The graph spec of a flowchart.
 *
 * @example
 * flowchartSpec(model, "right", "default").nodes.length;
 */
export function flowchartSpec(
  model: FlowModel,
  direction: Direction,
  theme: Theme,
): GraphSpecInput {
  return flowchartGraph(model, direction, theme).spec;
}

/**
 * The graph spec of a flowchart, and the layout options that carry what the spec cannot say:
 * the subgraphs its links stand for (`groupEnds`: a link to a subgraph with its own direction
 * joins that subgraph's border) and labels bold or italic in parts (`richLabels`).
 *
 * @example
 * const { spec, options } = flowchartGraph(model, "down", "default");
 * await layoutGraph(spec, options);
 */
export function flowchartGraph(
  model: FlowModel,
  direction: Direction,
  theme: Theme,
): { spec: GraphSpecInput; options: LayoutOptions } {
  applyClasses(model);
  const { groups, members } = placeGroups(model);
  const endOf = groupEnds(model, members);
  const ids = specIds([...model.nodes.keys(), ...groups.keys()]);
  const idOf = (id: string) => ids.get(id) as string;
  const directions = subgraphDirections(model, members, direction);
  const richLabels = new Map<string, string>();
  const nodes: GraphNodeInput[] = [...model.nodes.values()].map((node) => {
    const group = model.member.get(node.id);
    const along = (group !== undefined && directions.of.get(group)) || direction;
    const spec = nodeSpec(node, along, model);
    const html = spec.label === "" ? undefined : withEmphasis(spec.style, node.emphasis);
    if (html !== undefined) richLabels.set(idOf(node.id), html);
    return {
      id: idOf(node.id),
      ...spec,
      ...(group && groups.has(group) ? { group: idOf(group) } : {}),
    };
  });
  const nodeGroups: GraphGroupInput[] = [];
  for (const [id, group] of groups) {
    if (members.has(id)) {
      const parent = group.parent === undefined ? {} : { parent: idOf(group.parent) };
      const own = directions.own.get(id);
      nodeGroups.push({
        id: idOf(id),
        label: group.title,
        kind: "container",
        ...parent,
        ...(own === undefined ? {} : { direction: own }),
      });
    } else {
      // A subgraph with no node in it is drawn as a node of its own (edges join nodes).
      nodes.push({ id: idOf(id), label: group.title, style: { rounded: 0, dashed: 1 } });
      model.notes.add(
        `subgraph "${id}" holds no node, so it is drawn as a dashed box of its own that links can join`,
      );
    }
    if (group.classes.length > 0) {
      model.notes.add(`classes on subgraphs are not carried over (subgraph ${group.id})`);
    }
  }
  const subgraphEnds: { from?: string; to?: string }[] = [];
  const end = (id: string, side: "from" | "to", i: number) => {
    if (!groups.has(id)) return idOf(id);
    const inner = endOf(id, side);
    if (inner === undefined) return idOf(id);
    if (directions.own.has(id)) {
      // Laid out on its own, the subgraph is one box its links can join, as Mermaid draws them.
      subgraphEnds[i] = { ...subgraphEnds[i], [side]: idOf(id) };
      return idOf(inner);
    }
    model.notes.add(
      `links to and from subgraph "${id}" are drawn to the node the flow enters it by and from the one it leaves by: the layout links nodes, not groups`,
    );
    return idOf(inner);
  };
  const edges: GraphEdgeInput[] = model.edges.map((edge, i) => ({
    from: end(edge.from, "from", i),
    to: end(edge.to, "to", i),
    ...edgeSpec(edge, model),
  }));
  if (model.edges.some((e) => e.link.extra > 0)) {
    model.notes.add("longer links (---->) are drawn like the others: the layout spaces the ranks");
  }
  if (model.edges.some((e) => e.link.stroke === "invisible")) {
    model.notes.add(
      "invisible links (~~~) are kept as edges without a line, so their nodes stay placed as in Mermaid",
    );
  }
  return {
    spec: { direction, theme, nodes, edges, groups: nodeGroups },
    options: { groupEnds: subgraphEnds, richLabels },
  };
}

/** `class` statements, resolved now that every node, link and subgraph is known. */
function applyClasses(model: FlowModel): void {
  for (const use of model.classUses) {
    let offset = use.at;
    for (const id of use.ids) {
      const node = model.nodes.get(id);
      const edges = model.edgeIds.get(id);
      const group = model.groups.get(id);
      if (!node && !edges && !group) {
        throw use.s.fail(`there is no node, link or subgraph called "${id}"`, offset);
      }
      node?.classes.push(...use.classes);
      for (const i of edges ?? []) model.edges[i]?.classes.push(...use.classes);
      group?.classes.push(...use.classes);
      offset += id.length + 1;
    }
  }
  const used = new Set([...model.nodes.values(), ...model.edges].flatMap((x) => x.classes));
  for (const name of used) {
    if (!model.classDefs.has(name)) {
      model.notes.add(`class "${name}" has no classDef, so it changes nothing`);
    }
  }
}

/** Every subgraph's nodes (at any depth), for the subgraphs that hold any. */
function placeGroups(model: FlowModel) {
  const members = new Map<string, string[]>();
  for (const id of model.nodes.keys()) {
    let group = model.member.get(id);
    while (group !== undefined) {
      const list = members.get(group) ?? [];
      list.push(id);
      members.set(group, list);
      group = model.groups.get(group)?.parent;
    }
  }
  // A subgraph drawn as a node has no children: its subgraphs move up to its parent.
  for (const group of model.groups.values()) {
    let parent = group.parent;
    while (parent !== undefined && !members.has(parent)) parent = model.groups.get(parent)?.parent;
    if (parent === undefined) delete group.parent;
    else group.parent = parent;
  }
  return { groups: model.groups, members };
}

/**
 * The node a link to a subgraph enters by (the first with no link from inside it) and the one a
 * link from it leaves by (the last with no link to inside it), as a reader follows the flow.
 */
function groupEnds(model: FlowModel, members: Map<string, string[]>) {
  const ends = new Map<string, { from?: string; to?: string }>();
  return (group: string, side: "from" | "to"): string | undefined => {
    const inside = members.get(group);
    if (inside === undefined) return undefined;
    let known = ends.get(group);
    if (known === undefined) {
      const set = new Set(inside);
      const linkedIn = new Set<string>();
      const linkedOut = new Set<string>();
      for (const e of model.edges) {
        if (set.has(e.from) && set.has(e.to) && e.from !== e.to) {
          linkedIn.add(e.to);
          linkedOut.add(e.from);
        }
      }
      known = {
        to: inside.find((id) => !linkedIn.has(id)) ?? inside[0],
        from: inside.findLast((id) => !linkedOut.has(id)) ?? inside[inside.length - 1],
      };
      ends.set(group, known);
    }
    return known[side];
  };
}

/** Spec ids for Mermaid ids: the same where draw.io-safe, otherwise `n1`, `n2`, … */
function specIds(ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set(ids.filter((id) => SPEC_ID.test(id)));
  let next = 1;
  for (const id of ids) {
    if (SPEC_ID.test(id)) {
      out.set(id, id);
      continue;
    }
    while (taken.has(`n${next}`)) next++;
    out.set(id, `n${next}`);
    taken.add(`n${next}`);
  }
  return out;
}

function nodeSpec(node: FlowNode, direction: Direction, model: FlowModel) {
  const drawn = drawnShape(node.shape);
  const style: DrawioStyle = { ...drawn.style };
  let shape: string | undefined;
  if (typeof style.shape === "string" && SHAPE_NAME.test(style.shape)) {
    shape = style.shape;
    delete style.shape;
  } else if (style.shape !== undefined) {
    style.rounded = 0;
  }
  let label = node.label;
  if (drawn.unlabelled && label !== "") {
    if (node.labelled) {
      model.notes.add(
        `Mermaid draws no label on a ${node.shape} node, so the label of ${node.id} is left out`,
      );
    }
    label = "";
  }
  Object.assign(style, styleKeys(model, ["default", ...node.classes], node.style));
  const size = sizeOf(drawn.size, label, direction);
  return { label, kind: drawn.kind, ...(shape ? { shape } : {}), style, ...size };
}

/** The size of a circle (around its label), a fork bar (across the flow) or a fixed shape. */
function sizeOf(size: DrawnShape["size"], label: string, direction: Direction) {
  if (size === "circle") {
    const text = measureText(label, 140);
    const d = Math.min(260, Math.max(50, Math.ceil(Math.hypot(text.width, text.height)) + 24));
    return { width: d, height: d };
  }
  if (size === "bar") {
    const across = direction === "down" || direction === "up";
    return across ? { width: 80, height: 10 } : { width: 10, height: 80 };
  }
  return size ?? {};
}

function edgeSpec(edge: FlowEdge, model: FlowModel) {
  const { link } = edge;
  const style: DrawioStyle = {};
  if (link.stroke === "thick") style.strokeWidth = 3;
  if (link.stroke === "invisible") style.strokeColor = "none";
  for (const [side, mark] of [
    ["end", link.end],
    ["start", link.start],
  ] as const) {
    if (mark === "none" || mark === "arrow") continue;
    const [arrow, fill] = MARKERS[mark];
    style[`${side}Arrow`] = arrow;
    style[`${side}Fill`] = fill;
  }
  // Mermaid's `default` class styles nodes only; `linkStyle default` styles links.
  Object.assign(style, styleKeys(model, edge.classes, [...model.defaultLinkStyle, ...edge.style]));
  // Edge labels are wrapped as text by the layout, so only a whole label's emphasis is kept.
  if (link.label !== undefined && withEmphasis(style, link.emphasis) !== undefined) {
    model.plainOnly();
  }
  const arrow = link.end === "none" ? "none" : link.start === "none" ? "forward" : "both";
  return {
    ...(link.label === undefined ? {} : { label: link.label }),
    kind: link.stroke === "dotted" ? ("dashed" as const) : ("solid" as const),
    arrow: arrow as "none" | "forward" | "both",
    ...(Object.keys(style).length > 0 ? { style } : {}),
  };
}

/** The classes named (in order), then the element's own styles, as draw.io keys. */
function styleKeys(model: FlowModel, classes: readonly string[], own: readonly CssStyle[]) {
  const defs = classes.flatMap((name) => model.classDefs.get(name) ?? []);
  const { keys, fontStyle } = combineCss([...defs, ...own]);
  return fontStyle === 0 ? keys : { ...keys, fontStyle };
}
