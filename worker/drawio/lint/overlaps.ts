/**
 * The lint's `overlap` rule: labelled sibling shapes drawn on top of each other, found through
 * a spatial grid so that a page of many shapes costs about what its overlaps do.
 */
import { WorkBudget } from "../budget.ts";
import type { LayoutCell, PageLayout } from "../geometry/page-layout.ts";
import { gridSize, SpatialGrid } from "../geometry/spatial-grid.ts";
import type { Rect } from "../model/cell.ts";
import { describeCell, plainLabel, quoteId } from "./labels.ts";

/** Reports one overlap of `second` with `first`; false once the caller wants no more. */
type Emit = (second: LayoutCell, message: string, first: LayoutCell) => boolean;

/**
 * Reports each pair of labelled siblings that overlap by more than `tol` px on both axes, once,
 * on the later of the two. Unlabelled shapes are left out: their overlaps are drawing (floor
 * plans, icons, decorations), while two labels colliding is what makes a diagram unreadable.
 * A small shape lying wholly on a much larger one is layering, not a collision. `budget` is
 * charged a unit per shape and per pair looked at; the rule stops when it is spent (or when
 * `emit` answers false).
 *
 * @example
 * lintOverlaps(new PageLayout(page), 4, (cell, message) => (console.log(cell.id, message), true));
 */
export function lintOverlaps(
  layout: PageLayout,
  tol: number,
  emit: Emit,
  budget = new WorkBudget(Number.POSITIVE_INFINITY),
): void {
  const groups = new Map<LayoutCell | undefined, LayoutCell[]>();
  for (const cell of layout.cells) {
    if (!isPlacedVertex(layout, cell) || cell.rect.width <= 0 || cell.rect.height <= 0) continue;
    if (plainLabel(cell) === "") continue;
    const group = groups.get(cell.parent);
    if (group) group.push(cell);
    else groups.set(cell.parent, [cell]);
  }
  const found: number[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.rect.x - b.rect.x || a.index - b.index);
    const grid = gridOf(group);
    for (const [at, cell] of group.entries()) {
      grid.collectRect(cell.rect, found);
      if (!budget.tryCharge(1 + found.length)) return;
      // Each pair once: from the shape that comes first in this order.
      found.sort((p, q) => p - q);
      for (const k of found) {
        if (k <= at) continue;
        const message = overlapMessage(cell, group[k] as LayoutCell, tol);
        if (message && !emit(message.second, message.text, message.first)) return;
      }
    }
  }
}

/**
 * A vertex the geometry rules look at: placed (not relative), visible, not an edge's label.
 *
 * @example
 * layout.cells.filter((c) => isPlacedVertex(layout, c));
 */
export function isPlacedVertex(layout: PageLayout, cell: LayoutCell): boolean {
  return (
    cell.vertex &&
    cell.geometry !== undefined &&
    !cell.relative &&
    layout.isVisible(cell) &&
    !cell.parent?.edge
  );
}

function gridOf(group: readonly LayoutCell[]): SpatialGrid {
  const grid = new SpatialGrid(gridSize(group.map((c) => c.rect)), group.length);
  for (const [i, cell] of group.entries()) grid.insert(i, cell.rect);
  return grid;
}

function overlapMessage(
  p: LayoutCell,
  q: LayoutCell,
  tol: number,
): { first: LayoutCell; second: LayoutCell; text: string } | undefined {
  const [first, second] = p.index < q.index ? [p, q] : [q, p];
  const a = first.rect;
  const b = second.rect;
  const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (ox <= tol || oy <= tol || isBackdrop(a, b, tol) || isBackdrop(b, a, tol)) return undefined;
  const gap = 20;
  const x = b.x + b.width / 2 >= a.x + a.width / 2 ? a.x + a.width + gap : a.x - b.width - gap;
  const y = b.y + b.height / 2 >= a.y + a.height / 2 ? a.y + a.height + gap : a.y - b.height - gap;
  const moves =
    ox <= oy
      ? [`x=${Math.round(x)}`, `y=${Math.round(y)}`]
      : [`y=${Math.round(y)}`, `x=${Math.round(x)}`];
  return {
    first,
    second,
    text: `vertices ${describeCell(first)} and ${describeCell(second)} overlap by ${Math.round(ox)}×${Math.round(oy)} px; move ${quoteId(second.id)} to ${moves[0]} (or ${moves[1]}) so they no longer intersect, or move ${quoteId(first.id)} instead`,
  };
}

/** A small shape lying wholly on a much larger one is deliberate layering, not a collision. */
function isBackdrop(outer: Rect, inner: Rect, tol: number): boolean {
  return (
    inner.x >= outer.x - tol &&
    inner.y >= outer.y - tol &&
    inner.x + inner.width <= outer.x + outer.width + tol &&
    inner.y + inner.height <= outer.y + outer.height + tol &&
    inner.width * inner.height <= 0.5 * outer.width * outer.height
  );
}
