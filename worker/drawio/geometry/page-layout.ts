/**
 * A page's cells with parents resolved and absolute positions (`PageLayout`), and the
 * rectangle and segment tests that the lint, layout, extend and render share.
 */

import {
  geometryOf,
  getCellAttribute,
  isEdge,
  isVertex,
  type Point,
  type Rect,
  readRect,
} from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { finiteNumber } from "../model/numbers.ts";
import type { XmlElement } from "../xml/nodes.ts";

/** One cell of a page with what the geometry rules need to know about it. */
export interface LayoutCell {
  id: string;
  /** Position in document order, for deterministic output. */
  index: number;
  element: XmlElement;
  /** The parent cell, when the `parent` id names an existing cell. */
  parent: LayoutCell | undefined;
  vertex: boolean;
  edge: boolean;
  style: string | undefined;
  geometry: XmlElement | undefined;
  /** Stored rectangle, relative to the parent (zeros without geometry). */
  rect: Rect;
  /** True for `relative="1"` geometry (edge labels, ports). */
  relative: boolean;
}

/**
 * The cells of a page indexed by id, with absolute positions and visibility worked out lazily.
 * Duplicate ids keep their first cell; parent cycles end walks instead of looping.
 *
 * @example
 * const layout = new PageLayout(doc.pages[0]);
 * layout.absoluteRect(layout.get("7")!); // { x: 240, y: 130, width: 120, height: 60 }
 */
export class PageLayout {
  readonly cells: LayoutCell[] = [];
  private readonly byId = new Map<string, LayoutCell>();
  private readonly origins: Array<Point | null | undefined> = [];
  private readonly visibility: Array<boolean | undefined> = [];

  constructor(page: DiagramPage) {
    const parentIds: Array<string | undefined> = [];
    for (const element of page.cells) {
      const id = element.attrs.id;
      if (id === undefined || this.byId.has(id)) continue;
      const geometry = geometryOf(element);
      const cell: LayoutCell = {
        id,
        index: this.cells.length,
        element,
        parent: undefined,
        vertex: isVertex(element),
        edge: isEdge(element),
        style: getCellAttribute(element, "style"),
        geometry,
        rect: geometry ? readRect(geometry) : { x: 0, y: 0, width: 0, height: 0 },
        relative: geometry?.attrs.relative === "1",
      };
      this.cells.push(cell);
      this.byId.set(id, cell);
      parentIds.push(getCellAttribute(element, "parent"));
    }
    for (const cell of this.cells) cell.parent = this.get(parentIds[cell.index]);
  }

  /**
   * The cell as it reads with `element` in its place (the same id, index and parent), the
   * layout left as it is: a pass tries a new drawing of an edge without reading the page again.
   *
   * @example
   * crosses(layout.withElement(edge, redrawn));
   */
  withElement(cell: LayoutCell, element: XmlElement): LayoutCell {
    const geometry = geometryOf(element);
    return {
      ...cell,
      element,
      style: getCellAttribute(element, "style"),
      geometry,
      rect: geometry ? readRect(geometry) : { x: 0, y: 0, width: 0, height: 0 },
      relative: geometry?.attrs.relative === "1",
    };
  }

  /**
   * Puts `element` in the place of an edge's cell, as a page with that element would read: the
   * passes over a laid-out page redraw edges one after another on one layout. Only for edges
   * (their position and visibility do not depend on their own element), and the element keeps
   * the cell's id, `parent` and `visible`.
   *
   * @example
   * layout.setEdgeElement(edge, redrawn);
   */
  setEdgeElement(cell: LayoutCell, element: XmlElement): void {
    if (!cell.edge) throw new Error(`cell ${cell.id} is not an edge`);
    Object.assign(cell, this.withElement(cell, element));
  }

