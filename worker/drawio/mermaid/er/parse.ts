/**
 * Reads an ER diagram's lines into its model: keyword statements (`direction`, `classDef`,
 * `class`, `style`), entity lines with their attribute blocks (over one line or several), and
 * relationships.
 */
import { DrawioError } from "../../errors.ts";
import { CellIds } from "../cell-ids.ts";
import { ClassDefs, type CssStyle, readCss } from "../class-defs.ts";
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { readDirection } from "../syntax.ts";
import { blockTokens, readAttributes } from "./attributes.ts";
import { type NamedEntity, readEntityLine } from "./entity-line.ts";
import type { Entity, ErDiagram } from "./model.ts";

/** The most attribute rows one diagram may hold: each is a table row of four cells. */
export const MAX_ER_ATTRIBUTES = 10_000;

/** A `class` or `style` line, applied once every entity is known. */
interface Pending {
  names: string[];
  at: SourceLine;
  apply: (entity: Entity) => void;
}

interface Reader {
  diagram: ErDiagram;
  pending: Pending[];
  attributes: number;
}

/**
 * Parses the statement lines of an `erDiagram`.
 *
 * @example
 * parseErDiagram(readMermaid("erDiagram\n  CUSTOMER ||--o{ ORDER : places")).relationships.length; // 1
 */
export function parseErDiagram(source: MermaidSource): ErDiagram {
  if (source.headerRest !== "") {
    throw mermaidSyntax(
      source.header,
      "erDiagram stands alone on its line: write direction LR on the next line",
      source.header.text.length - source.headerRest.length,
    );
  }
  const diagram: ErDiagram = {
    entities: new Map(),
    relationships: [],
    classDefs: new ClassDefs(),
    ids: new CellIds(),
    remarks: [],
  };
  const reader: Reader = { diagram, pending: [], attributes: 0 };
  const lines = source.lines;
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i] as SourceLine;
    if (keywordStatement(at, reader)) continue;
    i = entityStatement(lines, i, reader);
  }
  for (const { names, at, apply } of reader.pending) {
    for (const name of names) {
      const entity = diagram.entities.get(name);
      if (entity) apply(entity);
      else
        diagram.remarks.push(
          `line ${at.line}: ${name} is not an entity of the diagram; its style is not drawn`,
        );
    }
  }
  return diagram;
}

/** `direction`, `classDef`, `class` and `style` lines; false for anything else. */
function keywordStatement(at: SourceLine, reader: Reader): boolean {
  const { diagram } = reader;
  const text = at.text;
  const direction = /^direction\s+(\S+)$/.exec(text);
  if (direction) {
    diagram.direction = readDirection(direction[1] as string, at);
    return true;
  }
  const classDef = /^classDef\s+([\w-]+(?:\s*,\s*[\w-]+)*)\s+(\S.*)$/.exec(text);
  if (classDef) {
    const css = cssOf(reader, at, classDef[2] as string, `classDef ${classDef[1]}`);
    diagram.classDefs.define(names(classDef[1] as string), css);
    return true;
  }
  const cls = /^class\s+(\S+(?:\s*,\s*\S+)*)\s+([\w-]+(?:\s*,\s*[\w-]+)*)$/.exec(text);
  if (cls) {
    const classes = names(cls[2] as string);
    reader.pending.push({
      names: names(cls[1] as string),
      at,
      apply: (e) => e.classes.push(...classes),
    });
    return true;
  }
  const style = /^style\s+(\S+(?:\s*,\s*\S+)*)\s+(\S.*)$/.exec(text);
  if (style) {
    const css = cssOf(reader, at, style[2] as string, `style ${style[1]}`);
    reader.pending.push({ names: names(style[1] as string), at, apply: (e) => e.css.push(css) });
    return true;
  }
  return false;
}

function names(list: string): string[] {
  return list.split(/\s*,\s*/).filter((n) => n !== "");
}

function cssOf(reader: Reader, at: SourceLine, css: string, what: string): CssStyle {
  const { style, unsupported } = readCss(css.replace(/;\s*$/, ""), at, at.text.length - css.length);
  for (const u of unsupported)
    reader.diagram.remarks.push(`${what}: ${u} has no draw.io counterpart`);
  return style;
}

/**
 * Reads the entity statement on line `index` (and the rest of its attribute block when it
 * opens one); returns the index of the statement's last line.
 */
function entityStatement(lines: readonly SourceLine[], index: number, reader: Reader): number {
  const at = lines[index] as SourceLine;
  const read = readEntityLine(at);
  if (read.kind === "relationship") {
    const from = entityOf(read.from, at, reader);
    const to = entityOf(read.to, at, reader);
    const { kind: _, from: __, to: ___, ...rest } = read;
    reader.diagram.relationships.push({ from, to, ...rest, at });
    return index;
  }
  const entity = entityOf(read.entity, at, reader);
  if (read.alias !== undefined && entity.label === entity.name) entity.label = read.alias;
  if (read.block === undefined) return index;
  const tokens = [];
  let line = at;
  let from = read.block;
  let last = index;
  for (;;) {
    const part = blockTokens(line, from);
    tokens.push(...part.tokens);
    if (part.close !== undefined) {
      if (line.text.slice(part.close + 1).trim() !== "") {
        throw mermaidSyntax(
          line,
          "nothing follows the } that closes an attribute block",
          part.close + 1,
        );
      }
      break;
    }
    last++;
    const next = lines[last];
    if (!next)
      throw mermaidSyntax(
        at,
        `the attribute block of ${entity.name} is never closed with }`,
        read.block - 1,
      );
    line = next;
    from = 0;
  }
  const attributes = readAttributes(tokens);
  reader.attributes += attributes.length;
  if (reader.attributes > MAX_ER_ATTRIBUTES) {
    throw new DrawioError(
      "mermaid_too_large",
      `line ${at.line}: the diagram declares over ${MAX_ER_ATTRIBUTES.toLocaleString("en-US")} attributes, more than one diagram may draw; split it`,
      { line: at.line, column: at.column, text: at.text },
    );
  }
  entity.attributes.push(...attributes);
  return last;
}

/** The entity a statement names, added the first time it is named. */
function entityOf(named: NamedEntity, at: SourceLine, reader: Reader): Entity {
  const { diagram } = reader;
  let entity = diagram.entities.get(named.name);
  if (!entity) {
    if (diagram.entities.size >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    entity = {
      name: named.name,
      id: diagram.ids.claim(named.name),
      label: named.name,
      attributes: [],
      classes: [],
      css: [],
      at,
    };
    diagram.entities.set(named.name, entity);
  }
  entity.classes.push(...named.classes);
  return entity;
}
