/**
 * Repairing what a language model wrote into a loadable draw.io diagram (the text passes, then the
 * model passes).
 */
import { DrawioError } from "../errors.ts";
import {
  getCellAttribute,
  isCellElement,
  isEdge,
  isVertex,
  setCellAttribute,
  WRAPPER_NAMES,
} from "../model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import { parseDiagram } from "../model/parse.ts";
import { serializeDiagram } from "../model/serialize.ts";
import { createElement, type XmlElement } from "../xml/nodes.ts";
import { capFindings, FINDING_LIMITS, type Finding, hasErrors } from "./findings.ts";
import { isStructural, repairCells, repairLinks } from "./repair-model.ts";
import { repairText } from "./repair-text.ts";
import type { RepairChange } from "./repair-types.ts";
import { validateDocument } from "./validate.ts";

export type { RepairChange } from "./repair-types.ts";

/**
 * Options for {@link repairDiagram}.
 *
 * @example
 * repairDiagram(xml, { defaultLayer: "annotations" });
 */
export interface RepairOptions {
  /** Layer that cells without a (valid) parent are put on; default `"1"`, else the first layer. */
  defaultLayer?: string;
}

/**
 * The outcome of {@link repairDiagram}. `ok` is true when the repaired diagram validates without
 * errors; otherwise `findings` say what the model must fix.
 *
 * @example
 * const { ok, xml, changes, findings } = repairDiagram(modelOutput);
 * if (!ok) askModelToFix(findings.map((f) => f.message));
 */
export interface RepairResult {
  ok: boolean;
  /** The repaired diagram as an uncompressed `<mxfile>`, whenever it could be parsed. */
  xml?: string;
  document?: DiagramDocument;
  changes: RepairChange[];
  findings: Finding[];
}

