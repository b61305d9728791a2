/**
 * Single statements of a Mermaid sequence diagram read into parts: a participant declaration,
 * a message and a note. Each refuses what it cannot read with the column of the culprit.
 */
import { z } from "zod";
import { mermaidSyntax, type SourceLine } from "../source.ts";
import type { Arrow, Marker, ParticipantKind } from "./model.ts";
import { readLabel } from "./text.ts";

/** Characters a participant's name cannot hold (they end it in Mermaid's grammar). */
const NOT_IN_NAME = /[<>:,;@]/;

const arrow = (dashed: boolean, start: Marker, end: Marker, half = false): Arrow =>
  half ? { dashed, start, end, half } : { dashed, start, end };

/** Every arrow Mermaid knows, longest first so that `-->>` wins over `-->` and `->`. */
const ARROWS: ReadonlyArray<[string, Arrow]> = (
  [
    ["<<-->>", arrow(true, "block", "block")],
    ["<<->>", arrow(false, "block", "block")],
    ["-->>", arrow(true, "none", "block")],
    ["->>", arrow(false, "none", "block")],
    ["-->", arrow(true, "none", "none")],
    ["->", arrow(false, "none", "none")],
    ["--x", arrow(true, "none", "cross")],
    ["-x", arrow(false, "none", "cross")],
    ["--)", arrow(true, "none", "open")],
    ["-)", arrow(false, "none", "open")],
    ["--|\\", arrow(true, "none", "async", true)],
    ["-|\\", arrow(false, "none", "async", true)],
    ["--|/", arrow(true, "none", "async", true)],
    ["-|/", arrow(false, "none", "async", true)],
    ["--\\\\", arrow(true, "none", "openAsync", true)],
    ["-\\\\", arrow(false, "none", "openAsync", true)],
    ["--//", arrow(true, "none", "openAsync", true)],
    ["-//", arrow(false, "none", "openAsync", true)],
    ["/|--", arrow(true, "async", "none", true)],
    ["/|-", arrow(false, "async", "none", true)],
    ["\\|--", arrow(true, "async", "none", true)],
    ["\\|-", arrow(false, "async", "none", true)],
    ["//--", arrow(true, "openAsync", "none", true)],
    ["//-", arrow(false, "openAsync", "none", true)],
    ["\\\\--", arrow(true, "openAsync", "none", true)],
    ["\\\\-", arrow(false, "openAsync", "none", true)],
  ] as Array<[string, Arrow]>
).sort((a, b) => b[0].length - a[0].length);

/** A participant as a `participant` or `actor` statement declares it. */
export interface Declaration {
  id: string;
  label?: string;
  kind: ParticipantKind;
}

const ConfigSchema = z.object({
  type: z
    .enum([
      "participant",
      "actor",
      "boundary",
      "control",
      "entity",
      "database",
      "collections",
      "queue",
    ])
    .optional(),
  alias: z.string().optional(),
});

/**
 * Reads `participant ID`, `actor ID as Label`, `participant ID@{ "type": "database" } as Label`
 * (the statement from its start; `offset` is where the name begins).
 *
 * @example
 * readDeclaration({ line: 2, column: 3, text: "participant A as Alice" }, 12, "participant");
 * // { id: "A", label: "Alice", kind: "participant" }
 */
export function readDeclaration(at: SourceLine, offset: number, keyword: string): Declaration {
  const rest = at.text.slice(offset);
  let kind: ParticipantKind = keyword === "actor" ? "actor" : "participant";
  let id: string;
  let alias: string | undefined;
  let after = "";
  let afterAt = offset;
  const config = /^([^\s@]+)@\{/.exec(rest);
  if (config?.[1]) {
    id = config[1];
    const close = rest.indexOf("}", config[0].length);
    if (close < 0) {
      throw mermaidSyntax(at, "the @{ … } here is not closed on this line", offset + id.length);
    }
    const read = readConfig(rest.slice(config[0].length, close), at, offset + id.length);
    kind = read.type ?? kind;
    alias = read.alias;
    after = rest.slice(close + 1);
    afterAt = offset + close + 1;
  } else {
    const spaced = /^(\S+)(\s+as(?:\s.*)?)$/.exec(rest);
    id = spaced?.[1] ?? rest.trim();
    after = spaced?.[2] ?? "";
    afterAt = offset + id.length;
  }
  const bad = NOT_IN_NAME.exec(id);
  if (bad) {
    throw mermaidSyntax(at, `a participant's name cannot hold "${bad[0]}"`, offset + bad.index);
  }
  if (after.trim() !== "") {
    const as = /^\s*as(?:\s+(.*))?$/.exec(after);
    if (!as) throw mermaidSyntax(at, "expected `as Label` or the end of the line", afterAt);
    if (!as[1]?.trim()) throw mermaidSyntax(at, "`as` needs the label to show after it", afterAt);
    alias = as[1];
  }
  const label = alias === undefined ? undefined : readLabel(alias).text;
  return label === undefined ? { id, kind } : { id, label, kind };
}

/** The `@{ … }` of a participant: JSON, or YAML's `key: value` pairs as Mermaid also reads. */
function readConfig(text: string, at: SourceLine, column: number): z.infer<typeof ConfigSchema> {
  let data: unknown;
  try {
    data = JSON.parse(`{${text}}`);
  } catch {
    const pairs: Record<string, string> = {};
    const pair =
      /\s*(?:"([^"]*)"|'([^']*)'|([\w-]+))\s*:\s*(?:"([^"]*)"|'([^']*)'|([^,]*?))\s*(?:,|$)/gy;
    let m: RegExpExecArray | null = pair.exec(text);
    let end = 0;
    while (m && m[0] !== "") {
      pairs[m[1] ?? m[2] ?? m[3] ?? ""] = m[4] ?? m[5] ?? m[6] ?? "";
      end = pair.lastIndex;
      m = pair.exec(text);
    }
    if (text.slice(end).trim() !== "") {
      throw mermaidSyntax(at, 'expected `"key": "value"` pairs inside @{ … }', column + 2 + end);
    }
    data = pairs;
  }
  const parsed = ConfigSchema.safeParse(data);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    const value = typeof key === "string" ? (data as Record<string, unknown>)[key] : undefined;
    const found = typeof value === "string" && value !== "" ? text.indexOf(value) : -1;
    throw mermaidSyntax(
      at,
      key === "alias"
        ? "a participant's alias is text"
        : "a participant's type is one of participant, actor, boundary, control, entity, database, collections or queue",
      column + 2 + Math.max(0, found),
    );
  }
  return parsed.data;
}

