/**
 * Reads a Mermaid sankey diagram: CSV lines of `source,target,value` (quoted fields may hold
 * commas and `""` quotes), three fields each.
 */
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import type { FlowLink, FlowNode, Sankey } from "./model.ts";

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The diagram a source holds; a line that is not three CSV fields ending in a number is refused
 * with its line and column.
 *
 * @example
 * parseSankey(readMermaid("sankey-beta\nA,B,10")).links[0]?.value; // 10
 */
export function parseSankey(source: MermaidSource): Sankey {
  const sankey: Sankey = { nodes: [], links: [], notes: [...source.notes] };
  if (source.title !== undefined) sankey.title = source.title;
  const byName = new Map<string, FlowNode>();
  const node = (name: string, at: SourceLine): FlowNode => {
    let found = byName.get(name);
    if (!found) {
      if (sankey.nodes.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
      found = {
        index: sankey.nodes.length,
        name,
        column: 0,
        value: 0,
        incoming: [],
        outgoing: [],
        y: 0,
        height: 0,
      };
      byName.set(name, found);
      sankey.nodes.push(found);
    }
    return found;
  };
  for (const at of source.lines) {
    const fields = readFields(at);
    if (fields.length !== 3) {
      const extra = fields[3];
      throw mermaidSyntax(
        at,
        `a sankey line has three fields (source,target,value), not ${fields.length}`,
        extra ? extra.column - 1 : at.text.length,
      );
    }
    const [from, to, amount] = fields as [Field, Field, Field];
    for (const end of [from, to]) {
      if (end.text === "")
        throw mermaidSyntax(at, "a flow needs a source and a target name", end.column);
    }
    if (!NUMBER.test(amount.text) || !Number.isFinite(Number(amount.text))) {
      throw mermaidSyntax(at, `the value "${amount.text}" is not a number`, amount.column);
    }
    const value = Number(amount.text);
    if (value < 0) throw mermaidSyntax(at, "a flow cannot be negative", amount.column);
    if (sankey.links.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    const link: FlowLink = {
      index: sankey.links.length,
      source: node(from.text, at),
      target: node(to.text, at),
      value,
      at,
    };
    link.source.outgoing.push(link);
    link.target.incoming.push(link);
    sankey.links.push(link);
  }
  for (const n of sankey.nodes) {
    const sum = (links: FlowLink[]) => links.reduce((s, l) => s + l.value, 0);
    n.value = Math.max(sum(n.incoming), sum(n.outgoing));
  }
  return sankey;
}

interface Field {
  text: string;
  /** Offset of the field's first character in the line. */
  column: number;
}

/** The CSV fields of a line: unquoted ones trimmed, quoted ones with `""` read as `"`. */
function readFields(at: SourceLine): Field[] {
  const text = at.text;
  const fields: Field[] = [];
  let i = 0;
  for (;;) {
    while (text[i] === " " || text[i] === "\t") i++;
    const column = i;
    if (text[i] === '"') {
      let value = "";
      let j = i + 1;
      for (;;) {
        const close = text.indexOf('"', j);
        if (close < 0) throw mermaidSyntax(at, "this quote is never closed", i);
        value += text.slice(j, close);
        if (text[close + 1] === '"') {
          value += '"';
          j = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      while (text[i] === " " || text[i] === "\t") i++;
      if (i < text.length && text[i] !== ",")
        throw mermaidSyntax(at, "expected a comma after the quoted field", i);
      fields.push({ text: value, column });
    } else {
      const comma = text.indexOf(",", i);
      const end = comma < 0 ? text.length : comma;
      const value = text.slice(i, end).trim();
      if (value.includes('"'))
        throw mermaidSyntax(
          at,
          'a field holding " must be quoted, with "" for each "',
          i + text.slice(i).indexOf('"'),
        );
      fields.push({ text: value, column });
      i = end;
    }
    if (i >= text.length) return fields;
    i++;
  }
}
