/**
 * A cell style read for outlines (`ResolvedStyle`): the stylesheet's named styles merged in
 * order, later keys winning, `none` removing a key; numbers and flags as draw.io reads them.
 */
import { parseStyle } from "../model/style.ts";
import { NAMED_STYLES } from "../model/stylesheet.ts";

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
        for (const [k, v] of Object.entries(NAMED_STYLES[key] ?? {})) this.values.set(k, v);
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
