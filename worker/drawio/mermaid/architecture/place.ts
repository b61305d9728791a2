/**
 * Placing an architecture diagram on grids that honour the sides edges name: `a:R -- L:b`
 * puts b in the cell right of a, `a:T -- B:b` puts b above a, `a:T -- L:b` up and to the
 * right. Each group is placed first, as a grid of its own members, then takes one cell of
 * its parent's grid, so a group's box holds its members and nothing else. Columns take their
 * widest item, rows their tallest, with room between them for the edges.
 */
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { Architecture, Side } from "./model.ts";

/** The icon's size; its title goes below it. */
export const ICON = 60;
const JUNCTION = 12;
const LABEL_WRAP = 120;
const GAP_X = 80;
const GAP_Y = 64;
/** A group's border to its grid, and the room its title takes on top. */
const PAD = 28;
const HEADER = 46;

/** Where everything is drawn, in page coordinates. */
export interface ArchPlacement {
  /** A service's icon, a junction's point, a group's box. */
  rects: Map<string, Rect>;
  /** A service's icon and title together: what edges go around. */
  footprints: Map<string, Rect>;
  width: number;
  height: number;
}

interface Size {
  width: number;
  height: number;
}

/** A child of one grid: a node or a group, by id. */
interface Level {
  children: string[];
  /** Offsets of each child's cell from the grid's origin, once placed. */
  at: Map<string, { x: number; y: number }>;
  size: Size;
}

const VECTOR: Record<Side, [number, number]> = { R: [1, 0], L: [-1, 0], T: [0, -1], B: [0, 1] };

/** Where b sits from a when an edge leaves a by `from` and enters b by `to`. */
function shift(from: Side, to: Side): [number, number] {
  const [ax, ay] = VECTOR[from];
  const [bx, by] = VECTOR[to];
  if ((ax !== 0) === (bx !== 0)) return [ax, ay];
  return [ax - bx, ay - by];
}

/**
 * Places every service, junction and group with the diagram's top left corner at `origin`.
 *
 * @example
 * placeArchitecture(diagram, { x: 20, y: 20 }).rects.get("db");
 */
export function placeArchitecture(
  diagram: Architecture,
  origin: { x: number; y: number },
): ArchPlacement {
  const members = new Map<string, string[]>([["", []]]);
  for (const g of diagram.groups) members.set(g.id, []);
  for (const item of [...diagram.groups, ...diagram.nodes])
    members.get(item.parent ?? "")?.push(item.id);
  const sizes = new Map<string, Size>();
  for (const node of diagram.nodes) sizes.set(node.id, nodeSize(node.kind, node.title));
  const levels = new Map<string, Level>();
  const ancestry = (id: string): string[] => {
    const chain: string[] = [];
    for (let c: string | undefined = id; c !== undefined; c = diagram.byId.get(c)?.parent)
      chain.push(c);
    return chain;
  };
  const chains = new Map(diagram.nodes.map((n) => [n.id, ancestry(n.id)]));
  const depth = (id: string) => (id === "" ? 0 : ancestry(id).length);
  // Deepest groups first: a group's size is known before its parent's grid needs it.
  const order = ["", ...diagram.groups.map((g) => g.id)].sort((a, b) => depth(b) - depth(a));
  for (const container of order) {
    const level = placeLevel(container, members.get(container) ?? [], diagram, chains, sizes);
    levels.set(container, level);
    if (container !== "")
      sizes.set(container, {
        width: level.size.width + 2 * PAD,
        height: level.size.height + PAD + HEADER,
      });
  }
  const rects = new Map<string, Rect>();
  const footprints = new Map<string, Rect>();
  const put = (container: string, x: number, y: number) => {
    const level = levels.get(container) as Level;
    for (const child of level.children) {
      const cell = level.at.get(child) as { x: number; y: number };
      const size = sizes.get(child) as Size;
      const cx = x + cell.x;
      const cy = y + cell.y;
      const item = diagram.byId.get(child);
      if (item && "kind" in item) {
        const icon = item.kind === "junction" ? JUNCTION : ICON;
        rects.set(child, { x: cx + (size.width - icon) / 2, y: cy, width: icon, height: icon });
        footprints.set(child, { x: cx, y: cy, width: size.width, height: size.height });
      } else {
        rects.set(child, { x: cx, y: cy, width: size.width, height: size.height });
        put(child, cx + PAD, cy + HEADER);
      }
    }
  };
  put("", origin.x, origin.y);
  const root = levels.get("") as Level;
  return { rects, footprints, width: root.size.width, height: root.size.height };
}

function nodeSize(kind: "service" | "junction", title: string): Size {
  if (kind === "junction") return { width: JUNCTION, height: JUNCTION };
  const text = measureText(title, LABEL_WRAP);
  return {
    width: Math.max(ICON, text.width + 8),
    height: ICON + (title === "" ? 0 : text.height + 6),
  };
}

