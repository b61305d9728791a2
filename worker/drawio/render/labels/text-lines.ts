/** A label's lines written as SVG text: a `<text>` per line, `<tspan>`s for mixed styles. */
import { element, esc, fmt } from "../svg.ts";
import type { Run } from "./lines.ts";

/**
 * A label's lines as SVG `<text>` elements, one per line at its baseline (or its own placement),
 * a run in a different style as a `<tspan>`.
 */
export function textLines(
  lines: Run[][],
  x: number,
  baselines: readonly number[],
  font: Record<string, string>,
  placements: ReadonlyArray<{ x: number; anchor: string } | undefined> = [],
): string {
  let out = "";
  lines.forEach((line, i) => {
    if (line.length === 0) return;
    const first = line[0] as Run;
    const same = line.every(
      (r) =>
        r.bold === first.bold &&
        r.italic === first.italic &&
        r.underline === first.underline &&
        r.color === first.color &&
        r.size === first.size,
    );
    const own = placements[i];
    const lineAttrs = {
      x: own?.x ?? x,
      y: baselines[i] ?? 0,
      ...font,
      ...(own ? { "text-anchor": own.anchor } : {}),
      ...(same ? styleAttrs(first) : {}),
    };
    const content = same
      ? esc(line.map((r) => r.text).join(""))
      : line.map((r) => element("tspan", styleAttrs(r), esc(r.text))).join("");
    out += element("text", lineAttrs, content);
  });
  return out;
}

/** The SVG attributes of a run's own font style. */
function styleAttrs(run: Run): Record<string, string> {
  return {
    ...(run.color ? { fill: run.color } : {}),
    ...(run.size !== undefined ? { "font-size": `${fmt(run.size)}px` } : {}),
    ...(run.bold ? { "font-weight": "bold" } : {}),
    ...(run.italic ? { "font-style": "italic" } : {}),
    ...(run.underline ? { "text-decoration": "underline" } : {}),
  };
}
