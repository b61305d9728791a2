import { edgeLabelBase } from "../../worker/drawio/geometry/edge-labels.ts";
import type { NodeBox } from "../../worker/drawio/layout/boxes.ts";
import { round } from "../../worker/drawio/layout/edges/route.ts";
import type { GraphEdge, GraphSpec } from "../../worker/drawio/layout/spec.ts";
import { groupStyle, nodeStyle } from "../../worker/drawio/layout/themes.ts";
import { htmlLabel } from "../../worker/drawio/layout/to-cells.ts";
import type { Point, Rect } from "../../worker/drawio/model/cell.ts";
import { safeCellId } from "../../worker/drawio/model/reserved-ids.ts";
import { EDGE_LABEL_WRAP, wrapText } from "../../worker/drawio/text/estimate.ts";
import { escapeAttribute } from "../../worker/drawio/xml/serialize.ts";
import { type DotJson, readBox, readPoint, readSplines } from "./dot-json.ts";
import { splinePolyline } from "./dot-spline.ts";

/** Space around the whole drawing, as our engine leaves. */
const MARGIN = 40;

/** dot's drawing as draw.io cells, and the page size it needs. */
export interface DotPage {
  cells: string[];
  /** Indexes of the spec edges dot could not route, written straight with free ends. */
  unrouted: number[];
  width: number;
  height: number;
}

/**
 * Turns dot's layout of {@link dotSource}'s graph into draw.io cells: y flipped (dot's grows
 * upward) and everything moved to a 40 px margin. Groups are containers with their children
 * placed relative to them; nodes are drawn shapes (`box.shape` inside dot's box) with our
 * engine's styles; edges are on the layer with pinned, unclamped ends where dot's line ends
 * (arrow tips included) and dot's splines sampled into waypoints; a label's offset puts its
 * centre on dot's `lp`.
 *
 * @example
 * const { cells } = dotCells(spec, boxes, DotJsonSchema.parse(JSON.parse(output)), "1");
 */
export function dotCells(spec: GraphSpec, boxes: NodeBox[], json: DotJson, layer: string): DotPage {
  const bb = readBox(json.bb);
  const flip = (p: Point): Point => ({
    x: round(p.x - bb.llx + MARGIN),
    y: round(bb.ury - p.y + MARGIN),
  });
  const objects = new Map(json.objects.map((o) => [o.name, o]));
  const cellId = cellIds(spec);
  const cells: string[] = [];

  // Absolute rectangle and cell id of every group dot drew, parents before children.
  const groupIndex = new Map(spec.groups.map((g, i) => [g.id, i]));
  const groupAt = new Map<string, { rect: Rect; cell: string }>();
  const placeGroup = (id: string): { rect: Rect; cell: string } | undefined => {
    const known = groupAt.get(id);
    const index = groupIndex.get(id);
    const group = index === undefined ? undefined : spec.groups[index];
    const box = index === undefined ? undefined : objects.get(`cluster_${index}`)?.bb;
    if (known || !group || box === undefined) return known;
    const parent = group.parent === undefined ? undefined : placeGroup(group.parent);
    const b = readBox(box);
    const topLeft = flip({ x: b.llx, y: b.ury });
    const rect = { ...topLeft, width: round(b.urx - b.llx), height: round(b.ury - b.lly) };
    const cell = cellId(group.id);
    cells.push(vertex(cell, group.label, groupStyle(group.kind, spec.theme), parent, rect, layer));
    const placed = { rect, cell };
    groupAt.set(id, placed);
    return placed;
  };
  for (const group of spec.groups) placeGroup(group.id);

  const shapes = new Map<string, Rect>();
  spec.nodes.forEach((node, i) => {
    const box = boxes[i] as NodeBox;
    const pos = objects.get(`n${i}`)?.pos;
    if (pos === undefined) throw new Error(`dot did not place node "${node.id}"`);
    const centre = flip(readPoint(pos));
    const rect = {
      x: round(centre.x - box.width / 2 + box.shape.x),
      y: round(centre.y - box.height / 2 + box.shape.y),
      width: box.shape.width,
      height: box.shape.height,
    };
    shapes.set(node.id, rect);
    let style = nodeStyle(node.kind, spec.theme, node.shape, box.labelSide);
    for (const [key, value] of Object.entries(node.style ?? {})) style += `${key}=${value};`;
    const parent = node.group === undefined ? undefined : groupAt.get(node.group);
    cells.push(vertex(cellId(node.id), node.label, style, parent, rect, layer));
  });

  const edges = new Map(json.edges.map((e) => [e.id, e]));
  const used = new Set([...spec.nodes.map((n) => n.id), ...spec.groups.map((g) => g.id), layer]);
  const unrouted: number[] = [];
  spec.edges.forEach((edge, i) => {
    const drawn = edges.get(`e${i}`);
    const source = shapes.get(edge.from);
    const target = shapes.get(edge.to);
    if (!drawn || !source || !target) throw new Error(`dot did not write edge ${i}`);
    let id = `edge-${i + 1}`;
    while (used.has(id)) id += "x";
    used.add(id);
    const ends = { source: cellId(edge.from), target: cellId(edge.to) };
    if (drawn.pos === undefined) unrouted.push(i);
    const route =
      drawn.pos === undefined
        ? undefined
        : { line: splinePolyline(readSplines(drawn.pos)).map(flip), source, target };
    const lp = drawn.lp === undefined ? undefined : flip(readPoint(drawn.lp));
    cells.push(edgeCell(id, edge, ends, layer, route, lp));
  });
  return {
    cells,
    unrouted,
    width: Math.ceil(bb.urx - bb.llx + 2 * MARGIN),
    height: Math.ceil(bb.ury - bb.lly + 2 * MARGIN),
  };
}

