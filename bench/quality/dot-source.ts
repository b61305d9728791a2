import { type NodeBox, nodeBox } from "../../worker/drawio/layout/boxes.ts";
import type { Direction, GraphSpec, NodeKind } from "../../worker/drawio/layout/spec.ts";
import { EDGE_LABEL_WRAP, wrapText } from "../../worker/drawio/text/estimate.ts";

/** Graphviz counts in points; draw.io's pixels are taken as points (72 to the inch). */
const PX_PER_INCH = 72;
/** Spacing comparable to our engine's: between nodes of a rank, and between ranks (px). */
const NODE_SEP = 40;
const RANK_SEP = 60;
/** Space inside a cluster around its members (px); dot adds the title's height on top. */
const GROUP_MARGIN = 20;
/** What an empty group holds, so it comes out about 120 × 60 px as in our engine. */
const EMPTY_WIDTH = 80;
const EMPTY_HEIGHT = 1;

const RANKDIR: Record<Direction, string> = { down: "TB", right: "LR", up: "BT", left: "RL" };

/** A spec written as DOT, with the boxes its nodes were given. */
export interface DotSource {
  dot: string;
  /** `nodeBox` of each spec node, by index: dot's node `n<i>` has this box's size. */
  boxes: NodeBox[];
}

/**
 * Writes a (parsed, checked) graph spec as a DOT digraph that dot lays out like our engine
 * sees it: nodes `n<i>` of exactly our box size (`fixedsize`), groups as nested clusters
 * `cluster_<i>` with their title (an empty one holds an invisible node `p<i>`, else dot would
 * drop it), edges `e<i>` in spec order with their wrapped labels.
 *
 * @example
 * dotSource(GraphSpecSchema.parse({ nodes: [{ id: "a" }, { id: "b" }], edges: [{ from: "a", to: "b" }] })).dot;
 * // "digraph {\n  graph [rankdir=TB …];\n  …\n  n0 -> n1 [id=e0];\n}"
 */
export function dotSource(spec: GraphSpec): DotSource {
  const boxes = spec.nodes.map((node) => nodeBox(node, spec.direction));
  const nodeIndex = new Map(spec.nodes.map((n, i) => [n.id, i]));
  const lines = [
    "digraph {",
    `  graph [rankdir=${RANKDIR[spec.direction]} nodesep=${inches(NODE_SEP)} ranksep=${inches(RANK_SEP)}];`,
    "  node [fixedsize=true fontname=Helvetica fontsize=12];",
    "  edge [fontname=Helvetica fontsize=11];",
  ];
  // Every node first, in spec order, so dot meets them in the order the author wrote them.
  spec.nodes.forEach((node, i) => {
    const box = boxes[i] as NodeBox;
    const label = quote(wrapText(node.label, 170).join("\n"));
    lines.push(
      `  n${i} [shape=${dotShape(node.kind)} width=${inches(box.width)} height=${inches(box.height)} label=${label}];`,
    );
  });
  lines.push(...clusters(spec, nodeIndex));
  spec.edges.forEach((edge, i) => {
    const attrs = [`id=e${i}`];
    if (edge.arrow === "none") attrs.push("dir=none");
    if (edge.arrow === "both") attrs.push("dir=both");
    if (edge.label) attrs.push(`label=${quote(wrapText(edge.label, EDGE_LABEL_WRAP).join("\n"))}`);
    lines.push(
      `  n${nodeIndex.get(edge.from)} -> n${nodeIndex.get(edge.to)} [${attrs.join(" ")}];`,
    );
  });
  lines.push("}");
  return { dot: `${lines.join("\n")}\n`, boxes };
}

/** The outline dot clips edges at: the drawn shape's where dot has it, else a box. */
function dotShape(kind: NodeKind): string {
  if (kind === "decision") return "diamond";
  if (kind === "start" || kind === "end") return "ellipse";
  return "box";
}

/** Nested `subgraph cluster_<i>` blocks for the groups, members by reference. */
function clusters(spec: GraphSpec, nodeIndex: Map<string, number>): string[] {
  const known = new Set(spec.groups.map((g) => g.id));
  const lines: string[] = [];
  const write = (index: number, depth: number) => {
    const group = spec.groups[index];
    if (!group) return;
    const pad = "  ".repeat(depth);
    lines.push(
      `${pad}subgraph cluster_${index} {`,
      `${pad}  graph [label=${quote(group.label)} labeljust=l margin=${GROUP_MARGIN} fontname=Helvetica fontsize=12];`,
    );
    let members = 0;
    for (const node of spec.nodes) {
      if (node.group !== group.id) continue;
      lines.push(`${pad}  n${nodeIndex.get(node.id)};`);
      members++;
    }
    spec.groups.forEach((child, i) => {
      if (child.parent !== group.id) return;
      write(i, depth + 1);
      members++;
    });
    // dot drops an empty cluster; an invisible node keeps it, about as big as our empty group.
    if (members === 0) {
      lines.push(
        `${pad}  p${index} [shape=box style=invis label="" width=${inches(EMPTY_WIDTH)} height=${inches(EMPTY_HEIGHT)}];`,
      );
    }
    lines.push(`${pad}}`);
  };
  spec.groups.forEach((group, i) => {
    if (group.parent === undefined || !known.has(group.parent)) write(i, 1);
  });
  return lines;
}

function inches(px: number): string {
  return String(px / PX_PER_INCH);
}

/** A DOT quoted string whose text dot shows as is: backslashes and quotes escaped, `\n` lines. */
function quote(text: string): string {
  const escaped = text
    .replaceAll("\\", "\\\\")
    .replaceAll('"', '\\"')
    .replace(/\r?\n|\r/g, "\\n");
  return `"${escaped}"`;
}
