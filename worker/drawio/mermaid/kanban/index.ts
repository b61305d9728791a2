/**
 * Mermaid kanban boards (`kanban`) as editable draw.io: the kanban folder's front door,
 * `convertKanban`.
 */
import type { WorkBudget } from "../../budget.ts";
import { configNumber, configRecord } from "../chart-parts.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { kanbanCells } from "./cells.ts";
import { parseKanban } from "./parse.ts";

/**
 * Converts a kanban board read by `readMermaid`: columns as swimlanes, cards stacked in them
 * with their ticket, assignee and priority stripe. `nodes` counts the cards (`counts.cards`),
 * `counts.columns` the columns; a board has no edges.
 *
 * @example
 * const { document } = await convertKanban(readMermaid("kanban\n todo[Todo]\n   a[Write docs]"), {});
 */
export async function convertKanban(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parseKanban(source);
  const cards = model.columns.reduce((sum, c) => sum + c.cards.length, 0);
  budget?.charge(cards + model.columns.length);
  const config = configRecord(source.config.kanban);
  const url = typeof config.ticketBaseUrl === "string" ? config.ticketBaseUrl : undefined;
  const drawing = kanbanCells(model, configNumber(config.sectionWidth, 100, 1000) ?? 200, url);
  const notes = [...source.notes, ...model.notes];
  if (options.theme === "dark")
    notes.push("kanban boards are drawn in Mermaid's own column colours, with dark text on them");
  if (options.direction !== undefined)
    notes.push("a kanban board always runs left to right; the direction was not applied");
  if (source.title !== undefined)
    notes.push("the title names the page; Mermaid does not draw it on a kanban board either");
  return {
    document: placedDocument(drawing.cells, drawing.width, drawing.height),
    notes,
    nodes: cards,
    edges: 0,
    counts: { columns: model.columns.length, cards },
  };
}
