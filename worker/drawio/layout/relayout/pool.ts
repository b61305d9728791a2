/**
 * Re-layout of a drawn swimlane diagram as one pool, as a generated one is laid out, and the
 * lanes' headers turned to face the flow afterwards.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import { getCellAttribute, type Rect, setCellAttribute } from "../../model/cell.ts";
import { type DiagramDocument, withReplacedCells } from "../../model/document.ts";
import { getStyleValue, mergeStyle, shapeOf } from "../../model/style.ts";
import { cloneElement, type XmlElement } from "../../xml/nodes.ts";
import { elkPlan } from "../elk-graph.ts";
import { layoutPool, poolOf } from "../pool/index.ts";
import type { Direction, GraphSpec } from "../spec.ts";

/** A vertex of the drawing being laid out again, as the pool layout needs it. */
export interface DrawnVertex {
  id: string;
  /** Its geometry, relative to its parent. */
  rect: Rect;
  /** The placed vertex holding it, if any. */
  parent?: string;
  style: string;
  label: string;
}

/** An edge between two placed vertices. */
export interface DrawnEdge {
  id: string;
  source: string;
  target: string;
  label: string;
}

/** The pool layout of a drawing, in the ids of its cells, ready for `writeBack`. */
export interface PoolRelayout {
  laid: ElkNode;
  /** Edges laid out the other way round (they close a cycle). */
  reversed: Set<string>;
  /** The lanes, and the pool around them if any: their header must face the flow. */
  lanes: string[];
  pool?: string;
}

/**
 * Lays a drawn swimlane diagram out again as one pool, as `layoutGraph` lays out a swimlane
 * spec: two or more swimlane containers, each holding only plain vertices, every other vertex
 * in one of them, and at most one container (the pool) around the lanes. Lanes keep the order
 * they are drawn in (left to right, or top to bottom). Returns undefined for any other drawing, which gets the general
 * re-layout.
 *
 * @example
 * const pooled = relayoutPool(vertices, edges, "right");
 */
export function relayoutPool(
  vertices: readonly DrawnVertex[],
  edges: readonly DrawnEdge[],
  direction: Direction,
): PoolRelayout | undefined {
  const byId = new Map(vertices.map((v) => [v.id, v]));
  const holders = new Set(vertices.flatMap((v) => (v.parent === undefined ? [] : [v.parent])));
  const leaves = vertices.filter((v) => !holders.has(v.id));
  const lanes = vertices.filter(
    (v) => holders.has(v.id) && shapeOf(v.style) === "swimlane" && !isHolderOfHolders(v.id),
  );
  function isHolderOfHolders(id: string): boolean {
    return vertices.some((v) => v.parent === id && holders.has(v.id));
  }
  if (lanes.length < 2) return undefined;
  const laneIds = new Set(lanes.map((l) => l.id));
  if (leaves.some((v) => v.parent === undefined || !laneIds.has(v.parent))) return undefined;
  const poolId = lanes[0]?.parent;
  if (lanes.some((l) => l.parent !== poolId)) return undefined;
  const others = [...holders].filter((id) => !laneIds.has(id) && id !== poolId);
  if (others.length > 0) return undefined;
  if (poolId !== undefined && byId.get(poolId)?.parent !== undefined) return undefined;
  // Edges to a lane or the pool itself have no place in the layers.
  const leafIds = new Set(leaves.map((v) => v.id));
  if (edges.some((e) => !leafIds.has(e.source) || !leafIds.has(e.target))) return undefined;

  // Lanes in the order they are stacked now (side by side or one above the other, whichever
  // way they are drawn), so turning columns into rows keeps the reading order.
  const spread = (pick: (r: Rect) => number) =>
    Math.max(...lanes.map((l) => pick(l.rect))) - Math.min(...lanes.map((l) => pick(l.rect)));
  const stackedDown = spread((r) => r.y) >= spread((r) => r.x);
  const order = [...lanes].sort((a, b) =>
    stackedDown ? a.rect.y - b.rect.y : a.rect.x - b.rect.x,
  );
  const poolVertex = poolId === undefined ? undefined : byId.get(poolId);
  const spec: GraphSpec = {
    direction,
    theme: "default",
    groups: [
      ...(poolVertex
        ? [{ id: poolVertex.id, label: poolVertex.label, kind: "container" as const }]
        : []),
      ...order.map((l) => ({
        id: l.id,
        label: l.label,
        kind: "swimlane" as const,
        ...(poolId !== undefined ? { parent: poolId } : {}),
      })),
    ],
    nodes: leaves.map((v) => ({
      id: v.id,
      label: v.label,
      kind: "process" as const,
      width: Math.max(10, v.rect.width),
      height: Math.max(10, v.rect.height),
      ...(v.parent !== undefined ? { group: v.parent } : {}),
    })),
    edges: edges.map((e) => ({
      from: e.source,
      to: e.target,
      kind: "solid" as const,
      arrow: "forward" as const,
      ...(e.label ? { label: e.label } : {}),
    })),
  };
  const pool = poolOf(spec);
  if (!pool) return undefined;
  const plan = elkPlan(spec, { pool: true });
  const laid = layoutPool(spec, plan, pool);

  // Back to the ids of the drawing.
  const names = new Map<string, string>([
    ...spec.nodes.map((n, i) => [`n${i}`, n.id] as const),
    ...spec.groups.map((g, i) => [`g${i}`, g.id] as const),
    ...plan.edges.map((elkId, i) => [elkId, (edges[i] as DrawnEdge).id] as const),
  ]);
  const rename = (node: ElkNode): ElkNode => ({
    ...node,
    id: names.get(node.id) ?? node.id,
    children: (node.children ?? []).map(rename),
    edges: (node.edges ?? []).map((e): ElkExtendedEdge => ({ ...e, id: names.get(e.id) ?? e.id })),
  });
  const reversed = new Set(edges.flatMap((e, i) => (plan.reversed[i] ? [e.id] : [])));
  return {
    laid: rename(laid),
    reversed,
    lanes: order.map((l) => l.id),
    ...(poolId !== undefined ? { pool: poolId } : {}),
  };
}

/**
 * Lanes of a pool laid out along `right`/`left` are rows with their header on the left
 * (`horizontal=0`), along `down`/`up` columns with it on top; the pool's title is on top.
 *
 * @example
 * if (pooled) doc = withHeadersAcross(doc, 0, pooled, "right");
 */
export function withHeadersAcross(
  doc: DiagramDocument,
  index: number,
  pooled: PoolRelayout,
  direction: Direction,
): DiagramDocument {
  const rows = direction === "right" || direction === "left";
  const page = doc.pages[index];
  if (!page) return doc;
  const wanted = new Map<string, number>(pooled.lanes.map((id) => [id, rows ? 0 : 1]));
  if (pooled.pool !== undefined) wanted.set(pooled.pool, 1);
  const replaced = new Map<string, XmlElement>();
  for (const cell of page.cells) {
    const id = getCellAttribute(cell, "id");
    const horizontal = id === undefined ? undefined : wanted.get(id);
    if (id === undefined || horizontal === undefined) continue;
    const style = getCellAttribute(cell, "style") ?? "";
    if ((getStyleValue(style, "horizontal") === "0" ? 0 : 1) === horizontal) continue;
    const copy = cloneElement(cell);
    setCellAttribute(copy, "style", mergeStyle(style, { horizontal }));
    replaced.set(id, copy);
  }
  return withReplacedCells(doc, index, replaced);
}
