/**
 * One entity statement of an ER diagram, read left to right: an entity name (bare or quoted),
 * then an alias `[…]`, `:::classes`, an attribute block `{`, or a relationship to a second
 * entity with its `: label`.
 */
import { mermaidSyntax, type SourceLine } from "../source.ts";
import { skipBlanks } from "../syntax.ts";
import type { Cardinality } from "./model.ts";
import { readRelationshipSpec } from "./relationship-spec.ts";

/** An entity as a statement names it. */
export interface NamedEntity {
  name: string;
  classes: string[];
  /** 0-based offset of the name in the line. */
  offset: number;
}

/** What one entity statement says. */
export type EntityLine =
  | { kind: "entity"; entity: NamedEntity; alias?: string; block?: number }
  | {
      kind: "relationship";
      from: NamedEntity;
      to: NamedEntity;
      fromCardinality: Cardinality;
      toCardinality: Cardinality;
      identifying: boolean;
      label: string;
    };

/** A bare name: letters, digits, `_`, `-`, `*`, `.` and anything outside ASCII. */
const BARE = /(?:[^\p{ASCII}]|[\w\-*.])+/uy;
const QUOTED = /"([^"]*)"/y;
const CLASSES = /:::([\w-]+(?:\s*,\s*[\w-]+)*)/y;

function sticky(pattern: RegExp, text: string, pos: number): RegExpExecArray | null {
  pattern.lastIndex = pos;
  return pattern.exec(text);
}

/** An entity name at `pos` (with its `:::classes`), or a syntax error naming what is there. */
function entityAt(
  at: SourceLine,
  pos: number,
  what: string,
  withClasses = true,
): NamedEntity & { end: number } {
  const quoted = sticky(QUOTED, at.text, pos);
  const bare = quoted ? null : sticky(BARE, at.text, pos);
  const name = quoted ? (quoted[1] as string) : bare?.[0];
  if (name === undefined || name.trim() === "") {
    throw mermaidSyntax(at, `${what}: a name such as CUSTOMER or "Line item"`, pos);
  }
  let end = pos + (quoted ?? bare)![0].length;
  const classes = withClasses ? sticky(CLASSES, at.text, end) : null;
  if (classes) end += classes[0].length;
  return {
    name: name.trim(),
    classes: classes ? (classes[1] as string).split(/\s*,\s*/) : [],
    offset: pos,
    end,
  };
}

/**
 * Reads an entity statement. `block` is the offset just after an opening `{`, when the line
 * opens an attribute block.
 *
 * @example
 * readEntityLine({ line: 2, column: 5, text: "CUSTOMER ||--o{ ORDER : places" });
 * // { kind: "relationship", from: { name: "CUSTOMER", … }, to: { name: "ORDER", … }, label: "places", … }
 */
export function readEntityLine(at: SourceLine): EntityLine {
  const text = at.text;
  const first = entityAt(at, 0, "an ER diagram line starts with an entity");
  let pos = skipBlanks(text, first.end);
  const { end: _, ...entity } = first;
  const spec = readRelationshipSpec(text, pos);
  if (spec) {
    const second = entityAt(at, skipBlanks(text, spec.end), "a relationship ends on an entity");
    pos = skipBlanks(text, second.end);
    if (text[pos] !== ":") {
      throw mermaidSyntax(
        at,
        'a relationship needs a label after a colon: A ||--o{ B : label (or : "")',
        pos,
      );
    }
    const rest = text.slice(pos + 1).trim();
    const label = /^"[^"]*"$/.test(rest) ? rest.slice(1, -1) : rest;
    if (rest === "")
      throw mermaidSyntax(at, 'write the label after the colon, or "" for none', pos);
    const { end: __, ...to } = second;
    return { kind: "relationship", from: entity, to, ...spec, label };
  }
  let alias: string | undefined;
  if (text[pos] === "[") {
    const inner = skipBlanks(text, pos + 1);
    const named = entityAt(at, inner, "an alias in [ ] is a name", false);
    const close = skipBlanks(text, named.end);
    if (text[close] !== "]") throw mermaidSyntax(at, "the alias is closed with ]", close);
    alias = named.name;
    pos = skipBlanks(text, close + 1);
    const classes = sticky(CLASSES, text, pos);
    if (classes) {
      entity.classes.push(...(classes[1] as string).split(/\s*,\s*/));
      pos = skipBlanks(text, pos + classes[0].length);
    }
  }
  const result: EntityLine = { kind: "entity", entity, ...(alias === undefined ? {} : { alias }) };
  if (text[pos] === "{") return { ...result, block: pos + 1 };
  if (pos < text.length) {
    throw mermaidSyntax(
      at,
      "after an entity comes a relationship (||--o{, one to many …), an attribute block { … } or the end of the line",
      pos,
    );
  }
  return result;
}
