import type { WorkBudget } from "../budget.ts";
import { DrawioError } from "../errors.ts";
import { edgeLabelAnchor, edgeLabelBase } from "../geometry/edge-labels.ts";
import { type LayoutCell, offsetOf, PageLayout } from "../geometry/page-layout.ts";
import { getCellLabel, type Point, type Rect } from "../model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import { rotatedBounds, union } from "./bounds.ts";
import { cssColor } from "./css-values.ts";
import { drawVertex } from "./draw-shape.ts";
import { drawEdge } from "./edges/edges.ts";
import { drawLabel } from "./labels/labels.ts";
import { type Defs, paintOf } from "./paint.ts";
import { newRasterTally, type RasterTally, tallyEdge, tallyVertex } from "./raster-tally.ts";
import { checkRenderCost, renderBudget, WORK_UNITS } from "./render-cost.ts";
import { CellStyle } from "./style.ts";
import { element, fmt } from "./svg.ts";
import { tableGrid } from "./table-grid.ts";

/** How to render. */
export interface RenderOptions {
  /** The page, by index or by name or id (default the first). */
  page?: number | string;
  /** Scale factor (default 1). */
  scale?: number;
  /** Margin around the drawing, in px (default 0, as draw.io's export). */
  border?: number;
  /** `dark` draws the light defaults dark (white fills, black lines and text turn around). */
  theme?: "light" | "dark";
  /** The units of work the drawing may take (default `RENDER_LIMITS.work`). */
  workLimit?: number;
}

/** A rendered page. */
export interface RenderedSvg {
  svg: string;
  width: number;
  height: number;
  /** Shape names drawn as their bounding box because the renderer does not know them. */
  unknownShapes: string[];
  /** The page drawn (index). */
  page: number;
  /** What the drawing counted for a rasteriser (`planRaster` reads it with the SVG). */
  tally: RasterTally;
}

/** The page a render option names. */
export function pickPage(
  doc: DiagramDocument,
  page: number | string | undefined,
): { page: DiagramPage; index: number } {
  if (page === undefined) {
    const first = doc.pages[0];
    if (first) return { page: first, index: 0 };
  } else if (typeof page === "number" || /^\d+$/.test(page)) {
    const index = Number(page);
    const found = doc.pages[index];
    if (found) return { page: found, index };
  } else {
    const index = doc.pages.findIndex(
      (p) => p.attributes.name === page || p.attributes.id === page,
    );
    const found = doc.pages[index];
    if (found) return { page: found, index };
  }
  throw new DrawioError(
    "page_not_found",
    `there is no page ${JSON.stringify(page ?? 0)}; the diagram has ${doc.pages.length}`,
  );
}

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

/**
 * Draws one page of a draw.io document as a standalone SVG 1.1 image, as draw.io's own SVG
 * export lays it out: cells in model order (a shape, then its label, then its children), hidden
 * layers and cells skipped, the picture cropped to what is drawn (plus `border`) at `scale`.
 * Plain SVG elements and `<text>` only: no `foreignObject`, no script, no external reference.
 * A shape it does not know is drawn as its bounding box with its label, and listed.
 *
 * @example
 * const { svg, unknownShapes } = renderSvg(parseDiagram(xml), { scale: 2 });
 */
