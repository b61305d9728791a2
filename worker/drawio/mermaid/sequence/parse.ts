/**
 * Reads a Mermaid sequence diagram into its participants and events, statement by statement,
 * as Mermaid's own grammar reads it: frames (`loop`, `alt`/`else`, …) opened and closed by
 * `end`, boxes of participants, `create`/`destroy`, activations, autonumbering. What it does
 * not understand is refused with the line and column.
 */
import { DrawioError } from "../../errors.ts";
import { checkDepth, type MermaidSource, mermaidSyntax, type SourceLine } from "../source.ts";
import { parseColour } from "./colours.ts";
import type { FrameKind, SequenceEvent, SequenceModel } from "./model.ts";
import { Participants } from "./participants.ts";
import { readDeclaration, readMessage, readNote } from "./statements.ts";
import { readLabel, splitStatements } from "./text.ts";

/** The most messages one sequence diagram may have. */
export const MAX_SEQUENCE_MESSAGES = 5_000;

const FRAMES: Record<string, FrameKind> = {
  loop: "loop",
  alt: "alt",
  opt: "opt",
  par: "par",
  par_over: "par",
  critical: "critical",
  break: "break",
  rect: "rect",
};
/** The keyword that starts another section of each frame that has sections. */
const SECTIONS: Partial<Record<FrameKind, string>> = {
  alt: "else",
  par: "and",
  critical: "option",
};
const IGNORED = ["links", "link", "properties", "details"];

interface Open {
  kind: FrameKind | "box";
  keyword: string;
  at: SourceLine;
}

/**
 * Reads the statements of a sequence diagram.
 *
 * @example
 * parseSequence(readMermaid("sequenceDiagram\n  Alice->>Bob: Hi")).events.length; // 1
 */
