/**
 * A diagram the model wrote in its answer instead of calling a tool: a fenced Mermaid block or
 * draw.io XML, found in the text and drawn through the tools' own paths on the working copy.
 */
import {
  checkCompleteness,
  emptyDocument,
  type LibraryShapes,
  listCells,
  parseDiagram,
  type ShapeNames,
} from "../drawio/index.ts";
import { type ToolOutcome, WorkingCopy } from "./working-copy.ts";

/** A diagram found in the model's text. */
export interface TextDiagram {
  kind: "mermaid" | "xml";
  /** The Mermaid or the XML, as the model wrote it. */
  source: string;
  /** The text without it (and without the fence around it), trimmed. */
  rest: string;
}

/** Fenced blocks: the language after the opening fence, and the body (to the end if unclosed). */
const FENCE = /```[ \t]*([\w.+-]*)[^\n]*\n([\s\S]*?)(?:```|$)/g;
/** Where draw.io XML starts, in order of preference: a file, a model, loose cells. */
const XML_STARTS: Array<{ open: RegExp; close: RegExp }> = [
  { open: /<mxfile\b/, close: /<\/mxfile>/g },
  { open: /<mxGraphModel\b/, close: /<\/mxGraphModel>/g },
  { open: /<mxCell\b/, close: /<\/mxCell>|<mxCell\b[^>]*\/>/g },
];

/**
 * The first diagram in the model's text: a ```mermaid block, else draw.io XML (`<mxfile>`,
 * `<mxGraphModel>` or `<mxCell>` elements), fenced or not. Undefined when there is none.
 *
 * @example
 * findTextDiagram("Here:\n```mermaid\nflowchart LR\nA-->B\n```");
 * // { kind: "mermaid", source: "flowchart LR\nA-->B\n", rest: "Here." }
 */
export function findTextDiagram(text: string): TextDiagram | undefined {
  for (const fence of text.matchAll(FENCE)) {
    const [block, language = "", body = ""] = fence;
    const span = { start: fence.index, end: fence.index + block.length };
    if (language.toLowerCase() === "mermaid" && body.trim()) {
      return { kind: "mermaid", source: body, rest: without(text, span) };
    }
    const xml = xmlSpan(body);
    if (xml)
      return { kind: "xml", source: body.slice(xml.start, xml.end), rest: without(text, span) };
  }
  const xml = xmlSpan(text);
  return xml && { kind: "xml", source: text.slice(xml.start, xml.end), rest: without(text, xml) };
}

/** Where draw.io XML starts and ends in a text (to its end when it was cut off). */
function xmlSpan(text: string): { start: number; end: number } | undefined {
  for (const { open, close } of XML_STARTS) {
    const start = text.search(open);
    if (start < 0) continue;
    let end = text.length;
    for (const match of text.slice(start).matchAll(close))
      end = start + match.index + match[0].length;
    return { start, end };
  }
  return undefined;
}

/** The text without the span; words that led into it ("Here it is:") end as a sentence. */
function without(text: string, span: { start: number; end: number }): string {
  const before = text.slice(0, span.start).replace(/:\s*$/, ".");
  return `${before}\n\n${text.slice(span.end)}`.replace(/\n{3,}/g, "\n\n").trim();
}

/** Options for {@link drawTextDiagram}. */
export interface TextDrawingOptions {
  shapes?: ShapeNames & LibraryShapes;
}

/**
 * Draws a diagram found in the model's text on the working copy, as the tools would: Mermaid
 * through the converter (the whole diagram when it is empty, else a section beside it), XML
 * through `write_cells`' repair and checks (added to the diagram; a whole file or model that
 * reuses the diagram's ids is the model's new version of it, and replaces it). When it does not
 * validate, the copy is left as it was and the reason is given, in words for a person.
 *
 * @example
 * const drawn = await drawTextDiagram(copy, found, { shapes });
 * if (!drawn.ok) say(`could not draw it: ${drawn.reason}`);
 */
export async function drawTextDiagram(
  copy: WorkingCopy,
  found: TextDiagram,
  options: TextDrawingOptions = {},
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const before = { document: copy.document, changed: copy.changed, title: copy.title };
  let outcome: ToolOutcome;
  if (found.kind === "mermaid") {
    outcome = await copy.createFromMermaid(found.source, false);
  } else {
    const cut = checkCompleteness(found.source);
    if (!cut.complete)
      return { ok: false, reason: `the XML was cut off (${cut.reason ?? "unfinished"})` };
    outcome = revises(copy, found.source)
      ? replaced(copy, found.source, options)
      : copy.writeCells(found.source);
  }
  if (outcome.ok) return { ok: true };
  copy.document = before.document;
  copy.changed = before.changed;
  copy.title = before.title;
  return { ok: false, reason: outcome.message };
}

/**
 * Whether the XML is a whole diagram (`<mxfile>` or `<mxGraphModel>`) that reuses ids of the
 * diagram's cells: the model wrote out its new version of the diagram.
 */
function revises(copy: WorkingCopy, xml: string): boolean {
  if (!/<(mxfile|mxGraphModel)\b/.test(xml)) return false;
  const page = copy.document.pages[0];
  if (!page) return false;
  const existing = new Set(
    listCells(page)
      .filter((c) => c.kind !== "root" && c.kind !== "layer")
      .map((c) => c.id),
  );
  if (existing.size === 0) return false;
  try {
    const written = parseDiagram(xml).pages[0];
    return written !== undefined && listCells(written).some((c) => existing.has(c.id));
  } catch {
    // Malformed XML is write_cells' to repair or refuse.
    return false;
  }
}

/** Takes the XML as the whole diagram: written on an empty copy, then put in place. */
function replaced(copy: WorkingCopy, xml: string, options: TextDrawingOptions): ToolOutcome {
  const fresh = new WorkingCopy(emptyDocument(), options.shapes ? { shapes: options.shapes } : {});
  const outcome = fresh.writeCells(xml);
  if (outcome.ok) {
    copy.document = fresh.document;
    copy.changed = true;
  }
  return outcome;
}
