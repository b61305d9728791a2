/**
 * Turns caller XML or a parsed document into a storable diagram: parsed, validated, held to
 * the size and shape limits, with stats; or the `invalid_xml`/too-large problem instead.
 */
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import {
  cellId,
  type DiagramDocument,
  getCellAttribute,
  isCellElement,
  isEdge,
  isElement,
  isVertex,
  serializeDiagram,
  validateDocument,
  validateXml,
  type XmlElement,
} from "../drawio/index.ts";
import type { ProblemInit } from "../http/api-error.ts";
import type { DiagramStats, Finding } from "../schemas/diagram.ts";
import { LIMITS } from "../schemas/limits.ts";

const encoder = new TextEncoder();
/** Problems carry at most this many findings, errors first. */
const MAX_FINDINGS = 50;

/** A diagram checked and ready to store. */
export interface PreparedDiagram {
  /** The canonical form we store: an uncompressed `<mxfile>` with every page. */
  xml: string;
  document: DiagramDocument;
  stats: DiagramStats;
  warnings: Finding[];
}

/** Counts pages and cells (roots and layers excluded). */
export function statsOf(doc: DiagramDocument, bytes: number): DiagramStats {
  let cells = 0;
  let vertices = 0;
  let edges = 0;
  for (const page of doc.pages) {
    // Roots have no parent; layers are the children of a root. Neither counts as a cell.
    const roots = new Set<string>();
    for (const cell of page.cells) {
      if (isCellElement(cell) && getCellAttribute(cell, "parent") === undefined) {
        roots.add(cellId(cell) ?? "");
      }
    }
    for (const cell of page.cells) {
      if (!isCellElement(cell)) continue;
      if (isVertex(cell)) vertices++;
      else if (isEdge(cell)) edges++;
      else {
        const parent = getCellAttribute(cell, "parent");
        if (parent === undefined || roots.has(parent)) continue;
      }
      cells++;
    }
  }
  return { pages: doc.pages.length, cells, vertices, edges, bytes };
}

/** Checks a parsed document against the limits and serialises it into the stored form. */
export function prepareDocument(
  document: DiagramDocument,
  known?: Finding[],
): PreparedDiagram | ProblemInit {
  const findings = known ?? validateDocument(document);
  const errors = findings.filter((f) => f.severity === "error");
  if (errors.length > 0) return invalid(findings);
  const xml = serializeDiagram(document);
  const bytes = encoder.encode(xml).byteLength;
  if (bytes > LIMITS.xmlBytes) return tooLarge(bytes);
  const stats = statsOf(document, bytes);
  if (stats.cells > LIMITS.cells) {
    return {
      status: 413,
      code: "too_many_cells",
      detail: `the diagram has ${stats.cells} cells; at most ${LIMITS.cells} are allowed`,
      extra: { limit: LIMITS.cells },
    };
  }
  const shape = shapeProblem(document);
  if (shape) return shape;
  return { xml, document, stats, warnings: findings.slice(0, MAX_FINDINGS) };
}

/**
 * Limits no real diagram comes near (see `LIMITS`): many pages, elements with many attributes,
 * very long ids. Beyond them a diagram is a payload, not a drawing.
 */
function shapeProblem(document: DiagramDocument): ProblemInit | undefined {
  if (document.pages.length > LIMITS.pages) {
    return {
      status: 413,
      code: "too_many_pages",
      detail: `the diagram has ${document.pages.length} pages; at most ${LIMITS.pages} are allowed`,
      extra: { limit: LIMITS.pages },
    };
  }
  const tooManyAttributes = (
    attrs: Record<string, string>,
    where: string,
  ): ProblemInit | undefined => {
    let count = 0;
    for (const _ in attrs) count++;
    return count <= LIMITS.attributesPerElement
      ? undefined
      : {
          status: 413,
          code: "too_many_attributes",
          detail: `${where} has ${count} attributes; at most ${LIMITS.attributesPerElement} are allowed on one element`,
          extra: { limit: LIMITS.attributesPerElement },
        };
  };
  const walk = (el: XmlElement, cell: string): ProblemInit | undefined => {
    const problem = tooManyAttributes(el.attrs, `<${el.name}> of cell "${cell.slice(0, 40)}"`);
    if (problem) return problem;
    for (const child of el.children) {
      if (!isElement(child)) continue;
      const inner = walk(child, cell);
      if (inner) return inner;
    }
    return undefined;
  };
  for (const page of document.pages) {
    const where = `page "${(page.attributes.name ?? page.attributes.id ?? "").slice(0, 40)}"`;
    const problem =
      tooManyAttributes(page.attributes, `the <diagram> of ${where}`) ??
      tooManyAttributes(page.modelAttributes, `the <mxGraphModel> of ${where}`);
    if (problem) return problem;
    for (const cell of page.cells) {
      const id = cell.attrs.id ?? "";
      if (id.length > LIMITS.idChars) {
        return {
          status: 413,
          code: "id_too_long",
          detail: `a cell id is ${id.length} characters long ("${id.slice(0, 40)}…"); at most ${LIMITS.idChars} are allowed`,
          extra: { limit: LIMITS.idChars },
        };
      }
      const inner = walk(cell, id);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * Parses, validates and limit-checks XML from a caller. Invalid XML becomes a 422
 * `invalid_xml` problem listing the findings; nothing here stores anything.
 *
 * @example
 * const prepared = prepareXml(body.xml);
 * if ("code" in prepared) return fail(prepared);
 */
export function prepareXml(xml: string): PreparedDiagram | ProblemInit {
  const inputBytes = encoder.encode(xml).byteLength;
  if (inputBytes > LIMITS.xmlBytes) return tooLarge(inputBytes);
  const result = validateXml(xml, { shapes: shapeCatalog() });
  if (!result.document || !result.valid) return invalid(result.findings);
  return prepareDocument(result.document, result.findings);
}

/** " (and 2 more errors)", " (and 1 more error)", or nothing. */
function moreErrors(n: number): string {
  return n > 0 ? ` (and ${n} more error${n === 1 ? "" : "s"})` : "";
}

function invalid(findings: Finding[]): ProblemInit {
  const errors = findings.filter((f) => f.severity === "error");
  const first = errors[0]?.message ?? "the XML is not a valid draw.io diagram";
  const ordered = [...errors, ...findings.filter((f) => f.severity !== "error")];
  return {
    status: 422,
    code: "invalid_xml",
    detail: `${first}${moreErrors(errors.length - 1)}. Nothing was stored; POST /v1/validate with "repair": true may fix it.`,
    extra: { findings: ordered.slice(0, MAX_FINDINGS) },
  };
}

function tooLarge(bytes: number): ProblemInit {
  return {
    status: 413,
    code: "diagram_too_large",
    detail: `the diagram is ${(bytes / 1024 / 1024).toFixed(1)} MB; at most ${LIMITS.xmlBytes / 1024 / 1024} MB is allowed`,
    extra: { limit_bytes: LIMITS.xmlBytes },
  };
}

/** True when a preparation failed. */
export function isProblem(value: PreparedDiagram | ProblemInit): value is ProblemInit {
  return "code" in value;
}
