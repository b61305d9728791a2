/**
 * ELK's result written as draw.io cells: groups and nodes placed, edges routed and pinned to
 * the outlines of their ends; and the label and style helpers other writers of cells share.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import type { Point, Rect } from "../model/cell.ts";
import { safeCellId } from "../model/reserved-ids.ts";
import { constraintFor } from "../outline/index.ts";
import { EDGE_LABEL_WRAP, wrapText } from "../text/estimate.ts";
import type { XmlElement } from "../xml/nodes.ts";
import { edgeCell, vertexCell } from "./cell-elements.ts";
import { endOnOutline } from "./edges/ends.ts";
import { type LabelAnchor, labelAnchor } from "./edges/label.ts";
import { fraction, midpoint, routePoints } from "./edges/route.ts";
import { type ElkPlan, edgesById } from "./elk-graph.ts";
import type { GraphSpec } from "./spec.ts";
import { edgeStyle, groupStyle, nodeStyle } from "./themes.ts";

/** Space around the whole drawing. */
const MARGIN = 40;

/** How {@link toCells} names and styles what it writes. */
export interface CellOptions {
  /** The layer cell everything top-level goes in. */
  layer: string;
  /** Swimlanes are rows of a pool, their headers on the left. */
  lanesAsRows?: boolean;
  /** HTML labels by spec node id, written instead of the node's label. */
  html?: ReadonlyMap<string, string>;
}

/** A shape an edge can end on: its box on the page and its final style. */
interface EndShape {
  rect: Rect;
  style: string;
}

/** The cells written so far, and what the edges need to know of the vertices placed. */
interface Placement {
  spec: GraphSpec;
  plan: ElkPlan;
  options: CellOptions;
  restyle: (style: string) => string;
  cells: XmlElement[];
  /** Page position of each ELK node; `root` is the drawing's corner, inside the margin. */
  abs: Map<string, Point>;
  /** Cell id of each ELK node; `root` is the layer. */
  cellIdOf: Map<string, string>;
  /** What edges end on: nodes, and groups laid out alone (a converter's link to a subgraph). */
  shapes: Map<string, EndShape>;
  /** Spec id → cell id: the same, except the few draw.io cannot load (`push` → `push_`). */
  idOf: Map<string, string>;
}

/**
 * Turns ELK's result into draw.io cells: groups and nodes with geometry relative to their
 * parent (as both ELK and draw.io count it), and edges whose routed bends become waypoints and
 * whose ends are pinned (`exitX`/`entryX`, perimeter off), so draw.io draws exactly the route.
 * Edge labels sit where ELK reserved room for them. `restyle` gives a vertex its final style
 * (draw.io's exact style for a library shape) before edge ends are put on its outline.
 *
 * @example
 * const cells = toCells(spec, plan, await elk.layout(plan.root), { layer: "1" });
 */
export function toCells(
  spec: GraphSpec,
  plan: ElkPlan,
  laid: ElkNode,
  options: CellOptions,
  restyle: (style: string) => string = (style) => style,
): XmlElement[] {
  const placement: Placement = {
    spec,
    plan,
    options,
    restyle,
    cells: [],
    abs: new Map([["root", { x: MARGIN, y: MARGIN }]]),
    cellIdOf: new Map([["root", options.layer]]),
    shapes: new Map(),
    idOf: cellIds(spec),
  };
  for (const child of laid.children ?? []) placeVertex(placement, child, laid);
  writeEdges(placement, laid);
  return placement.cells;
}

/** Spec ids as cell ids: the same, except the few draw.io cannot load (`push` → `push_`). */
function cellIds(spec: GraphSpec): Map<string, string> {
  const taken = new Set<string>([...spec.nodes.map((n) => n.id), ...spec.groups.map((g) => g.id)]);
  const idOf = new Map<string, string>();
  for (const id of taken) {
    const safe = safeCellId(id, taken);
    if (safe !== id) taken.add(safe);
    idOf.set(id, safe);
  }
  return idOf;
}

/** Where a parent's children are counted from: the page for the layer, else the parent's corner. */
function originOf(p: Placement, elkId: string): Point {
  return elkId === "root" ? { x: 0, y: 0 } : (p.abs.get(elkId) ?? { x: 0, y: 0 });
}

/** Writes a group (then, inside it, its children) or a node, where ELK put it. */
function placeVertex(p: Placement, node: ElkNode, parent: ElkNode): void {
  const origin = p.abs.get(parent.id) as Point;
  const at = { x: origin.x + (node.x ?? 0), y: origin.y + (node.y ?? 0) };
  p.abs.set(node.id, at);
  const parentCell = p.cellIdOf.get(parent.id) as string;
  const from = originOf(p, parent.id);
  const groupIndex = p.plan.groups.get(node.id);
  if (groupIndex !== undefined) {
    const group = p.spec.groups[groupIndex];
    if (!group) return;
    const id = p.idOf.get(group.id) ?? group.id;
    p.cellIdOf.set(node.id, id);
    const rect = {
      x: at.x - from.x,
      y: at.y - from.y,
      width: node.width ?? 0,
      height: node.height ?? 0,
    };
    const style = laneStyle(
      groupStyle(group.kind, p.spec.theme),
      group.kind,
      p.options.lanesAsRows,
    );
    p.shapes.set(node.id, { rect: { ...rect, ...at }, style });
    p.cells.push(vertexCell(id, htmlLabel(group.label), style, parentCell, rect));
    for (const child of node.children ?? []) placeVertex(p, child, node);
    return;
  }
  const entry = p.plan.nodes.get(node.id);
  const spec_ = entry && p.spec.nodes[entry.index];
  if (!entry || !spec_) return;
  const id = p.idOf.get(spec_.id) ?? spec_.id;
  p.cellIdOf.set(node.id, id);
  const { box } = entry;
  // ELK's node is the drawn shape (an outside label is an ELK node label).
  const shape = { x: at.x, y: at.y, width: box.shape.width, height: box.shape.height };
  const rect = { ...shape, x: shape.x - from.x, y: shape.y - from.y };
  const style = p.restyle(
    nodeStyle(spec_.kind, p.spec.theme, spec_.shape, box.labelSide, box.shape.width) +
      styleKeys(spec_.style),
  );
  p.shapes.set(node.id, { rect: shape, style });
  const html = p.options.html?.get(spec_.id) ?? htmlLabel(spec_.label);
  p.cells.push(vertexCell(id, html, style, parentCell, rect));
}

