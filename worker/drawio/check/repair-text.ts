/**
 * The repair passes over raw text, before parsing: code fences, prose, JSON escaping, control
 * characters, unescaped `&` and `<`, a cut-off tail.
 */
import { z } from "zod";
import { isXmlChar } from "../xml/entities.ts";
import { escapeText } from "../xml/serialize.ts";
import { scanMarkup, tokenizeMarkup } from "./completeness.ts";
import type { Finding } from "./findings.ts";
import type { RepairChange } from "./repair-types.ts";

/**
 * The text after {@link repairText}, with what was changed and what was found.
 *
 * @example
 * const { text, changes, findings } = repairText(modelOutput);
 */
export interface TextRepair {
  text: string;
  changes: RepairChange[];
  findings: Finding[];
}

const TAG_START = /<[A-Za-z_:?!]/;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/y;
const FENCE = /(```|~~~)[A-Za-z0-9_+-]*[^\S\n]*\n?([\s\S]*?)(?:\1|$)/g;
const FULL_DOCUMENT = /<(?:mxfile|mxGraphModel|root|diagram)[\s>/]/;
const JSON_ESCAPED = /=\s*\\"|\\"\s*\/?>|>\s*\\n/;
const CDATA_OR_COMMENT = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->/g;
const TAG_END = /<\/[A-Za-z_:][^<>]*>|\/>|-->|\]\]>|\?>/g;
const JsonPayload = z.union([z.string(), z.record(z.string(), z.unknown())]);

type Note = (code: string, message: string) => void;

/**
 * Fixes what stops model output from parsing as XML, before any parsing: markdown fences,
 * prose around the XML, JSON string escaping, comments, CDATA, bare `&` and `<`, stray quotes
 * in labels, unclosed or stray tags, and a cut-off tail. Each fix is reported once.
 *
 * @example
 * repairText('```xml\n<mxCell id="2" value="R&D" vertex="1" parent="1"/>\n```').text;
 * // '<mxCell id="2" value="R&amp;D" vertex="1" parent="1"/>'
 */
export function repairText(input: string): TextRepair {
  const changes: RepairChange[] = [];
  const findings: Finding[] = [];
  const note: Note = (code, message) => {
    if (!changes.some((c) => c.code === code)) changes.push({ code, message });
  };
  let text = stripControlCharacters(input, note);
  for (let round = 0; round < 3; round++) {
    const before = text;
    text = stripProse(unescapeJson(stripCodeFence(text, note), note), note);
    if (text === before) break;
  }
  if (!TAG_START.test(text)) return { text, changes, findings };
  text = unwrapCdataAndComments(text, note);
  text = dropTruncatedTail(text, note, findings);
  text = escapeMarkup(text, note);
  return { text, changes, findings };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const CHARACTER_REFERENCE = /&#(x[0-9a-fA-F]{1,8}|[0-9]{1,9});/g;

/** XML forbids control characters, raw or as references; draw.io drops them too. */
function stripControlCharacters(text: string, note: Note): string {
  const stripped = text.replace(CONTROL, "").replace(CHARACTER_REFERENCE, (ref, digits: string) => {
    const code = digits.startsWith("x") ? Number.parseInt(digits.slice(1), 16) : Number(digits);
    return isXmlChar(code) ? ref : "";
  });
  if (stripped !== text)
    note("control_characters", "removed control characters XML does not allow");
  return stripped;
}

function stripCodeFence(text: string, note: Note): string {
  const fence = text.search(/```|~~~/);
  const markupStart = text.search(TAG_START);
  // A fence after the XML has started is inside it (a label), or a stray closing fence.
  if (fence === -1 || (markupStart !== -1 && markupStart < fence)) return text;
  const blocks = [...text.matchAll(FENCE)].map((m) => (m[2] ?? "").trim());
  const markup = blocks.filter((b) => b.includes("<"));
  const candidates = markup.length > 0 ? markup : blocks.filter((b) => b !== "");
  if (candidates.length === 0) return text;
  // Models sometimes split one fragment over several blocks ("the shapes: … the edges: …").
  const inner = candidates.some((b) => FULL_DOCUMENT.test(b))
    ? candidates.reduce((a, b) => (b.length > a.length ? b : a))
    : candidates.join("\n");
  note("strip_code_fence", "removed the markdown code fence (```xml … ```) and any text around it");
  return inner;
}