/** dot's route of an edge in page coordinates, and the shapes at its ends. */
interface EdgeRoute {
  line: Point[];
  source: Rect;
  target: Rect;
}

/**
 * An edge cell: pinned ends where dot's line ends, the line's inner points as waypoints, and
 * a label offset from draw.io's midpoint to dot's label centre. Without a route, a plain
 * straight edge (draw.io joins the shapes' outlines).
 */
function edgeCell(
  id: string,
  edge: GraphEdge,
  ends: { source: string; target: string },
  layer: string,
  route: EdgeRoute | undefined,
  lp: Point | undefined,
): string {
  let style = "html=1;rounded=0;";
  style += edge.arrow === "none" ? "endArrow=none;" : "endArrow=block;endFill=1;";
  if (edge.arrow === "both") style += "startArrow=block;startFill=1;";
  const label = edge.label ? wrapText(edge.label, EDGE_LABEL_WRAP).join("\n") : "";
  if (label !== "") style += "fontSize=11;labelBackgroundColor=#ffffff;";
  let inner = "";
  if (route) {
    const { line, source, target } = route;
    const exit = pin(line[0] as Point, source);
    const entry = pin(line[line.length - 1] as Point, target);
    const bends = line.slice(1, -1);
    style +=
      `exitX=${exit.x};exitY=${exit.y};exitDx=0;exitDy=0;exitPerimeter=0;` +
      `entryX=${entry.x};entryY=${entry.y};entryDx=0;entryDy=0;entryPerimeter=0;`;
    if (bends.length > 0) {
      inner = `<Array as="points">${bends.map((p) => `<mxPoint x="${p.x}" y="${p.y}"/>`).join("")}</Array>`;
    }
    if (label !== "" && lp) {
      // Where draw.io will put the label: halfway along the line it draws, ends included.
      const mid = edgeLabelBase([at(exit, source), ...bends, at(entry, target)]);
      inner += `<mxPoint x="${round(lp.x - mid.x)}" y="${round(lp.y - mid.y)}" as="offset"/>`;
    }
  }
  return `<mxCell id="${escapeAttribute(id)}" value="${escapeAttribute(htmlLabel(label))}" style="${escapeAttribute(style)}" edge="1" parent="${escapeAttribute(layer)}" source="${escapeAttribute(ends.source)}" target="${escapeAttribute(ends.target)}"><mxGeometry relative="1" as="geometry">${inner}</mxGeometry></mxCell>`;
}

/** Spec ids as cell ids, except the few draw.io cannot load (`push` → `push_`), as ours. */
function cellIds(spec: GraphSpec): (id: string) => string {
  const taken = new Set<string>([...spec.nodes.map((n) => n.id), ...spec.groups.map((g) => g.id)]);
  const safe = new Map<string, string>();
  for (const id of [...taken]) {
    const name = safeCellId(id, taken);
    if (name !== id) taken.add(name);
    safe.set(id, name);
  }
  return (id) => safe.get(id) ?? id;
}

/** A point as a fraction of a rectangle, six decimals, not clamped: dot may end outside. */
function pin(p: Point, r: Rect): Point {
  const f = (v: number) => Math.round(v * 1e6) / 1e6;
  return { x: f((p.x - r.x) / r.width), y: f((p.y - r.y) / r.height) };
}

/** Where draw.io draws a pinned end. */
function at(fraction: Point, r: Rect): Point {
  return { x: r.x + fraction.x * r.width, y: r.y + fraction.y * r.height };
}

/** A vertex; its geometry relative to its container's, if it has one. */
function vertex(
  id: string,
  label: string,
  style: string,
  parent: { rect: Rect; cell: string } | undefined,
  r: Rect,
  layer: string,
): string {
  const x = parent ? round(r.x - parent.rect.x) : r.x;
  const y = parent ? round(r.y - parent.rect.y) : r.y;
  return `<mxCell id="${escapeAttribute(id)}" value="${escapeAttribute(htmlLabel(label))}" style="${escapeAttribute(style)}" vertex="1" parent="${escapeAttribute(parent?.cell ?? layer)}"><mxGeometry x="${x}" y="${y}" width="${r.width}" height="${r.height}" as="geometry"/></mxCell>`;
}
