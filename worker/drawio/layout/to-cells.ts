import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import type { Point, Rect } from "../cell.ts";
import { escapeAttribute } from "../xml/serialize.ts";
import type { NodeBox } from "./boxes.ts";
import type { ElkPlan } from "./elk-graph.ts";
import { midpoint, routePoints } from "./route.ts";
import type { Direction, GraphSpec } from "./spec.ts";
import { edgeStyle, groupStyle, nodeStyle } from "./themes.ts";

/** Space around the whole drawing. */
const MARGIN = 40;

const round = (v: number) => Math.round(v * 100) / 100;
const fraction = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1e4) / 1e4;

/**
 * Turns ELK's result into draw.io cells: groups and nodes with geometry relative to their
 * parent (as both ELK and draw.io count it), and edges whose routed bends become waypoints and
 * whose ends are pinned (`exitX`/`entryX`, perimeter off), so draw.io draws exactly the route.
 * Edge labels sit where ELK reserved room for them.
 *
 * @example
 * const cells = toCells(spec, plan, await elk.layout(plan.root), { layer: "1" });
 */
export function toCells(
  spec: GraphSpec,
  plan: ElkPlan,
  laid: ElkNode,
  ids: { layer: string },
): string[] {
  const cells: string[] = [];
  const abs = new Map<string, Point>();
  const cellIdOf = new Map<string, string>();
  const shapes = new Map<string, { rect: Rect; box: NodeBox }>();
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
      cellIdOf.set(node.id, group.id);
      const from = originOf(parent.id);
      const rect = {
        x: at.x - from.x,
        y: at.y - from.y,
        width: node.width ?? 0,
        height: node.height ?? 0,
      };
      cells.push(
        vertex(group.id, group.label, groupStyle(group.kind, spec.theme), parentCell, rect),
      );
      for (const child of node.children ?? []) visit(child, node);
      return;
    }
    const entry = plan.nodes.get(node.id);
    const spec_ = entry && spec.nodes[entry.index];
    if (!entry || !spec_) return;
    cellIdOf.set(node.id, spec_.id);
    const { box } = entry;
    const shape = {
      x: at.x + box.shape.x,
      y: at.y + box.shape.y,
      width: box.shape.width,
      height: box.shape.height,
    };
    shapes.set(node.id, { rect: shape, box });
    const from = originOf(parent.id);
    const rect = { ...shape, x: shape.x - from.x, y: shape.y - from.y };
    let style = nodeStyle(spec_.kind, spec.theme, spec_.shape, box.labelSide);
    for (const [key, value] of Object.entries(spec_.style ?? {})) style += `${key}=${value};`;
    cells.push(vertex(spec_.id, spec_.label, style, parentCell, rect));
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
    const source = shapes.get(routed.sources[0] as string);
    const target = shapes.get(routed.targets[0] as string);
    if (!source || !target) return;
    let points = routePoints(routed).map((p) => ({ x: p.x + origin.x, y: p.y + origin.y }));
    points = pinToShape(points, source, "start", spec.direction);
    points = pinToShape(points, target, "end", spec.direction);
    const start = points[0] as Point;
    const end = points[points.length - 1] as Point;
    const style =
      edgeStyle(edge, spec.theme) +
      `exitX=${fraction((start.x - source.rect.x) / source.rect.width)};exitY=${fraction((start.y - source.rect.y) / source.rect.height)};exitDx=0;exitDy=0;exitPerimeter=0;` +
      `entryX=${fraction((end.x - target.rect.x) / target.rect.width)};entryY=${fraction((end.y - target.rect.y) / target.rect.height)};entryDx=0;entryDy=0;entryPerimeter=0;`;
    const from = originOf(container);
    const bends = points.slice(1, -1).map((p) => ({ x: p.x - from.x, y: p.y - from.y }));
    const label = routed.labels?.[0];
    let offset: Point | undefined;
    if (edge.label && label && label.x !== undefined && label.y !== undefined) {
      const centre = {
        x: origin.x + label.x + (label.width ?? 0) / 2,
        y: origin.y + label.y + (label.height ?? 0) / 2,
      };
      const mid = midpoint(points);
      offset = { x: centre.x - mid.x, y: centre.y - mid.y };
    }
    let id = `edge-${i + 1}`;
    while (used.has(id)) id += "x";
    used.add(id);
    const parentCell = cellIdOf.get(container) ?? ids.layer;
    const sourceId = spec.nodes[plan.nodes.get(routed.sources[0] as string)?.index ?? -1]?.id ?? "";
    const targetId = spec.nodes[plan.nodes.get(routed.targets[0] as string)?.index ?? -1]?.id ?? "";
    const array = bends.length
      ? `<Array as="points">${bends.map((p) => `<mxPoint x="${round(p.x)}" y="${round(p.y)}"/>`).join("")}</Array>`
      : "";
    const off = offset
      ? `<mxPoint x="${round(offset.x)}" y="${round(offset.y)}" as="offset"/>`
      : "";
    cells.push(
      `<mxCell id="${escapeAttribute(id)}" value="${escapeAttribute(edge.label ?? "")}" style="${escapeAttribute(style)}" edge="1" parent="${escapeAttribute(parentCell)}" source="${escapeAttribute(sourceId)}" target="${escapeAttribute(targetId)}"><mxGeometry relative="1" as="geometry">${array}${off}</mxGeometry></mxCell>`,
    );
  });
  return cells;
}