export function parseSequence(source: MermaidSource): SequenceModel {
  const people = new Participants();
  const events: SequenceEvent[] = [];
  const stack: Open[] = [];
  const notes = new Set<string>();
  const ignored = new Map<string, number[]>();
  const comments: number[] = [];
  const active = new Map<number, number>();
  const numbering = { visible: false, next: 1, step: 1 };
  let messages = 0;
  let title = source.title === undefined ? undefined : readLabel(source.title).text;
  let accTitle: string | undefined;
  let description: SourceLine | undefined;

  const activation = (at: SourceLine, who: number, delta: 1 | -1, offset: number) => {
    const count = active.get(who) ?? 0;
    if (delta < 0 && count < 1) {
      const name = people.list[who]?.id;
      throw mermaidSyntax(at, `"${name}" is not active here, so it cannot be deactivated`, offset);
    }
    active.set(who, count + delta);
    events.push({ type: delta > 0 ? "activate" : "deactivate", who });
  };

  const message = (at: SourceLine): boolean => {
    const parts = readMessage(at);
    if (!parts) return false;
    if (++messages > MAX_SEQUENCE_MESSAGES) {
      throw new DrawioError(
        "mermaid_too_large",
        `line ${at.line}: the diagram has over ${MAX_SEQUENCE_MESSAGES.toLocaleString("en-US")} messages, more than one diagram may have; split it`,
        { line: at.line, column: at.column, text: at.text },
      );
    }
    const from = people.use(at, parts.from, parts.fromAt);
    const to = people.use(at, parts.to, parts.toAt, true);
    const { creates, destroys } = people.message(at, from, to);
    const number = numbering.visible ? String(numbering.next) : undefined;
    numbering.next = Math.round((numbering.next + numbering.step) * 100) / 100;
    if (parts.arrow.half) notes.add("half arrowheads are drawn as draw.io's async arrows");
    if (parts.central.from || parts.central.to) {
      notes.add("central connections `()` end on the lifeline's centre, without a circle");
    }
    events.push({
      type: "message",
      from,
      to,
      arrow: parts.arrow,
      text: parts.text,
      central: parts.central,
      creates,
      destroys,
      ...(number === undefined ? {} : { number }),
    });
    if (parts.activate) activation(at, to, 1, parts.toAt);
    if (parts.deactivate) activation(at, from, -1, parts.fromAt);
    return true;
  };

  const statement = (at: SourceLine) => {
    const { text } = at;
    const word = /^[A-Za-z_]+/.exec(text)?.[0] ?? "";
    const keyword = word.toLowerCase();
    const rest = text.slice(word.length);
    const spaced = rest === "" || /^\s/.test(rest);
    const restAt = word.length + (rest.length - rest.trimStart().length);
    const arg = rest.trim();
    if (people.inBox && !(spaced && ["participant", "actor", "end", "destroy"].includes(keyword))) {
      throw mermaidSyntax(at, "only participant and actor declarations go inside a box");
    }
    if (!spaced) {
      if (keyword === "title" && rest.startsWith(":")) title = readLabel(rest.slice(1)).text;
      else if (!message(at)) unknown(at);
      return;
    }
    switch (keyword) {
      case "participant":
      case "actor":
        people.declare(at, readDeclaration(at, restAt, keyword), restAt);
        return;
      case "create": {
        const m = /^(participant|actor)\s+/i.exec(arg);
        if (!m?.[1])
          throw mermaidSyntax(at, "expected `participant` or `actor` after create", restAt);
        const offset = restAt + m[0].length;
        people.declare(at, readDeclaration(at, offset, m[1].toLowerCase()), offset, true);
        return;
      }
      case "destroy":
        if (arg === "") throw mermaidSyntax(at, "destroy names a participant", restAt);
        people.destroy(at, arg, restAt);
        return;
      case "box":
        if (stack.some((o) => o.kind === "box")) throw mermaidSyntax(at, "boxes do not nest");
        people.openBox(arg);
        stack.push({ kind: "box", keyword, at });
        return;
      case "end": {
        const open = stack.pop();
        if (!open) throw mermaidSyntax(at, "`end` closes nothing here");
        if (open.kind === "box") people.closeBox();
        else events.push({ type: "close" });
        return;
      }
      case "else":
      case "and":
      case "option": {
        const open = stack[stack.length - 1];
        if (!open || open.kind === "box" || SECTIONS[open.kind] !== keyword) {
          const owner = Object.entries(SECTIONS).find(([, k]) => k === keyword)?.[0];
          throw mermaidSyntax(at, `\`${keyword}\` belongs inside \`${owner}\` … \`end\``);
        }
        events.push({ type: "section", text: readLabel(arg).text });
        return;
      }
      case "activate":
      case "deactivate":
        if (arg === "") throw mermaidSyntax(at, `${keyword} names a participant`, restAt);
        activation(at, people.use(at, arg, restAt), keyword === "activate" ? 1 : -1, restAt);
        return;
      case "note": {
        const note = readNote(at);
        const who = note.who.map((w) => people.use(at, w.name, w.at));
        events.push({ type: "note", side: note.side, who, text: note.text });
        return;
      }
      case "title":
        title = readLabel(arg).text;
        return;
      case "autonumber":
        autonumber(at, arg, restAt, numbering);
        return;
      case "sequencediagram":
        throw mermaidSyntax(at, "the diagram has already started: sequenceDiagram comes once");
    }
    const frame = FRAMES[keyword];
    if (frame) {
      if (keyword === "par_over") notes.add("par_over is drawn as par");
      let fill: ReturnType<typeof parseColour>;
      if (frame === "rect") {
        fill = parseColour(arg);
        if (!fill) {
          throw mermaidSyntax(at, "rect needs a colour: rgb(…), rgba(…) or a CSS name", restAt);
        }
      }
      checkDepth(at, stack.length + 1, "frames");
      const label = frame === "rect" ? "" : readLabel(arg).text;
      events.push(
        fill
          ? { type: "open", kind: frame, text: label, fill }
          : { type: "open", kind: frame, text: label },
      );
      stack.push({ kind: frame, keyword, at });
      return;
    }
    if (IGNORED.includes(keyword) && /:/.test(arg)) {
      people.use(at, arg.slice(0, arg.indexOf(":")).trim(), restAt);
      ignored.set(keyword, [...(ignored.get(keyword) ?? []), at.line]);
      return;
    }
    if (!message(at)) unknown(at);
  };

  const lines = [...source.lines];
  if (source.headerRest !== "") {
    const rest = source.headerRest;
    const at = source.header.text.lastIndexOf(rest);
    if (!rest.startsWith(";")) {
      throw mermaidSyntax(source.header, "nothing follows sequenceDiagram on its line", at);
    }
    lines.unshift({
      line: source.header.line,
      column: source.header.column + at + 1,
      text: rest.slice(1),
    });
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as SourceLine;
    const acc = /^accDescr\s*(:|\{)/i.exec(line.text);
    if (acc) {
      description = line;
      if (acc[1] === "{" && !line.text.includes("}")) {
        while (i + 1 < lines.length && !(lines[i + 1] as SourceLine).text.includes("}")) i++;
        if (i + 1 >= lines.length)
          throw mermaidSyntax(line, "accDescr { … } is never closed with }");
        i++;
      }
      continue;
    }
    if (/^accTitle\s*:/i.test(line.text)) {
      accTitle = readLabel(line.text.replace(/^accTitle\s*:/i, "")).text;
      continue;
    }
    const split = splitStatements(line);
    if (split.comment !== undefined) comments.push(line.line);
    for (const at of split.statements) statement(at);
  }
  const open = stack.pop();
  if (open)
    throw mermaidSyntax(open.at, `the ${open.keyword} opened here is never closed with \`end\``);
  people.finish();

  for (const p of people.list) {
    if (p.kind === "collections" || p.kind === "queue") {
      notes.add(`${p.kind} participants are drawn as plain participant boxes`);
    }
  }
  for (const [keyword, at] of ignored) {
    notes.add(`\`${keyword}\` (line ${at.join(", ")}) has no draw.io counterpart and was left out`);
  }
  if (comments.length > 0) {
    notes.add(
      `text after # on line ${comments.join(", ")} is a comment in Mermaid and was left out`,
    );
  }
  if (description) {
    notes.add(`accDescr (line ${description.line}) has no draw.io counterpart and was left out`);
  }
  if (accTitle !== undefined) notes.add("accTitle names the page");
  return {
    participants: people.list,
    boxes: people.boxes,
    events,
    ...(title === undefined ? {} : { title }),
    ...(accTitle === undefined ? {} : { accTitle }),
    notes: [...notes],
  };
}

function unknown(at: SourceLine): never {
  throw mermaidSyntax(
    at,
    "not a sequence diagram statement: expected a message such as `A->>B: text`, or participant, actor, note, activate, loop, alt, opt, par, critical, break, rect, box, autonumber …",
  );
}

function autonumber(
  at: SourceLine,
  arg: string,
  offset: number,
  numbering: { visible: boolean; next: number; step: number },
): void {
  if (/^off$/i.test(arg)) {
    numbering.visible = false;
    return;
  }
  const m = /^(?:(\d+(?:\.\d{1,2})?|\.\d{1,2})(?:\s+(\d+(?:\.\d{1,2})?|\.\d{1,2}))?)?$/.exec(arg);
  if (!m)
    throw mermaidSyntax(
      at,
      "autonumber takes a start and a step (`autonumber 10 5`) or off",
      offset,
    );
  numbering.visible = true;
  if (m[1] !== undefined) {
    numbering.next = Number(m[1]);
    numbering.step = m[2] === undefined ? 1 : Number(m[2]);
  }
}
