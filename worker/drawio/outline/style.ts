import { parseStyle } from "../model/style.ts";

/**
 * The keys that shape geometry in draw.io's default stylesheet (`styles/default.xml`) for the
 * named styles a cell style can start with. `defaultVertex` draws a `label` (a rectangle).
 */
const NAMED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ellipse: { shape: "ellipse" },
  rhombus: { shape: "rhombus" },
  triangle: { shape: "triangle" },
  swimlane: { shape: "swimlane", startSize: "23" },
  line: { shape: "line", strokeWidth: "4" },
  image: { shape: "image" },
  roundImage: { shape: "image" },
  rhombusImage: { shape: "image" },
  arrow: { shape: "arrow" },
  label: { rounded: "1" },
  icon: { rounded: "1" },
};

/**
 * A cell style read the way draw.io's stylesheet reads it: named styles are merged in order,
 * later keys win, and a value of `none` removes the key.
 *
 * @example
 * const s = new ResolvedStyle("ellipse;shape=cloud;size=0.2;flipH=1");
 * s.shape; // "cloud"
 * s.number("size", 0.3); // 0.2
 * s.flag("flipH"); // true
 */
export class ResolvedStyle {
  private readonly values = new Map<string, string>([["shape", "label"]]);

  constructor(style: string | undefined) {
    for (const [key, value] of parseStyle(style)) {
      if (value === null) {
        for (const [k, v] of Object.entries(NAMED[key] ?? {})) this.values.set(k, v);
      } else if (value === "none") {
        this.values.delete(key);
      } else {
        this.values.set(key, value);
      }
    }
  }

  /** The shape name draw.io looks up (`label`, the default vertex, when none is given). */
  get shape(): string {
    return this.values.get("shape") ?? "label";
  }

  get(key: string): string | undefined {
    return this.values.get(key);
  }

  /** A numeric value, or `fallback` when missing or not a number (draw.io's `parseFloat`). */
  number(key: string, fallback: number): number {
    const raw = this.values.get(key);
    if (raw === undefined) return fallback;
    const value = Number.parseFloat(raw);
    return Number.isFinite(value) ? value : fallback;
  }

  /** Whether a 0/1 key is set to 1 (draw.io compares `== 1`). */
  flag(key: string): boolean {
    const raw = this.values.get(key);
    return raw !== undefined && Number.parseFloat(raw) === 1;
  }

  /** Whether a key is present and not `0` (draw.io's `!= '0'` tests, e.g. `fixedSize`). */
  isSet(key: string, fallback = "0"): boolean {
    const raw = this.values.get(key) ?? fallback;
    return raw !== "0" && Number.parseFloat(raw) !== 0;
  }
}
