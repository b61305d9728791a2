/** An existing page as placing and routing read it: boxes, containers, nesting, routes and flow. */
import { edgeRoutes } from "../geometry/edge-routes.ts";
import { type LayoutCell, PageLayout } from "../geometry/page-layout.ts";
import { gridSize, SpatialGrid } from "../geometry/spatial-grid.ts";
import { DIRECTIONS, type Direction } from "../layout/spec.ts";
import { isPlacedVertex } from "../lint/overlaps.ts";
import { getCellAttribute, type Point, type Rect } from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { finiteNumber } from "../model/numbers.ts";
import { getStyleValue, isContainerStyle, shapeOf } from "../model/style.ts";

/** A shape's box in page coordinates. */
export interface PlacedBox {
  id: string;
  rect: Rect;
  /**
   * What the shape is to a new one: a `shape` to keep well clear of; a `container` (or a
   * swimlane) that is not the new shape's own, kept clear of by less (its members keep their
   * own distance from its border); a `backdrop`, a plain shape drawn behind others (a table's
   * cell, a zone), which a new shape may lie on but not straddle.
   */
  kind?: "shape" | "container" | "backdrop";
}

/** draw.io's default header size of a swimlane (`startSize`) in 14.6. */
const SWIMLANE_HEADER = 23;

/** Room kept between a container's border (or header) and the shapes inside it. */
export const CONTAINER_PADDING = 20;

/**
 * An existing page as the incremental placer sees it: every placed, visible vertex with its
 * absolute box, which of them are containers, what holds what, the routes of the edges, and
 * which way the flow runs in each container. Built once per edit; nothing in it changes the page.
 *
 * @example
 * const scene = new Scene(page);
 * scene.flow(undefined); // "right": most edges of the page point right
 */
export class Scene {
  readonly layout: PageLayout;
  /** Placed, visible vertices in document order. */
  readonly boxes: PlacedBox[] = [];
  /** How many vertices deep the deepest shape sits (0 on a flat page). */
  depth = 0;
  readonly #rects = new Map<string, Rect>();
  readonly #holders = new Set<string>();
  #routes: Point[][] | undefined;
  readonly #flows = new Map<string, Direction>();

  constructor(page: DiagramPage) {
    this.layout = new PageLayout(page);
    for (const cell of this.layout.cells) {
      // Placed vertices, and those placed relative to a vertex (ports, the parts of a UML frame).
      const relativeToVertex =
        cell.relative && cell.vertex && cell.parent?.vertex === true && this.layout.isVisible(cell);
      if (!isPlacedVertex(this.layout, cell) && !relativeToVertex) continue;
      const rect = this.layout.absoluteRect(cell);
      if (!rect || !(rect.width > 0) || !(rect.height > 0)) continue;
      this.boxes.push({ id: cell.id, rect });
      this.#rects.set(cell.id, rect);
      if (cell.parent?.vertex) this.#holders.add(cell.parent.id);
    }
    // How deep shapes nest, each cell's depth from its parent's (a page may nest thousands deep).
    const depths = new Map<string, number>();
    for (const cell of this.layout.cells) {
      const up = cell.parent ? depths.get(cell.parent.id) : undefined;
      const depth = cell.vertex && up !== undefined ? up + 1 : up !== undefined ? up : 0;
      depths.set(cell.id, depth);
      if (depth > this.depth) this.depth = depth;
    }
    const backdrops = backdropsOf(this.boxes);
    for (const box of this.boxes) {
      box.kind = this.isContainer(box.id)
        ? "container"
        : backdrops.has(box.id)
          ? "backdrop"
          : "shape";
    }
  }

  /** The absolute box of a placed vertex. */
  rect(id: string): Rect | undefined {
    return this.#rects.get(id);
  }

  cell(id: string): LayoutCell | undefined {
    return this.layout.get(id);
  }

  /** True for a vertex that holds shapes: a container, group, swimlane or table, or any parent. */
  isContainer(id: string): boolean {
    const cell = this.layout.get(id);
    if (!cell?.vertex) return false;
    return this.#holders.has(id) || isContainerStyle(cell.style);
  }

  /** The vertex ancestors of a cell, nearest first (layers and the root are not vertices). */
  vertexAncestors(id: string): string[] {
    const cell = this.layout.get(id);
    if (!cell) return [];
    return this.layout
      .ancestors(cell)
      .filter((a) => a.vertex)
      .map((a) => a.id);
  }

  /** The layer a cell is drawn on: its topmost ancestor below the root. */
  layerOf(id: string): string | undefined {
    const cell = this.layout.get(id);
    if (!cell) return undefined;
    const chain = [cell, ...this.layout.ancestors(cell)];
    return chain.length >= 2 ? (chain[chain.length - 2] as LayoutCell).id : undefined;
  }

