/**
 * Numbers along an axis: the value range a chart shows (given, or read from its data) and the
 * round tick values in it, written short.
 */
import type { Range } from "./model.ts";

/**
 * The range the value axis shows: the given one, or the data's own widened to round numbers
 * (and down to 0 when every value is positive and there are bars, so bar lengths compare).
 *
 * @example
 * valueRange(undefined, [3, 7, 12], true); // { min: 0, max: 12 }
 */
export function valueRange(
  given: Range | undefined,
  values: readonly number[],
  bars: boolean,
): Range {
  if (given) return given.min === given.max ? { min: given.min - 1, max: given.max + 1 } : given;
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (bars && min > 0) min = 0;
  if (bars && max < 0) max = 0;
  if (min === max) return { min: min - 1, max: max + 1 };
  const step = niceStep((max - min) / 6);
  return { min: Math.floor(min / step) * step, max: Math.ceil(max / step) * step };
}

/**
 * Round tick values inside `range`, at most `most` of them.
 *
 * @example
 * ticks({ min: 4000, max: 11000 }, 8); // [4000, 5000, …, 11000]
 */
export function ticks(range: Range, most: number): number[] {
  const lo = Math.min(range.min, range.max);
  const hi = Math.max(range.min, range.max);
  if (!Number.isFinite(hi - lo) || hi - lo <= 0) return [lo, hi];
  let step = niceStep((hi - lo) / Math.max(1, most - 1));
  for (let tries = 0; (hi - lo) / step + 1 > most && tries < 20; tries++)
    step = niceStep(step * 1.01);
  const out: number[] = [];
  const first = Math.ceil(lo / step - 1e-9);
  // Counted, not summed: at the edge of float precision `v += step` may not move.
  for (let k = 0; k <= most; k++) {
    const v = (first + k) * step;
    if (v > hi + step * 1e-9) break;
    out.push(Number(v.toPrecision(12)));
  }
  return out;
}

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `raw`. */
function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * power >= raw * (1 - 1e-9)) return f * power;
  return 10 * power;
}

/**
 * A number as a tick label: no float noise, thousands not separated (as Mermaid writes them).
 *
 * @example
 * tickLabel(0.30000000000000004); // "0.3"
 */
export function tickLabel(value: number): string {
  return String(Number(value.toPrecision(10)));
}
