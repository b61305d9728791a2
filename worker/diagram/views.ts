/**
 * How a diagram object presents documents to the API: the diagram view, the compact text,
 * export files in each format, and the diff view.
 */
import {
  compactView,
  type DiagramDocument,
  type DrawingAssets,
  DrawioError,
  diffDocuments,
  formatDocumentDiff,
  type GlyphOutliner,
  type PageRef,
  renderSvg,
  serializeDiagram,
  toDiagramsNetUrl,
} from "../drawio/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { ExportFile } from "../images/export-file.ts";
import type { DiagramStats, Finding } from "../schemas/diagram.ts";

/** The diagram as the API shows it. */
export interface DiagramView {
  id: string;
  title: string;
  version: number;
  xml?: string;
  compact?: string;
  created_at: string;
  updated_at: string;
  stats: DiagramStats;
  warnings?: Finding[];
}

// What an export is belongs to images/, which draws PNGs from one and answers another.
export type { ExportFile };

/** The compact text view of every page. */
export function compactOf(doc: DiagramDocument): string {
  return doc.pages.map((_, page) => compactView(doc, { page })).join("\n");
}

/**
 * Renders an export of a document (`xml` is the stored `<mxfile>`).
 *
 * @example
 * exportFile(doc, xml, "Checkout", "drawio", 0); // { body: "<mxfile…", filename: "Checkout.drawio", … }
 */
export function exportFile(
  doc: DiagramDocument,
  xml: string,
  title: string,
  options: {
    format: "drawio" | "xml" | "compressed" | "url" | "svg";
    page: number;
    theme?: "light" | "dark" | undefined;
    scale?: number | undefined;
    border?: number | undefined;
    /** For SVG: the stencils and library images loaded for it (`loadDrawingAssets`). */
    assets?: DrawingAssets | undefined;
    /** For an SVG to rasterise: label lines of other scripts drawn as outlines. */
    outliner?: GlyphOutliner | undefined;
  },
): ExportFile {
  const { format, page } = options;
  switch (format) {
    case "svg": {
      if (page >= doc.pages.length) throw pageNotFound(doc, page);
      const rendered = renderSvg(doc, {
        page,
        ...(options.theme ? { theme: options.theme } : {}),
        ...(options.scale ? { scale: options.scale } : {}),
        ...(options.border !== undefined ? { border: options.border } : {}),
        assets: options.assets,
        outliner: options.outliner,
      });
      return {
        body: rendered.svg,
        contentType: "image/svg+xml",
        filename: `${fileName(title)}.svg`,
        unknownShapes: rendered.unknownShapes,
        picture: {
          width: rendered.width,
          height: rendered.height,
          tally: rendered.tally,
          scale: options.scale ?? 1,
        },
      };
    }
    case "drawio":
      return {
        body: xml,
        contentType: "application/vnd.jgraph.mxfile",
        filename: `${fileName(title)}.drawio`,
      };
    case "compressed":
      return { body: serializeDiagram(doc, { compressed: true }), contentType: "application/xml" };
    case "url": {
      const url = toDiagramsNetUrl(xml, { title });
      return { body: JSON.stringify({ url, bytes: url.length }), contentType: "application/json" };
    }
    case "xml":
      try {
        return {
          body: serializeDiagram(doc, { format: "model", page }),
          contentType: "application/xml",
        };
      } catch (error) {
        if (error instanceof DrawioError) throw pageNotFound(doc, page);
        throw error;
      }
  }
}

function pageNotFound(doc: DiagramDocument, page: number): ApiError {
  return new ApiError(
    404,
    "page_not_found",
    `the diagram has ${doc.pages.length} page(s); there is no page ${page}`,
  );
}

/**
 * A safe download name: letters, digits, spaces, dots, dashes and underscores only.
 *
 * @example
 * fileName("Checkout <v2>"); // "Checkout v2"
 */
export function fileName(title: string): string {
  const cleaned = title
    .replace(/[^\p{L}\p{N} ._-]+/gu, "")
    .trim()
    .slice(0, 100);
  return cleaned || "diagram";
}

function pageRef(ref: PageRef): { index: number; id?: string; name?: string } {
  return defined(ref) as { index: number; id?: string; name?: string };
}

/** Drops undefined members, so the value is plain JSON. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The API form of a document diff. */
export function diffView(
  before: DiagramDocument,
  after: DiagramDocument,
  from: number,
  to: number,
) {
  const diff = diffDocuments(before, after);
  return {
    from,
    to,
    text: formatDocumentDiff(diff),
    added_pages: diff.addedPages.map(pageRef),
    removed_pages: diff.removedPages.map(pageRef),
    pages: diff.pages.map((p) => ({
      before: pageRef(p.before),
      after: pageRef(p.after),
      added: p.diff.added.map(defined),
      removed: p.diff.removed.map(defined),
      changed: p.diff.changed.map((c) => ({ id: c.id, changes: c.changes.map(defined) })),
    })),
  };
}
