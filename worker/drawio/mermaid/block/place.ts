/**
 * Placing the grid as Mermaid does: every composite block (and the diagram itself) lays its
 * children out in reading order over its columns, a block spanning as many columns as it
 * asks and wrapping to a new row when it does not fit. Columns of one grid share a width (the
 * widest label needs), rows take the height of their tallest block, and a grid given more
 * room than it needs widens its columns so that its blocks fill it.
 */
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { Block, BlockShape, Composite, Item } from "./model.ts";

/** Room between grid cells (edges run in it): more than the longest link label needs. */
export interface Gaps {
  x: number;
  y: number;
}
/** Room between a composite block's border and its grid. */
const PAD = 16;
const LABEL_WRAP = 220;

/** Where each block and composite block is drawn, in page coordinates. */
export interface Placement {
  rects: Map<string, Rect>;
  width: number;
  height: number;
  /** Columns of the diagram's own grid. */
  columns: number;
}

interface Size {
  width: number;
  height: number;
}

interface Cell {
  item: Item;
  row: number;
  column: number;
  span: number;
}

interface Grid {
  columns: number;
  cells: Cell[];
  rows: number;
  /** The narrowest column every child fits in. */
  columnWidth: number;
  rowHeights: number[];
}

/**
 * Places the diagram's grid with its top left corner at `origin`.
 *
 * @example
 * placeGrid(diagram.root, { x: 20, y: 20 }, { x: 32, y: 32 }).rects.get("a"); // { x: 20, y: 20, width: 60, height: 40 }
 */
export function placeGrid(
  root: Composite,
  origin: { x: number; y: number },
  gaps: Gaps,
): Placement {
  const sizes = new Map<Item, Size>();
  const grids = new Map<Composite, Grid>();
  const work: Work = { sizes, grids, gaps };
  const natural = measure(root, work, 0);
  const rects = new Map<string, Rect>();
  position(root, { x: origin.x, y: origin.y, width: natural.width }, work, rects, 0);
  return {
    rects,
    width: natural.width,
    height: natural.height,
    columns: grids.get(root)?.columns ?? 1,
  };
}

/** The size a block's label and outline need. */
export function blockSize(block: Block): Size {
  const text = measureText(block.label, LABEL_WRAP);
  const w = Math.max(text.width, 10);
  const h = Math.max(text.height, 15);
  const grow: Record<BlockShape, (w: number, h: number) => Size> = {
    square: (w, h) => ({ width: w + 32, height: h + 26 }),
    round: (w, h) => ({ width: w + 32, height: h + 26 }),
    stadium: (w, h) => ({ width: w + h + 36, height: h + 26 }),
    subroutine: (w, h) => ({ width: w + 48, height: h + 26 }),
    cylinder: (w, h) => ({ width: w + 32, height: h + 46 }),
    circle: (w, h) => circle(Math.hypot(w, h) + 20),
    "double-circle": (w, h) => circle(Math.hypot(w, h) + 32),
    asymmetric: (w, h) => ({ width: w + 52, height: h + 26 }),
    rhombus: (w, h) => ({ width: w * 1.5 + 40, height: h * 1.5 + 40 }),
    hexagon: (w, h) => ({ width: w + 64, height: h + 26 }),
    "lean-right": (w, h) => ({ width: w + 64, height: h + 26 }),
    "lean-left": (w, h) => ({ width: w + 64, height: h + 26 }),
    trapezoid: (w, h) => ({ width: w + 64, height: h + 26 }),
    "trapezoid-top": (w, h) => ({ width: w + 64, height: h + 26 }),
    arrow: (w, h) => arrowSize(block.directions, w, h),
  };
  const size = grow[block.shape](w, h);
  return {
    width: Math.ceil(Math.max(size.width, 50)),
    height: Math.ceil(Math.max(size.height, 40)),
  };
}

function circle(d: number): Size {
  return { width: d, height: d };
}