  /**
   * The area inside a container where members go: its box (or `rect`, the box it will have) less
   * the header and a padding.
   */
  inner(id: string, rect = this.#rects.get(id)): Rect | undefined {
    const cell = this.layout.get(id);
    if (!rect || !cell) return undefined;
    const header = headerOf(cell.style);
    const pad = Math.min(CONTAINER_PADDING, rect.width / 6, rect.height / 6);
    const x = rect.x + pad + header.left;
    const y = rect.y + pad + header.top;
    return {
      x,
      y,
      width: Math.max(0, rect.x + rect.width - pad - x),
      height: Math.max(0, rect.y + rect.height - pad - y),
    };
  }

  /** The absolute origin that children of `id` (or cells on the layer when undefined) count from. */
  origin(id: string | undefined): Point {
    const cell = id === undefined ? undefined : this.layout.get(id);
    return (cell && this.layout.origin(cell)) ?? { x: 0, y: 0 };
  }

  /** The drawn routes of the page's edges, absolute (a straight line where draw.io routes itself). */
  routes(): Point[][] {
    if (!this.#routes) this.#routes = edgeRoutes(this.layout).map((r) => r.points);
    return this.#routes;
  }

  /**
   * Which way the flow runs among the members of `container` (the whole page when undefined):
   * where most edges between two of its shapes point, by the larger of their centres' offsets.
   * A container with no such edges follows its own container's flow; a page with none flows down,
   * or right when the container is much wider than tall.
   */
  flow(container: string | undefined): Direction {
    const key = container ?? "";
    const known = this.#flows.get(key);
    if (known) return known;
    const votes: Record<Direction, number> = { down: 0, up: 0, right: 0, left: 0 };
    let total = 0;
    for (const cell of this.layout.cells) {
      if (!cell.edge) continue;
      const s = this.#end(cell, "source");
      const t = this.#end(cell, "target");
      if (!s || !t || s === t) continue;
      if (container !== undefined && !(this.#inside(s, container) && this.#inside(t, container)))
        continue;
      const a = this.#rects.get(s) as Rect;
      const b = this.#rects.get(t) as Rect;
      const dx = b.x + b.width / 2 - (a.x + a.width / 2);
      const dy = b.y + b.height / 2 - (a.y + a.height / 2);
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      if (Math.abs(dy) >= Math.abs(dx)) votes[dy > 0 ? "down" : "up"]++;
      else votes[dx > 0 ? "right" : "left"]++;
      total++;
    }
    let flow: Direction;
    if (total === 0) {
      const up = container === undefined ? undefined : this.vertexAncestors(container)[0];
      const box = container === undefined ? undefined : this.#rects.get(container);
      if (container !== undefined && up !== undefined) flow = this.flow(up);
      else if (box && box.width > 2 * box.height) flow = "right";
      else flow = container === undefined ? "down" : this.flow(undefined);
    } else {
      flow = DIRECTIONS.reduce<Direction>((best, d) => (votes[d] > votes[best] ? d : best), "down");
    }
    this.#flows.set(key, flow);
    return flow;
  }

  #end(edge: LayoutCell, which: "source" | "target"): string | undefined {
    const ref = getCellAttribute(edge.element, which);
    return ref !== undefined && this.#rects.has(ref) ? ref : undefined;
  }

  #inside(id: string, container: string): boolean {
    return this.vertexAncestors(id).includes(container);
  }
}

/** The header a container draws on its top (or, for `horizontal=0` swimlanes, its left). */
export function headerOf(style: string | undefined): { top: number; left: number } {
  const shape = shapeOf(style);
  if (shape !== "swimlane" && shape !== "table") {
    // A titled container keeps its label clear: members start below a line of text.
    const labelTop =
      getStyleValue(style, "verticalAlign") === "top" || getStyleValue(style, "container") === "1";
    return { top: labelTop ? 16 : 0, left: 0 };
  }
  const size = finiteNumber(getStyleValue(style, "startSize"), SWIMLANE_HEADER);
  return getStyleValue(style, "horizontal") === "0"
    ? { top: 0, left: size }
    : { top: size, left: 0 };
}

/**
 * The shapes drawn behind others: each one that wholly holds a smaller shape (as the lint
 * counts them, edges may cross them and new shapes may lie on them).
 */
function backdropsOf(boxes: readonly PlacedBox[]): Set<string> {
  const out = new Set<string>();
  if (boxes.length === 0) return out;
  const grid = new SpatialGrid(gridSize(boxes.map((b) => b.rect)), boxes.length);
  for (const [i, b] of boxes.entries()) grid.insert(i, b.rect);
  const found: number[] = [];
  for (const box of boxes) {
    const r = box.rect;
    const centre = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    grid.collect(centre, centre, found);
    for (const i of found) {
      const other = boxes[i] as PlacedBox;
      const o = other.rect;
      if (other === box || o.width * o.height <= r.width * r.height) continue;
      if (
        o.x <= r.x &&
        o.y <= r.y &&
        o.x + o.width >= r.x + r.width &&
        o.y + o.height >= r.y + r.height
      )
        out.add(other.id);
    }
  }
  return out;
}
