/**
 * Mermaid sequence diagrams to draw.io, placed in columns and rows of their own (not by the
 * layered engine) and drawn with draw.io's UML sequence shapes: lifelines with their
 * participant as header, activation bars, messages as edges between lifelines, notes, and
 * UML frames for `loop`, `alt`, `opt`, `par`, `critical` and `break`.
 */
import type { DiagramDocument } from "../../model/document.ts";
import { defaultRootCells } from "../../model/document.ts";
import { serializeDiagram } from "../../model/serialize.ts";
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
 * const { xml } = await convertSequenceDiagram(readMermaid("sequenceDiagram\n  A->>B: Hi"), {});
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
  const document: DiagramDocument = {
    form: "mxfile",
    attributes: {},
    pages: [
      {
        attributes: { id: "page-1", name: model.accTitle ?? model.title ?? "Page-1" },
        modelAttributes: {
          dx: String(width),
          dy: String(height),
          grid: "1",
          gridSize: "10",
          guides: "1",
          tooltips: "1",
          connect: "1",
          arrows: "1",
          fold: "1",
          page: "1",
          pageScale: "1",
          pageWidth: String(Math.max(850, width)),
          pageHeight: String(Math.max(1100, height)),
          math: "0",
          shadow: "0",
        },
        cells: [...defaultRootCells(), ...cells],
        compressed: false,
      },
    ],
  };
  return {
    xml: serializeDiagram(document),
    notes,
    nodes: model.participants.length,
    edges: rows.messages.length,
  };
}