function vertex(id: string, label: string, style: string, parent: string, r: Rect): string {
  return `<mxCell id="${escapeAttribute(id)}" value="${escapeAttribute(label)}" style="${escapeAttribute(style)}" vertex="1" parent="${escapeAttribute(parent)}"><mxGeometry x="${round(r.x)}" y="${round(r.y)}" width="${round(r.width)}" height="${round(r.height)}" as="geometry"/></mxCell>`;
}

/**
 * Moves an edge end from the node's box onto its drawn shape, for nodes whose label sits beside
 * or below the shape: the end slides along the flow axis onto the shape's border, and the bend
 * next to it follows so that the route stays orthogonal.
 */
function pinToShape(
  points: Point[],
  node: { rect: Rect; box: NodeBox },
  which: "start" | "end",
  direction: Direction,
): Point[] {
  if (!node.box.labelSide || points.length < 2) return points;
  const out = points.map((p) => ({ ...p }));
  const i = which === "start" ? 0 : out.length - 1;
  const j = which === "start" ? 1 : out.length - 2;
  const p = out[i] as Point;
  const q = out[j] as Point;
  const r = node.rect;
  const vertical = direction === "down" || direction === "up";
  if (vertical) {
    const x = r.x + r.width / 2;
    const y = p.y <= r.y + r.height / 2 ? r.y : r.y + r.height;
    if (Math.abs(q.x - p.x) < 0.5 && out.length > 2) q.x = x;
    p.x = x;
    p.y = y;
  } else {
    const y = r.y + r.height / 2;
    const x = p.x <= r.x + r.width / 2 ? r.x : r.x + r.width;
    if (Math.abs(q.y - p.y) < 0.5 && out.length > 2) q.y = y;
    p.x = x;
    p.y = y;
  }
  return orthogonal(out, vertical);
}

/** Inserts an elbow wherever two consecutive points are neither aligned vertically nor horizontally. */
function orthogonal(points: Point[], vertical: boolean): Point[] {
  const out: Point[] = [points[0] as Point];
  for (let k = 1; k < points.length; k++) {
    const p = out[out.length - 1] as Point;
    const q = points[k] as Point;
    if (Math.abs(p.x - q.x) >= 0.5 && Math.abs(p.y - q.y) >= 0.5) {
      if (vertical) {
        const mid = (p.y + q.y) / 2;
        out.push({ x: p.x, y: mid }, { x: q.x, y: mid });
      } else {
        const mid = (p.x + q.x) / 2;
        out.push({ x: mid, y: p.y }, { x: mid, y: q.y });
      }
    }
    out.push(q);
  }
  return out;
}
