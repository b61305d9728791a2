/**
 * Mermaid packet diagrams (`packet-beta`, `packet`) as editable draw.io: the packet folder's
 * front door, `convertPacket`. Fields are boxes on rows of `bitsPerRow` bits with their bit
 * numbers above them, placed by bit position; the title is written below, as Mermaid does.
 */
import type { WorkBudget } from "../../budget.ts";
import { measureText } from "../../text/estimate.ts";
import { titleCell } from "../chart-parts.ts";
import { pageBackground } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { packetCells, packetColours } from "./cells.ts";
import { parsePacket } from "./parse.ts";
import { packetSettings, placePieces } from "./rows.ts";

const MARGIN = 20;
const TITLE_HEIGHT = 28;

/**
 * Converts a packet diagram read by `readMermaid`. `nodes` counts the fields as written (a field
 * split over two rows is one), `edges` is 0; `counts` gives `fields`, `bits` (the bits the
 * fields span) and `rows`.
 *
 * @example
 * const { counts } = await convertPacket(readMermaid('packet\n0-15: "Source Port"\n16-31: "Destination Port"'), {});
 * // { fields: 2, bits: 32, rows: 1 }
 */
export async function convertPacket(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parsePacket(source);
  const settings = packetSettings(source.config);
  const { pieces, rows, height } = placePieces(model, settings);
  const colours = packetColours(options.theme);
  const rowWidth = settings.bitsPerRow * settings.bitWidth;
  const cells = packetCells(model.fields, pieces, {
    showBits: settings.showBits,
    dx: MARGIN,
    dy: MARGIN,
    colours,
  });
  const notes = [...source.notes];
  let pageHeight = height + 2 * MARGIN;
  let pageWidth = rowWidth + 2 * MARGIN;
  if (model.title !== undefined) {
    const width = Math.max(rowWidth, measureText(model.title, 10_000).width + 20);
    const rect = {
      x: MARGIN + (rowWidth - width) / 2,
      y: MARGIN + height + 8,
      width,
      height: TITLE_HEIGHT - 8,
    };
    cells.push(titleCell("title", model.title, rect, { colour: colours.text, size: 14 }));
    pageHeight += TITLE_HEIGHT;
    pageWidth = Math.max(pageWidth, width + 2 * MARGIN);
  }
  if (options.direction !== undefined)
    notes.push(
      "a packet diagram's rows always run left to right, top to bottom; the direction was not applied",
    );
  const split = pieces.filter((p) => p.continued).length;
  if (split > 0)
    notes.push(
      `${split} field piece${split === 1 ? " continues" : "s continue"} a field from the row before, marked "(continued)"`,
    );
  const last = model.fields[model.fields.length - 1];
  return {
    document: placedDocument(cells, pageWidth, pageHeight, pageBackground(options.theme)),
    notes,
    nodes: model.fields.length,
    edges: 0,
    counts: { fields: model.fields.length, bits: last === undefined ? 0 : last.end + 1, rows },
    ...(model.title === undefined ? {} : { title: model.title }),
  };
}
