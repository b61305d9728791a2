/**
 * A cell's style resolved for drawing (`CellStyle`): the stylesheet's defaults, named styles and
 * keys, numbers held in range, colours read as draw.io paints them, in light or dark
 * (`dark-colours.ts` decides which).
 */
import { clampedNumber } from "../model/numbers.ts";
import { parseStyle } from "../model/style.ts";
import { DEFAULT_EDGE_STYLE, DEFAULT_VERTEX_STYLE, NAMED_STYLES } from "../model/stylesheet.ts";
import { cssColor } from "./css-values.ts";
import { type ColourTheme, defaultColour, LIGHT, themedColour } from "./dark-colours.ts";

/**
 * The largest number a style may give a drawing, either way (a font size, a stroke width, a
 * spacing): far past anything drawn by hand, and small enough that every computation with it
 * stays finite (`fontSize=1e39` was written into the SVG as `Infinitypx`).
 */
export const STYLE_NUMBER_LIMIT = 1_000_000;

/**
 * A cell's style as draw.io resolves it for drawing: the stylesheet's defaults for a vertex or
 * an edge, then the named styles in order, then the keys (`none` removes one).
 *
 * @example
 * const s = new CellStyle("ellipse;fillColor=#dae8fc;", "vertex");
 * s.get("shape"); // "ellipse"
 * s.color("fillColor"); // "#dae8fc"
 */
export class CellStyle {
  readonly #values: ReadonlyMap<string, string>;
  /** The keys the cell's own style wrote (the rest come from the stylesheet). */
  readonly #written: ReadonlySet<string>;
  /** The theme the colours are painted in. */
  readonly theme: ColourTheme;

  constructor(
    style: string | undefined,
    kind: "vertex" | "edge",
    theme: ColourTheme = LIGHT,
    overrides?: Readonly<Record<string, string>>,
  ) {
    this.theme = theme;
    const key = `${kind}\u0000${style ?? ""}`;
    let resolved = RESOLVED.get(key);
    if (!resolved) {
      resolved = resolve(style, kind);
      // Diagrams repeat a handful of styles; the cache only has to outlive one render.
      if (RESOLVED.size >= 4_096) RESOLVED.clear();
      RESOLVED.set(key, resolved);
    }
    this.#written = resolved.written;
    if (!overrides) {
      this.#values = resolved.values;
      return;
    }
    const values = new Map(resolved.values);
    for (const [k, v] of Object.entries(overrides)) values.set(k, v);
    this.#values = values;
    this.#written = new Set([...resolved.written, ...Object.keys(overrides)]);
  }

  get shape(): string {
    return this.#values.get("shape") ?? "label";
  }

  get(key: string): string | undefined {
    return this.#values.get(key);
  }

  /**
   * A number, or `fallback` when absent or not a finite number (draw.io's `parseFloat`), held
   * within ±{@link STYLE_NUMBER_LIMIT}: every number a drawing computes with comes from here.
   */
  num(key: string, fallback: number): number {
    return clampedNumber(this.#values.get(key), fallback, STYLE_NUMBER_LIMIT);
  }

  /** Whether a 0/1 key is 1. */
  flag(key: string, fallback = false): boolean {
    const raw = this.#values.get(key);
    return raw === undefined ? fallback : Number.parseFloat(raw) === 1;
  }

  /**
   * A colour to paint with, lower-cased, in the style's theme, or undefined for `none`/absent:
   * the stylesheet's colours (and `default`) are the theme's defaults, the cell's own ones are
   * turned as the theme turns an author's colour.
   */
  color(key: string): string | undefined {
    const written = this.#values.get(key);
    if (written === undefined) return undefined;
    const word = written.trim().toLowerCase();
    if (word === "default" || (!this.#written.has(key) && word !== "none")) {
      return defaultColour(key, this.theme);
    }
    // `fillColor=strokeColor` (UML start states) takes the cell's own stroke, and the other way
    // round, as mxCellRenderer.resolveColor does.
    if (word === "strokecolor" && key !== "strokeColor") return this.color("strokeColor");
    if (word === "fillcolor" && key !== "fillColor") return this.color("fillColor");
    const raw = cssColor(written);
    return raw && themedColour(raw, this.theme);
  }

  /**
   * A colour a shape or stencil paints with of its own (not from the style), in the style's
   * theme, as draw.io's canvas turns every colour it is given.
   */
  paint(colour: string): string {
    return themedColour(colour, this.theme);
  }
}

/** Resolved styles by kind and style text, shared read-only by the `CellStyle`s that use them. */
const RESOLVED = new Map<string, Resolved>();

/** A style's resolved keys, and which of them the style itself wrote. */
interface Resolved {
  values: ReadonlyMap<string, string>;
  written: ReadonlySet<string>;
}

/** A style's keys over the stylesheet's defaults and the named styles it starts with. */
function resolve(style: string | undefined, kind: "vertex" | "edge"): Resolved {
  const values = new Map(
    Object.entries(kind === "edge" ? DEFAULT_EDGE_STYLE : DEFAULT_VERTEX_STYLE),
  );
  const written = new Set<string>();
  for (const [key, value] of parseStyle(style)) {
    if (value === null) {
      for (const [k, v] of Object.entries(NAMED_STYLES[key] ?? {})) {
        values.set(k, v);
        written.delete(k);
      }
    } else if (value === "none" && !COLOR_KEYS.has(key)) {
      values.delete(key);
    } else {
      values.set(key, value);
      written.add(key);
    }
  }
  return { values, written };
}

/** Keys whose `none` is a value (not painted), not a removal. */
const COLOR_KEYS = new Set([
  "fillColor",
  "strokeColor",
  "fontColor",
  "gradientColor",
  "labelBackgroundColor",
  "labelBorderColor",
  "swimlaneFillColor",
]);
