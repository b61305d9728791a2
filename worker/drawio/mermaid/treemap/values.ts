/**
 * The treemap's `valueFormat`: the few d3-format patterns Mermaid's docs show (`,`, `$`, `.1f`,
 * `.1%`, `$0,0`, `$,.2f`), so a leaf shows its value as Mermaid prints it.
 */

const PATTERN = /^(\$)?(0?,|,0?)?(0)?(?:\.(\d+))?([f%])?$/;

/**
 * The value as `format` writes it; an unknown format falls back to thousands separators and
 * `known` is false (the caller notes it).
 *
 * @example
 * formatValue(700000, "$0,0"); // { text: "$700,000", known: true }
 * formatValue(0.35, ".1%");    // { text: "35.0%", known: true }
 */
export function formatValue(value: number, format = ","): { text: string; known: boolean } {
  const m = PATTERN.exec(format.trim());
  if (!m) return { text: grouped(value, undefined), known: false };
  const [, dollar, comma, , digits, kind] = m;
  const places = digits === undefined ? undefined : Number(digits);
  let text: string;
  if (kind === "%") text = `${grouped(value * 100, places ?? 0, comma !== undefined)}%`;
  else text = grouped(value, places, comma !== undefined || format.trim() === "");
  return { text: `${dollar ?? ""}${text}`, known: true };
}

function grouped(value: number, places: number | undefined, separate = true): string {
  return value.toLocaleString("en-US", {
    useGrouping: separate,
    ...(places === undefined
      ? { maximumFractionDigits: 6 }
      : { minimumFractionDigits: places, maximumFractionDigits: places }),
  });
}
