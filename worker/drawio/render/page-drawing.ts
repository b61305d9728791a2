/**
 * One page being drawn: its cells in model order (a shape, then its label, then its children),
 * each piece's SVG collected with the box it covers, so the picture can be cropped to them.
 */
import type { WorkBudget } from "../budget.ts";
import { edgeLabelAnchor, edgeLabelBase } from "../geometry/edge-labels.ts";
import { type LayoutCell, offsetOf, type PageLayout } from "../geometry/page-layout.ts";
import { getCellLabel, type Point, type Rect } from "../model/cell.ts";
import type { GlyphOutliner } from "../text/glyph-outliner.ts";
import type { DrawingAssets } from "./assets/asset-cache.ts";
import { rotatedBounds, union } from "./bounds.ts";
import { CellStyle } from "./cell-style.ts";
import type { ColourTheme } from "./dark-colours.ts";
import { drawVertex } from "./draw-shape.ts";
import { drawEdge } from "./edges/edges.ts";
import { drawLabel } from "./labels/labels.ts";
import { type Defs, paintOf } from "./paint.ts";
import { newRasterTally, type RasterTally, tallyEdge, tallyVertex } from "./raster-tally.ts";
import { WORK_UNITS } from "./render-cost.ts";
import { tableGrid, tableTitleBox } from "./table-grid.ts";

/**
 * A cell's label, with `%name%` replaced by the attribute `name` of the cell's `<object>` or of
 * the nearest ancestor that has it, when the object asks for placeholders (`placeholders="1"`),
 * as draw.io shows it. An unknown name stays as written.
 */
function labelOf(cell: LayoutCell, style: CellStyle, budget: WorkBudget): string {
  const raw = getCellLabel(cell.element);
  budget.charge(WORK_UNITS.labelChar * raw.length);
  if (cell.element.attrs.placeholders !== "1" || !raw.includes("%")) return raw;
  const html = style.get("html") === "1";
  return raw.replace(/%([A-Za-z0-9_.-]+)%/g, (whole, name: string) => {
    for (let c: LayoutCell | undefined = cell; c; c = c.parent) {
      if (c.element.name !== "object" && c.element.name !== "UserObject") continue;
      const value = name === "label" ? undefined : c.element.attrs[name];
      if (value === undefined) continue;
      return html ? value.replaceAll("&", "&amp;").replaceAll("<", "&lt;") : value;
    }
    return whole;
  });
}

/** Colour keys that may name another cell's colour (`inherit`, `swimlane`). */
const REFERENCE_KEYS = ["fillColor", "strokeColor", "fontColor", "gradientColor"] as const;

/** How a page is drawn: theme, scale, the budget its steps charge, the assets it draws with. */
export interface PageDrawingOptions {
  /** The colours' theme (`dark-colours.ts`). */
  theme: ColourTheme;
  scale: number;
  budget: WorkBudget;
  assets: DrawingAssets | undefined;
  /** Draws label lines of other scripts as outlines (for a PNG); else all lines are `<text>`. */
  outliner?: GlyphOutliner | undefined;
}

/**
 * Draws a page's visible cells once each, in model order, into `parts`, growing `bounds` over
 * what they cover, and names the shapes it draws as boxes in `unknown`.
 *
 * @example
 * const drawing = new PageDrawing(layout, { theme: LIGHT, scale: 1, budget, assets: undefined });
 * drawing.drawAll();
 * drawing.parts.join(""); // the cells' SVG, without the root
 */
export class PageDrawing {
  /** The SVG of each piece drawn, in order. */
  readonly parts: string[] = [];
  /** What the pieces cover (a shadow included), or undefined when nothing was drawn. */
  bounds: Rect | undefined;
  /** Shape names drawn as their bounding box. */
  readonly unknown = new Set<string>();
  /** What the drawing counted for a rasteriser. */
  readonly tally: RasterTally = newRasterTally();
  readonly defs: Defs;
  readonly #layout: PageLayout;
  readonly #theme: ColourTheme;
  readonly #scale: number;
  readonly #budget: WorkBudget;
  readonly #outliner: GlyphOutliner | undefined;
  /** Each edge's route, for the labels placed along it. */
  readonly #edgePoints = new Map<LayoutCell, Point[]>();
  readonly #children = new Map<LayoutCell, LayoutCell[]>();
  readonly #drawn = new Set<LayoutCell>();

  constructor(layout: PageLayout, options: PageDrawingOptions) {
    this.#layout = layout;
    this.#theme = options.theme;
    this.#scale = options.scale;
    this.#budget = options.budget;
    this.#outliner = options.outliner;
    this.defs = {
      gradients: new Map(),
      budget: options.budget,
      raster: this.tally,
      scale: options.scale,
      shownImages: new Set(),
      assets: options.assets,
    };
  }