export function renderSvg(doc: DiagramDocument, options: RenderOptions = {}): RenderedSvg {
  const { page, index } = pickPage(doc, options.page);
  const layout = new PageLayout(page);
  checkRenderCost(layout);
  const dark = options.theme === "dark";
  const scale = options.scale ?? 1;
  const budget = renderBudget(options.workLimit);
  const tally = newRasterTally();
  const defs: Defs = {
    gradients: new Map(),
    budget,
    raster: tally,
    scale,
    shownImages: new Set(),
  };
  const unknown = new Set<string>();
  const parts: string[] = [];
  let bounds: Rect | undefined;
  const edgePoints = new Map<LayoutCell, { x: number; y: number }[]>();

  const add = (piece: { svg: string; bounds: Rect } | undefined, style?: CellStyle) => {
    if (!piece) return;
    parts.push(piece.svg);
    // A shadow (2 px right, 3 px down) widens what draw.io's export crops to.
    const b = style?.flag("shadow")
      ? { ...piece.bounds, width: piece.bounds.width + 2, height: piece.bounds.height + 3 }
      : piece.bounds;
    bounds = union(bounds, b);
  };
  /** A label along an edge's route: its relative geometry's position, plus its offset. */
  const edgeLabel = (cell: LayoutCell, points: Point[], style: CellStyle) => {
    const base = cell.edge
      ? edgeLabelAnchor(points, cell.relative, cell.rect.x, cell.rect.y)
      : edgeLabelBase(points, cell.rect.x, cell.rect.y);
    const off = cell.geometry ? offsetOf(cell.geometry) : { x: 0, y: 0 };
    const anchor = { x: base.x + off.x, y: base.y + off.y };
    add(drawLabel({ value: labelOf(cell, style, budget), style, anchor }));
  };

  /**
   * A cell's style with draw.io's colour references resolved: `inherit` takes the parent's
   * colour, `swimlane` the fill of the nearest swimlane around it (kanban cards in their lane's
   * colour); an SVG viewer knows neither word.
   */
  const styleOf = (cell: LayoutCell, kind: "vertex" | "edge"): CellStyle => {
    const plain = new CellStyle(cell.style, kind, dark);
    let overrides: Record<string, string> | undefined;
    for (const key of REFERENCE_KEYS) {
      const value = plain.get(key);
      if (value !== "inherit" && value !== "swimlane") continue;
      const fallback = key === "strokeColor" || key === "fontColor" ? "#000000" : "#ffffff";
      let found: string | undefined;
      for (const up of layout.ancestors(cell)) {
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
      overrides[key] = found && found !== "inherit" && found !== "swimlane" ? found : fallback;
    }
    return overrides ? new CellStyle(cell.style, kind, dark, overrides) : plain;
  };

  const drawn = new Set<LayoutCell>();
  const draw = (cell: LayoutCell) => {
    if (drawn.has(cell)) return;
    drawn.add(cell);
    if (!layout.isVisible(cell)) return;
    budget.charge(WORK_UNITS.cell);
    if (cell.vertex) {
      const style = styleOf(cell, "vertex");
      const parentEdge = cell.parent?.edge ? cell.parent : undefined;
      if (parentEdge && cell.relative) {
        // An edge label of its own: placed along its edge's route.
        const points = edgePoints.get(parentEdge);
        if (points) edgeLabel(cell, points, style);
        return;
      }
      const rect = layout.absoluteRect(cell);
      if (!rect) return;
      const shape = drawVertex(rect, style, defs);
      if (style.shape === "table") shape.svg += grid(cell, rect, style);
      tallyVertex(tally, rect, style, scale);
      if (!shape.known) unknown.add(style.shape);
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
      add(
        {
          svg: shape.svg,
          bounds: angle % 360 ? rotatedBounds(stroked, { angle, ...center }) : stroked,
        },
        style,
      );
      add(
        drawLabel({
          value: labelOf(cell, style, budget),
          style,
          box: shape.labelBox ?? rect,
          ...(angle
            ? { rotation: { angle, cx: rect.x + rect.width / 2, cy: rect.y + rect.height / 2 } }
            : {}),
        }),
      );
    } else if (cell.edge) {
      const style = styleOf(cell, "edge");
      const edge = drawEdge(layout, cell, style, defs);
      if (!edge) return;
      tallyEdge(tally, edge, style, scale);
      edgePoints.set(cell, edge.points);
      add(edge, style);
      edgeLabel(cell, edge.points, style);
    }
    for (const child of children.get(cell) ?? []) draw(child);
  };
  const children = new Map<LayoutCell, LayoutCell[]>();
  const grid = (table: LayoutCell, rect: Rect, style: CellStyle) => {
    const rows = (children.get(table) ?? []).filter((c) => c.vertex);
    const first = rows[0] ? (children.get(rows[0]) ?? []).filter((c) => c.vertex) : [];
    const rects = (cells: LayoutCell[]) => cells.map((c) => c.rect);
    return tableGrid(rect, style, paintOf(style, defs), rects(rows), rects(first));
  };
  const roots: LayoutCell[] = [];
  for (const cell of layout.cells) {
    if (cell.parent) {
      const list = children.get(cell.parent) ?? [];
      list.push(cell);
      children.set(cell.parent, list);
    } else roots.push(cell);
  }
  // Model order, depth first: an edge is drawn before its label children, which need its route.
  for (const root of roots) draw(root);
  for (const cell of layout.cells) draw(cell);

  const border = options.border ?? 0;
  const box = bounds ?? { x: 0, y: 0, width: 0, height: 0 };
  const dx = Math.floor(border / scale - box.x);
  const dy = Math.floor(border / scale - box.y);
  const width = Math.max(1, Math.ceil(box.width * scale) + 2 * border);
  const height = Math.max(1, Math.ceil(box.height * scale) + 2 * border);
  const written = page.modelAttributes.background;
  const background = dark ? "#1e1e1e" : written === "none" ? undefined : cssColor(written);
  const transform = `${scale !== 1 ? `scale(${fmt(scale)})` : ""}translate(${dx},${dy})`;
  // The root and the drawing's group opened and closed around the parts, joined once: a
  // 50,000-cell page is a 13 MB string, and each extra concatenation copied it.
  const root = element("svg", {
    xmlns: "http://www.w3.org/2000/svg",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
    version: "1.1",
    width: `${width}px`,
    height: `${height}px`,
    viewBox: `-0.5 -0.5 ${width} ${height}`,
    style: background ? `background-color: ${background};` : undefined,
  });
  const group = element("g", { transform });
  parts.unshift(
    `${root.slice(0, -2)}><defs>${[...defs.gradients.values()].join("")}</defs>`,
    background ? element("rect", { x: -0.5, y: -0.5, width, height, fill: background }) : "",
    `${group.slice(0, -2)}>`,
  );
  parts.push("</g></svg>");
  const svg = parts.join("");
  return { svg, width, height, unknownShapes: [...unknown].sort(), page: index, tally };
}
