/**
 * A drawn page as ELK's graph: a compound node for each vertex to place, inside the node of the
 * vertex holding it, and each edge declared in the lowest compound holding both its ends.
 */
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import {
  geometryOf,
  getCellAttribute,
  getCellLabel,
  isEdge,
  mxCellOf,
  readRect,
} from "../../model/cell.ts";
import { getStyleValue, shapeOf } from "../../model/style.ts";
import { EDGE_LABEL_WRAP, measureText } from "../../text/estimate.ts";
import { labelToText } from "../../text/label-text.ts";
import { createElement, type XmlElement } from "../../xml/nodes.ts";
import { rootOptions } from "../elk-graph.ts";
import { backEdges } from "../layers/feedback.ts";
import type { Direction } from "../spec.ts";
import type { PageCells } from "./types.ts";

/** An edge handed to ELK: its ends, its label's text, and the placed container holding both. */
export interface EdgeEnds {
  id: string;
  source: string;
  target: string;
  label: string;
  /** The lowest placed container holding both ends, where ELK is told of the edge. */
  common?: string;
}

/**
 * ELK's tree of the vertices: one node each, inside the node of the placed vertex holding it.
 *
 * @example
 * const { root, elkNodes } = elkTree(page, vertices, new Set(vertices.map(([id]) => id)), "down");
 */
export function elkTree(
  page: PageCells,
  vertices: ReadonlyArray<[string, XmlElement]>,
  placed: ReadonlySet<string>,
  direction: Direction,
): { root: ElkNode; elkNodes: Map<string, ElkNode> } {
  const { cells, parentOf, scope } = page;
  const elkNodes = new Map<string, ElkNode>();
  for (const [id, cell] of vertices) {
    const rect = readRect(geometryOf(cell) ?? createElement("mxGeometry"));
    const size = { width: Math.max(10, rect.width), height: Math.max(10, rect.height) };
    elkNodes.set(id, { id, ...size, children: [], edges: [] });
  }
  const root: ElkNode = {
    id: "__root",
    layoutOptions: rootOptions(
      direction,
      vertices.length + [...cells.values()].filter(isEdge).length,
    ),
    children: [],
    edges: [],
  };
  const elkParent = (id: string): ElkNode => {
    const parent = parentOf(id);
    return (parent !== undefined && placed.has(parent) ? elkNodes.get(parent) : undefined) ?? root;
  };
  for (const [id] of vertices) elkParent(id).children?.push(elkNodes.get(id) as ElkNode);
  for (const [id, cell] of vertices) {
    const node = elkNodes.get(id) as ElkNode;
    if ((node.children ?? []).length === 0) continue;
    const style = mxCellOf(cell).attrs.style;
    const top =
      shapeOf(style) === "swimlane" ? Number(getStyleValue(style, "startSize") ?? 23) + 16 : 36;
    node.layoutOptions = { "elk.padding": `[top=${top},left=16,bottom=16,right=16]` };
    delete node.width;
    delete node.height;
  }
  if (scope !== undefined)
    root.layoutOptions = {
      ...root.layoutOptions,
      "elk.padding": "[top=36,left=16,bottom=16,right=16]",
    };
  return { root, elkNodes };
}

/**
 * The edges between placed vertices, with their ends; not those between a container and its
 * own member.
 *
 * @example
 * const { edges, ends } = edgesToRoute(page, placed); // ends[i] is edges[i]'s
 */
export function edgesToRoute(
  page: PageCells,
  placed: ReadonlySet<string>,
): { edges: Array<[string, XmlElement]>; ends: EdgeEnds[] } {
  const { cells, parentOf } = page;
  const edges: Array<[string, XmlElement]> = [];
  const ends: EdgeEnds[] = [];
  for (const [id, cell] of cells) {
    if (!isEdge(cell)) continue;
    const source = getCellAttribute(cell, "source");
    const target = getCellAttribute(cell, "target");
    if (source === undefined || target === undefined || !placed.has(source) || !placed.has(target))
      continue;
    const a = [...containersOf(source, parentOf, placed), source];
    const b = [...containersOf(target, parentOf, placed), target];
    if (source !== target && (a.includes(target) || b.includes(source))) continue;
    let common: string | undefined;
    for (let k = 0; k < Math.min(a.length, b.length) - 1 && a[k] === b[k]; k++) common = a[k];
    const label = labelToText(
      getCellLabel(cell),
      getStyleValue(mxCellOf(cell).attrs.style, "html") === "1",
    );
    ends.push({ id, source, target, label, ...(common !== undefined ? { common } : {}) });
    edges.push([id, cell]);
  }
  return { edges, ends };
}

/**
 * Hands each edge to ELK in the lowest compound holding both ends, the edges that close a cycle
 * the other way round; returns those.
 *
 * @example
 * const reversed = declareEdges(page, vertices, placed, ends, elkNodes, root);
 */
export function declareEdges(
  page: PageCells,
  vertices: ReadonlyArray<[string, XmlElement]>,
  placed: ReadonlySet<string>,
  ends: readonly EdgeEnds[],
  elkNodes: ReadonlyMap<string, ElkNode>,
  root: ElkNode,
): Set<string> {
  // A cycle points back at its first edge in document order, as in a generated layout; where
  // containers force a cycle between blocks, as few edges as possible point back.
  const vertexIndex = new Map(vertices.map(([id], i) => [id, i]));
  const back = backEdges(
    vertices.length,
    ends.map((e) => [vertexIndex.get(e.source) ?? 0, vertexIndex.get(e.target) ?? 0] as const),
    vertices.map(([id]) => [...containersOf(id, page.parentOf, placed), id]),
  );
  const reversed = new Set<string>();
  ends.forEach(({ id, source, target, label, common }, i) => {
    if (back[i]) reversed.add(id);
    const [from, to] = back[i] ? [target, source] : [source, target];
    const elkEdge: ElkExtendedEdge = { id, sources: [from], targets: [to] };
    if (label) {
      const box = measureText(label, EDGE_LABEL_WRAP);
      elkEdge.labels = [{ text: label, width: box.width + 8, height: box.height + 4 }];
    }
    ((common !== undefined ? elkNodes.get(common) : undefined) ?? root).edges?.push(elkEdge);
  });
  return reversed;
}

/** The placed vertices holding a vertex, outermost first. */
function containersOf(
  id: string,
  parentOf: (id: string) => string | undefined,
  placed: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (let p = parentOf(id); p !== undefined && placed.has(p); p = parentOf(p)) out.unshift(p);
  return out;
}
