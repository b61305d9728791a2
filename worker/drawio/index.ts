/**
 * @module drawio
 * The draw.io library's one front door: everything the rest of Drawforge may use of it. Pure
 * TypeScript (no Worker, network or AI imports); documents in, documents out.
 *
 * Its folders, from the bottom up (each has a README saying what it holds and may import):
 * `xml/` nodes and the XML reader/writer · `model/` the diagram document, cells, styles, pages,
 * compression and links · `text/` measuring and wrapping labels · `geometry/` shapes, routes and
 * their quality · `shapes/` shape libraries · `check/` findings, validation, repair ·
 * `views/` compact view, summary, diff, query · `xpath/` · `lint/` · `outline/` shape outlines ·
 * `layout/` graph spec → placed cells, and re-layout · `extend/` placing into an existing page ·
 * `operations/` atomic edits · `render/` SVG drawing · `raster/` PNG · `mermaid/` Mermaid →
 * draw.io. `errors.ts` and `budget.ts` are the library-wide error type and work budget.
 *
 * @example
 * // applyOperations, parseDiagram and serializeDiagram all come from this file:
 * const { document } = applyOperations(parseDiagram(xml), [{ op: "set_label", id: "pay", value: "Pay" }]);
 * serializeDiagram(document, { compressed: true });
 */

export { checkCompleteness } from "./check/completeness.ts";
export {
  capFindings,
  FINDING_LIMITS,
  type Finding,
  type FindingCode,
  hasErrors,
} from "./check/findings.ts";
export { type RepairChange, type RepairResult, repairDiagram } from "./check/repair.ts";
// Checking and repairing what a person or a model hands us.
export { validateDocument, validateXml } from "./check/validate.ts";
export type { ShapeNames } from "./check/validate-shapes.ts";
// The library's errors and findings.
export { DrawioError, type DrawioErrorCode } from "./errors.ts";
// The house style: observed in hand edits, learned across diagrams, put into a graph.
export {
  applyHouseTheme,
  type DiagramObservation,
  type HouseApplied,
  type HouseEdgeValues,
  type HouseKind,
  type HouseNodeValues,
  type HouseStyledGraph,
  type HouseTheme,
  HouseThemeSchema,
  houseKindOf,
  learnHouseTheme,
  observeHandEdit,
  overlayHouseTheme,
  type StyleObservation,
} from "./layout/house/index.ts";
export { layoutGraph } from "./layout/index.ts";
export { relayoutPage } from "./layout/relayout/index.ts";
// Layout: a graph spec placed, a page tidied up.
export {
  DIRECTIONS,
  type Direction,
  type GraphSpec,
  type GraphSpecInput,
  GraphSpecSchema,
  NODE_KINDS,
} from "./layout/spec.ts";
export { lintDocument } from "./lint/index.ts";
// Mermaid to draw.io.
export {
  convertMermaid,
  MAX_MERMAID_CHARS,
  MERMAID_KEYWORDS,
  MERMAID_TYPES,
  type MermaidOptions,
  type MermaidType,
} from "./mermaid/index.ts";
export { cellId, getCellAttribute, isCellElement, isEdge, isVertex } from "./model/cell.ts";
export {
  type DiagramDocument,
  type DiagramPage,
  emptyDocument,
} from "./model/document.ts";
export { parseDiagram } from "./model/parse.ts";
export { serializeCell, serializeDiagram } from "./model/serialize.ts";
export { getStyleValue } from "./model/style.ts";
export { fromDiagramsNetUrl, toDiagramsNetUrl } from "./model/urls.ts";
// Edits.
export { type ApplyResult, applyOperations } from "./operations/apply.ts";
export { type Operation, OperationSchema } from "./operations/schema.ts";
export { hasColourGlyphs, LabelOutliner, parseWoff } from "./raster/glyph-outlines.ts";
export { MAX_PNG_PIXELS, planRaster, type RasterPlan } from "./raster/plan.ts";
export { loadPngEngine, type PngEngine } from "./raster/png.ts";
export { woffToSfnt } from "./raster/woff.ts";
// Drawing: SVG, the assets it draws with, and PNG.
export { DrawingAssetCache, type DrawingAssets } from "./render/assets/asset-cache.ts";
export { drawingNeeds } from "./render/assets/stencil-needs.ts";
export { STENCIL_BUCKETS, stencilBucketOf } from "./render/assets/stencil-registry.ts";
export { renderSvg } from "./render/index.ts";
export type { RasterTally } from "./render/raster-tally.ts";
// Shape libraries.
export { ShapeCatalog } from "./shapes/catalog.ts";
export { libraryShapeName } from "./shapes/library-names.ts";
export type { LibraryShapes } from "./shapes/library-style.ts";
export type { LibraryData, LibraryIndex, ShapeRecord } from "./shapes/types.ts";
export { type FontFace, type FontFile, fontFilesFor } from "./text/font-choice.ts";
export {
  FONT_FAMILIES,
  type FontFamily,
  familyOf,
  familyOfCodePoint,
  isEmoji,
} from "./text/font-families.ts";
export { FONT_FILE_FAMILIES } from "./text/font-files.ts";
export type { GlyphOutliner } from "./text/glyph-outliner.ts";
export { breakPieces } from "./text/line-breaks.ts";
export { graphemes, textWidth } from "./text/metrics.ts";
// Views for readers and models.
export { compactView, expandId, idPrefixOf } from "./views/compact.ts";
export { diffDocuments, formatDocumentDiff, type PageRef } from "./views/diff.ts";
export { getCellXml, listCells, listSelectedCells } from "./views/query.ts";
// XML nodes and the diagram document.
export { cloneElement, isElement, type XmlElement } from "./xml/nodes.ts";
