/**
 * A label's lines written as SVG text: a `<text>` per line, `<tspan>`s for mixed styles; or,
 * given an outliner (a PNG's), a line of other scripts as glyph outlines.
 */
import type { GlyphOutliner, OutlineLine } from "../../text/glyph-outliner.ts";
import { element, esc, fmt } from "../svg.ts";
import type { Run } from "./lines.ts";

/** How lines that need other fonts are drawn: the outliner and the paragraph direction. */
export interface LineOutlining {
  outliner: GlyphOutliner | undefined;
  direction: "ltr" | "rtl";
}

/**
 * A label's lines as SVG `<text>` elements, one per line at its baseline (or its own placement),
 * a run in a different style as a `<tspan>`; a line the outliner takes is drawn as its paths.
 */
export function textLines(
  lines: Run[][],
  x: number,
  baselines: readonly number[],
  font: Record<string, string>,
  placements: ReadonlyArray<{ x: number; anchor: string } | undefined> = [],
  outlining?: LineOutlining,
): string {
  let out = "";
  lines.forEach((line, i) => {
    if (line.length === 0) return;
    const own = placements[i];
    const at = { x: own?.x ?? x, baseline: baselines[i] ?? 0 };
    const anchor = own?.anchor ?? font["text-anchor"];
    const outlined = outlining?.outliner?.outline(
      outlineLine(line, at, anchor, font, outlining.direction),
    );
    if (outlined !== undefined) {
      out += outlined;
      return;
    }
    const first = line[0] as Run;
    const same = line.every(
      (r) =>
        r.bold === first.bold &&
        r.italic === first.italic &&
        r.underline === first.underline &&
        r.color === first.color &&
        r.size === first.size,
    );
    const lineAttrs = {
      x: at.x,
      y: at.baseline,
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

/** A line as the outliner takes it: each run's size and colour resolved from the label's. */
function outlineLine(
  line: Run[],
  at: { x: number; baseline: number },
  anchor: string | undefined,
  font: Record<string, string>,
  direction: "ltr" | "rtl",
): OutlineLine {
  const size = Number.parseFloat(font["font-size"] ?? "12") || 12;
  const color = font.fill ?? "#000000";
  return {
    runs: line.map((run) => ({
      text: run.text,
      size: run.size ?? size,
      bold: run.bold,
      italic: run.italic,
      underline: run.underline,
      color: run.color ?? color,
    })),
    ...at,
    anchor: anchor === "middle" || anchor === "end" ? anchor : "start",
    direction,
  };
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
