/**
 * Mermaid pie charts (`pie`) as editable draw.io: the pie folder's front door, `convertPie`.
 */
import type { WorkBudget } from "../../budget.ts";
import { configNumber, configRecord } from "../chart-parts.ts";
import { chartText, pageBackground } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { pieCells } from "./cells.ts";
import { parsePie } from "./parse.ts";

/**
 * Converts a pie chart read by `readMermaid`: each slice a draw.io pie shape on one centre, its
 * percentage on it, a legend and the title. `nodes` counts the slices (`counts.slices` too);
 * a pie has no edges.
 *
 * @example
 * const { document } = await convertPie(readMermaid('pie\n "Dogs" : 3\n "Cats" : 1'), {});
 */
export async function convertPie(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parsePie(source);
  budget?.charge(model.slices.length);
  const title = model.title ?? source.title;
  const position = textPosition(source.config);
  const drawing = pieCells(
    { ...model, ...(title === undefined ? {} : { title }) },
    position,
    chartText(options.theme),
  );
  const notes = [...source.notes, ...model.notes];
  if (drawing.unlabelled > 0) {
    const one = drawing.unlabelled === 1;
    notes.push(
      `${drawing.unlabelled} ${one ? "slice carries" : "slices carry"} no percentage (under 0.5 %, as Mermaid leaves them, or no room beside the others); the legend lists ${one ? "it" : "them"}`,
    );
  }
  const zero = model.slices.filter((s) => s.value === 0).length;
  if (zero > 0) {
    const are = zero === 1 ? "slice of value 0 is" : "slices of value 0 are";
    notes.push(`${zero} ${are} only in the legend, as in Mermaid`);
  }
  if (options.direction !== undefined)
    notes.push("a pie chart has no direction; it was not applied");
  return {
    document: placedDocument(
      drawing.cells,
      drawing.width,
      drawing.height,
      pageBackground(options.theme),
    ),
    notes,
    nodes: model.slices.length,
    edges: 0,
    counts: { slices: model.slices.length },
    ...(model.title === undefined ? {} : { title: model.title }),
  };
}

/** `config.pie.textPosition`: where percentages sit, from the centre (0) to the rim (1). */
function textPosition(config: Record<string, unknown>): number {
  return configNumber(configRecord(config.pie).textPosition, 0, 1) ?? 0.75;
}
