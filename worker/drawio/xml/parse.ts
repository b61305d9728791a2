import { DrawioError } from "../errors.ts";
import { rememberSource, type XmlElement, type XmlNode } from "./nodes.ts";

/**
 * The error for a text that is not well-formed XML: a {@link DrawioError} with a stable code
 * and where it happened (line, column and offset).
 */
function syntaxError(
  code: "malformed_xml" | "unescaped_character",
  message: string,
  text: string,
  offset: number,
): DrawioError {
  const { line, column } = lineAndColumn(text, offset);
  return new DrawioError(code, `${message} (line ${line}, column ${column})`, {
    line,
    column,
    offset,
  });
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const LITERAL_WHITESPACE = /[\t\n\r]/g;
/** Real draw.io files nest a few levels deep; far deeper input is hostile, and would overflow
 * the stack of every recursive walk after parsing. */
export const MAX_DEPTH = 256;
const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

/** True for characters that end an XML name in the subset we accept. */
function endsName(code: number): boolean {
  // whitespace / > = < " ' ! ? &
  return (
    code <= 32 ||
    code === 47 ||
    code === 62 ||
    code === 61 ||
    code === 60 ||
    code === 34 ||
    code === 39 ||
    code === 33 ||
    code === 63 ||
    code === 38
  );
}

/** The end of the name starting at `pos` (equal to `pos` when there is none). */
function scanName(text: string, pos: number): number {
  const n = text.length;
  let i = pos;
  while (i < n && !endsName(text.charCodeAt(i))) i++;
  return i;
}

function hasNonSpace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return true;
  return false;
}

/** Decodes the five XML entities and numeric character references; a bare `&` is an error. */
/** The XML 1.0 `Char` production: tab, newlines and everything printable (no surrogates). */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

// The characters XML 1.0 cannot hold at all, not even as references: C0 controls other than
// tab, line feed and carriage return, and U+FFFE/U+FFFF. The serializer leaves them out.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

