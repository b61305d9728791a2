import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import type { Point, Rect } from "../model/cell.ts";
import { safeCellId } from "../model/reserved-ids.ts";
import { constraintFor } from "../outline/index.ts";
import { EDGE_LABEL_WRAP, wrapText } from "../text/estimate.ts";
import { escapeAttribute } from "../xml/serialize.ts";
import { endOnOutline } from "./edges/ends.ts";
import { type LabelAnchor, labelAnchor } from "./edges/label.ts";
import { fraction, midpoint, round, routePoints } from "./edges/route.ts";
import type { ElkPlan } from "./elk-graph.ts";
import type { GraphSpec } from "./spec.ts";
import { edgeStyle, groupStyle, nodeStyle } from "./themes.ts";

/** Space around the whole drawing. */
const MARGIN = 40;

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
  ids: { layer: string; lanesAsRows?: boolean; html?: ReadonlyMap<string, string> },
  restyle: (style: string) => string = (style) => style,
): string[] {
  const cells: string[] = [];
  const abs = new Map<string, Point>();
  const cellIdOf = new Map<string, string>();
  // What edges end on: nodes, and groups laid out on their own (a converter's link to a subgraph).
  const shapes = new Map<string, { rect: Rect; style: string }>();
  // Spec ids become cell ids, except the few draw.io cannot load (`push` → `push_`).
  const taken = new Set<string>([...spec.nodes.map((n) => n.id), ...spec.groups.map((g) => g.id)]);
  const idOf = new Map<string, string>();
  for (const id of taken) {
    const safe = safeCellId(id, taken);
    if (safe !== id) taken.add(safe);
    idOf.set(id, safe);
  }
  const cellFor = (id: string) => idOf.get(id) ?? id;
  abs.set("root", { x: MARGIN, y: MARGIN });
  cellIdOf.set("root", ids.layer);
  // Cells on the layer are placed in page coordinates; cells in a group relative to the group.
  const originOf = (elkId: string): Point =>
    elkId === "root" ? { x: 0, y: 0 } : (abs.get(elkId) ?? { x: 0, y: 0 });

  const visit = (node: ElkNode, parent: ElkNode) => {
    const origin = abs.get(parent.id) as Point;
    const at = { x: origin.x + (node.x ?? 0), y: origin.y + (node.y ?? 0) };
    abs.set(node.id, at);
    const parentCell = cellIdOf.get(parent.id) as string;
    const groupIndex = plan.groups.get(node.id);
    if (groupIndex !== undefined) {
      const group = spec.groups[groupIndex];
      if (!group) return;
      cellIdOf.set(node.id, cellFor(group.id));
      const from = originOf(parent.id);
      const rect = {
        x: at.x - from.x,
        y: at.y - from.y,
        width: node.width ?? 0,
        height: node.height ?? 0,
      };
      const style = laneStyle(groupStyle(group.kind, spec.theme), group.kind, ids.lanesAsRows);
      shapes.set(node.id, { rect: { ...rect, ...at }, style });
      cells.push(vertex(cellFor(group.id), htmlLabel(group.label), style, parentCell, rect));
      for (const child of node.children ?? []) visit(child, node);
      return;
    }
    const entry = plan.nodes.get(node.id);
    const spec_ = entry && spec.nodes[entry.index];
    if (!entry || !spec_) return;
    cellIdOf.set(node.id, cellFor(spec_.id));
    const { box } = entry;
    // ELK's node is the drawn shape (an outside label is an ELK node label).
    const shape = { x: at.x, y: at.y, width: box.shape.width, height: box.shape.height };
    const from = originOf(parent.id);
    const rect = { ...shape, x: shape.x - from.x, y: shape.y - from.y };
    const style = restyle(
      nodeStyle(spec_.kind, spec.theme, spec_.shape, box.labelSide) + styleKeys(spec_.style),
    );
    shapes.set(node.id, { rect: shape, style });
    const html = ids.html?.get(spec_.id) ?? htmlLabel(spec_.label);
    cells.push(vertex(cellFor(spec_.id), html, style, parentCell, rect));
  };
  for (const child of laid.children ?? []) visit(child, laid);

  const edges = new Map<string, ElkExtendedEdge>();
  const collect = (node: ElkNode) => {
    for (const e of node.edges ?? []) edges.set(e.id, e);
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  const used = new Set<string>([
    ...spec.nodes.map((n) => n.id),
    ...spec.groups.map((g) => g.id),
    ids.layer,
  ]);
  plan.edges.forEach((elkId, i) => {
    const edge = spec.edges[i];
    const routed = edges.get(elkId);
    if (!edge || !routed) return;
    const container = (routed as { container?: string }).container ?? "root";
    const origin = abs.get(container) ?? (abs.get("root") as Point);
    const back = plan.reversed[i] === true;
    const sourceElk = (back ? routed.targets[0] : routed.sources[0]) as string;
    const targetElk = (back ? routed.sources[0] : routed.targets[0]) as string;
    const source = shapes.get(sourceElk);
    const target = shapes.get(targetElk);
    if (!source || !target) return;
    const routedPoints = routePoints(routed).map((p) => ({
      x: p.x + origin.x,
      y: p.y + origin.y,
    }));
    if (back) routedPoints.reverse();
    // ELK ends edges on the bounding box; draw.io's shape may not reach it (diamond, ellipse…).
    const points = endOnOutline(
      endOnOutline(routedPoints, source.rect, source.style).reverse(),
      target.rect,
      target.style,
    ).reverse();
    const start = points[0] as Point;
    const end = points[points.length - 1] as Point;
    const label = routed.labels?.[0];
    let anchor: LabelAnchor | undefined;
    if (edge.label && label && label.x !== undefined && label.y !== undefined) {
      const box = {
        x: origin.x + label.x,
        y: origin.y + label.y,
        width: label.width ?? 0,
        height: label.height ?? 0,
      };
      anchor = labelAnchor(points, box);
    }
    const style =
      edgeStyle(edge, spec.theme) +
      styleKeys(edge.style) +
      (anchor?.style ?? "") +
      pin("exit", constraintFor(source.style, source.rect, start)) +
      pin("entry", constraintFor(target.style, target.rect, end));
    const from = originOf(container);
    const bends = points.slice(1, -1).map((p) => ({ x: p.x - from.x, y: p.y - from.y }));
    let offset: Point | undefined;
    if (anchor) {
      const mid = midpoint(points);
      offset = { x: anchor.at.x - mid.x, y: anchor.at.y - mid.y };
    }
    let id = `edge-${i + 1}`;
    while (used.has(id)) id += "x";
    used.add(id);
    const parentCell = cellIdOf.get(container) ?? ids.layer;
    const sourceId = cellIdOf.get(sourceElk) ?? "";
    const targetId = cellIdOf.get(targetElk) ?? "";
    const array = bends.length
      ? `<Array as="points">${bends.map((p) => `<mxPoint x="${round(p.x)}" y="${round(p.y)}"/>`).join("")}</Array>`
      : "";
    const off = offset
      ? `<mxPoint x="${round(offset.x)}" y="${round(offset.y)}" as="offset"/>`
      : "";
    cells.push(
      `<mxCell id="${escapeAttribute(id)}" value="${escapeAttribute(htmlLabel(wrapText(edge.label ?? "", EDGE_LABEL_WRAP).join("\n")))}" style="${escapeAttribute(style)}" edge="1" parent="${escapeAttribute(parentCell)}" source="${escapeAttribute(sourceId)}" target="${escapeAttribute(targetId)}"><mxGeometry relative="1" as="geometry">${array}${off}</mxGeometry></mxCell>`,
    );
  });
  return cells;
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

function vertex(id: string, html: string, style: string, parent: string, r: Rect): string {
  return `<mxCell id="${escapeAttribute(id)}" value="${escapeAttribute(html)}" style="${escapeAttribute(style)}" vertex="1" parent="${escapeAttribute(parent)}"><mxGeometry x="${round(r.x)}" y="${round(r.y)}" width="${round(r.width)}" height="${round(r.height)}" as="geometry"/></mxCell>`;
}