/** The grid of one container's children, cells placed by the sides of the edges between them. */
function placeLevel(
  container: string,
  children: string[],
  diagram: Architecture,
  chains: Map<string, string[]>,
  sizes: Map<string, Size>,
): Level {
  const index = new Set(children);
  const links = new Map<string, { other: string; dx: number; dy: number }[]>();
  for (const child of children) links.set(child, []);
  for (const edge of diagram.edges) {
    const a = childOf(chains.get(edge.from.id) ?? [], container, index);
    const b = childOf(chains.get(edge.to.id) ?? [], container, index);
    if (a === undefined || b === undefined || a === b) continue;
    const [dx, dy] = shift(edge.from.side, edge.to.side);
    links.get(a)?.push({ other: b, dx, dy });
    links.get(b)?.push({ other: a, dx: -dx, dy: -dy });
  }
  const cells = gridCells(children, links);
  return measureLevel(children, cells, sizes);
}

/** The child of `container` a node sits in (itself, or the group holding it at that level). */
function childOf(
  chain: readonly string[],
  container: string,
  index: ReadonlySet<string>,
): string | undefined {
  const at = container === "" ? chain.length : chain.indexOf(container);
  if (at <= 0) return undefined;
  const child = chain[at - 1] as string;
  return index.has(child) ? child : undefined;
}

/** Grid cells for the children: breadth first along the links, each component right of the last. */
function gridCells(
  children: readonly string[],
  links: Map<string, { other: string; dx: number; dy: number }[]>,
): Map<string, [number, number]> {
  const cells = new Map<string, [number, number]>();
  const taken = new Set<string>();
  const key = (x: number, y: number) => `${x},${y}`;
  let right = -1;
  for (const start of children) {
    if (cells.has(start)) continue;
    let x = right + 1;
    const y = 0;
    while (taken.has(key(x, y))) x++;
    cells.set(start, [x, y]);
    taken.add(key(x, y));
    const queue = [start];
    for (let q = 0; q < queue.length; q++) {
      const id = queue[q] as string;
      const [px, py] = cells.get(id) as [number, number];
      for (const link of links.get(id) ?? []) {
        if (cells.has(link.other)) continue;
        let nx = px + link.dx;
        let ny = py + link.dy;
        const sx = Math.sign(link.dx) || (link.dy === 0 ? 1 : 0);
        const sy = link.dx === 0 ? Math.sign(link.dy) : 0;
        while (taken.has(key(nx, ny))) {
          nx += sx;
          ny += sy;
        }
        cells.set(link.other, [nx, ny]);
        taken.add(key(nx, ny));
        queue.push(link.other);
      }
    }
    for (const [cx] of cells.values()) right = Math.max(right, cx);
  }
  return cells;
}

/** Pixel offsets of each cell: columns as wide as their widest child, rows as tall as their tallest. */
function measureLevel(
  children: string[],
  cells: Map<string, [number, number]>,
  sizes: Map<string, Size>,
): Level {
  const widths = new Map<number, number>();
  const heights = new Map<number, number>();
  for (const [id, [x, y]] of cells) {
    const size = sizes.get(id) as Size;
    widths.set(x, Math.max(widths.get(x) ?? 0, size.width));
    heights.set(y, Math.max(heights.get(y) ?? 0, size.height));
  }
  const offsets = (sizesOf: Map<number, number>, gap: number) => {
    const out = new Map<number, number>();
    let at = 0;
    for (const k of [...sizesOf.keys()].sort((a, b) => a - b)) {
      out.set(k, at);
      at += (sizesOf.get(k) ?? 0) + gap;
    }
    return { out, total: Math.max(0, at - gap) };
  };
  const xs = offsets(widths, GAP_X);
  const ys = offsets(heights, GAP_Y);
  const at = new Map<string, { x: number; y: number }>();
  for (const [id, [x, y]] of cells) {
    const size = sizes.get(id) as Size;
    const column = widths.get(x) ?? 0;
    const row = heights.get(y) ?? 0;
    // Centred across the column; icons share a top line in a row so that their sides line up.
    at.set(id, {
      x: (xs.out.get(x) ?? 0) + (column - size.width) / 2,
      y: (ys.out.get(y) ?? 0) + junctionDrop(size, row),
    });
  }
  return { children, at, size: { width: Math.max(xs.total, 40), height: Math.max(ys.total, 20) } };
}

/** A junction sits at the middle of the icons of its row; everything else at the row's top. */
function junctionDrop(size: Size, row: number): number {
  if (size.width !== JUNCTION || size.height !== JUNCTION) return 0;
  return Math.max(0, Math.min(ICON / 2 - JUNCTION / 2, row - JUNCTION));
}
