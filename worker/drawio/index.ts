/**
 * The pure draw.io library: parse, validate, repair, edit, query, summarise, lint and link
 * draw.io diagrams. No Worker, network or AI imports.
 *
 * @example
 * import { parseDiagram, applyOperations, serializeDiagram } from "./drawio/index.ts";
 * const { document } = applyOperations(parseDiagram(xml), [{ op: "set_label", id: "3", value: "Pay" }]);
 * serializeDiagram(document);
 */
export * from "./cell.ts";
export type { CompactOptions } from "./compact.ts";
export { compactPage, compactView, expandId, idPrefixOf } from "./compact.ts";
export type { Completeness } from "./completeness.ts";
export { checkCompleteness } from "./completeness.ts";
export { compressDiagram, decompressDiagram, looksCompressed } from "./compression.ts";
export type { DocumentDiff, FieldChange, PageDiff } from "./diff.ts";
export { diffDocuments, diffPages, formatDiff, formatDocumentDiff } from "./diff.ts";
export type { DrawioErrorCode } from "./errors.ts";
export { DrawioError } from "./errors.ts";
export type { Finding, FindingCode } from "./findings.ts";
export { hasErrors } from "./findings.ts";
export type {
  GraphSpec,
  GraphSpecInput,
  LaidOut,
  RelayoutOptions,
  RelayoutResult,
  SpecProblem,
} from "./layout/index.ts";
export { GraphSpecError, GraphSpecSchema, layoutGraph, relayoutPage } from "./layout/index.ts";
export type { LintOptions } from "./lint.ts";
export { lintDocument, lintPage } from "./lint.ts";
export type { DiagramDocument, DiagramForm, DiagramPage } from "./model.ts";
export { defaultRootCells, emptyDocument } from "./model.ts";
export type { ApplyOptions, ApplyResult } from "./operations/apply.ts";
export { applyOperations } from "./operations/apply.ts";
export type { OperationErrorCode } from "./operations/operation-error.ts";
export { OperationError } from "./operations/operation-error.ts";
export type { Operation, OperationBatch, OperationName } from "./operations/schema.ts";
export { OperationBatchSchema, OperationSchema } from "./operations/schema.ts";
export { parseDiagram } from "./parse.ts";
export type { CellInfo } from "./query.ts";
export { findCell, getCellXml, listCells, selectCells } from "./query.ts";
export type { RepairChange, RepairOptions, RepairResult } from "./repair.ts";
export { repairDiagram } from "./repair.ts";
export type { SerializeOptions } from "./serialize.ts";
export { serializeCell, serializeDiagram, serializePage } from "./serialize.ts";
export type { StyleEntries } from "./style.ts";
export { getStyleValue, mergeStyle, parseStyle, serializeStyle, shapeOf } from "./style.ts";
export { DIAGRAMS_NET_URL, fromDiagramsNetUrl, toDiagramsNetUrl } from "./urls.ts";
export type { ValidationResult } from "./validate.ts";
export { validateDocument, validatePage, validateXml } from "./validate.ts";
export { selectCellIds, XPATH_BUDGET, xpathDocument } from "./xpath/select.ts";
export { XPathError, type XPathErrorCode } from "./xpath/xpath-error.ts";
