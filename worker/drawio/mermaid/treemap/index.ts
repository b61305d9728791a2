/**
 * Mermaid treemaps (`treemap-beta`) as editable draw.io: the treemap folder's front door,
 * `convertTreemap`. Sections are containers tiled with their children by a squarified
 * placement; leaves are rectangles whose areas follow their values.
 */
import type { WorkBudget } from "../../budget.ts";
import { CellIds } from "../cell-ids.ts";
import { configRecord, titleCell } from "../chart-parts.ts";
import { DARK_PAGE, DARK_TEXT } from "../colours.ts";
import { PLACED_LAYER, placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { drawForest, type TreemapDrawing } from "./cells.ts";
import { parseTreemap } from "./parse.ts";
import { formatValue } from "./values.ts";

const MARGIN = 20;
const TITLE_HEIGHT = 32;

/**
 * Converts a treemap read by `readMermaid`. `nodes` counts the leaves (the items with a value),
 * `edges` is 0; `counts` are `{ sections, leaves }`.
 *
 * @example
 * const { counts } = await convertTreemap(readMermaid('treemap-beta\n"A"\n  "B": 3'), {});
 * // counts: { sections: 1, leaves: 1 }
 */
export async function convertTreemap(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parseTreemap(source);
  budget?.charge(model.sections + model.leaves);
  const config = configRecord(source.config.treemap);
  const pattern = typeof config.valueFormat === "string" ? config.valueFormat : ",";
  const notes = [...model.notes];
  if (!formatValue(1, pattern).known) {
    notes.push(
      `the valueFormat "${pattern}" is not one Drawforge knows; values are written with thousands separators`,
    );
  }
  const drawing: TreemapDrawing = {
    model,
    ids: new CellIds(),
    format: (value) => formatValue(value, pattern).text,
    showValues: config.showValues !== false,
    cells: [],
  };
  const { width, height } = areaFor(model.leaves, model.sections);
  const dark = options.theme === "dark";
  let top = MARGIN;
  if (model.title !== undefined) {
    const rect = { x: MARGIN, y: MARGIN - 4, width, height: TITLE_HEIGHT - 4 };
    const look = { colour: dark ? DARK_TEXT : "#1f1f1f", bold: true };
    drawing.cells.push(titleCell(drawing.ids.next("title"), model.title, rect, look));
    top += TITLE_HEIGHT;
  }
  drawForest(drawing, PLACED_LAYER, { x: MARGIN, y: top, width, height });
  if (options.direction !== undefined) {
    notes.push("a treemap has no direction; the direction was not applied");
  }
  const document = placedDocument(
    drawing.cells,
    width + 2 * MARGIN,
    top + height + MARGIN,
    dark ? DARK_PAGE : undefined,
  );
  if (model.title !== undefined)
    (document.pages[0] as { attributes: Record<string, string> }).attributes.name = model.title;
  return {
    document,
    notes,
    nodes: model.leaves,
    edges: 0,
    counts: { sections: model.sections, leaves: model.leaves },
    ...(model.title === undefined ? {} : { title: model.title }),
  };
}

/** The tiled area: Mermaid's 800 × 500, grown so that each leaf keeps room for its label. */
function areaFor(leaves: number, sections: number): { width: number; height: number } {
  const needed = leaves * 120 * 60 + sections * 120 * 40;
  const scale = Math.max(1, Math.sqrt(needed / (800 * 500)));
  return { width: Math.round(800 * scale), height: Math.round(500 * scale) };
}