  /** The cell with this id, if any. */
  get(id: string | undefined): LayoutCell | undefined {
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Ancestors from the parent up, stopping at a cycle. */
  ancestors(cell: LayoutCell): LayoutCell[] {
    const out: LayoutCell[] = [];
    for (let p = cell.parent; p && p !== cell && out.length < this.cells.length; p = p.parent) {
      out.push(p);
    }
    return out;
  }

  /** True when some proper ancestor of `cell` is in `set`. */
  hasAncestorIn(cell: LayoutCell, set: ReadonlySet<LayoutCell>): boolean {
    let p = cell.parent;
    for (let n = 0; p && n < this.cells.length; n++, p = p.parent) if (set.has(p)) return true;
    return false;
  }

  /**
   * The absolute position of a cell's top-left corner, which is also the origin its children
   * and its edges' waypoints are relative to. As in mxGraphView, layers, the root and edges
   * add nothing; a relative vertex is placed by fractions of its vertex parent. Undefined when
   * the position depends on an edge's route (edge labels) or the parent chain loops.
   */
  origin(cell: LayoutCell): Point | undefined {
    const cached = this.origins[cell.index];
    if (cached !== undefined) return cached ?? undefined;
    // The cells up to the first known one, marked as they are met (a loop meets itself and
    // stays unplaced), then placed from the top down: a page may nest cells tens of thousands
    // deep, too deep to recurse.
    const chain: LayoutCell[] = [];
    for (let c: LayoutCell | undefined = cell; c && this.origins[c.index] === undefined; ) {
      this.origins[c.index] = null;
      chain.push(c);
      c = c.parent;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const c = chain[i] as LayoutCell;
      const parent = c.parent;
      const base = parent ? (this.origins[parent.index] ?? undefined) : { x: 0, y: 0 };
      let result: Point | undefined;
      if (base && (c.edge || !c.geometry)) result = base;
      else if (base && !c.relative) result = { x: base.x + c.rect.x, y: base.y + c.rect.y };
      else if (base && parent?.vertex && c.geometry) {
        const offset = offsetOf(c.geometry);
        result = {
          x: base.x + c.rect.x * parent.rect.width + offset.x,
          y: base.y + c.rect.y * parent.rect.height + offset.y,
        };
      }
      this.origins[c.index] = result ?? null;
    }
    return this.origins[cell.index] ?? undefined;
  }

  /** The absolute rectangle of a vertex, or undefined when it cannot be placed. */
  absoluteRect(cell: LayoutCell): Rect | undefined {
    const o = this.origin(cell);
    return o && { x: o.x, y: o.y, width: cell.rect.width, height: cell.rect.height };
  }

  /** False when the cell or an ancestor has `visible="0"`, or an ancestor is collapsed. */
  isVisible(cell: LayoutCell): boolean {
    const cached = this.visibility[cell.index];
    if (cached !== undefined) return cached;
    // As `origin`: up to the first known cell (a loop counts as visible), then down.
    const chain: LayoutCell[] = [];
    for (let c: LayoutCell | undefined = cell; c && this.visibility[c.index] === undefined; ) {
      this.visibility[c.index] = true;
      chain.push(c);
      c = c.parent;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const c = chain[i] as LayoutCell;
      const parent = c.parent;
      this.visibility[c.index] =
        getCellAttribute(c.element, "visible") !== "0" &&
        (!parent ||
          (getCellAttribute(parent.element, "collapsed") !== "1" &&
            this.visibility[parent.index] !== false));
    }
    return this.visibility[cell.index] as boolean;
  }
}

/** A geometry's `<mxPoint as="offset">` (a label's shift), or (0, 0). */
export function offsetOf(geometry: XmlElement): Point {
  for (const child of geometry.children) {
    const el = child as XmlElement;
    if (el.name === "mxPoint" && el.attrs.as === "offset") {
      return { x: finiteNumber(el.attrs.x, 0), y: finiteNumber(el.attrs.y, 0) };
    }
  }
  return { x: 0, y: 0 };
}

/**
 * The rectangle moved in by `inset` on every side (empty rectangles keep a negative size).
 *
 * @example
 * insetRect({ x: 0, y: 0, width: 100, height: 50 }, 4); // { x: 4, y: 4, width: 92, height: 42 }
 */
export function insetRect(r: Rect, inset: number): Rect {
  return {
    x: r.x + inset,
    y: r.y + inset,
    width: r.width - 2 * inset,
    height: r.height - 2 * inset,
  };
}

/**
 * The smallest rectangle holding the points.
 *
 * @example
 * pointsBox([{ x: 10, y: 5 }, { x: 0, y: 20 }]); // { x: 0, y: 5, width: 10, height: 15 }
 */
export function pointsBox(points: readonly Point[]): Rect {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The smallest rectangle holding both.
 *
 * @example
 * unionRect({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 5, width: 5, height: 5 }); // { x: 0, y: 0, width: 25, height: 10 }
 */
export function unionRect(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const width = Math.max(a.x + a.width, b.x + b.width) - x;
  return { x, y, width, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/**
 * True when the point lies inside the rectangle or on its border.
 *
 * @example
 * containsPoint({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 5 }); // true
 */
export function containsPoint(r: Rect, p: Point): boolean {
  return p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
}

/**
 * True when `inner` lies inside `outer` (borders may touch).
 *
 * @example
 * containsRect({ x: 0, y: 0, width: 100, height: 100 }, { x: 10, y: 10, width: 20, height: 20 }); // true
 */
export function containsRect(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * The parameter range [t0, t1] (0 = a, 1 = b) of segment a→b that lies inside the rectangle,
 * by Liang–Barsky clipping; undefined when the segment misses it.
 *
 * @example
 * segmentInterval({ x: 0, y: 5 }, { x: 20, y: 5 }, { x: 5, y: 0, width: 10, height: 10 }); // [0.25, 0.75]
 */
export function segmentInterval(a: Point, b: Point, r: Rect): [number, number] | undefined {
  return clip(a, b, r) ? [clipStart, clipEnd] : undefined;
}

// Scratch results of clip(): the crossing test runs hundreds of thousands of times on large
// diagrams, and returning a fresh tuple each time was most of its cost.
let clipStart = 0;
let clipEnd = 1;

function clip(a: Point, b: Point, r: Rect): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  if (dx === 0) {
    if (a.x < r.x || a.x > r.x + r.width) return false;
  } else {
    const u = (r.x - a.x) / dx;
    const v = (r.x + r.width - a.x) / dx;
    t0 = Math.max(t0, Math.min(u, v));
    t1 = Math.min(t1, Math.max(u, v));
    if (t0 > t1) return false;
  }
  const dy = b.y - a.y;
  if (dy === 0) {
    if (a.y < r.y || a.y > r.y + r.height) return false;
  } else {
    const u = (r.y - a.y) / dy;
    const v = (r.y + r.height - a.y) / dy;
    t0 = Math.max(t0, Math.min(u, v));
    t1 = Math.min(t1, Math.max(u, v));
    if (t0 > t1) return false;
  }
  clipStart = t0;
  clipEnd = t1;
  return true;
}

/**
 * True when segment a→b runs through `r` for more than `minLength` px outside every rectangle
 * in `except` (the edge's own terminals, whose inside the drawn edge never enters).
 *
 * @example
 * segmentCrossesRect({ x: 0, y: 5 }, { x: 40, y: 5 }, { x: 10, y: 0, width: 10, height: 10 }, []); // true
 */
export function segmentCrossesRect(
  a: Point,
  b: Point,
  r: Rect,
  except: readonly Rect[],
  minLength = 1,
): boolean {
  if (!clip(a, b, r)) return false;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if ((clipEnd - clipStart) * length <= minLength) return false;
  // An excluded rectangle can only cut the part inside `r` if the two rectangles meet.
  if (!except.some((ex) => rectsMeet(ex, r))) return true;
  let pieces: Array<[number, number]> = [[clipStart, clipEnd]];
  for (const ex of except) {
    const cut = segmentInterval(a, b, ex);
    if (!cut) continue;
    pieces = pieces.flatMap(([s, e]): Array<[number, number]> => {
      if (cut[1] <= s || cut[0] >= e) return [[s, e]];
      const out: Array<[number, number]> = [];
      if (cut[0] > s) out.push([s, cut[0]]);
      if (cut[1] < e) out.push([cut[1], e]);
      return out;
    });
  }
  return pieces.some(([s, e]) => (e - s) * length > minLength);
}

/**
 * True when two rectangles share area or touch.
 *
 * @example
 * rectsMeet({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 }); // true
 */
export function rectsMeet(p: Rect, q: Rect): boolean {
  return (
    p.x <= q.x + q.width && q.x <= p.x + p.width && p.y <= q.y + q.height && q.y <= p.y + p.height
  );
}

/**
 * The distance from a point to the segment a→b.
 *
 * @example
 * distanceToSegment({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 }); // 3
 */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + dx * t), p.y - (a.y + dy * t));
}