const MARKUP = /<[A-Za-z_:]/;
/** A doctype, or a processing instruction other than the `<?xml …?>` declaration. */
const DECLARATIONS = /<!DOCTYPE|<\?(?!xml[\s?])/i;
/** The page attributes `parseDiagram` gives a bare list of cells. */
const FIRST_ELEMENT = /<([A-Za-z_:][^\s/>"'=<]*)/;
const EXPECTED =
  "reply with only the diagram as draw.io XML: <mxGraphModel><root>…</root></mxGraphModel>, or a list of <mxCell> elements";

/**
 * Turns what a language model wrote into a loadable draw.io diagram where possible: strips code
 * fences, prose and JSON escaping, escapes `&`/`<` in labels, drops a cut-off tail, adds missing
 * wrappers and root cells, flattens nested cells, renames duplicate ids, drops edges to cells
 * that do not exist, fixes parents and adds missing geometry. Valid input comes back with no
 * changes. Deterministic.
 *
 * @example
 * const result = repairDiagram('Here you go:\n<mxCell id="2" value="R&D" vertex="1" parent="1"><mxGeometry width="120" height="60" as="geometry"/></mxCell>');
 * result.ok;                          // true
 * result.changes.map((c) => c.code);  // ["strip_prose", "escape_ampersand", "add_wrapper", "add_root_cells"]
 * result.xml;                         // '<mxfile><diagram id="page-1" name="Page-1"><mxGraphModel>…'
 */
export function repairDiagram(text: string, options: RepairOptions = {}): RepairResult {
  const changes: RepairChange[] = [];
  const findings: Finding[] = [];
  let source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (DECLARATIONS.test(source)) {
    // The parser skips them and nothing we store or serve keeps them; say so.
    changes.push({
      code: "drop_declarations",
      message:
        "removed a DOCTYPE or processing instructions (draw.io never writes them, and an XML reader that resolves them could be led to fetch or expand anything)",
    });
  }
  let parsed: Parsed | undefined = tryParse(source);
  if (!parsed.document) {
    const fixed = repairText(source);
    changes.push(...fixed.changes);
    findings.push(...fixed.findings);
    source = fixed.text;
    parsed = undefined;
  }
  const wrapped = parsed?.document.form === "mxfile" ? undefined : wrapFragment(source);
  if (wrapped !== undefined) {
    changes.push({
      code: "add_wrapper",
      message: `the ${wrapped.missing} had no <mxGraphModel><root> around it: added the wrapper`,
    });
    source = wrapped.text;
    parsed = undefined;
  }
  if (source.trim() === "" && findings.some((f) => f.code === "truncated")) {
    findings.push(noCells("the output was cut off before the first cell was complete"));
    return { ok: false, changes: capChanges(changes), findings: capFindings(findings) };
  }
  parsed ??= tryParse(source);
  const document = parsed.document;
  if (!document) {
    findings.push(parsed.finding);
    return { ok: false, changes: capChanges(changes), findings: capFindings(findings) };
  }
  if (wrapped?.missing === "list of cells") {
    document.form = "cells";
  }
  document.pages.forEach((page, index) => {
    const pageChanges: RepairChange[] = [];
    repairCells(page, pageChanges);
    repairLinks(page, ensureRootCells(page, options.defaultLayer, pageChanges), pageChanges);
    const prefix = document.pages.length > 1 ? `page ${index + 1}: ` : "";
    for (const c of pageChanges) changes.push({ ...c, message: prefix + c.message });
  });
  if (!document.pages.some((page) => page.cells.some((c) => isVertex(c) || isEdge(c)))) {
    findings.push(noCells("the diagram has no shapes or connectors"));
  }
  findings.push(...validateDocument(document));
  return {
    ok: !hasErrors(findings),
    xml: serializeDiagram(document),
    document,
    changes: capChanges(changes),
    findings: capFindings(findings),
  };
}

type Parsed =
  | { document: DiagramDocument; finding?: undefined }
  | { document?: undefined; finding: Finding };

function tryParse(text: string): Parsed {
  try {
    return { document: parseDiagram(text) };
  } catch (error) {
    if (!(error instanceof DrawioError)) throw error;
    return { finding: parseFailure(error, text) };
  }
}

/** Wraps a bare list of cells (or a bare `<root>`) so that it parses as a graph model. */
function wrapFragment(text: string): { text: string; missing: string } | undefined {
  const first = FIRST_ELEMENT.exec(text)?.[1];
  if (first === "root") return { text: `<mxGraphModel>${text}</mxGraphModel>`, missing: "<root>" };
  if (first === undefined || (first !== "mxCell" && !WRAPPER_NAMES.has(first))) return undefined;
  return { text: `<mxGraphModel><root>${text}</root></mxGraphModel>`, missing: "list of cells" };
}

/**
 * Makes sure the page has a root cell and a layer (layers written without a parent get the
 * root), and picks the layer for cells without a parent: the requested one, `"1"`, or the first.
 */
function ensureRootCells(
  page: DiagramPage,
  preferred: string | undefined,
  changes: RepairChange[],
): { rootId: string; layers: string[]; layer: string } {
  const cells = page.cells;
  const taken = new Set(cells.map((c) => c.attrs.id));
  const fresh = (id: string) => {
    let free = id;
    for (let n = 2; taken.has(free); n++) free = `${id}-${n}`;
    taken.add(free);
    return free;
  };
  const parentless = (c: XmlElement) =>
    isCellElement(c) && getCellAttribute(c, "parent") === undefined && isStructural(c);
  const added: string[] = [];
  let root = cells.find(parentless);
  if (!root) {
    root = createElement("mxCell", { id: fresh("0") });
    cells.unshift(root);
    added.push(`<mxCell id="${root.attrs.id}"/>`);
  }
  const rootId = root.attrs.id as string;
  for (const cell of cells) {
    if (cell === root || !parentless(cell)) continue;
    setCellAttribute(cell, "parent", rootId);
    const message = `layer "${cell.attrs.id}" had no parent: set parent="${rootId}"`;
    changes.push({ code: "set_missing_parent", message, cellId: cell.attrs.id as string });
  }
  const layers = cells
    .filter((c) => isCellElement(c) && getCellAttribute(c, "parent") === rootId && isStructural(c))
    .map((c) => c.attrs.id as string);
  if (layers.length === 0) {
    const layer = createElement("mxCell", { id: fresh("1"), parent: rootId });
    cells.splice(cells.indexOf(root) + 1, 0, layer);
    layers.push(layer.attrs.id as string);
    added.push(`<mxCell id="${layer.attrs.id}" parent="${rootId}"/>`);
  }
  if (added.length > 0) {
    changes.push({ code: "add_root_cells", message: `added the missing ${added.join(" and ")}` });
  }
  const layer =
    preferred !== undefined && layers.includes(preferred)
      ? preferred
      : layers.includes("1")
        ? "1"
        : (layers[0] as string);
  return { rootId, layers, layer };
}

function noCells(why: string): Finding {
  return {
    code: "no_cells",
    severity: "error",
    message: `${why}: send the diagram with its cells — <mxCell vertex="1" parent="1"> with an <mxGeometry> for each shape, <mxCell edge="1" source="…" target="…"> for each connector`,
  };
}

/** A finding that tells the model what to send instead of what could not be parsed. */
function parseFailure(error: DrawioError, text: string): Finding {
  if (error.code === "malformed_xml" || error.code === "unescaped_character") {
    return {
      code: error.code,
      severity: "error",
      message: `the XML is not well-formed: ${error.message}${near(text, error.line, error.column)}; fix it there and send the whole diagram again`,
    };
  }
  const start = text.trim().slice(0, 60).replace(/\s+/g, " ");
  let why: string;
  if (error.code === "empty_input") why = "the output is empty";
  else if (!MARKUP.test(text)) why = `the output is not XML (it begins "${start}")`;
  else why = `the output is not a draw.io diagram (${error.message})`;
  return { code: "not_a_diagram", severity: "error", message: `${why}: ${EXPECTED}` };
}

function near(text: string, line: number | undefined, column: number | undefined): string {
  if (line === undefined || column === undefined) return "";
  const lineText = text.split("\n")[line - 1] ?? "";
  const from = Math.max(0, column - 30);
  const excerpt = lineText.slice(from, column + 30).trim();
  return excerpt ? ` near "${excerpt}"` : "";
}

/**
 * The changes, as many as a list of findings keeps ({@link FINDING_LIMITS}), then one
 * `too_many_changes` saying how many more were made: 50,000 cells sharing an id are 50,000
 * renames, and the list goes back to a person or a model who reads it.
 */
function capChanges(changes: RepairChange[]): RepairChange[] {
  let bytes = 0;
  let kept = 0;
  for (const change of changes) {
    bytes += change.message.length;
    if (kept >= FINDING_LIMITS.count || bytes > FINDING_LIMITS.messageBytes) break;
    kept++;
  }
  if (kept === changes.length) return changes;
  const more = changes.length - kept;
  return [
    ...changes.slice(0, kept),
    {
      code: "too_many_changes",
      message: `${more.toLocaleString("en-US")} more change${more === 1 ? "" : "s"} left out of this list (they were made: the repaired XML has them all)`,
    },
  ];
}