function decodeEntities(raw: string, text: string, offset: number): string {
  let out = "";
  let last = 0;
  let amp = raw.indexOf("&");
  while (amp !== -1) {
    const semi = raw.indexOf(";", amp + 1);
    const body = semi === -1 || semi - amp > 12 ? "" : raw.slice(amp + 1, semi);
    let decoded: string | undefined;
    if (body.charCodeAt(0) === 35 /* # */) {
      const hex = body.charCodeAt(1) === 120; /* x */
      const digits = body.slice(hex ? 2 : 1);
      if (digits.length > 0 && (hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) {
        const code = Number.parseInt(digits, hex ? 16 : 10);
        if (!isXmlChar(code)) {
          throw syntaxError(
            "malformed_xml",
            `&${body}; names a character XML does not allow`,
            text,
            offset + amp,
          );
        }
        decoded = String.fromCodePoint(code);
      }
    } else {
      decoded = PREDEFINED[body];
    }
    if (decoded === undefined) {
      const what =
        body && /^[A-Za-z][A-Za-z0-9]*$/.test(body) ? `unknown entity &${body};` : "bare &";
      throw syntaxError(
        "unescaped_character",
        `${what} must be written as &amp;`,
        text,
        offset + amp,
      );
    }
    out += raw.slice(last, amp) + decoded;
    last = semi + 1;
    amp = raw.indexOf("&", last);
  }
  return last === 0 ? raw : out + raw.slice(last);
}

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
  const top: XmlNode[] = [];
  const stack: XmlElement[] = [];
  const starts: number[] = [];
  // Whether markup we drop (a comment, processing instruction or doctype) sits inside the open
  // element: its source text then holds what we dropped, and must not be reused.
  const dropped: boolean[] = [];
  const dropInside = () => {
    if (dropped.length > 0) dropped[dropped.length - 1] = true;
  };
  const keep = options.keepSource;
  const n = text.length;
  let pos = 0;
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

  const pushText = (value: string) => {
    const parent = stack[stack.length - 1];
    (parent ? parent.children : top).push({ text: value });
  };

  while (pos < n) {
    const lt = text.indexOf("<", pos);
    const end = lt === -1 ? n : lt;
    if (end > pos && hasNonSpace(text, pos, end)) {
      pushText(decodeEntities(text.slice(pos, end), text, pos));
    }
    if (lt === -1) break;
    pos = lt;
    const next = text.charCodeAt(pos + 1);

    if (next === 47 /* / */) {
      const close = text.indexOf(">", pos + 2);
      if (close === -1) throw syntaxError("malformed_xml", "unclosed end tag", text, pos);
      const name = text.slice(pos + 2, close).trim();
      const open = stack.pop();
      const openedAt = starts.pop() as number;
      const impure = dropped.pop() === true;
      if (impure) dropInside();
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
      pos = close + 1;
      if (!impure && keep?.(open, stack[stack.length - 1])) {
        rememberSource(open, text.slice(openedAt, pos));
      }
      continue;
    }

    if (next === 33 /* ! */) {
      if (text.startsWith("<!--", pos)) {
        const close = text.indexOf("-->", pos + 4);
        if (close === -1) throw syntaxError("malformed_xml", "unclosed comment", text, pos);
        pos = close + 3;
        dropInside();
      } else if (text.startsWith("<![CDATA[", pos)) {
        const close = text.indexOf("]]>", pos + 9);
        if (close === -1) throw syntaxError("malformed_xml", "unclosed CDATA", text, pos);
        const value = text.slice(pos + 9, close);
        if (value.length > 0) pushText(value);
        pos = close + 3;
      } else if (text.startsWith("<!DOCTYPE", pos)) {
        const bracket = text.indexOf("[", pos);
        const gt = text.indexOf(">", pos);
        const close = bracket !== -1 && bracket < gt ? text.indexOf("]>", bracket) + 1 : gt;
        if (close <= 0) throw syntaxError("malformed_xml", "unclosed doctype", text, pos);
        pos = close + 1;
        dropInside();
      } else {
        throw syntaxError("malformed_xml", "unexpected <!", text, pos);
      }
      continue;
    }

    if (next === 63 /* ? */) {
      const close = text.indexOf("?>", pos + 2);
      if (close === -1) {
        throw syntaxError("malformed_xml", "unclosed processing instruction", text, pos);
      }
      pos = close + 2;
      dropInside();
      continue;
    }

    const nameEnd = scanName(text, pos + 1);
    if (nameEnd === pos + 1) {
      throw syntaxError("unescaped_character", "bare < must be written as &lt;", text, pos);
    }
    const el: XmlElement = { name: text.slice(pos + 1, nameEnd), attrs: {}, children: [] };
    const tagStart = pos;
    pos = nameEnd;

    for (;;) {
      const start = pos;
      while (pos < n && isSpace(text.charCodeAt(pos))) pos++;
      const code = text.charCodeAt(pos);
      if (code === 62 /* > */) {
        pos++;
        if (stack.length >= MAX_DEPTH) {
          throw syntaxError(
            "malformed_xml",
            `elements are nested more than ${MAX_DEPTH} deep`,
            text,
            tagStart,
          );
        }
        (stack[stack.length - 1]?.children ?? top).push(el);
        stack.push(el);
        starts.push(tagStart);
        dropped.push(false);
        break;
      }
      if (code === 47 /* / */ && text.charCodeAt(pos + 1) === 62) {
        pos += 2;
        const parent = stack[stack.length - 1];
        (parent?.children ?? top).push(el);
        if (keep?.(el, parent)) rememberSource(el, text.slice(tagStart, pos));
        break;
      }
      if (pos >= n) throw syntaxError("malformed_xml", `unclosed <${el.name}> tag`, text, n);
      const attrEnd = scanName(text, pos);
      if (attrEnd === pos || pos === start) throw attributeError(text, pos, el.name);
      const attrName = text.slice(pos, attrEnd);
      let eq = attrEnd;
      while (eq < n && isSpace(text.charCodeAt(eq))) eq++;
      if (text.charCodeAt(eq) !== 61 /* = */) throw attributeError(text, pos, el.name);
      let q = eq + 1;
      while (q < n && isSpace(text.charCodeAt(q))) q++;
      const quote = text.charCodeAt(q);
      if (quote !== 34 && quote !== 39) throw attributeError(text, q, el.name);
      const close = text.indexOf(quote === 34 ? '"' : "'", q + 1);
      if (close === -1) {
        throw syntaxError("malformed_xml", `unclosed value of ${attrName}`, text, q);
      }
      const valueOffset = q + 1;
      let value = text.slice(valueOffset, close);
      const lt = value.indexOf("<");
      if (lt !== -1) {
        throw syntaxError(
          "unescaped_character",
          `bare < in attribute ${attrName} must be written as &lt;`,
          text,
          valueOffset + lt,
        );
      }
      if (Object.hasOwn(el.attrs, attrName)) {
        throw syntaxError("malformed_xml", `duplicate attribute ${attrName}`, text, pos);
      }
      if (value.indexOf("\n") !== -1 || value.indexOf("\t") !== -1 || value.indexOf("\r") !== -1) {
        value = value.replace(LITERAL_WHITESPACE, " ");
      }
      if (value.indexOf("&") !== -1) value = decodeEntities(value, text, valueOffset);
      if (attrName === "__proto__") {
        Object.defineProperty(el.attrs, attrName, { value, enumerable: true, writable: true });
      } else {
        el.attrs[attrName] = value;
      }
      pos = close + 1;
    }
  }

  const open = stack[stack.length - 1];
  if (open) {
    throw syntaxError("malformed_xml", `<${open.name}> is never closed`, text, n);
  }
  return top;
}

function attributeError(text: string, pos: number, tag: string): DrawioError {
  const quote = text.charCodeAt(pos);
  if (quote === 34 || quote === 39 || text.charCodeAt(pos - 1) === 34) {
    return syntaxError(
      "unescaped_character",
      `stray quote in <${tag}>: a quote inside an attribute value must be written as &quot;`,
      text,
      pos,
    );
  }
  return syntaxError("malformed_xml", `malformed attribute in <${tag}>`, text, pos);
}
