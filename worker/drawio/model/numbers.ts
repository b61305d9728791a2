/**
 * Numbers as draw.io reads them from a diagram: mxCodec and mxUtils.getNumber use JavaScript's
 * `parseFloat`, which takes the longest leading decimal number and ignores the rest
 * (`"12px"` is 12, `"0x10"` is 0, `" 1e3"` is 1000, `"abc"` is not a number). Every geometry
 * number and style number of the library is read here, so a value means the same to the
 * renderer, the checks and the layout as it does to draw.io.
 */

/**
 * The number draw.io reads from an attribute or style value: `parseFloat`'s, or NaN when the
 * text does not start with one (and for undefined).
 *
 * @example
 * readNumber("0x10"); // 0, where Number("0x10") would be 16
 * readNumber(" 12px"); // 12
 */
export function readNumber(raw: string | undefined): number {
  return raw === undefined ? Number.NaN : Number.parseFloat(raw);
}

/**
 * A finite number read as draw.io reads it ({@link readNumber}), or `fallback` when there is
 * none or it is not finite (`Infinity`, `1e999`).
 *
 * @example
 * finiteNumber("1e999", 12); // 12
 * finiteNumber(undefined, 0); // 0
 */
export function finiteNumber(raw: string | undefined, fallback: number): number {
  const value = readNumber(raw);
  return Number.isFinite(value) ? value : fallback;
}

/**
 * A finite number ({@link finiteNumber}) held within ±`limit`: what a drawing may compute with
 * without overflowing (`fontSize=1e39` would make a label wider than any number can say).
 *
 * @example
 * clampedNumber("1e39", 12, 1_000_000); // 1000000
 */
export function clampedNumber(raw: string | undefined, fallback: number, limit: number): number {
  const value = finiteNumber(raw, fallback);
  return Math.min(limit, Math.max(-limit, value));
}
