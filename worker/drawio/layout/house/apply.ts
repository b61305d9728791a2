/**
 * A house style put into a graph spec before layout: what the spec leaves open (its direction,
 * the default theme's colours, a node's or edge's style keys) comes from the house style.
 */
import type { Direction } from "../../geometry/direction.ts";
import type { NodeKind } from "../spec.ts";
import type { HouseKind, HouseNodeValues, HouseTheme } from "./schema.ts";

/** draw.io style keys as a graph spec carries them. */
type StyleRecord = Record<string, string | number>;

/**
 * The parts of a graph the house style reads and writes: the layout's `GraphSpecInput` and the
 * model's looser graph (`ModelGraphSchema`) both fit.
 */
export interface HouseStyledGraph {
  direction?: Direction;
  theme?: "default" | "minimal" | "dark";
  nodes: ReadonlyArray<{ id: string; kind?: NodeKind; shape?: string; style?: StyleRecord }>;
  /** The model's edges have no `style`; the house style adds one, which the layout's accept. */
  edges?: ReadonlyArray<{ from: string; to: string; style?: StyleRecord }>;
}

/** The result of {@link applyHouseTheme}. */
export interface HouseApplied<G> {
  graph: G;
  /** What came from the house style, in a few words ("direction right", "node colours"). */
  applied: string[];
}

/** The words for the node keys taken from the house style, by what they change. */
const NODE_PARTS: ReadonlyArray<[words: string, keys: readonly string[]]> = [
  ["node colours", ["fillColor", "strokeColor", "fontColor"]],
  ["node lettering", ["fontFamily", "fontSize"]],
  ["node outlines", ["rounded", "shadow", "strokeWidth"]],
];

/** The house values for a node: its kind's over every node's; none for text, icons and library shapes. */
function nodeValues(
  theme: HouseTheme,
  node: { kind?: NodeKind; shape?: string },
): HouseNodeValues | undefined {
  const kind = node.kind ?? "process";
  if (kind === "text" || kind === "icon" || node.shape !== undefined) return undefined;
  return { ...theme.node, ...theme.kinds?.[kind as HouseKind] };
}

/**
 * `own` over `house`, and the keys `house` gave (those `own` does not set); the same object
 * when `house` gives nothing.
 */
function under(
  house: Readonly<Record<string, string | undefined>> | undefined,
  own: StyleRecord | undefined,
  taken: Set<string>,
): StyleRecord | undefined {
  const style: StyleRecord = {};
  let gave = false;
  for (const [key, value] of Object.entries(house ?? {})) {
    if (value === undefined || (own && Object.hasOwn(own, key))) continue;
    style[key] = value;
    taken.add(key);
    gave = true;
  }
  return gave ? { ...style, ...own } : own;
}

/**
 * Puts a house style into a graph before layout; explicit choices win. The direction is set
 * only when the graph names none; values only when it names no theme or `default` (a `dark`
 * or `minimal` graph keeps its theme); a node's and an edge's own `style` keys win over the
 * house values, which go under them; a kind's values win over every node's; text, icon and
 * library-shape nodes (which bring their own colours) take no node values. The input is left
 * as it was; nodes and edges the house style does not touch are shared.
 *
 * @example
 * applyHouseTheme({ nodes: [{ id: "a", kind: "decision" }] },
 *   { direction: "right", node: { fillColor: "#b2dfdb" } });
 * // { graph: { direction: "right", nodes: [{ id: "a", kind: "decision", style: { fillColor: "#b2dfdb" } }] },
 * //   applied: ["direction right", "node colours"] }
 */
export function applyHouseTheme<G extends HouseStyledGraph>(
  graph: G,
  theme: HouseTheme,
): HouseApplied<G> {
  const applied: string[] = [];
  let out: G = graph;
  if (graph.direction === undefined && theme.direction !== undefined) {
    out = { ...out, direction: theme.direction };
    applied.push(`direction ${theme.direction}`);
  }
  if (graph.theme !== undefined && graph.theme !== "default") return { graph: out, applied };

  const nodeKeys = new Set<string>();
  const nodes = graph.nodes.map((node) => {
    const style = under(nodeValues(theme, node), node.style, nodeKeys);
    return style === node.style ? node : { ...node, style };
  });
  for (const [words, keys] of NODE_PARTS) {
    if (keys.some((key) => nodeKeys.has(key))) applied.push(words);
  }
  if (nodeKeys.size > 0) out = { ...out, nodes };

  const edgeKeys = new Set<string>();
  const edges = graph.edges?.map((edge) => {
    const style = under(theme.edge, edge.style, edgeKeys);
    return style === edge.style ? edge : { ...edge, style };
  });
  if (edgeKeys.size > 0) {
    out = { ...out, edges };
    applied.push("edge style");
  }
  return { graph: out, applied };
}
