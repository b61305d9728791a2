/**
 * Places a packet diagram's fields on rows of `bitsPerRow` bits, as Mermaid does: a field that
 * runs past a row's end continues on the next row, each piece its own box.
 */
import { DrawioError } from "../../errors.ts";
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import { MAX_MERMAID_NODES } from "../source.ts";
import type { Field, PacketModel } from "./parse.ts";

/** The packet settings Mermaid reads from `config.packet`, with its defaults. */
export interface PacketSettings {
  bitsPerRow: number;
  bitWidth: number;
  rowHeight: number;
  paddingX: number;
  showBits: boolean;
}

/** One box: a field, or the piece of it on one row. */
export interface Piece {
  field: number;
  start: number;
  end: number;
  /** Whether the field began on an earlier row. */
  continued: boolean;
  rect: Rect;
}

/** The room above a row for its bit numbers. */
export const BIT_NUMBER_ROOM = 14;
/** The most boxes one diagram may hold (pieces of fields split over rows included). */
const MAX_PIECES = 2 * MAX_MERMAID_NODES;

/**
 * The packet settings of `config.packet`: positive numbers kept, others left at Mermaid's
 * defaults (32 bits a row of 32 px bits, rows 32 px high, 5 px between boxes).
 *
 * @example
 * packetSettings({ packet: { bitsPerRow: 16 } }).bitsPerRow; // 16
 */
export function packetSettings(config: Record<string, unknown>): PacketSettings {
  const raw = config.packet;
  const c = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const positive = (v: unknown, fallback: number, max: number) =>
    typeof v === "number" && Number.isFinite(v) && v >= 1 ? Math.min(Math.floor(v), max) : fallback;
  return {
    bitsPerRow: positive(c.bitsPerRow, 32, 1024),
    bitWidth: positive(c.bitWidth, 32, 200),
    rowHeight: positive(c.rowHeight, 32, 400),
    paddingX: typeof c.paddingX === "number" && c.paddingX >= 0 ? Math.min(c.paddingX, 20) : 5,
    showBits: c.showBits !== false,
  };
}

/**
 * The boxes of every field, row by row, and the rows' count; rows grow taller than
 * `rowHeight` when a label needs more lines.
 */
export function placePieces(
  model: PacketModel,
  s: PacketSettings,
): { pieces: Piece[]; rows: number; height: number } {
  const cut: Omit<Piece, "rect">[] = [];
  for (const [i, f] of model.fields.entries()) splitField(f, i, s.bitsPerRow, cut);
  const rowOf = (p: { start: number }) => Math.floor(p.start / s.bitsPerRow);
  const rows = cut.length === 0 ? 0 : rowOf(cut[cut.length - 1] as Piece) + 1;
  const heights = new Array<number>(rows).fill(s.rowHeight);
  const width = (p: { start: number; end: number }) =>
    (p.end - p.start + 1) * s.bitWidth - s.paddingX;
  for (const p of cut) {
    const label = pieceLabel(model.fields[p.field] as Field, p.continued);
    const need = measureText(label, Math.max(8, width(p) - 6)).height + 10;
    const r = rowOf(p);
    heights[r] = Math.max(heights[r] as number, need);
  }
  const tops: number[] = [];
  let y = 0;
  for (const h of heights) {
    y += BIT_NUMBER_ROOM;
    tops.push(y);
    y += h;
  }
  const pieces = cut.map((p) => {
    const r = rowOf(p);
    return {
      ...p,
      rect: {
        x: (p.start % s.bitsPerRow) * s.bitWidth,
        y: tops[r] as number,
        width: width(p),
        height: heights[r] as number,
      },
    };
  });
  return { pieces, rows, height: y };
}

/** A piece's label: the field's, marked when it continues one from the row before. */
export function pieceLabel(field: Field, continued: boolean): string {
  return continued ? `${field.label} (continued)` : field.label;
}

function splitField(f: Field, index: number, bitsPerRow: number, out: Omit<Piece, "rect">[]): void {
  let start = f.start;
  while (start <= f.end) {
    if (out.length >= MAX_PIECES) {
      throw new DrawioError(
        "mermaid_too_large",
        `line ${f.line}: the packet's fields make over ${MAX_PIECES.toLocaleString("en-US")} boxes on their rows; split it or set more bitsPerRow`,
        { line: f.line },
      );
    }
    const rowEnd = (Math.floor(start / bitsPerRow) + 1) * bitsPerRow - 1;
    const end = Math.min(f.end, rowEnd);
    out.push({ field: index, start, end, continued: start !== f.start });
    start = end + 1;
  }
}
