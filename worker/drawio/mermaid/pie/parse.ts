/**
 * Reading a Mermaid pie chart: the `showData` switch, the title and the `"label" : value`
 * slices, in source order.
 */
import { MAX_MERMAID_NODES, type MermaidSource, mermaidSyntax, tooManyNodes } from "../source.ts";

/** One slice of the pie as the source declares it. */
export interface PieSlice {
  label: string;
  value: number;
}

/** A pie chart read from its source. */
export interface PieModel {
  title?: string;
  showData: boolean;
  slices: PieSlice[];
  notes: string[];
}

const SLICE = /^("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*:\s*(\S+)$/;
const NUMBER = /^-?(?:0|[1-9]\d*|\d+\.\d+)$/;

/**
 * Reads the header (`pie showData title …`) and every slice. A value that is not a number, or
 * is negative, is refused at its column; a label given twice keeps its first value (as Mermaid
 * does) and is noted.
 *
 * @example
 * parsePie(readMermaid('pie title Pets\n "Dogs" : 386')); // { title: "Pets", slices: [{ label: "Dogs", value: 386 }] … }
 */
export function parsePie(source: MermaidSource): PieModel {
  const model: PieModel = { showData: false, slices: [], notes: [] };
  const head = /^(showData\b)?\s*(?:title(?:\s+(.*))?)?$/.exec(source.headerRest);
  if (!head) {
    const at = source.header.text.indexOf(source.headerRest);
    throw mermaidSyntax(source.header, "after pie comes showData or title, nothing else", at);
  }
  model.showData = head[1] !== undefined;
  if (head[2] !== undefined) model.title = head[2].trim();
  const seen = new Set<string>();
  for (const at of source.lines) {
    const title = /^title(?:\s+(.*))?$/.exec(at.text);
    if (title) {
      model.title = (title[1] ?? "").trim();
      continue;
    }
    if (at.text === "showData") {
      model.showData = true;
      continue;
    }
    const m = SLICE.exec(at.text);
    if (!m) throw mermaidSyntax(at, 'a pie slice is written "Label" : value');
    const raw = m[2] as string;
    const column = at.text.lastIndexOf(raw);
    if (!NUMBER.test(raw)) throw mermaidSyntax(at, `"${raw}" is not a number`, column);
    const value = Number(raw);
    if (value < 0) throw mermaidSyntax(at, "pie slices cannot be negative", column);
    const label = (m[1] as string).slice(1, -1).replace(/\\(.)/g, "$1");
    if (seen.has(label)) {
      model.notes.push(`"${label}" is given twice; its first value is kept, as Mermaid does`);
      continue;
    }
    seen.add(label);
    if (model.slices.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    model.slices.push({ label, value });
  }
  return model;
}
