/**
 * The draw.io cells of a placed packet diagram: a box per field (or piece of a field on a row)
 * with its label, the bit numbers above each box's start and end, and the title below.
 */
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { vertexCell } from "../cell-edits.ts";
import { DARK_TEXT } from "../colours.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { Field } from "./parse.ts";
import { BIT_NUMBER_ROOM, type Piece, pieceLabel } from "./rows.ts";

/** The colours of a packet drawing. */
export interface PacketColours {
  fill: string;
  stroke: string;
  text: string;
  bits: string;
}

/**
 * The colours Mermaid draws packets in (grey boxes, black text), or light text on the dark theme.
 *
 * @example
 * packetColours("default").fill; // "#efefef"
 */
export function packetColours(theme: string | undefined): PacketColours {
  return theme === "dark"
    ? { fill: "#333333", stroke: "#cccccc", text: DARK_TEXT, bits: "#bbbbbb" }
    : { fill: "#efefef", stroke: "#000000", text: "#000000", bits: "#000000" };
}

/**
 * The boxes and bit numbers of every piece, moved by `dx`, `dy`.
 *
 * @example
 * packetCells(fields, pieces, { showBits: true, dx: 20, dy: 20, colours });
 */
export function packetCells(
  fields: readonly Field[],
  pieces: readonly Piece[],
  o: { showBits: boolean; dx: number; dy: number; colours: PacketColours },
): XmlElement[] {
  const cells: XmlElement[] = [];
  const c = o.colours;
  const box = `rounded=0;html=1;whiteSpace=wrap;fillColor=${c.fill};strokeColor=${c.stroke};fontColor=${c.text};`;
  const number = `text;html=1;fontSize=10;spacing=0;verticalAlign=bottom;fontColor=${c.bits};`;
  for (const [i, p] of pieces.entries()) {
    const r = { ...p.rect, x: p.rect.x + o.dx, y: p.rect.y + o.dy };
    const field = fields[p.field] as Field;
    const label = pieceLabel(field, p.continued);
    cells.push(
      vertexCell(
        `field-${i + 1}`,
        label,
        `${box}fontSize=${fontSize(label, r.width)};`,
        PLACED_LAYER,
        r,
      ),
    );
    if (!o.showBits) continue;
    const above = (x: number, width: number): Rect => ({
      x,
      y: r.y - BIT_NUMBER_ROOM,
      width,
      height: BIT_NUMBER_ROOM - 1,
    });
    if (p.start === p.end) {
      cells.push(
        vertexCell(
          `bit-${i + 1}`,
          String(p.start),
          `${number}align=center;`,
          PLACED_LAYER,
          above(r.x, r.width),
        ),
      );
      continue;
    }
    const half = r.width / 2;
    cells.push(
      vertexCell(
        `bit-${i + 1}-start`,
        String(p.start),
        `${number}align=left;`,
        PLACED_LAYER,
        above(r.x, half),
      ),
    );
    cells.push(
      vertexCell(
        `bit-${i + 1}-end`,
        String(p.end),
        `${number}align=right;`,
        PLACED_LAYER,
        above(r.x + half, half),
      ),
    );
  }
  return cells;
}

/** 12 px, or smaller (down to 7) when the longest word of the label is wider than the box. */
function fontSize(label: string, width: number): number {
  const widest = Math.max(0, ...label.split(/\s+/).map((w) => measureText(w, 10_000).width));
  if (widest <= width - 4) return 12;
  return Math.max(7, Math.floor((12 * (width - 4)) / widest));
}