function arrowSize(directions: readonly string[], w: number, h: number): Size {
  const vertical = directions.some((d) => d === "up" || d === "down" || d === "y");
  const horizontal = directions.some((d) => d === "right" || d === "left" || d === "x");
  const long = Math.max(w + 50, 80);
  const thick = Math.max(h + 26, 50);
  if (vertical && !horizontal) return { width: Math.max(w + 24, 50), height: Math.max(h + 60, 80) };
  if (vertical && horizontal) return { width: long, height: long };
  return { width: long, height: thick };
}

/** What measuring and positioning share: the sizes and grids found, and the gaps. */
interface Work {
  sizes: Map<Item, Size>;
  grids: Map<Composite, Grid>;
  gaps: Gaps;
}

function measure(item: Item, work: Work, depth: number): Size {
  const { sizes, grids, gaps } = work;
  let size: Size;
  if (item.kind === "space") size = { width: 0, height: 0 };
  else if (item.kind === "block") size = blockSize(item);
  else {
    const grid = gridOf(item);
    grids.set(item, grid);
    let unit = 0;
    for (const cell of grid.cells) {
      const child = measure(cell.item, work, depth + 1);
      unit = Math.max(unit, (child.width - (cell.span - 1) * gaps.x) / cell.span);
      grid.rowHeights[cell.row] = Math.max(grid.rowHeights[cell.row] ?? 0, child.height);
    }
    grid.columnWidth = Math.max(unit, grid.cells.length === 0 ? 60 : 0);
    const pad = depth === 0 ? 0 : PAD;
    const heights = grid.rowHeights.map((h) => Math.max(h, 20));
    size = {
      width: grid.columns * grid.columnWidth + (grid.columns - 1) * gaps.x + 2 * pad,
      height:
        Math.max(heights.reduce((a, b) => a + b, 0) + (heights.length - 1) * gaps.y, 20) + 2 * pad,
    };
  }
  sizes.set(item, size);
  return size;
}

/** The cells of a composite's grid: reading order, wrapped at its column count. */
function gridOf(block: Composite): Grid {
  const columns = Math.max(
    1,
    block.columns ?? block.children.reduce((sum, child) => sum + child.span, 0),
  );
  const cells: Cell[] = [];
  let row = 0;
  let column = 0;
  for (const item of block.children) {
    const span = Math.min(item.span, columns);
    if (column + span > columns) {
      row++;
      column = 0;
    }
    cells.push({ item, row, column, span });
    column += span;
  }
  const rows = cells.length === 0 ? 1 : row + 1;
  return { columns, cells, rows, columnWidth: 0, rowHeights: new Array<number>(rows).fill(0) };
}

/** Places a composite (or block) at x, y in a cell `width` wide. */
function position(
  item: Item,
  at: { x: number; y: number; width: number },
  work: Work,
  rects: Map<string, Rect>,
  depth: number,
): void {
  const { x, y, width } = at;
  const { sizes, grids, gaps } = work;
  if (item.kind === "space") return;
  const size = sizes.get(item) as Size;
  if (item.kind === "block") {
    const round =
      item.shape === "circle" || item.shape === "double-circle" || item.shape === "rhombus";
    const w = round || item.shape === "arrow" ? size.width : width;
    rects.set(item.id, { x: x + (width - w) / 2, y, width: w, height: size.height });
    return;
  }
  const grid = grids.get(item) as Grid;
  const pad = depth === 0 ? 0 : PAD;
  if (depth > 0) rects.set(item.id, { x, y, width, height: size.height });
  const unit = (width - 2 * pad - (grid.columns - 1) * gaps.x) / grid.columns;
  const rowTops: number[] = [];
  let top = y + pad;
  for (const h of grid.rowHeights) {
    rowTops.push(top);
    top += Math.max(h, 20) + gaps.y;
  }
  for (const cell of grid.cells) {
    const cx = x + pad + cell.column * (unit + gaps.x);
    const cw = cell.span * unit + (cell.span - 1) * gaps.x;
    const child = sizes.get(cell.item) as Size;
    const rowHeight = grid.rowHeights[cell.row] ?? 0;
    const cy = (rowTops[cell.row] ?? 0) + (rowHeight - child.height) / 2;
    position(cell.item, { x: cx, y: cy, width: cw }, work, rects, depth + 1);
  }
}
