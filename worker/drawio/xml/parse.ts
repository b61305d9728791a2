/**
 * The XML parser the draw.io library reads every diagram with: a single-pass scanner over the
 * subset of XML draw.io writes, with errors that say where the text went wrong.
 */
import { decodeEntities } from "./entities.ts";
import { rememberSource, type XmlElement, type XmlNode } from "./nodes.ts";
import { attributeError, attributeValueError, syntaxError } from "./syntax-error.ts";

const LITERAL_WHITESPACE = /[\t\n\r]/g;
/** Real draw.io files nest a few levels deep; far deeper input is hostile, and would overflow
 * the stack of every recursive walk after parsing. */
export const MAX_DEPTH = 256;

/** True for the four XML whitespace characters. */
function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

/** Marks the characters that end an XML name in the subset we accept (all below 64). */
const ENDS_NAME = new Uint8Array(64);
// whitespace and controls, then / > = < " ' ! ? &
for (let code = 0; code <= 32; code++) ENDS_NAME[code] = 1;
for (const code of [47, 62, 61, 60, 34, 39, 33, 63, 38]) ENDS_NAME[code] = 1;

/** True for characters that end an XML name in the subset we accept. */
function endsName(code: number): boolean {
  return code < 64 && ENDS_NAME[code] === 1;
}

/** The end of the name starting at `pos` (equal to `pos` when there is none). */
function scanName(text: string, pos: number): number {
  const n = text.length;
  let i = pos;
  while (i < n && !endsName(text.charCodeAt(i))) i++;
  return i;
}

/** The first position at or after `pos` that is not whitespace. */
function skipSpace(text: string, pos: number): number {
  const n = text.length;
  let i = pos;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** True when the text between `from` and `to` holds anything but whitespace. */
function hasNonSpace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return true;
  return false;
}

// The characters XML 1.0 cannot hold at all, not even as references: C0 controls other than
// tab, line feed and carriage return, and U+FFFE/U+FFFF. The serializer leaves them out.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Options for {@link parseXml}. */
export interface ParseXmlOptions {
  /**
   * Decides, for an element and its parent (undefined at the top level), whether to remember the
   * element's exact source text (see `sourceOf`).
   */
  keepSource?: (el: XmlElement, parent: XmlElement | undefined) => boolean;
}