function unescapeJson(text: string, note: Note): string {
  const trimmed = text.trim();
  const first = trimmed[0];
  if (first === '"' || first === "{") {
    const payload = parseJson(trimmed);
    const xml = typeof payload === "string" ? payload : findMarkup(payload);
    if (xml?.includes("<")) {
      note("unescape_json", "the XML was sent as a JSON string: unescaped it");
      return unescapeJsonText(JSON.stringify(xml).slice(1, -1));
    }
  }
  if (!JSON_ESCAPED.test(text)) return text;
  note("unescape_json", 'the XML was JSON-escaped (\\" and \\n): unescaped it');
  const body = text.replace(/^\s*(?:\{[^<]*?:\s*)?"(?=\s*<)/, "").replace(/(?<!\\)"\s*\}?\s*$/, "");
  return unescapeJsonText(body);
}

function parseJson(text: string): string | Record<string, unknown> | undefined {
  try {
    const parsed = JsonPayload.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function findMarkup(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("<") ? value : undefined;
  if (depth > 3 || value === null || typeof value !== "object") return undefined;
  for (const item of Object.values(value)) {
    const found = findMarkup(item, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Undoes JSON string escapes. A `\n` inside an attribute value becomes `&#xa;` so that a line
 * break in a label survives XML attribute normalisation.
 */
function unescapeJsonText(body: string): string {
  let out = "";
  let inTag = false;
  let quote = "";
  for (let i = 0; i < body.length; i++) {
    let c = body[i] as string;
    if (c === "\\" && i + 1 < body.length) {
      const e = body[++i] as string;
      if (e === "n" || e === "r" || e === "t") {
        out += quote ? { n: "&#xa;", r: "&#xd;", t: "&#x9;" }[e] : { n: "\n", r: "\r", t: "\t" }[e];
        continue;
      }
      if (e === "u" && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 1, i + 5))) {
        c = String.fromCharCode(Number.parseInt(body.slice(i + 1, i + 5), 16));
        i += 4;
      } else c = e === "b" || e === "f" ? "" : e;
    }
    if (quote) {
      if (c === quote) quote = "";
    } else if (inTag) {
      if (c === '"' || c === "'") quote = c;
      else if (c === ">") inTag = false;
    } else if (c === "<") {
      inTag = true;
    }
    out += c;
  }
  return out;
}

function stripProse(text: string, note: Note): string {
  const start = text.search(TAG_START);
  if (start === -1) return text;
  let end = text.length;
  for (const match of text.matchAll(TAG_END)) end = match.index + match[0].length;
  if (end < start) end = text.length;
  const head = text.slice(0, start);
  const tail = text.slice(end);
  const proseTail = tail.trim() !== "" && !tail.includes("<");
  if (head.trim() === "" && !proseTail) return text;
  note("strip_prose", "removed the text before and after the XML (send only the XML)");
  return text.slice(head.trim() === "" ? 0 : start, proseTail ? end : text.length);
}

/** Unwraps CDATA (markup inside is used as XML, text is escaped) and removes comments. */
function unwrapCdataAndComments(text: string, note: Note): string {
  return text.replace(CDATA_OR_COMMENT, (_, content?: string) => {
    if (content === undefined) {
      note("remove_comment", "removed XML comments");
      return "";
    }
    note("unwrap_cdata", "unwrapped <![CDATA[…]]>: markup inside is used as XML, text is escaped");
    return /<[A-Za-z/]/.test(content) ? content : escapeText(content);
  });
}

function dropTruncatedTail(text: string, note: Note, findings: Finding[]): string {
  const scan = scanMarkup(text);
  if (scan.complete) return text;
  const tail = text.slice(scan.lastCompleteOffset);
  const closers = scan.openAtLastComplete.map((name) => `</${name}>`).reverse();
  const cell = scan.lastCellId;
  const after = cell === undefined ? "before the first cell was complete" : `after cell "${cell}"`;
  if (tail.replace(/<\/[^<>]*>|\s+/g, "") !== "") {
    const dropped = scan.openCellId ? ` (the unfinished cell "${scan.openCellId}")` : "";
    note("drop_truncated_tail", `the output ${scan.reason}: dropped everything ${after}${dropped}`);
  }
  if (closers.length > 0) {
    note("close_wrappers", `closed the wrapper tags left open: ${closers.join("")}`);
  }
  const message = `the output was cut off ${after} (it ${scan.reason}): send the remaining cells`;
  const finding: Finding = { code: "truncated", severity: "warning", message };
  findings.push(cell === undefined ? finding : { ...finding, cellId: cell });
  return text.slice(0, scan.lastCompleteOffset) + closers.join("");
}

type Tally = Map<string, { count: number; names: Set<string> }>;

function bump(tally: Tally, code: string, name?: string): void {
  const entry = tally.get(code) ?? { count: 0, names: new Set<string>() };
  entry.count++;
  if (name !== undefined) entry.names.add(`<${name}>`);
  tally.set(code, entry);
}

type Message = (n: number, names: string) => string;

const ESCAPE_MESSAGES: Record<string, Message> = {
  strip_prose: () => "removed text between the XML elements (send only the XML)",
  escape_ampersand: (n) => `escaped ${n} bare "&" as &amp; (R&amp;D; &nbsp; becomes &amp;nbsp;)`,
  escape_lt: (n) => `escaped ${n} "<" inside values as &lt; (HTML labels must be escaped)`,
  escape_quote: (n) =>
    `escaped ${n} ${n === 1 ? "quote" : "quotes"} inside attribute values as &quot;`,
  quote_attribute: (n) =>
    `put quotes around ${n} unquoted attribute ${n === 1 ? "value" : "values"}`,
  close_start_tag: (n, names) =>
    `added the missing ">" to ${n} start ${n === 1 ? "tag" : "tags"}: ${names}`,
  close_unclosed_tag: (n, names) =>
    `closed ${n} ${n === 1 ? "element that was" : "elements that were"} never closed: ${names}`,
  remove_stray_end_tag: (n, names) =>
    `removed ${n} end ${n === 1 ? "tag that closes" : "tags that close"} nothing: ${names}`,
};

/** Escapes `&`, `<` and stray quotes where XML forbids them and balances start and end tags. */
function escapeMarkup(text: string, note: Note): string {
  const tally: Tally = new Map();
  const out: string[] = [];
  const stack: string[] = [];
  for (const token of tokenizeMarkup(text)) {
    const raw = text.slice(token.start, token.end);
    switch (token.kind) {
      case "text":
        if (stack.length > 0) out.push(escapeValue(raw, "", tally));
        else if (raw.trim() === "") out.push(raw);
        else bump(tally, "strip_prose");
        break;
      case "bare":
        if (stack.length > 0) out.push("&lt;");
        bump(tally, stack.length > 0 ? "escape_lt" : "strip_prose");
        break;
      case "end": {
        const index = stack.lastIndexOf(token.name);
        if (index === -1) {
          bump(tally, "remove_stray_end_tag", token.name);
          break;
        }
        for (const open of stack.splice(index).slice(1).reverse()) {
          out.push(`</${open}>`);
          bump(tally, "close_unclosed_tag", open);
        }
        out.push(raw);
        break;
      }
      case "start": {
        let pos = token.start;
        for (const a of token.attributes) {
          const value = escapeValue(text.slice(a.valueStart, a.valueEnd), a.quote || '"', tally);
          out.push(text.slice(pos, a.valueStart), a.quote ? value : `"${value}"`);
          if (!a.quote) bump(tally, "quote_attribute");
          pos = a.valueEnd;
        }
        out.push(text.slice(pos, token.end));
        if (token.unterminated) {
          out.push(">");
          bump(tally, "close_start_tag", token.name);
        }
        if (!token.selfClosing) stack.push(token.name);
        break;
      }
      default:
        out.push(raw);
    }
  }
  for (const open of stack.reverse()) {
    out.push(`</${open}>`);
    bump(tally, "close_unclosed_tag", open);
  }
  for (const [code, { count, names }] of tally) {
    note(code, (ESCAPE_MESSAGES[code] as Message)(count, [...names].join(", ")));
  }
  return out.join("");
}

/** Escapes bare `&`, any `<` and (inside an attribute value) its own quote character. */
function escapeValue(raw: string, quote: string, tally: Tally): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    let replacement: string | undefined;
    if (c === "&") {
      ENTITY.lastIndex = i;
      if (!ENTITY.test(raw)) {
        replacement = "&amp;";
        bump(tally, "escape_ampersand");
      }
    } else if (c === "<") {
      replacement = "&lt;";
      bump(tally, "escape_lt");
    } else if (c === quote) {
      replacement = quote === '"' ? "&quot;" : "&apos;";
      bump(tally, "escape_quote");
    }
    if (replacement !== undefined) {
      out += raw.slice(last, i) + replacement;
      last = i + 1;
    }
  }
  return last === 0 ? raw : out + raw.slice(last);
}
