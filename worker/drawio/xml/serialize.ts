/** Writing the XML tree back as text, escaping what needs it and reusing unchanged source. */
import type { XmlElement, XmlNode } from "./nodes.ts";

// Escaped, or left out: the characters XML cannot hold, which the parser refuses (parse.ts).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
const ATTR_SPECIAL = /[&<>"\n\r\t\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
const ATTR_ALL = /[&<>"\n\r\t\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ATTR_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\n": "&#xa;",
  "\r": "&#xd;",
  "\t": "&#x9;",
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
const TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/**
 * A string without the characters XML cannot hold, as the writer leaves them out.
 *
 * @example
 * withoutForbiddenCharacters("bell\u0007"); // "bell"
 */
export function withoutForbiddenCharacters(value: string): string {
  return FORBIDDEN.test(value) ? value.replace(TEXT_FORBIDDEN, "") : value;
}

/**
 * Escapes a string for a double-quoted attribute value, the way draw.io writes it
 * (line breaks as `&#xa;` so they survive attribute normalisation). Characters XML cannot
 * hold at all (U+0001, U+FFFF, …) are left out: written, they would make a file nothing reads,
 * draw.io included.
 *
 * @example
 * escapeAttribute('a "b"\nc'); // 'a &quot;b&quot;&#xa;c'
 * escapeAttribute("bell\u0007"); // 'bell'
 */
export function escapeAttribute(value: string): string {
  if (!ATTR_SPECIAL.test(value)) return value;
  return value.replace(ATTR_ALL, (ch) => ATTR_ESCAPES[ch] ?? "");
}

/** Escapes a string for element text content, leaving out what XML cannot hold. */
export function escapeText(value: string): string {
  if (!TEXT_SPECIAL.test(value)) return value;
  return value
    .replace(TEXT_FORBIDDEN, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** Options for {@link serializeXml}. */
export interface SerializeXmlOptions {
  /** Indent nested elements with this string (default: no whitespace at all). */
  indent?: string;
}

/**
 * Writes an element (and its descendants) as XML text.
 *
 * @example
 * serializeXml({ name: "mxCell", attrs: { id: "0" }, children: [] }); // '<mxCell id="0"/>'
 */
export function serializeXml(node: XmlNode, options: SerializeXmlOptions = {}): string {
  const parts: string[] = [];
  write(node, parts, options.indent, 0);
  return parts.join("");
}

/** Appends the XML of `node` to `parts` (used to build large documents without copies). */
export function writeXml(node: XmlNode, parts: string[], indent?: string, depth = 0): void {
  write(node, parts, indent, depth);
}

function write(node: XmlNode, parts: string[], indent: string | undefined, depth: number): void {
  const pad = indent ? `\n${indent.repeat(depth)}` : "";
  if ((node as XmlElement).name === undefined) {
    parts.push(escapeText((node as { text: string }).text));
    return;
  }
  const el = node as XmlElement;
  let open = `${depth > 0 ? pad : ""}<${el.name}`;
  for (const key in el.attrs) open += ` ${key}="${escapeAttribute(el.attrs[key] as string)}"`;
  const kids = el.children;
  if (kids.length === 0) {
    parts.push(`${open}/>`);
    return;
  }
  parts.push(`${open}>`);
  let onlyText = true;
  for (const child of kids) {
    if ((child as XmlElement).name !== undefined) onlyText = false;
    write(child, parts, indent, depth + 1);
  }
  parts.push(onlyText || !indent ? `</${el.name}>` : `${pad}</${el.name}>`);
}
