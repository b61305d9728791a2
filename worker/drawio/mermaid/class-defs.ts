/**
 * Mermaid's CSS styles (`classDef name fill:#f96,stroke:#333`, `style id …`) as draw.io style
 * keys, shared by the flowchart, state and class diagram converters.
 */
import { mergeStyle } from "../model/style.ts";
import { mermaidSyntax, type SourceLine } from "./source.ts";

/** A Mermaid CSS style read as draw.io style keys. */
export interface CssStyle {
  /** draw.io style keys and values (`fillColor`, `strokeWidth`, …), `fontStyle` excluded. */
  keys: Record<string, string>;
  /** draw.io's `fontStyle` bits: 1 bold, 2 italic, 4 underline. */
  fontStyle: number;
}

/** Bare numbers, or lengths in px or pt (as px). */
function length(value: string): string | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(px|pt)?$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]) * (m[2]?.toLowerCase() === "pt" ? 4 / 3 : 1);
  return String(Math.round(n * 100) / 100);
}

/** A colour as draw.io takes it: hex, rgb()/rgba() or a CSS name. */
function colour(value: string): string | undefined {
  return /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i.test(value) ? value : undefined;
}

type Property = (value: string, style: CssStyle) => boolean;

const PROPERTIES: Record<string, Property> = {
  fill: (v, s) => set(s, "fillColor", colour(v)),
  background: (v, s) => set(s, "fillColor", colour(v)),
  stroke: (v, s) => set(s, "strokeColor", colour(v)),
  color: (v, s) => set(s, "fontColor", colour(v)),
  "stroke-width": (v, s) => set(s, "strokeWidth", length(v)),
  "font-size": (v, s) => set(s, "fontSize", length(v)),
  "font-family": (v, s) => set(s, "fontFamily", v.replace(/["']/g, "").split(",")[0]?.trim()),
  opacity: (v, s) => {
    const n = Number(v);
    return Number.isFinite(n) && set(s, "opacity", String(Math.round(Math.min(1, n) * 100)));
  },
  "stroke-dasharray": (v, s) => {
    const parts = v.split(/[\s,]+/).map(length);
    if (parts.some((p) => p === undefined)) return false;
    s.keys.dashed = "1";
    s.keys.dashPattern = parts.join(" ");
    return true;
  },
  "font-weight": (v, s) =>
    bit(s, 1, /^(bold|bolder|[6-9]00)$/i.test(v), /^(normal|[1-5]00)$/i.test(v)),
  "font-style": (v, s) => bit(s, 2, /^(italic|oblique)$/i.test(v), /^normal$/i.test(v)),
  "text-decoration": (v, s) => bit(s, 4, /underline/i.test(v), /^none$/i.test(v)),
};

function set(style: CssStyle, key: string, value: string | undefined): boolean {
  if (value === undefined || value === "") return false;
  style.keys[key] = value;
  return true;
}

function bit(style: CssStyle, flag: number, on: boolean, off: boolean): boolean {
  if (on) style.fontStyle |= flag;
  return on || off;
}

/**
 * Reads Mermaid's CSS (`fill:#f00,color:white,stroke-width:2px`, commas or semicolons between
 * properties). A property that is not `name:value` is refused with its column; a property or
 * value draw.io has no counterpart for is reported in `unsupported` (the caller notes it).
 *
 * @example
 * readCss("fill:#f96,font-weight:bold", at, 14);
 * // { style: { keys: { fillColor: "#f96" }, fontStyle: 1 }, unsupported: [] }
 */
export function readCss(
  css: string,
  at: SourceLine,
  column: number,
): { style: CssStyle; unsupported: string[] } {
  const style: CssStyle = { keys: {}, fontStyle: 0 };
  const unsupported: string[] = [];
  let start = 0;
  for (const part of splitCss(css)) {
    const offset = column + start + (part.length - part.trimStart().length);
    start += part.length + 1;
    const text = part.trim();
    if (text === "") continue;
    const colon = text.indexOf(":");
    if (colon <= 0) {
      throw mermaidSyntax(at, `"${text}" is not a CSS property: write name:value`, offset);
    }
    const name = text.slice(0, colon).trim().toLowerCase();
    const value = text
      .slice(colon + 1)
      .replace(/\s*!important\s*$/i, "")
      .trim();
    const apply = PROPERTIES[name];
    if (!apply?.(value, style)) unsupported.push(`${name}:${value}`);
  }
  return { style, unsupported };
}

/** CSS split at commas and semicolons outside parentheses (`rgb(1,2,3)` stays whole). */
function splitCss(css: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of css) {
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if ((ch === "," || ch === ";") && depth === 0) {
      parts.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

/** Several styles in order, later keys winning and font styles adding up. */
export function combineCss(styles: readonly CssStyle[]): CssStyle {
  const out: CssStyle = { keys: {}, fontStyle: 0 };
  for (const s of styles) {
    Object.assign(out.keys, s.keys);
    out.fontStyle |= s.fontStyle;
  }
  return out;
}

/**
 * A cell's style with a CSS style applied: its keys replace the cell's own, and its font style
 * is added to the cell's.
 *
 * @example
 * withCss("rounded=1;fontStyle=1;", { keys: { fillColor: "#f00" }, fontStyle: 2 });
 * // "rounded=1;fontStyle=3;fillColor=#f00;"
 */
export function withCss(style: string, css: CssStyle): string {
  const changes: Record<string, string> = { ...css.keys };
  if (css.fontStyle !== 0) {
    const current = Number(/(?:^|;)fontStyle=(\d+)/.exec(style)?.[1] ?? 0);
    changes.fontStyle = String(current | css.fontStyle);
  }
  return mergeStyle(style, changes);
}

/**
 * The `classDef` styles of a diagram by name, and what each reader of them notes. `default`
 * applies to every styled node before its own classes, as in Mermaid.
 */
export class ClassDefs {
  readonly #defs = new Map<string, CssStyle>();

  /** Defines (or redefines) each named class with the style. */
  define(names: readonly string[], style: CssStyle): void {
    for (const name of names) this.#defs.set(name, style);
  }

  has(name: string): boolean {
    return this.#defs.has(name);
  }

  /** The combined style of `default` and the named classes (unknown names are skipped). */
  styleOf(classes: readonly string[], inline: readonly CssStyle[] = []): CssStyle {
    const found: CssStyle[] = [];
    for (const name of ["default", ...classes]) {
      const def = this.#defs.get(name);
      if (def) found.push(def);
    }
    return combineCss([...found, ...inline]);
  }
}
