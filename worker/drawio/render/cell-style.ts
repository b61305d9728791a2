/**
 * A cell's style resolved for drawing (`CellStyle`): the stylesheet's defaults, named styles and
 * keys, numbers held in range, colours read as draw.io paints them, in light or dark.
 */
import { clampedNumber } from "../model/numbers.ts";
import { parseStyle } from "../model/style.ts";
import { DEFAULT_EDGE_STYLE, DEFAULT_VERTEX_STYLE, NAMED_STYLES } from "../model/stylesheet.ts";
import { cssColor } from "./css-values.ts";

/**
 * The largest number a style may give a drawing, either way (a font size, a stroke width, a
 * spacing): far past anything drawn by hand, and small enough that every computation with it
 * stays finite (`fontSize=1e39` was written into the SVG as `Infinitypx`).
 */
export const STYLE_NUMBER_LIMIT = 1_000_000;

/** Colours of the `dark` theme: what the light defaults become. */
const DARK: Readonly<Record<string, string>> = {
  "#ffffff": "#1e1e1e",
  "#000000": "#e8e8e8",
};

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
  readonly #dark: boolean;

  constructor(
    style: string | undefined,
    kind: "vertex" | "edge",
    dark = false,
    overrides?: Readonly<Record<string, string>>,
  ) {
    this.#dark = dark;
    if (overrides) {
      const values = new Map(new CellStyle(style, kind).#values);
      for (const [k, v] of Object.entries(overrides)) values.set(k, v);
      this.#values = values;
      return;
    }
    const key = `${kind}\u0000${style ?? ""}`;
    let values = RESOLVED.get(key);
    if (!values) {
      values = resolve(style, kind);
      // Diagrams repeat a handful of styles; the cache only has to outlive one render.
      if (RESOLVED.size >= 4_096) RESOLVED.clear();
      RESOLVED.set(key, values);
    }
    this.#values = values;
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

  /** A colour to paint with, lower-cased, or undefined for `none`/absent. */
  color(key: string): string | undefined {
    const written = this.#values.get(key);
    if (written === undefined) return undefined;
    const word = written.trim().toLowerCase();
    if (word === "default") return this.#default(key);
    // `fillColor=strokeColor` (UML start states) takes the cell's own stroke, and the other way
    // round, as mxCellRenderer.resolveColor does.
    if (word === "strokecolor" && key !== "strokeColor") return this.color("strokeColor");
    if (word === "fillcolor" && key !== "fillColor") return this.color("fillColor");
    const raw = cssColor(written);
    if (!raw) return undefined;
    // Dark text on a light fill of the author's stays dark: turned light it would vanish.
    if (this.#dark && key === "fontColor" && raw === "#000000" && this.#labelOnLightFill()) {
      return raw;
    }
    return this.#dark ? (DARK[raw] ?? raw) : raw;
  }

  /** Whether the label sits inside the shape, on a light fill other than the default white. */
  #labelOnLightFill(): boolean {
    const inside =
      (this.#values.get("labelPosition") ?? "center") === "center" &&
      (this.#values.get("verticalLabelPosition") ?? "middle") === "middle";
    const fill = this.#values.get("fillColor")?.trim().toLowerCase() ?? "";
    const hex = /^#([0-9a-f]{6})$/.exec(fill)?.[1];
    if (!inside || !hex || fill === "#ffffff") return false;
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
    return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) > 0.6;
  }

  #default(key: string): string | undefined {
    const light = key === "fillColor" || key === "labelBackgroundColor" ? "#ffffff" : "#000000";
    return this.#dark ? DARK[light] : light;
  }
}

/** Resolved styles by kind and style text, shared read-only by the `CellStyle`s that use them. */
const RESOLVED = new Map<string, ReadonlyMap<string, string>>();

/** A style's keys over the stylesheet's defaults and the named styles it starts with. */
function resolve(style: string | undefined, kind: "vertex" | "edge"): Map<string, string> {
  const values = new Map(
    Object.entries(kind === "edge" ? DEFAULT_EDGE_STYLE : DEFAULT_VERTEX_STYLE),
  );
  for (const [key, value] of parseStyle(style)) {
    if (value === null) {
      for (const [k, v] of Object.entries(NAMED_STYLES[key] ?? {})) values.set(k, v);
    } else if (value === "none" && !COLOR_KEYS.has(key)) {
      values.delete(key);
    } else {
      values.set(key, value);
    }
  }
  return values;
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