/** A message as written: both ends by name, the arrow, the text and the `+`/`-`/`()` marks. */
export interface MessageParts {
  from: string;
  to: string;
  /** Columns (offsets into the statement) of the two names, for errors. */
  fromAt: number;
  toAt: number;
  arrow: Arrow;
  text: string;
  activate: boolean;
  deactivate: boolean;
  central: { from: boolean; to: boolean };
}

/**
 * Reads `From->>+To: text` and every other arrow; undefined when the statement has no arrow.
 *
 * @example
 * readMessage({ line: 3, column: 1, text: "Alice->>+John: Hello" })?.activate; // true
 */
export function readMessage(at: SourceLine): MessageParts | undefined {
  const { text } = at;
  const colon = text.indexOf(":");
  const head = colon < 0 ? text : text.slice(0, colon);
  let found: [number, string, Arrow] | undefined;
  for (let p = 0; p < head.length && !found; p++) {
    for (const [token, kind] of ARROWS) {
      if (head.startsWith(token, p)) {
        found = [p, token, kind];
        break;
      }
    }
  }
  if (!found) return undefined;
  const [p, token, kind] = found;
  let from = head.slice(0, p).trim();
  const central = { from: false, to: false };
  if (from.endsWith("()")) {
    central.from = true;
    from = from.slice(0, -2).trim();
  }
  if (from === "") throw mermaidSyntax(at, "a message needs its sender before the arrow", p);
  let restAt = p + token.length;
  while (head[restAt] === " " || head[restAt] === "\t") restAt++;
  const mark = /^(\+|-|\(\))?\s*/.exec(head.slice(restAt))?.[0] ?? "";
  const sign = mark.trim();
  const toAt = restAt + mark.length;
  const to = head.slice(toAt).trim();
  if (to === "") throw mermaidSyntax(at, "a message needs its receiver after the arrow", toAt);
  if (colon < 0) {
    throw mermaidSyntax(
      at,
      "a message needs a colon after its receiver (`A->>B: text`, or `A->>B:` for none)",
      text.length,
    );
  }
  checkName(at, from, 0);
  checkName(at, to, toAt);
  if (sign === "()") central.to = true;
  return {
    from,
    to,
    fromAt: 0,
    toAt,
    arrow: kind,
    text: readLabel(text.slice(colon + 1)).text,
    activate: sign === "+",
    deactivate: sign === "-",
    central,
  };
}

function checkName(at: SourceLine, name: string, offset: number): void {
  const bad = /[<>,;+]|-[->x)]|\(\)/.exec(name);
  if (bad) {
    throw mermaidSyntax(
      at,
      `"${name}" is not a participant's name: a message has one arrow and names without "${bad[0]}"`,
      offset + bad.index,
    );
  }
}

/** A note as written: its side, the one or two participants, its text. */
export interface NoteParts {
  side: "left" | "right" | "over";
  who: Array<{ name: string; at: number }>;
  text: string;
}

/**
 * Reads `Note right of A: text`, `Note left of A: text` and `Note over A,B: text`.
 *
 * @example
 * readNote({ line: 4, column: 1, text: "Note over A,B: lunch" })?.who.length; // 2
 */
export function readNote(at: SourceLine): NoteParts {
  const m = /^note\s+(left\s+of|right\s+of|over)\s+([^:]*?)\s*:(.*)$/i.exec(at.text);
  if (!m?.[1] || m[2] === undefined) {
    const where = /^note\s+(left\s+of|right\s+of|over)\b/i.exec(at.text);
    throw where
      ? mermaidSyntax(
          at,
          "a note needs a colon before its text (`Note over A: text`)",
          at.text.length,
        )
      : mermaidSyntax(at, "expected `left of`, `right of` or `over` after Note", 5);
  }
  const side = m[1].toLowerCase().startsWith("left")
    ? "left"
    : m[1].toLowerCase().startsWith("right")
      ? "right"
      : "over";
  const listAt = (/^note\s+\S+(?:\s+of)?\s+/i.exec(at.text)?.[0] ?? "").length;
  const who: NoteParts["who"] = [];
  let offset = listAt;
  for (const part of m[2].split(",")) {
    const name = part.trim();
    const nameAt = offset + part.indexOf(name);
    if (name === "") throw mermaidSyntax(at, "a note names a participant here", nameAt);
    checkName(at, name, nameAt);
    who.push({ name, at: nameAt });
    offset += part.length + 1;
  }
  if (who.length > 2 || (side !== "over" && who.length > 1)) {
    throw mermaidSyntax(
      at,
      side === "over"
        ? "a note spans one or two participants"
        : `a note ${side} of one participant names only one`,
      who[side === "over" ? 2 : 1]?.at ?? listAt,
    );
  }
  return { side, who, text: readLabel(m[3] ?? "").text };
}
