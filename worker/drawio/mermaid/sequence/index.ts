/**
 * Mermaid sequence diagrams to draw.io, placed in columns and rows of their own (not by the
 * layered engine) and drawn with draw.io's UML sequence shapes: lifelines with their
 * participant as header, activation bars, messages as edges between lifelines, notes, and
 * UML frames for `loop`, `alt`, `opt`, `par`, `critical` and `break`.
 */
import {
  type DiagramDocument,
  defaultPageAttributes,
  emptyPage,
  pageModelAttributes,
} from "../../model/document.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { sequenceCells } from "./cells.ts";
import { placeColumns } from "./columns.ts";
import { parseSequence } from "./parse.ts";
import { placeRows } from "./rows.ts";

/**
 * Converts a sequence diagram read by `readMermaid`: participants become lifelines (`nodes`),
 * messages edges between them (`edges`).
 *
 * @example
 * const { document } = await convertSequenceDiagram(readMermaid("sequenceDiagram\n  A->>B: Hi"), {});
 */
export async function convertSequenceDiagram(
  source: MermaidSource,
  options: MermaidOptions,
): Promise<ConvertedDiagram> {
  const model = parseSequence(source);
  const columns = placeColumns(model);
  const rows = placeRows(model, columns);
  const { cells, width, height } = sequenceCells(model, columns, rows);
  const notes = [...model.notes];
  if (options.direction !== undefined) {
    notes.push("a sequence diagram always runs top to bottom; the direction was not applied");
  }
  if (options.theme !== undefined && options.theme !== "default") {
    notes.push("sequence diagrams are drawn in draw.io's UML style; the theme was not applied");
  }
  const name = model.title;
  const page = emptyPage({ ...defaultPageAttributes(), ...(name === undefined ? {} : { name }) });
  page.modelAttributes = pageModelAttributes(width, height);
  page.cells = page.cells.concat(cells);
  const document: DiagramDocument = { form: "mxfile", attributes: {}, pages: [page] };
  return {
    document,
    notes,
    nodes: model.participants.length,
    edges: rows.messages.length,
  };
}
