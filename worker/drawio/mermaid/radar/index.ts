/**
 * Mermaid radar charts (`radar-beta`, `radar`) as editable draw.io: the radar folder's front
 * door, `convertRadar`.
 */
import type { WorkBudget } from "../../budget.ts";
import { configRecord, positiveNumber } from "../chart-parts.ts";
import { chartText, pageBackground } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { radarCells } from "./cells.ts";
import { MAX_TICKS, parseRadar } from "./parse.ts";

/**
 * Converts a radar chart read by `readMermaid`: a spoke and label per axis (`nodes`), the
 * graticule, each curve a closed line through its values (`edges`), legend and title.
 * `counts`: axes, curves and values (every number of every curve).
 *
 * @example
 * const { document } = await convertRadar(readMermaid("radar-beta\n axis A, B, C\n curve c{1, 2, 3}"), {});
 */
export async function convertRadar(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parseRadar(source);
  const values = model.curves.reduce((sum, c) => sum + c.values.length, 0);
  budget?.charge(model.axes.length + values);
  const title = model.title ?? source.title;
  const config = configRecord(source.config.radar);
  const side = Math.min(
    positiveNumber(config.width, Number.POSITIVE_INFINITY) ?? 600,
    positiveNumber(config.height, Number.POSITIVE_INFINITY) ?? 600,
  );
  const radius = Math.max(60, Math.min(600, side / 3));
  const drawing = radarCells(
    { ...model, ...(title === undefined ? {} : { title }) },
    radius,
    chartText(options.theme),
  );
  const notes = [...source.notes];
  for (const label of drawing.skipped) {
    notes.push(
      `curve "${label}" has not one value per axis (${model.axes.length}); it is in the legend but not drawn, as in Mermaid`,
    );
  }
  if (model.ticksAsked !== undefined)
    notes.push(
      `ticks ${model.ticksAsked} was drawn as ${MAX_TICKS} rings, the most one chart draws`,
    );
  if (source.config.themeVariables !== undefined) {
    notes.push("theme variables are not applied: the chart is drawn in Mermaid's default colours");
  }
  if (options.direction !== undefined)
    notes.push("a radar chart has no direction; it was not applied");
  return {
    document: placedDocument(
      drawing.cells,
      drawing.width,
      drawing.height,
      pageBackground(options.theme),
    ),
    notes,
    nodes: model.axes.length,
    edges: model.curves.length,
    counts: { axes: model.axes.length, curves: model.curves.length, values },
    ...(model.title === undefined ? {} : { title: model.title }),
  };
}
