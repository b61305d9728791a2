/**
 * The SVG renderer's front: `renderSvg` draws one page of a document as a standalone SVG, with
 * the options it takes (page, scale, border, theme, work limit, assets) and what it returns.
 */
import { DrawioError } from "../errors.ts";
import { PageLayout } from "../geometry/page-layout.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import type { GlyphOutliner } from "../text/glyph-outliner.ts";
import type { DrawingAssets } from "./assets/asset-cache.ts";
import { type ColourTheme, colourTheme, pageBackground } from "./dark-colours.ts";
import { PageDrawing } from "./page-drawing.ts";
import type { RasterTally } from "./raster-tally.ts";
import { checkRenderCost, renderBudget } from "./render-cost.ts";
import { element, fmt } from "./svg.ts";

/** How to render. */
export interface RenderOptions {
  /** The page, by index or by name or id (default the first). */
  page?: number | string;
  /** Scale factor (default 1). */
  scale?: number;
  /** Margin around the drawing, in px (default 0, as draw.io's export). */
  border?: number;
  /**
   * `dark` paints as draw.io's dark mode does, by the page's `adaptiveColors` (`auto` when
   * absent: every colour turned around; see `dark-colours.ts`).
   */
  theme?: "light" | "dark";
  /** The units of work the drawing may take (default `RENDER_LIMITS.work`). */
  workLimit?: number;
  /**
   * Stencils and library images from outside the bundle (`DrawingAssetCache`, filled as
   * `drawingNeeds` says); without them such shapes are drawn as their box and listed.
   */
  assets?: DrawingAssets | undefined;
  /**
   * For a picture to be rasterised: draws the label lines that need fonts beyond the bundled
   * Arimo files (CJK, Arabic, Hebrew, Indic, Thai, Vietnamese, emoji) as outlines
   * (`LabelOutliner`). The SVG for readers leaves it out: their browser shapes the text.
   */
  outliner?: GlyphOutliner | undefined;
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
 * Draws one page of a draw.io document as a standalone SVG 1.1 image, as draw.io's own SVG
 * export lays it out: cells in model order (a shape, then its label, then its children), hidden
 * layers and cells skipped, the picture cropped to what is drawn (plus `border`) at `scale`.
 * Plain SVG elements and `<text>` only: no `foreignObject`, no script, no external reference.
 * A shape it does not know is drawn as its bounding box with its label, and listed. What it
 * draws depends on the document and the options only.
 *
 * @example
 * const { svg, unknownShapes } = renderSvg(parseDiagram(xml), { scale: 2 });
 * renderSvg(doc, { page: 0, assets }); // with the stencils and images `assets` holds
 */
export function renderSvg(doc: DiagramDocument, options: RenderOptions = {}): RenderedSvg {
  const { page, index } = pickPage(doc, options.page);
  const layout = new PageLayout(page);
  checkRenderCost(layout, options.assets);
  const theme = colourTheme(options.theme === "dark", page.modelAttributes.adaptiveColors);
  const scale = options.scale ?? 1;
  const budget = renderBudget(options.workLimit);
  const drawing = new PageDrawing(layout, {
    theme,
    scale,
    budget,
    assets: options.assets,
    outliner: options.outliner,
  });
  drawing.drawAll();
  const framed = frame(drawing, page, { theme, scale, border: options.border ?? 0 });
  return {
    ...framed,
    unknownShapes: [...drawing.unknown].sort(),
    page: index,
    tally: drawing.tally,
  };
}

/**
 * The SVG document around a drawing's parts: cropped to what they cover plus the border, at the
 * scale, on the page's background in the theme, gradients in `<defs>`.
 */
function frame(
  drawing: PageDrawing,
  page: DiagramPage,
  options: { theme: ColourTheme; scale: number; border: number },
): { svg: string; width: number; height: number } {
  const { theme, scale, border } = options;
  const { parts, defs } = drawing;
  const box = drawing.bounds ?? { x: 0, y: 0, width: 0, height: 0 };
  const dx = Math.floor(border / scale - box.x);
  const dy = Math.floor(border / scale - box.y);
  const width = Math.max(1, Math.ceil(box.width * scale) + 2 * border);
  const height = Math.max(1, Math.ceil(box.height * scale) + 2 * border);
  const background = pageBackground(page.modelAttributes.background, theme);
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
  return { svg: parts.join(""), width, height };
}
