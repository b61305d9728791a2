/**
 * The baseline peer of the `extend` bench: an edit written as a model writing coordinates
 * writes it, as plain `add` operations. A new node goes 40 px right of the shape it hangs off,
 * top-aligned, 120 × 60, in that shape's parent (a node inserted into a link goes halfway
 * between the two ends; a node given a container goes into it); an edge is a bare orthogonal
 * connector with no waypoints.
 */

import type { LayoutCell } from "../../worker/drawio/geometry/page-layout.ts";
import type { Rect } from "../../worker/drawio/model/cell.ts";
import type { DiagramPage } from "../../worker/drawio/model/document.ts";
import { escapeAttribute } from "../../worker/drawio/xml/serialize.ts";
import type { Edit, NewNode } from "./edits.ts";
import { type PageTargets, pageTargets } from "./page-targets.ts";

const WIDTH = 120;
const HEIGHT = 60;
const GAP = 40;
const EDGE_STYLE =
  "edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;jettySize=auto;html=1;";
const NODE_STYLE: Partial<Record<NewNode["kind"], string>> = {
  database: "shape=cylinder3;whiteSpace=wrap;html=1;boundedLbl=1;size=15;",
  document: "shape=document;whiteSpace=wrap;html=1;boundedLbl=1;",
  decision: "rhombus;whiteSpace=wrap;html=1;",
  queue: "shape=mxgraph.flowchart.delay;whiteSpace=wrap;html=1;",
};

interface Placed {
  /** Absolute box. */
  abs: Rect;
  /** Parent cell id. */
  parent: string;
}

/**
 * The batch a coordinate-writing model sends for `edit`: a `delete` of the replaced link when
 * there is one, then one `add` per new node and per new edge.
 *
 * @example
 * applyOperations(doc, baselineOperations(doc.pages[0], edit));
 */
export function baselineOperations(page: DiagramPage, edit: Edit): unknown[] {
  const targets = pageTargets(page);
  const placed = new Map<string, Placed>();
  const ops: unknown[] = edit.deleteEdge ? [{ op: "delete", id: edit.deleteEdge }] : [];
  for (const node of edit.graph.nodes) {
    const where = placeNode(targets, edit, node, placed);
    placed.set(node.id, where);
    const origin = originOf(targets, where.parent);
    const style = NODE_STYLE[node.kind] ?? "rounded=1;whiteSpace=wrap;html=1;";
    ops.push({
      op: "add",
      xml: `<mxCell id="${escapeAttribute(node.id)}" value="${escapeAttribute(node.label)}" style="${style}" vertex="1" parent="${escapeAttribute(where.parent)}"><mxGeometry x="${round(where.abs.x - origin.x)}" y="${round(where.abs.y - origin.y)}" width="${WIDTH}" height="${HEIGHT}" as="geometry"/></mxCell>`,
    });
  }
  edit.graph.edges.forEach((edge, i) => {
    const value = escapeAttribute(edge.label ?? "");
    ops.push({
      op: "add",
      xml: `<mxCell id="${escapeAttribute(edgeId(targets, i))}" value="${value}" style="${EDGE_STYLE}" edge="1" parent="${escapeAttribute(targets.layer)}" source="${escapeAttribute(edge.from)}" target="${escapeAttribute(edge.to)}"><mxGeometry relative="1" as="geometry"/></mxCell>`,
    });
  });
  return ops;
}

/** Where the model puts a node: right of what it hangs off, or halfway along the link. */
function placeNode(
  targets: PageTargets,
  edit: Edit,
  node: NewNode,
  placed: ReadonlyMap<string, Placed>,
): Placed {
  const { layout } = targets;
  const ends = edit.graph.edges.flatMap((e) =>
    e.to === node.id ? [e.from] : e.from === node.id ? [e.to] : [],
  );
  const existing = ends.flatMap((id) => {
    const cell = layout.get(id);
    const abs = cell && layout.absoluteRect(cell);
    return cell && abs ? [{ cell, abs }] : [];
  });
  if (!node.group && existing.length >= 2 && !ends.some((id) => placed.has(id))) {
    const [a, b] = existing as [{ cell: LayoutCell; abs: Rect }, { cell: LayoutCell; abs: Rect }];
    const cx = (centre(a.abs).x + centre(b.abs).x) / 2;
    const cy = (centre(a.abs).y + centre(b.abs).y) / 2;
    const parent = a.cell.parent === b.cell.parent ? a.cell.parent?.id : undefined;
    const abs = { x: cx - WIDTH / 2, y: cy - HEIGHT / 2, width: WIDTH, height: HEIGHT };
    return { abs, parent: parent ?? targets.layer };
  }
  const fromNew = ends.map((id) => placed.get(id)).find((p) => p !== undefined);
  const first = existing[0];
  const anchor = fromNew ?? (first && { abs: first.abs, parent: first.cell.parent?.id });
  const box = anchor?.abs ?? { x: 0, y: 0, width: 0, height: 0 };
  const abs = { x: box.x + box.width + GAP, y: box.y, width: WIDTH, height: HEIGHT };
  return { abs, parent: node.group ?? anchor?.parent ?? targets.layer };
}

function originOf(targets: PageTargets, id: string): { x: number; y: number } {
  const cell = targets.layout.get(id);
  return (cell && targets.layout.origin(cell)) ?? { x: 0, y: 0 };
}

function edgeId(targets: PageTargets, i: number): string {
  let id = `ext-edge-${i + 1}`;
  for (let n = 2; targets.layout.get(id); n++) id = `ext-edge-${i + 1}-${n}`;
  return id;
}

function centre(r: Rect): { x: number; y: number } {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
