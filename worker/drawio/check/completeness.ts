/** Whether model output was cut off, read leniently from raw text that need not be valid XML. */
const CELL_NAMES: ReadonlySet<string> = new Set(["mxCell", "object", "UserObject"]);
const TAG_NAME = /[A-Za-z_:][^\s/>"'=<]*/y;
const ATTRIBUTE_NAME = /[^\s=/>"'<]+/y;
const EQUALS = /\s*=\s*/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
/** What may follow the closing quote of an attribute value (a `<` when the `>` was forgotten). */
const AFTER_VALUE = /\s*(?:>|\/>|$|<[A-Za-z/])|\s+[^\s=/>"'<]+\s*=/y;
const SPECIALS: ReadonlyArray<[string, string, string]> = [
  ["<!--", "-->", "a comment"],
  ["<![CDATA[", "]]>", "a CDATA section"],
  ["<?", "?>", "a processing instruction"],
  ["<!", ">", "a declaration"],
];

/**
 * One attribute of a start tag: where its name starts and its value (quote `""` if unquoted).
 *
 * @example
 * { name: "value", start: 8, valueStart: 15, valueEnd: 18, quote: '"' } // in '<mxCell value="R&D"/>'
 */
export interface AttributeToken {
  name: string;
  start: number;
  valueStart: number;
  valueEnd: number;
  quote: string;
}

/**
 * A piece of (possibly malformed) markup. `bare` is a `<` that starts no tag; `cut` means the
 * text ends inside the construct starting at `start`.
 *
 * @example
 * { kind: "cut", start: 0, end: 12, reason: "ends inside the <mxCell> tag" }
 */
export type MarkupToken =
  | { kind: "text" | "special" | "bare"; start: number; end: number }
  | { kind: "end"; start: number; end: number; name: string }
  | {
      kind: "start";
      start: number;
      end: number;
      name: string;
      selfClosing: boolean;
      attributes: AttributeToken[];
      /** True when the next tag starts before this one was closed with `>`. */
      unterminated?: boolean;
    }
  | { kind: "cut"; start: number; end: number; reason: string };

/**
 * Finds where a quoted attribute value ends, tolerating what language models write inside
 * labels: raw HTML (`value="<font color="red">x</font>"`) and stray quotes
 * (`value="say "hi" now"`). A quote only closes the value when it is not part of an HTML
 * attribute and a well-formed tag could continue after it. Returns -1 when the value never ends.
 *
 * @example
 * const text = '<mxCell value="<b class="x">A</b>" vertex="1"/>';
 * attributeValueEnd(text, 15, '"'); // 33, the quote before ` vertex`
 */
export function attributeValueEnd(text: string, start: number, quote: string): number {
  let htmlTag = false;
  let htmlQuote = false;
  let previous = "";
  for (let i = start; i < text.length; i++) {
    const c = text[i] as string;
    if (c === quote) {
      if (htmlTag && (htmlQuote || previous === "=")) {
        htmlQuote = !htmlQuote;
      } else {
        AFTER_VALUE.lastIndex = i + 1;
        if (AFTER_VALUE.test(text)) return i;
      }
    } else if (!htmlQuote) {
      if (c === "<") htmlTag = /[A-Za-z/]/.test(text[i + 1] ?? "");
      else if (c === ">") htmlTag = false;
    }
    if (c !== " " && c !== "\n" && c !== "\t" && c !== "\r") previous = c;
  }
  return -1;
}

/** Reads a start tag leniently (unescaped values and junk are tolerated). */
function readStartTag(text: string, lt: number, name: string): MarkupToken {
  const n = text.length;
  const attributes: AttributeToken[] = [];
  let pos = lt + 1 + name.length;
  for (;;) {
    while (pos < n && /\s/.test(text[pos] as string)) pos++;
    if (pos >= n)
      return { kind: "cut", start: lt, end: n, reason: `ends inside the <${name}> tag` };
    const c = text[pos];
    if (c === "<") {
      return {
        kind: "start",
        start: lt,
        end: pos,
        name,
        selfClosing: false,
        attributes,
        unterminated: true,
      };
    }
    if (c === ">" || (c === "/" && text[pos + 1] === ">")) {
      const end = pos + (c === ">" ? 1 : 2);
      return { kind: "start", start: lt, end, name, selfClosing: c === "/", attributes };
    }
    ATTRIBUTE_NAME.lastIndex = pos;
    const attr = ATTRIBUTE_NAME.exec(text)?.[0];
    if (attr === undefined) {
      pos++;
      continue;
    }
    EQUALS.lastIndex = pos + attr.length;
    if (!EQUALS.test(text)) {
      pos += attr.length;
      continue;
    }
    const valueAt = EQUALS.lastIndex;
    const quote = text[valueAt] === '"' || text[valueAt] === "'" ? (text[valueAt] as string) : "";
    let valueEnd: number;
    if (quote) {
      valueEnd = attributeValueEnd(text, valueAt + 1, quote);
      if (valueEnd === -1) {
        return {
          kind: "cut",
          start: lt,
          end: n,
          reason: `ends inside the ${attr}="…" attribute of <${name}>`,
        };
      }
    } else {
      UNQUOTED_VALUE.lastIndex = valueAt;
      const value = UNQUOTED_VALUE.exec(text)?.[0] ?? "";
      valueEnd = valueAt + (value.endsWith("/") ? value.length - 1 : value.length);
    }
    const valueStart = quote ? valueAt + 1 : valueAt;
    attributes.push({ name: attr, start: pos, valueStart, valueEnd, quote });
    pos = quote ? valueEnd + 1 : valueEnd;
  }
}

/**
 * Splits text into markup tokens without ever failing: the lexer both the truncation check and
 * the text repair use, so they agree on where tags and attribute values end.
 *
 * @example
 * [...tokenizeMarkup('<a x="1<2">R&D</a>')].map((t) => t.kind); // ["start", "text", "end"]
 */
export function* tokenizeMarkup(text: string): Generator<MarkupToken> {
  const n = text.length;
  let pos = 0;
  while (pos < n) {
    const lt = text.indexOf("<", pos);
    if (lt !== pos) {
      yield { kind: "text", start: pos, end: lt === -1 ? n : lt };
      if (lt === -1) return;
    }
    const special = SPECIALS.find(([open]) => text.startsWith(open, lt));
    let token: MarkupToken;
    if (special) {
      const at = text.indexOf(special[1], lt + special[0].length);
      token =
        at === -1
          ? { kind: "cut", start: lt, end: n, reason: `ends inside ${special[2]}` }
          : { kind: "special", start: lt, end: at + special[1].length };
    } else if (text[lt + 1] === "/") {
      const gt = text.indexOf(">", lt + 2);
      token =
        gt === -1
          ? { kind: "cut", start: lt, end: n, reason: "ends inside an end tag" }
          : { kind: "end", start: lt, end: gt + 1, name: text.slice(lt + 2, gt).trim() };
    } else {
      TAG_NAME.lastIndex = lt + 1;
      const name = TAG_NAME.exec(text)?.[0];
      token =
        name === undefined
          ? { kind: "bare", start: lt, end: lt + 1 }
          : readStartTag(text, lt, name);
    }
    yield token;
    pos = token.end;
  }
}

/**
 * {@link Completeness} plus what the repair needs to cut and close the text.
 *
 * @example
 * { complete: false, reason: "…", lastCompleteOffset: 120, openAtLastComplete: ["mxGraphModel", "root"], lastCellId: "3" }
 */
export interface MarkupScan extends Completeness {
  /** Elements open at `lastCompleteOffset`, outermost first (e.g. `["mxGraphModel", "root"]`). */
  openAtLastComplete: string[];
  /** Id of the last complete top-level cell. */
  lastCellId?: string;
  /** Id of the outermost cell left open at the end, when the text ends inside one. */
  openCellId?: string;
}

/**
 * The answer of {@link checkCompleteness}.
 *
 * @example
 * { complete: false, reason: 'ends inside cell "7", which is never closed', lastCompleteOffset: 812 }
 */
export interface Completeness {
  /** False when the text was cut off inside a tag, an attribute value, a cell or a wrapper. */
  complete: boolean;
  /** What is unfinished, when incomplete. */
  reason?: string;
  /** Offset just after the last complete top-level cell (0 when no cell was completed). */
  lastCompleteOffset: number;
}

/**
 * Scans model output for truncation, like {@link checkCompleteness}, and also reports which
 * elements were open after the last complete cell so a repair can cut there and close them.
 *
 * @example
 * const scan = scanMarkup('<mxGraphModel><root><mxCell id="0"/><mxCell id="2" value="Lo');
 * scan.openAtLastComplete; // ["mxGraphModel", "root"]
 */
export function scanMarkup(text: string): MarkupScan {
  const stack: Array<{ name: string; cell: boolean; id: string | undefined }> = [];
  let cells = 0;
  const scan: MarkupScan = { complete: true, lastCompleteOffset: 0, openAtLastComplete: [] };
  const completed = (end: number, id: string | undefined) => {
    scan.lastCompleteOffset = end;
    scan.openAtLastComplete = stack.map((e) => e.name);
    if (id === undefined) delete scan.lastCellId;
    else scan.lastCellId = id;
  };
  let reason: string | undefined;
  for (const token of tokenizeMarkup(text)) {
    if (token.kind === "cut") {
      reason = token.reason;
      break;
    }
    if (token.kind === "end") {
      // Unmatched end tags are tolerated; a matching one also closes what was left open in it.
      const index = stack.findLastIndex((e) => e.name === token.name);
      if (index === -1) continue;
      const closed = stack.splice(index);
      cells -= closed.filter((e) => e.cell).length;
      if (closed[0]?.cell && cells === 0) completed(token.end, closed[0].id);
    } else if (token.kind === "start") {
      const cell = CELL_NAMES.has(token.name);
      const idAttr = token.attributes.find((a) => a.name === "id");
      const id = idAttr && text.slice(idAttr.valueStart, idAttr.valueEnd);
      if (!token.selfClosing) stack.push({ name: token.name, cell, id });
      if (cell && !token.selfClosing) cells++;
      else if (cell && cells === 0) completed(token.end, id);
    }
  }
  const open = stack.find((e) => e.cell);
  if (reason === undefined && open) {
    const what = open.id === undefined ? `a <${open.name}>` : `cell "${open.id}"`;
    reason = `ends inside ${what}, which is never closed`;
  } else if (reason === undefined && stack.length > 0) {
    reason = `ends with ${stack.map((e) => `<${e.name}>`).join(", ")} never closed`;
  }
  if (reason === undefined) return { ...scan, openAtLastComplete: [] };
  scan.complete = false;
  scan.reason = reason;
  if (open?.id !== undefined) scan.openCellId = open.id;
  return scan;
}

/**
 * Tells whether model output was cut off: inside a tag, an attribute value, an open cell, or
 * with wrapper tags (`<root>`, `<mxGraphModel>`, …) left open. A fragment of cells without
 * wrappers is complete when every cell is closed. `lastCompleteOffset` is where the last
 * complete top-level cell ends.
 *
 * @example
 * checkCompleteness('<mxCell id="2" vertex="1"/><mxCell id="3" value="Da');
 * // { complete: false, reason: 'ends inside the value="…" attribute of <mxCell>', lastCompleteOffset: 27 }
 */
export function checkCompleteness(text: string): Completeness {
  const { complete, reason, lastCompleteOffset } = scanMarkup(text);
  return reason === undefined
    ? { complete, lastCompleteOffset }
    : { complete, reason, lastCompleteOffset };
}
