/**
 * The lint's `label_overflow` rule, and how lint messages name a cell (its label and quoted id).
 */

import { WorkBudget } from "../budget.ts";
import type { LayoutCell, PageLayout } from "../geometry/page-layout.ts";
import { getCellLabel } from "../model/cell.ts";
import { getStyleValue, parseStyle, shapeOf } from "../model/style.ts";
import { wrapText } from "../text/estimate.ts";
import { decodeHtmlEntities } from "../text/label-text.ts";
import { textWidth } from "../text/metrics.ts";

/** Reports one label; false once the caller wants no more. */
type Emit = (cell: LayoutCell, message: string) => boolean;

const LINE_HEIGHT = 1.25;

/**
 * The `label_overflow` rule: estimates the room a label needs (its width in the fonts labels
 * are drawn in, 1.25 × fontSize per line, wrapped as the text module wraps to the shape width
 * with `whiteSpace=wrap`) and reports
 * vertices whose label needs more than 1.5 × the shape's height or width. Text shapes and
 * labels placed outside the shape are skipped. `budget` is charged a unit per cell and per 64
 * characters of its label; the rule stops when it is spent (or when `emit` answers false).
 *
 * @example
 * lintLabels(new PageLayout(page), (cell, message) => (console.log(cell.id, message), true));
 */
export function lintLabels(
  layout: PageLayout,
  emit: Emit,
  budget = new WorkBudget(Number.POSITIVE_INFINITY),
): void {
  for (const cell of layout.cells) {
    if (!cell.vertex || !layout.isVisible(cell) || cell.parent?.edge) continue;
    const raw = getCellLabel(cell.element);
    if (!budget.tryCharge(1 + (raw.length >> 6))) return;
    if (raw.trim() === "" || cell.rect.width <= 0 || cell.rect.height <= 0) continue;
    const style = new Map(parseStyle(cell.style));
    const outside =
      (style.get("labelPosition") ?? "center") !== "center" ||
      (style.get("verticalLabelPosition") ?? "middle") !== "middle";
    if (
      shapeOf(cell.style) === "text" ||
      style.has("text") ||
      style.get("noLabel") === "1" ||
      outside
    )
      continue;
    const html = style.get("html") === "1";
    const lines = labelLines(raw, html);
    const fontSize = labelFontSize(raw, html, Number(style.get("fontSize")) || 12);
    // Vertical text (horizontal=0) runs along the shape's height.
    const [w, h] =
      style.get("horizontal") === "0"
        ? [cell.rect.height, cell.rect.width]
        : [cell.rect.width, cell.rect.height];
    const wrap = style.get("whiteSpace") === "wrap";
    // Wrapped as at 12 px (the text module's size) in a box scaled to match.
    const wrapAt = (w * 12) / fontSize;
    const count = wrap ? lines.reduce((n, l) => n + wrapText(l, wrapAt).length, 0) : lines.length;
    // Not Math.max(...lines): a label of a hundred thousand lines would overflow the stack.
    const longest = lines.reduce((most, l) => Math.max(most, textWidth(l, fontSize)), 0);
    const needW = wrap ? Math.min(w, longest) : longest;
    const needH = count * LINE_HEIGHT * fontSize;
    if (needH <= 1.5 * h && needW <= 1.5 * w) continue;
    const vertical = style.get("horizontal") === "0";
    const roomW = ceil10(Math.max(w, needW + 16));
    const roomH = ceil10(Math.max(h, needH + 8));
    const more = emit(
      cell,
      `the label of ${describeCell(cell)} needs about ${Math.round(needW)}×${Math.round(needH)} px (${count} line${count === 1 ? "" : "s"} at fontSize ${fontSize}) but the shape only has ${Math.round(w)}×${Math.round(h)}${vertical ? " (its text runs vertically)" : ""}; resize it to about width=${vertical ? roomH : roomW} height=${vertical ? roomW : roomH}, shorten the label or lower fontSize${wrap ? "" : ", or add whiteSpace=wrap; to the style so it wraps"}`,
    );
    if (!more) return;
  }
}

function labelLines(raw: string, html: boolean): string[] {
  const text = html
    ? decodeHtmlEntities(
        raw
          .replace(/\s+/g, " ")
          // A <br> that ends a block adds no line of its own.
          .replace(/<br\s*\/?>\s*(?=<\/(div|p|li|td|th|h[1-6])>)/gi, "")
          .replace(/<br\s*\/?>/gi, "\n")
          .replace(/<\/t[dh]>/gi, " ")
          .replace(/<(div|p|li|h[1-6]|tr)\b[^>]*>/gi, "\n")
          .replace(/<[^>]*>/g, ""),
      )
    : raw;
  const lines = text.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  while (lines.length > 1 && lines[0] === "") lines.shift();
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The smallest inline `font-size` of an HTML label, so the estimate errs towards no warning. */
function labelFontSize(raw: string, html: boolean, base: number): number {
  if (!html) return base;
  let size = base;
  for (const m of raw.matchAll(/font-size:\s*([\d.]+)px/gi)) {
    const n = Number(m[1]);
    if (n > 0 && n < size) size = n;
  }
  return size;
}

/**
 * Names a cell for a message: its quoted id, then the start of its label as plain text.
 *
 * @example
 * describeCell(cell); // '"api" ("Orders API")'
 */
export function describeCell(cell: LayoutCell): string {
  const cached = descriptions.get(cell);
  if (cached !== undefined) return cached;
  const text = plainLabel(cell);
  const name =
    text === ""
      ? quoteId(cell.id)
      : `${quoteId(cell.id)} (${quoteId(text.length > 32 ? `${text.slice(0, 30)}…` : text)})`;
  descriptions.set(cell, name);
  return name;
}

/**
 * A cell's label as one line of plain text (HTML tags removed when the style has `html=1`).
 *
 * @example
 * plainLabel(cell); // "Orders API" for value="&lt;b&gt;Orders&lt;/b&gt;&lt;br&gt;API"
 */
export function plainLabel(cell: LayoutCell): string {
  const html = getStyleValue(cell.style, "html") === "1";
  return labelLines(getCellLabel(cell.element), html).join(" ").trim();
}

const descriptions = new WeakMap<LayoutCell, string>();

/**
 * A cell id (or any text) in double quotes, escaped as in JSON.
 *
 * @example
 * quoteId("n1"); // '"n1"'
 */
export function quoteId(text: string): string {
  return JSON.stringify(text);
}

function ceil10(n: number): number {
  return Math.ceil(n / 10) * 10;
}
