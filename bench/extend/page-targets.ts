/**
 * What an `extend` edit can aim at on one page: the shapes a person would hang a new node off
 * (placed, visible, at least 10 px, not a region holding other shapes), the links between them,
 * and the containers or lanes that a new node can be put into.
 */

import { type LayoutCell, PageLayout } from "../../worker/drawio/geometry/page-layout.ts";
import { isPlacedVertex } from "../../worker/drawio/lint/overlaps.ts";
import { getCellAttribute } from "../../worker/drawio/model/cell.ts";
import type { DiagramPage } from "../../worker/drawio/model/document.ts";
import { getStyleValue, shapeOf } from "../../worker/drawio/model/style.ts";

/** An existing edge between two target shapes. */
export interface Link {
  id: string;
  source: LayoutCell;
  target: LayoutCell;
}

/** A container or lane with the target shapes directly inside it. */
export interface Holder {
  cell: LayoutCell;
  children: LayoutCell[];
}

/** The targets of one page, in document order. */
export interface PageTargets {
  layout: PageLayout;
  /** Shapes that are an end of some link. */
  connected: LayoutCell[];
  links: Link[];
  holders: Holder[];
  /** The first layer (a child of the root): where a model puts top-level cells. */
  layer: string;
}

const MIN_SIDE = 10;
/** Shapes whose children are placed by draw.io itself (class members, table cells). */
const MANAGED_SHAPES = new Set(["table", "tableRow"]);

/**
 * The targets of a page.
 *
 * @example
 * const targets = pageTargets(parseDiagram(xml).pages[0]);
 * targets.connected.length >= 3; // the page can take an edit
 */
export function pageTargets(page: DiagramPage): PageTargets {
  const layout = new PageLayout(page);
  const holding = new Set<LayoutCell>();
  for (const cell of layout.cells) if (cell.vertex && cell.parent?.vertex) holding.add(cell.parent);
  const shape = (cell: LayoutCell | undefined): cell is LayoutCell =>
    cell !== undefined && isTargetShape(layout, cell) && !holding.has(cell);
  const links: Link[] = [];
  const connected = new Set<LayoutCell>();
  for (const cell of layout.cells) {
    if (!cell.edge || !layout.isVisible(cell)) continue;
    const source = layout.get(getCellAttribute(cell.element, "source"));
    const target = layout.get(getCellAttribute(cell.element, "target"));
    if (!shape(source) || !shape(target) || source === target) continue;
    links.push({ id: cell.id, source, target });
    connected.add(source);
    connected.add(target);
  }
  return {
    layout,
    connected: [...connected].sort((a, b) => a.index - b.index),
    links,
    holders: holdersOf(layout, shape),
    layer: firstLayer(layout),
  };
}

/** A placed, visible vertex of at least 10 × 10 px. */
export function isTargetShape(layout: PageLayout, cell: LayoutCell): boolean {
  return (
    isPlacedVertex(layout, cell) &&
    cell.rect.width >= MIN_SIDE &&
    cell.rect.height >= MIN_SIDE &&
    layout.absoluteRect(cell) !== undefined
  );
}

/**
 * Containers (`container=1`) and swimlanes with target shapes directly inside, leaving out
 * those whose children draw.io stacks itself (class boxes, tables: `childLayout`).
 */
function holdersOf(layout: PageLayout, shape: (cell: LayoutCell) => boolean): Holder[] {
  const children = new Map<LayoutCell, LayoutCell[]>();
  for (const cell of layout.cells) {
    const parent = cell.parent;
    if (!parent || !isHolderStyle(parent.style) || !shape(cell)) continue;
    if (!isPlacedVertex(layout, parent)) continue;
    const list = children.get(parent);
    if (list) list.push(cell);
    else children.set(parent, [cell]);
  }
  return [...children]
    .map(([cell, kids]) => ({ cell, children: kids }))
    .sort((a, b) => a.cell.index - b.cell.index);
}

function isHolderStyle(style: string | undefined): boolean {
  const named = shapeOf(style);
  if (MANAGED_SHAPES.has(named) || getStyleValue(style, "childLayout") !== undefined) return false;
  return named === "swimlane" || getStyleValue(style, "container") === "1";
}

function firstLayer(layout: PageLayout): string {
  const root = layout.cells.find((c) => c.parent === undefined);
  const layer = layout.cells.find((c) => c.parent !== undefined && c.parent === root);
  return layer?.id ?? root?.id ?? "1";
}