/** Writes every spec edge ELK routed, in spec order, after the vertices. */
function writeEdges(p: Placement, laid: ElkNode): void {
  const routed = edgesById(laid);
  const used = new Set<string>([
    ...p.spec.nodes.map((n) => n.id),
    ...p.spec.groups.map((g) => g.id),
    p.options.layer,
  ]);
  for (let i = 0; i < p.plan.edges.length; i++) {
    const edge = routed.get(p.plan.edges[i] as string);
    if (edge) writeEdge(p, i, edge, used);
  }
}

/** Writes spec edge `i` along ELK's route, ends on its shapes' outlines, label where ELK put it. */
function writeEdge(p: Placement, i: number, routed: ElkExtendedEdge, used: Set<string>): void {
  const edge = p.spec.edges[i];
  if (!edge) return;
  const container = (routed as { container?: string }).container ?? "root";
  const origin = p.abs.get(container) ?? (p.abs.get("root") as Point);
  const back = p.plan.reversed[i] === true;
  const sourceElk = (back ? routed.targets[0] : routed.sources[0]) as string;
  const targetElk = (back ? routed.sources[0] : routed.targets[0]) as string;
  const source = p.shapes.get(sourceElk);
  const target = p.shapes.get(targetElk);
  if (!source || !target) return;
  const points = pagePoints(routed, origin, back, source, target);
  const start = points[0] as Point;
  const end = points[points.length - 1] as Point;
  const anchor = edge.label ? labelAnchorOf(routed, origin, points) : undefined;
  const style =
    edgeStyle(edge, p.spec.theme) +
    styleKeys(edge.style) +
    (anchor?.style ?? "") +
    pin("exit", constraintFor(source.style, source.rect, start)) +
    pin("entry", constraintFor(target.style, target.rect, end));
  const from = originOf(p, container);
  const bends = points.slice(1, -1).map((q) => ({ x: q.x - from.x, y: q.y - from.y }));
  let offset: Point | undefined;
  if (anchor) {
    const mid = midpoint(points);
    offset = { x: anchor.at.x - mid.x, y: anchor.at.y - mid.y };
  }
  let id = `edge-${i + 1}`;
  while (used.has(id)) id += "x";
  used.add(id);
  p.cells.push(
    edgeCell({
      id,
      html: htmlLabel(wrapText(edge.label ?? "", EDGE_LABEL_WRAP).join("\n")),
      style,
      parent: p.cellIdOf.get(container) ?? p.options.layer,
      source: p.cellIdOf.get(sourceElk) ?? "",
      target: p.cellIdOf.get(targetElk) ?? "",
      bends,
      offset,
    }),
  );
}

/**
 * An edge's route on the page, from its source to its target (a reversed edge turned back), its
 * ends moved from ELK's bounding boxes onto the outlines draw.io draws (diamond, ellipse…).
 */
function pagePoints(
  routed: ElkExtendedEdge,
  origin: Point,
  back: boolean,
  source: EndShape,
  target: EndShape,
): Point[] {
  const points = routePoints(routed).map((q) => ({ x: q.x + origin.x, y: q.y + origin.y }));
  if (back) points.reverse();
  return endOnOutline(
    endOnOutline(points, source.rect, source.style).reverse(),
    target.rect,
    target.style,
  ).reverse();
}

/** Where an edge's label goes along its route: in the room ELK reserved for it, if it did. */
function labelAnchorOf(
  routed: ElkExtendedEdge,
  origin: Point,
  points: Point[],
): LabelAnchor | undefined {
  const label = routed.labels?.[0];
  if (!label || label.x === undefined || label.y === undefined) return undefined;
  const box = {
    x: origin.x + label.x,
    y: origin.y + label.y,
    width: label.width ?? 0,
    height: label.height ?? 0,
  };
  return labelAnchor(points, box);
}

/** A swimlane that is a row of a pool has its header on the left (draw.io's `horizontal=0`). */
function laneStyle(style: string, kind: string, asRow = false): string {
  return kind === "swimlane" && asRow ? style.replace("horizontal=1;", "horizontal=0;") : style;
}

/** A spec's own style keys as draw.io style text, to follow (and so override) the theme's. */
export function styleKeys(style: Record<string, string | number> | undefined): string {
  let text = "";
  for (const [key, value] of Object.entries(style ?? {})) text += `${key}=${value};`;
  return text;
}

/** A pinned edge end: the constraint, no offset, draw.io's perimeter off. */
export function pin(prefix: "exit" | "entry", at: Point): string {
  return `${prefix}X=${fraction(at.x)};${prefix}Y=${fraction(at.y)};${prefix}Dx=0;${prefix}Dy=0;${prefix}Perimeter=0;`;
}

/** Plain text as a draw.io HTML label (`html=1`): markup characters escaped, line breaks kept. */
export function htmlLabel(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replace(/\r?\n/g, "<br>");
}
