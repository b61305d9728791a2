/**
 * The one way text and values are written into the SVG: every number through {@link fmt}, every
 * attribute and text through {@link esc}, every paint through `paintValue`, every element
 * through {@link element}. Whatever a diagram holds (quotes, markup, control characters, lone
 * surrogates, `url(…)` colours, Infinity) comes out as well-formed XML that names nothing
 * outside the picture.
 */
import { paintValue } from "./css-values.ts";

/**
 * A number as draw.io's SVG export writes it: at most two decimals, no trailing zeros. A number
 * that is not finite (which no attribute may hold) is written as 0.
 *
 * @example
 * fmt(12.3456); // "12.35"
 */
export function fmt(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (!Number.isFinite(rounded)) return "0";
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/**
 * Text escaped for SVG character data and attribute values; characters XML does not allow
 * (controls other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF) are replaced by
 * U+FFFD, as a browser shows what it cannot decode.
 *
 * @example
 * esc('a < "b"'); // "a &lt; &quot;b&quot;"
 */
export function esc(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  let out = text;
  if (NOT_XML.test(out)) out = out.replace(NOT_XML_CHARS, "\ufffd");
  return out
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML does not allow
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
/** Characters that may need replacing: controls and surrogates (a pair is fine, a lone one not). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML does not allow
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const NOT_XML_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML does not allow
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Attribute values: numbers are formatted, undefined ones left out. */
export type Attrs = Record<string, string | number | undefined>;

/** Attributes whose value is a paint: checked by `paintValue`, never copied as written. */
const PAINTS = new Set(["fill", "stroke", "stop-color", "color", "flood-color", "lighting-color"]);

/** Attribute names already checked (names are the renderer's own; the check guards its code). */
const NAMES = new Set<string>();
const NAME = /^(?!on)[a-z][a-zA-Z0-9:-]*$/;

/**
 * One SVG element as text; `children` is already SVG (or escaped text). Values are escaped,
 * paints checked; an attribute name that could run script (`on…`) is refused, as a bug.
 *
 * @example
 * element("rect", { x: 1, y: 2, width: 3, height: 4, fill: "none" }); // '<rect x="1" … fill="none"/>'
 */
export function element(name: string, attrs: Attrs, children?: string): string {
  let out = `<${name}`;
  for (const key in attrs) {
    const value = attrs[key];
    if (value === undefined) continue;
    if (!NAMES.has(key)) {
      if (!NAME.test(key)) throw new Error(`the renderer wrote an attribute named ${key}`);
      NAMES.add(key);
    }
    const text =
      typeof value === "number" ? fmt(value) : PAINTS.has(key) ? paintValue(value) : esc(value);
    out += ` ${key}="${text}"`;
  }
  return children === undefined ? `${out}/>` : `${out}>${children}</${name}>`;
}

/** Path data builder writing draw.io's spelling: `M 0 0 L 10 0 Q … Z`, numbers via {@link fmt}. */
export class PathData {
  readonly #parts: string[] = [];

  move(x: number, y: number): this {
    this.#parts.push(`M ${fmt(x)} ${fmt(y)}`);
    return this;
  }
  line(x: number, y: number): this {
    this.#parts.push(`L ${fmt(x)} ${fmt(y)}`);
    return this;
  }
  quad(cx: number, cy: number, x: number, y: number): this {
    this.#parts.push(`Q ${fmt(cx)} ${fmt(cy)} ${fmt(x)} ${fmt(y)}`);
    return this;
  }
  curve(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    this.#parts.push(`C ${fmt(x1)} ${fmt(y1)} ${fmt(x2)} ${fmt(y2)} ${fmt(x)} ${fmt(y)}`);
    return this;
  }
  arc(
    rx: number,
    ry: number,
    rotation: number,
    large: boolean,
    sweep: boolean,
    x: number,
    y: number,
  ): this {
    this.#parts.push(
      `A ${fmt(rx)} ${fmt(ry)} ${fmt(rotation)} ${large ? 1 : 0} ${sweep ? 1 : 0} ${fmt(x)} ${fmt(y)}`,
    );
    return this;
  }
  close(): this {
    this.#parts.push("Z");
    return this;
  }
  get empty(): boolean {
    return this.#parts.length === 0;
  }
  toString(): string {
    return this.#parts.join(" ");
  }
}

/** A point. */
export interface Pt {
  x: number;
  y: number;
}

/**
 * A polyline or polygon through `points` with draw.io's rounded corners: each corner is cut
 * `radius` (at most half of either side) before and after it and joined by a quadratic curve
 * through the corner; a closed rounded polygon starts halfway along its closing side.
 *
 * @example
 * polyline(new PathData(), [{x:0,y:0},{x:10,y:0},{x:10,y:10}], true, 5, false).toString();
 */
/**
 * An open line drawn curved through its points, as draw.io draws `curved=1` edges: a quadratic
 * curve from each inner point, its control, to the middle of the next segment, and the last one
 * into the end point.
 *
 * @example
 * curvedLine(new PathData(), [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 50, y: 50 }]);
 * // M 0 0 Q 50 0 50 50
 */
export function curvedLine(path: PathData, pts: readonly Pt[]): PathData {
  const start = pts[0];
  if (!start) return path;
  path.move(start.x, start.y);
  if (pts.length < 2) return path;
  for (let i = 1; i < pts.length - 2; i++) {
    const control = pts[i] as Pt;
    const next = pts[i + 1] as Pt;
    path.quad(control.x, control.y, (control.x + next.x) / 2, (control.y + next.y) / 2);
  }
  const control = pts[pts.length - 2] as Pt;
  const end = pts[pts.length - 1] as Pt;
  return path.quad(control.x, control.y, end.x, end.y);
}

export function polyline(
  path: PathData,
  input: readonly Pt[],
  rounded: boolean,
  radius: number,
  closed: boolean,
): PathData {
  const pts = input.filter(
    (p, i) =>
      i === 0 ||
      Math.round(p.x - (input[i - 1] as Pt).x) !== 0 ||
      Math.round(p.y - (input[i - 1] as Pt).y) !== 0,
  );
  if (pts.length === 0) return path;
  if (closed && rounded && pts.length > 2) {
    const first = pts[0] as Pt;
    const last = pts[pts.length - 1] as Pt;
    pts.unshift({ x: (first.x + last.x) / 2, y: (first.y + last.y) / 2 });
  }
  const start = pts[0] as Pt;
  path.move(start.x, start.y);
  const corners = closed ? pts.length : pts.length - 1;
  let prev = start;
  for (let i = 1; i < corners; i++) {
    const corner = pts[i % pts.length] as Pt;
    const next = pts[(i + 1) % pts.length] as Pt;
    if (!rounded) {
      path.line(corner.x, corner.y);
      prev = corner;
      continue;
    }
    const inLen = Math.hypot(corner.x - prev.x, corner.y - prev.y);
    const outLen = Math.hypot(next.x - corner.x, next.y - corner.y);
    if (inLen === 0 || outLen === 0) {
      path.line(corner.x, corner.y);
      prev = corner;
      continue;
    }
    const cutIn = Math.min(radius, inLen / 2) / inLen;
    const cutOut = Math.min(radius, outLen / 2) / outLen;
    path.line(corner.x - (corner.x - prev.x) * cutIn, corner.y - (corner.y - prev.y) * cutIn);
    path.quad(
      corner.x,
      corner.y,
      corner.x + (next.x - corner.x) * cutOut,
      corner.y + (next.y - corner.y) * cutOut,
    );
    prev = corner;
  }
  if (closed) path.close();
  else {
    const end = pts[pts.length - 1] as Pt;
    path.line(end.x, end.y);
  }
  return path;
}
