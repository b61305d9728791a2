/**
 * Reads a packet diagram: its `title` and its fields (`0-15: "Source Port"`, `16: "flag"`,
 * `+8: "next"`), each starting where the previous one ended, as Mermaid requires.
 */
import { DrawioError } from "../../errors.ts";
import { MAX_MERMAID_NODES, type MermaidSource, mermaidSyntax, tooManyNodes } from "../source.ts";

/** The most bits one packet diagram may span (64 Kib). */
export const MAX_PACKET_BITS = 64 * 1024;

/** One field: its first and last bit (inclusive) and its label. */
export interface Field {
  start: number;
  end: number;
  label: string;
  line: number;
}

/** A packet diagram as read. */
export interface PacketModel {
  fields: Field[];
  title?: string;
}

const FIELD = /^(?:(\d+)(?:(\s*-\s*)(\d+))?|\+(\s*)(\d+))(\s*:\s*)(?:"([^"]*)"|'([^']*)')$/;

/**
 * Reads the fields of a packet diagram; a gap, an overlap, a range that ends before it starts
 * or a field of no bits is refused at its line and column, as Mermaid refuses them.
 *
 * @example
 * parsePacket(readMermaid('packet\n0-15: "Source Port"\n+16: "Destination Port"')).fields[1]; // { start: 16, end: 31, … }
 */
export function parsePacket(source: MermaidSource): PacketModel {
  if (source.headerRest !== "") {
    throw mermaidSyntax(
      source.header,
      "nothing may follow packet on its line",
      source.header.text.indexOf(source.headerRest),
    );
  }
  const fields: Field[] = [];
  let title = source.title;
  let next = 0;
  for (const at of source.lines) {
    const t = /^title(?:\s+(.*))?$/.exec(at.text);
    if (t) {
      title = (t[1] ?? "").trim();
      continue;
    }
    const m = FIELD.exec(at.text);
    if (!m)
      throw mermaidSyntax(
        at,
        'a packet line is start-end: "label", start: "label", +bits: "label" or title',
      );
    if (fields.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    const startText = m[1];
    let start: number;
    let end: number;
    if (startText !== undefined) {
      start = Number(startText);
      end = m[3] === undefined ? start : Number(m[3]);
      const endOffset = startText.length + (m[2]?.length ?? 0);
      if (end < start)
        throw mermaidSyntax(at, `field ${start}-${end} ends before it starts`, endOffset);
      if (start !== next) {
        const problem =
          start > next
            ? `leaves bits ${next}-${start - 1} out`
            : `overlaps the bits before it, which end at ${next - 1}`;
        throw mermaidSyntax(
          at,
          `field ${start}${end === start ? "" : `-${end}`} ${problem}: it should start at ${next}`,
        );
      }
    } else {
      const bits = Number(m[5]);
      if (bits === 0)
        throw mermaidSyntax(at, "a field has at least one bit", 1 + (m[4]?.length ?? 0));
      start = next;
      end = next + bits - 1;
    }
    if (end >= MAX_PACKET_BITS) {
      throw new DrawioError(
        "mermaid_too_large",
        `line ${at.line}: the packet reaches bit ${end.toLocaleString("en-US")}, past the ${MAX_PACKET_BITS.toLocaleString("en-US")} bits one diagram may draw; split it`,
        { line: at.line, column: at.column, text: at.text },
      );
    }
    fields.push({ start, end, label: m[7] ?? m[8] ?? "", line: at.line });
    next = end + 1;
  }
  return { fields, ...(title === undefined || title === "" ? {} : { title }) };
}
