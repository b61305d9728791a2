/**
 * The draw.io cells of a placed block diagram: composite blocks as containers holding their
 * children, blocks with their outlines and colours, connectors routed around the blocks, and
 * the title.
 */

import { htmlLabel } from "../../layout/to-cells.ts";
import type { Rect } from "../../model/cell.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { withCss } from "../class-defs.ts";
import { type RectRoute, routeGrid, routeRects } from "../grid-route.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import { blockStyle, compositeStyle, edgeStyle, type Palette } from "./block-styles.ts";
import type { BlockDiagram, Item } from "./model.ts";
import type { Placement } from "./place.ts";

/** How far outside a block the routing lines run, px. */
const LINE_MARGIN = 12;
/** How far outside a composite block the routing lines run, px (inside the gap around it). */
const REGION_MARGIN = 16;

/** What drawing the cells noted. */
export interface DrawnBlocks {
  cells: XmlElement[];
  notes: string[];
}

/**
 * The cells of every block and connector, children inside their composites.
 *
 * @example
 * const { cells } = blockCells(diagram, placeGrid(diagram.root, { x: 20, y: 20 }), palette);
 */
export function blockCells(
  diagram: BlockDiagram,
  placement: Placement,
  palette: Palette,
): DrawnBlocks {
  const ids = new CellIds();
  const cellIds = new Map<string, string>();
  const cells: XmlElement[] = [];
  const notes: string[] = [];
  const leaves: Rect[] = [];
  const regions: Rect[] = [];
  const visit = (item: Item, parent: string, origin: Rect | undefined): void => {
    if (item.kind === "space") return;
    const rect = placement.rects.get(item.id) as Rect;
    const local = origin ? { ...rect, x: rect.x - origin.x, y: rect.y - origin.y } : rect;
    const id = ids.claim(item.id);
    cellIds.set(item.id, id);
    const styled = (style: string) =>
      withCss(style, diagram.classDefs.styleOf(item.classes, item.css));
    if (item.kind === "block") {
      leaves.push(rect);
      cells.push(
        vertexCell(id, htmlLabel(item.label), styled(blockStyle(item, palette)), parent, local),
      );
      return;
    }
    regions.push(rect);
    cells.push(
      vertexCell(
        id,
        htmlLabel(item.label),
        styled(compositeStyle(palette, item.label !== "")),
        parent,
        local,
      ),
    );
    for (const child of item.children) visit(child, id, rect);
  };
  for (const child of diagram.root.children) visit(child, PLACED_LAYER, undefined);
  const grid = routeGrid({
    obstacles: leaves,
    margin: LINE_MARGIN,
    regions,
    regionMargin: REGION_MARGIN,
    points: regions.map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 })),
  });
  for (const edge of diagram.edges) {
    const from = placement.rects.get(edge.from) as Rect;
    const to = placement.rects.get(edge.to) as Rect;
    const route = routeRects(grid, from, to);
    if (!route)
      notes.push(
        `line ${edge.at.line}: no way around the blocks was found for ${edge.from} → ${edge.to}; it is drawn straight`,
      );
    const style =
      edgeStyle(edge, palette) + (route ? ports(route, diagram, edge.from, edge.to) : "");
    cells.push(
      edgeCell(ids.next("edge"), htmlLabel(edge.label), style, PLACED_LAYER, {
        source: cellIds.get(edge.from) as string,
        target: cellIds.get(edge.to) as string,
        ...(route ? { points: route.points } : {}),
      }),
    );
  }
  return { cells, notes };
}

/** The exit and entry style keys of a route (mirrored on a flipped block, as draw.io mirrors them). */
function ports(route: RectRoute, diagram: BlockDiagram, from: string, to: string): string {
  const flipped = (id: string) => {
    const item = diagram.byId.get(id);
    return item?.kind === "block" && item.shape === "lean-left";
  };
  const x = (id: string, v: number) => (flipped(id) ? Math.round((1 - v) * 1000) / 1000 : v);
  return (
    `exitX=${x(from, route.exit.x)};exitY=${route.exit.y};exitDx=0;exitDy=0;` +
    `entryX=${x(to, route.entry.x)};entryY=${route.entry.y};entryDx=0;entryDy=0;`
  );
}
