/**
 * Mermaid mind maps (`mindmap`) as editable draw.io: the tree read from the indentation, placed
 * as a tidy tree on both sides of the root, drawn with draw.io's mind map shapes and curved
 * connectors, a colour per top-level branch.
 */
import type { WorkBudget } from "../../budget.ts";
import { pageBackground } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { mindmapCells } from "./cells.ts";
import { classNotes } from "./classes.ts";
import { iconName } from "./label.ts";
import type { MindmapModel } from "./model.ts";
import { parseMindmap } from "./parse.ts";
import { placeMindmap } from "./place.ts";

/**
 * Converts a mind map read by `readMermaid`. `nodes` counts the nodes (root included), `edges`
 * the branches between a node and its children (nodes − 1); `counts.depth` is how many levels
 * below the root the deepest node sits.
 *
 * @example
 * const { document, nodes } = await convertMindmap(readMermaid("mindmap\n  Root\n    A\n    B"), {});
 * // nodes: 3
 */
export async function convertMindmap(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parseMindmap(source);
  const theme = options.theme ?? "default";
  const placement = placeMindmap(model);
  const title = source.title;
  const { cells, width, height } = mindmapCells(model, placement, theme, title);
  const document = placedDocument(cells, width, height, pageBackground(theme));
  const page = document.pages[0];
  if (page !== undefined && title !== undefined) page.attributes.name = title;
  return {
    document,
    notes: [...model.notes, ...mindmapNotes(model, options)],
    nodes: model.nodes.length,
    edges: model.nodes.length - 1,
    counts: { depth: Math.max(...model.nodes.map((n) => n.depth)) },
    ...(title === undefined ? {} : { title }),
  };
}

/** What the drawing shows differently from Mermaid, one sentence each. */
function mindmapNotes(model: MindmapModel, options: MermaidOptions): string[] {
  const notes = classNotes(model.nodes);
  const icons = model.nodes.filter((n) => n.icon !== undefined && n.icon !== "");
  if (icons.length > 0) {
    const names = [...new Set(icons.map((n) => iconName(n.icon)))].slice(0, 5).join(", ");
    notes.push(
      `icons (${names}) are icon-font classes a draw.io file cannot show: each is written in brackets above its node's label`,
    );
  }
  if (options.direction !== undefined) {
    notes.push("a mind map grows on both sides of its root; the direction was not applied");
  }
  return notes;
}
