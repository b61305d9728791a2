/** XML entity and character references: which characters XML allows, and decoding `&…;`. */
import { syntaxError } from "./syntax-error.ts";

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

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

/** Decodes the five XML entities and numeric character references; a bare `&` is an error. */
export function decodeEntities(raw: string, text: string, offset: number): string {
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
