/**
 * The one way text from a diagram reaches an HTTP header. A header value may hold only visible
 * ASCII, spaces and tabs; a CR, LF, NUL or any other character there makes the Response
 * constructor throw (a 500 for every export of that diagram), so values are percent-encoded
 * as `encodeURIComponent` encodes them, and lists are bounded.
 */

/**
 * A list of names as one header value: each name percent-encoded (names of plain characters,
 * such as draw.io's shape names, stay as written), joined with commas, at most `maxItems` names
 * and `maxChars` characters (whole names only).
 *
 * @example
 * headerList(["mxgraph.aws4.lambda", "evil\r\nSet-Cookie: a=b"]);
 * // "mxgraph.aws4.lambda,evil%0D%0ASet-Cookie%3A%20a%3Db"
 */
export function headerList(names: readonly string[], maxItems = 40, maxChars = 2_000): string {
  let out = "";
  for (const name of names.slice(0, maxItems)) {
    const encoded = headerText(name);
    if (out.length + encoded.length + 1 > maxChars) break;
    out = out ? `${out},${encoded}` : encoded;
  }
  return out;
}

/**
 * One piece of text as a safe header value: percent-encoded wherever it holds anything but
 * letters, digits and `-_.!~*'()` (so a comma inside a name cannot split a list).
 *
 * @example
 * headerText("Checkout flow.png"); // "Checkout%20flow.png"
 */
export function headerText(text: string): string {
  // encodeURIComponent throws on a lone surrogate: it becomes U+FFFD first.
  return encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd"));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