/**
 * Parses XML text into a list of top-level nodes (a fragment: several root elements are
 * allowed, which is how language models often write draw.io cells). Comments, processing
 * instructions and the doctype are skipped; whitespace-only text is dropped.
 *
 * Throws a {@link DrawioError} (`malformed_xml`, `unescaped_character`) when the text is not
 * well-formed.
 *
 * @example
 * const [cell] = parseXml('<mxCell id="2" value="A &amp; B"/>');
 * cell.attrs.value; // "A & B"
 */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlNode[] {
  const forbidden = FORBIDDEN_CHARACTER.exec(text);
  if (forbidden) {
    const code = (forbidden[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    throw syntaxError(
      "malformed_xml",
      `control character U+${code} is not allowed in XML`,
      text,
      forbidden.index,
    );
  }
  return new XmlScanner(text, options.keepSource).scan();
}

/** One pass over one text: the open elements and the nodes read so far. */
class XmlScanner {
  private readonly text: string;
  private readonly n: number;
  private readonly keep: ParseXmlOptions["keepSource"];
  private readonly top: XmlNode[] = [];
  private readonly stack: XmlElement[] = [];
  /** Where each open element's start tag began, for its source text. */
  private readonly starts: number[] = [];
  /**
   * Whether markup we drop (a comment, processing instruction or doctype) sits inside each open
   * element: its source text then holds what we dropped, and must not be reused.
   */
  private readonly dropped: boolean[] = [];

  constructor(text: string, keep: ParseXmlOptions["keepSource"]) {
    this.text = text;
    this.n = text.length;
    this.keep = keep;
  }

  /** Reads the whole text: runs of text between tags, and each kind of markup. */
  scan(): XmlNode[] {
    const text = this.text;
    const n = this.n;
    let pos = 0;
    while (pos < n) {
      const lt = text.indexOf("<", pos);
      const end = lt === -1 ? n : lt;
      if (end > pos && hasNonSpace(text, pos, end)) {
        this.pushText(decodeEntities(text.slice(pos, end), text, pos));
      }
      if (lt === -1) break;
      const next = text.charCodeAt(lt + 1);
      if (next === 47 /* / */) pos = this.endTag(lt);
      else if (next === 33 /* ! */) pos = this.bangMarkup(lt);
      else if (next === 63 /* ? */) pos = this.processingInstruction(lt);
      else pos = this.startTag(lt);
    }
    const open = this.stack[this.stack.length - 1];
    if (open) {
      throw syntaxError("malformed_xml", `<${open.name}> is never closed`, text, n);
    }
    return this.top;
  }

  /** Adds a text node to the open element (or to the top level). */
  private pushText(value: string): void {
    const parent = this.stack[this.stack.length - 1];
    (parent ? parent.children : this.top).push({ text: value });
  }

  /** Notes that the open element's source text holds markup we dropped. */
  private dropInside(): void {
    const dropped = this.dropped;
    if (dropped.length > 0) dropped[dropped.length - 1] = true;
  }

  /** Reads `</name>` at `pos`: closes the open element, which must have that name. */
  private endTag(pos: number): number {
    const text = this.text;
    const close = text.indexOf(">", pos + 2);
    if (close === -1) throw syntaxError("malformed_xml", "unclosed end tag", text, pos);
    const name = text.slice(pos + 2, close).trim();
    const stack = this.stack;
    const open = stack.pop();
    const openedAt = this.starts.pop() as number;
    const impure = this.dropped.pop() === true;
    if (impure) this.dropInside();
    if (!open) {
      throw syntaxError("malformed_xml", `unexpected end tag </${name}>`, text, pos);
    }
    if (open.name !== name) {
      throw syntaxError(
        "malformed_xml",
        `end tag </${name}> does not match <${open.name}>`,
        text,
        pos,
      );
    }
    if (!impure && this.keep?.(open, stack[stack.length - 1])) {
      rememberSource(open, text.slice(openedAt, close + 1));
    }
    return close + 1;
  }

  /** Reads the `<!…` at `pos`: a comment or doctype (dropped) or a CDATA section (text). */
  private bangMarkup(pos: number): number {
    const text = this.text;
    if (text.startsWith("<!--", pos)) {
      const close = text.indexOf("-->", pos + 4);
      if (close === -1) throw syntaxError("malformed_xml", "unclosed comment", text, pos);
      this.dropInside();
      return close + 3;
    }
    if (text.startsWith("<![CDATA[", pos)) {
      const close = text.indexOf("]]>", pos + 9);
      if (close === -1) throw syntaxError("malformed_xml", "unclosed CDATA", text, pos);
      const value = text.slice(pos + 9, close);
      if (value.length > 0) this.pushText(value);
      return close + 3;
    }
    if (text.startsWith("<!DOCTYPE", pos)) {
      const bracket = text.indexOf("[", pos);
      const gt = text.indexOf(">", pos);
      const close = bracket !== -1 && bracket < gt ? text.indexOf("]>", bracket) + 1 : gt;
      if (close <= 0) throw syntaxError("malformed_xml", "unclosed doctype", text, pos);
      this.dropInside();
      return close + 1;
    }
    throw syntaxError("malformed_xml", "unexpected <!", text, pos);
  }

  /** Skips the processing instruction at `pos` (`<?…?>`, the XML declaration among them). */
  private processingInstruction(pos: number): number {
    const close = this.text.indexOf("?>", pos + 2);
    if (close === -1) {
      throw syntaxError("malformed_xml", "unclosed processing instruction", this.text, pos);
    }
    this.dropInside();
    return close + 2;
  }

  /** Reads the start tag at `tagStart`, then opens its element (or adds it, when empty). */
  private startTag(tagStart: number): number {
    const text = this.text;
    const n = this.n;
    const nameEnd = scanName(text, tagStart + 1);
    if (nameEnd === tagStart + 1) {
      throw syntaxError("unescaped_character", "bare < must be written as &lt;", text, tagStart);
    }
    const el: XmlElement = { name: text.slice(tagStart + 1, nameEnd), attrs: {}, children: [] };
    let pos = nameEnd;
    for (;;) {
      const start = pos;
      while (pos < n && isSpace(text.charCodeAt(pos))) pos++;
      const code = text.charCodeAt(pos);
      if (code === 62 /* > */) {
        this.openElement(el, tagStart);
        return pos + 1;
      }
      if (code === 47 /* / */ && text.charCodeAt(pos + 1) === 62) {
        this.addEmptyElement(el, tagStart, pos + 2);
        return pos + 2;
      }
      if (pos >= n) throw syntaxError("malformed_xml", `unclosed <${el.name}> tag`, text, n);
      if (pos === start) throw attributeError(text, pos, el.name);
      pos = readAttribute(text, pos, el);
    }
  }

  /** Adds an element whose start tag ended with `>` and makes it the open one. */
  private openElement(el: XmlElement, tagStart: number): void {
    const stack = this.stack;
    if (stack.length >= MAX_DEPTH) {
      throw syntaxError(
        "malformed_xml",
        `elements are nested more than ${MAX_DEPTH} deep`,
        this.text,
        tagStart,
      );
    }
    (stack[stack.length - 1]?.children ?? this.top).push(el);
    stack.push(el);
    this.starts.push(tagStart);
    this.dropped.push(false);
  }

  /** Adds an element written `<name …/>`, remembering its source text when asked to. */
  private addEmptyElement(el: XmlElement, tagStart: number, tagEnd: number): void {
    const parent = this.stack[this.stack.length - 1];
    (parent?.children ?? this.top).push(el);
    if (this.keep?.(el, parent)) rememberSource(el, this.text.slice(tagStart, tagEnd));
  }
}

/**
 * Reads the attribute `name="value"` starting at `pos` into the element, and returns where it
 * ends (after the closing quote). Runs once per attribute of every diagram read: the errors
 * are built elsewhere to keep it small.
 */
function readAttribute(text: string, pos: number, el: XmlElement): number {
  const attrEnd = scanName(text, pos);
  if (attrEnd === pos) throw attributeError(text, pos, el.name);
  const eq = skipSpace(text, attrEnd);
  if (text.charCodeAt(eq) !== 61 /* = */) throw attributeError(text, pos, el.name);
  const q = skipSpace(text, eq + 1);
  const quote = text.charCodeAt(q);
  if (quote !== 34 && quote !== 39) throw attributeError(text, q, el.name);
  const close = text.indexOf(quote === 34 ? '"' : "'", q + 1);
  const attrName = text.slice(pos, attrEnd);
  if (close === -1) throw attributeValueError("unclosed", text, attrName, q);
  const valueOffset = q + 1;
  const raw = text.slice(valueOffset, close);
  const lt = raw.indexOf("<");
  if (lt !== -1) throw attributeValueError("bare <", text, attrName, valueOffset + lt);
  if (Object.hasOwn(el.attrs, attrName)) {
    throw attributeValueError("duplicate", text, attrName, pos);
  }
  // Most values are short and plain (ids, numbers, small styles): one loop over them is cheaper
  // than the four searches attributeValue makes, which win on long values (data URIs, HTML).
  const value =
    close - valueOffset < 48 && plainValue(text, valueOffset, close)
      ? raw
      : attributeValue(raw, text, valueOffset);
  if (attrName === "__proto__") defineProto(el.attrs, value);
  else el.attrs[attrName] = value;
  return close + 1;
}

/** True when a short value needs no work: no tab, line break or `&` between `from` and `to`. */
function plainValue(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 38 || c === 9 || c === 10 || c === 13) return false;
  }
  return true;
}

/**
 * An attribute's value as written (`raw`, found at `offset` in the text) made into its value:
 * literal tabs and line breaks read as spaces (attribute-value normalization), references
 * decoded.
 */
function attributeValue(raw: string, text: string, offset: number): string {
  let value = raw;
  if (value.indexOf("\n") !== -1 || value.indexOf("\t") !== -1 || value.indexOf("\r") !== -1) {
    value = value.replace(LITERAL_WHITESPACE, " ");
  }
  if (value.indexOf("&") !== -1) value = decodeEntities(value, text, offset);
  return value;
}

/** Sets an attribute named `__proto__` as an own property (assigning would set the prototype). */
function defineProto(attrs: Record<string, string>, value: string): void {
  Object.defineProperty(attrs, "__proto__", { value, enumerable: true, writable: true });
}