  /** Draws every cell: depth first from the roots, then any no root reached. */
  drawAll(): void {
    const roots: LayoutCell[] = [];
    for (const cell of this.#layout.cells) {
      if (cell.parent) {
        const list = this.#children.get(cell.parent) ?? [];
        list.push(cell);
        this.#children.set(cell.parent, list);
      } else roots.push(cell);
    }
    // Model order, depth first: an edge is drawn before its label children, which need its route.
    for (const root of roots) this.#draw(root);
    for (const cell of this.#layout.cells) this.#draw(cell);
  }

  /** A cell, once, if visible, then its children (unless it drew nothing they could hang on). */
  #draw(cell: LayoutCell): void {
    if (this.#drawn.has(cell)) return;
    this.#drawn.add(cell);
    if (!this.#layout.isVisible(cell)) return;
    this.#budget.charge(WORK_UNITS.cell);
    if (cell.vertex) {
      if (!this.#drawVertex(cell)) return;
    } else if (cell.edge) {
      if (!this.#drawEdge(cell)) return;
    }
    for (const child of this.#children.get(cell) ?? []) this.#draw(child);
  }

  /** A vertex's shape and label, or an edge's own label; false when its children are skipped. */
  #drawVertex(cell: LayoutCell): boolean {
    const style = this.#styleOf(cell, "vertex");
    const parentEdge = cell.parent?.edge ? cell.parent : undefined;
    if (parentEdge && cell.relative) {
      // An edge label of its own: placed along its edge's route.
      const points = this.#edgePoints.get(parentEdge);
      if (points) this.#edgeLabel(cell, points, style);
      return false;
    }
    const rect = this.#layout.absoluteRect(cell);
    if (!rect) return false;
    const shape = drawVertex(rect, style, this.defs);
    if (style.shape === "table") {
      shape.svg += this.#grid(cell, rect, style);
      shape.labelBox ??= tableTitleBox(rect, style);
    }
    tallyVertex(this.tally, rect, style, this.#scale);
    if (!shape.known) this.unknown.add(style.shape);
    const sw = style.num("strokeWidth", 1) / 2;
    const angle = style.num("rotation", 0);
    const stroked = {
      x: rect.x - sw,
      y: rect.y - sw,
      width: rect.width + 2 * sw,
      height: rect.height + 2 * sw,
    };
    // A turned shape reaches past its box: the picture is cropped to what it covers.
    const center = { cx: rect.x + rect.width / 2, cy: rect.y + rect.height / 2 };
    this.#add(
      {
        svg: shape.svg,
        bounds: angle % 360 ? rotatedBounds(stroked, { angle, ...center }) : stroked,
      },
      style,
    );
    this.#add(
      drawLabel({
        value: labelOf(cell, style, this.#budget),
        style,
        box: shape.labelBox ?? rect,
        outliner: this.#outliner,
        ...(angle
          ? { rotation: { angle, cx: rect.x + rect.width / 2, cy: rect.y + rect.height / 2 } }
          : {}),
      }),
    );
    return true;
  }

  /** An edge's line, markers and label; false when it has no route (nor children drawn). */
  #drawEdge(cell: LayoutCell): boolean {
    const style = this.#styleOf(cell, "edge");
    const edge = drawEdge(this.#layout, cell, style, this.defs);
    if (!edge) return false;
    tallyEdge(this.tally, edge, style, this.#scale);
    this.#edgePoints.set(cell, edge.points);
    this.#add(edge, style);
    this.#edgeLabel(cell, edge.points, style);
    return true;
  }

  /** Adds a piece, widening the bounds by its shadow (2 px right, 3 px down) when it casts one. */
  #add(piece: { svg: string; bounds: Rect } | undefined, style?: CellStyle): void {
    if (!piece) return;
    this.parts.push(piece.svg);
    // A shadow widens what draw.io's export crops to.
    const b = style?.flag("shadow")
      ? { ...piece.bounds, width: piece.bounds.width + 2, height: piece.bounds.height + 3 }
      : piece.bounds;
    this.bounds = union(this.bounds, b);
  }

  /** A label along an edge's route: its relative geometry's position, plus its offset. */
  #edgeLabel(cell: LayoutCell, points: Point[], style: CellStyle): void {
    const base = cell.edge
      ? edgeLabelAnchor(points, cell.relative, cell.rect.x, cell.rect.y)
      : edgeLabelBase(points, cell.rect.x, cell.rect.y);
    const off = cell.geometry ? offsetOf(cell.geometry) : { x: 0, y: 0 };
    const anchor = { x: base.x + off.x, y: base.y + off.y };
    const value = labelOf(cell, style, this.#budget);
    this.#add(drawLabel({ value, style, anchor, outliner: this.#outliner }));
  }

  /**
   * A cell's style with draw.io's colour references resolved: `inherit` takes the parent's
   * colour, `swimlane` the fill of the nearest swimlane around it (kanban cards in their lane's
   * colour); an SVG viewer knows neither word.
   */
  #styleOf(cell: LayoutCell, kind: "vertex" | "edge"): CellStyle {
    const plain = new CellStyle(cell.style, kind, this.#theme);
    let overrides: Record<string, string> | undefined;
    for (const key of REFERENCE_KEYS) {
      const value = plain.get(key);
      if (value !== "inherit" && value !== "swimlane") continue;
      let found: string | undefined;
      for (const up of this.#layout.ancestors(cell)) {
        const theirs = new CellStyle(up.style, "vertex");
        if (value === "inherit") {
          found = theirs.get(key);
          if (found !== "inherit") break;
        } else if (theirs.shape === "swimlane" || theirs.shape === "table") {
          found = theirs.get("fillColor");
          break;
        }
      }
      overrides ??= {};
      // Nothing to take: the theme's default colour (a gradient's end stays white, as before).
      const fallback = key === "gradientColor" ? "#ffffff" : "default";
      overrides[key] = found && found !== "inherit" && found !== "swimlane" ? found : fallback;
    }
    return overrides ? new CellStyle(cell.style, kind, this.#theme, overrides) : plain;
  }

  /** A table's row and column lines, from its rows and the first row's cells. */
  #grid(table: LayoutCell, rect: Rect, style: CellStyle): string {
    const rows = (this.#children.get(table) ?? []).filter((c) => c.vertex);
    const first = rows[0] ? (this.#children.get(rows[0]) ?? []).filter((c) => c.vertex) : [];
    const rects = (cells: LayoutCell[]) => cells.map((c) => c.rect);
    return tableGrid(rect, style, paintOf(style, this.defs), rects(rows), rects(first));
  }
}
