/**
 * What drawing a page may cost, decided before drawing it: each factor that an input can make
 * large (cells, characters per label and in all, waypoints per edge and in all, distinct
 * stencils, embedded images and their bytes) is counted from the page and refused over its
 * limit with `render_too_expensive`, naming the factor (`refuseOver`). What is drawn then
 * charges a {@link WorkBudget} as it goes, so no combination of factors under their limits
 * runs unbounded either. The limits sit far above every real file we know (the 93-file corpus:
 * at most 328 cells, 9,187 characters in one label, 6 waypoints on an edge, 23 stencils, 10
 * embedded images) and let our 50,000-cell synthetic diagrams through.
 */
import { refuseOver, WorkBudget } from "../budget.ts";
import { DrawioError } from "../errors.ts";
import type { PageLayout } from "../geometry/page-layout.ts";
import { getCellLabel, readWaypoints } from "../model/cell.ts";
import type { DrawingAssets } from "./assets/asset-cache.ts";
import { libraryImagePath } from "./assets/library-images.ts";
import { CellStyle } from "./cell-style.ts";

/** The limits of one page's drawing (`render_too_expensive` past any of them). */
export const RENDER_LIMITS = {
  /** Cells on the page (the same as a diagram may hold). */
  cells: 50_000,
  /** Characters in one label (the corpus's longest: 9,187). */
  labelChars: 100_000,
  /** Characters in all labels of the page together. */
  allLabelChars: 2_000_000,
  /** Waypoints of one edge (the corpus's most: 6). */
  edgeWaypoints: 10_000,
  /** Waypoints of all edges together. */
  allWaypoints: 200_000,
  /** Distinct stencil shapes (`mxgraph.…`) the page draws (the corpus's most: 23). */
  stencils: 1_000,
  /** Cells drawing an embedded or library image. */
  images: 2_000,
  /** Characters of image data the picture carries, every image counted where it is drawn. */
  imageChars: 32 * 1024 * 1024,
  /** Units of work charged while drawing (see {@link renderBudget}). */
  work: 20_000_000,
} as const;

/** Work units charged while drawing: a cell, a label character, a point, a stencil step. */
export const WORK_UNITS = {
  cell: 20,
  labelChar: 1,
  waypoint: 2,
  stencilStep: 1,
  imageKilobyte: 1,
} as const;

const ADVICE =
  "split the page, shorten what the detail names, or export it as draw.io XML and open it in draw.io";

/**
 * Counts a page's cost factors and refuses it, before any drawing, when one is over its limit
 * (library images at the size `assets` holds them).
 *
 * @example
 * checkRenderCost(new PageLayout(page)); // throws DrawioError("render_too_expensive", "cells: …")
 */
export function checkRenderCost(layout: PageLayout, assets?: DrawingAssets): void {
  let cells = 0;
  let longestLabel = 0;
  let allChars = 0;
  let mostWaypoints = 0;
  let allWaypoints = 0;
  let images = 0;
  let imageChars = 0;
  const stencils = new Set<string>();
  for (const cell of layout.cells) {
    // Vertices and edges: the root and layers draw nothing (and are not counted when stored).
    if (cell.vertex || cell.edge) cells++;
    const label = getCellLabel(cell.element).length;
    longestLabel = Math.max(longestLabel, label);
    allChars += label;
    if (cell.edge && cell.geometry) {
      const points = readWaypoints(cell.geometry).length;
      mostWaypoints = Math.max(mostWaypoints, points);
      allWaypoints += points;
    }
    if (!cell.vertex || !cell.style) continue;
    const style = new CellStyle(cell.style, "vertex");
    if (style.shape.includes(".")) stencils.add(style.shape.toLowerCase());
    const image = style.get("image");
    if (image) {
      images++;
      const library = libraryImagePath(image);
      imageChars += (library ? assets?.libraryImage(library) : image)?.length ?? 0;
    }
  }
  refuseOver(
    "render_too_expensive",
    [
      { what: "cells on the page", count: cells, limit: RENDER_LIMITS.cells },
      { what: "characters in one label", count: longestLabel, limit: RENDER_LIMITS.labelChars },
      { what: "characters in all labels", count: allChars, limit: RENDER_LIMITS.allLabelChars },
      { what: "waypoints of one edge", count: mostWaypoints, limit: RENDER_LIMITS.edgeWaypoints },
      { what: "waypoints in all", count: allWaypoints, limit: RENDER_LIMITS.allWaypoints },
      { what: "distinct stencils", count: stencils.size, limit: RENDER_LIMITS.stencils },
      { what: "images", count: images, limit: RENDER_LIMITS.images },
      { what: "characters of image data", count: imageChars, limit: RENDER_LIMITS.imageChars },
    ],
    ADVICE,
  );
}

/**
 * The budget one drawing charges as it goes ({@link WORK_UNITS}); spent, it stops the drawing
 * with `render_too_expensive`.
 *
 * @example
 * const budget = renderBudget();
 * budget.charge(WORK_UNITS.cell);
 */
export function renderBudget(limit: number = RENDER_LIMITS.work): WorkBudget {
  return new WorkBudget(
    limit,
    () =>
      new DrawioError(
        "render_too_expensive",
        `drawing this page took more than the ${limit.toLocaleString("en-US")} units of work one picture may take (cells, label characters, waypoints, stencil steps, image data together); ${ADVICE}`,
      ),
  );
}
