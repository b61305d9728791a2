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
  const reader = new SequenceReader(source.title);
  const lines = statementLines(source);
  for (let i = 0; i < lines.length; i++) i = reader.line(lines, i);
  return reader.finish();
}

/** The statement lines, with what follows `sequenceDiagram;` on the header line first. */
function statementLines(source: MermaidSource): SourceLine[] {
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
  return lines;
}

/** A statement split at its first word: the keyword, what follows and where. */
interface Keyword {
  keyword: string;
  /** The text after the keyword, trimmed. */
  arg: string;
  /** The column offset of `arg` in the statement. */
  restAt: number;
}

/** The reading of one diagram: participants, events so far, open blocks and what to note. */
class SequenceReader {
  readonly #people = new Participants();
  readonly #events: SequenceEvent[] = [];
  readonly #stack: Open[] = [];
  readonly #notes = new Set<string>();
  readonly #ignored = new Map<string, number[]>();
  readonly #comments: number[] = [];
  readonly #active = new Map<number, number>();
  readonly #numbering = { visible: false, next: 1, step: 1 };
  #messages = 0;
  #title: string | undefined;

  constructor(title: string | undefined) {
    this.#title = title === undefined ? undefined : readLabel(title).text;
  }

  /**
   * Reads line `i` (its `;`-separated statements) and returns the index of the last line it
   * took.
   */
  line(lines: readonly SourceLine[], i: number): number {
    const line = lines[i] as SourceLine;
    const split = splitStatements(line);
    if (split.comment !== undefined) this.#comments.push(line.line);
    for (const at of split.statements) this.#statement(at);
    return i;
  }

  /** Checks that every block was closed and gathers the model and its notes. */
  finish(): SequenceModel {
    const open = this.#stack.pop();
    if (open)
      throw mermaidSyntax(open.at, `the ${open.keyword} opened here is never closed with \`end\``);
    const people = this.#people;
    people.finish();
    const notes = this.#notes;
    for (const p of people.list) {
      if (p.kind === "collections" || p.kind === "queue") {
        notes.add(`${p.kind} participants are drawn as plain participant boxes`);
      }
    }
    for (const [keyword, at] of this.#ignored) {
      notes.add(
        `\`${keyword}\` (line ${at.join(", ")}) has no draw.io counterpart and was left out`,
      );
    }
    if (this.#comments.length > 0) {
      notes.add(
        `text after # on line ${this.#comments.join(", ")} is a comment in Mermaid and was left out`,
      );
    }
    const title = this.#title;
    return {
      participants: people.list,
      boxes: people.boxes,
      events: this.#events,
      ...(title === undefined ? {} : { title }),
      notes: [...notes],
    };
  }

  #activation(at: SourceLine, who: number, delta: 1 | -1, offset: number): void {
    const count = this.#active.get(who) ?? 0;
    if (delta < 0 && count < 1) {
      const name = this.#people.list[who]?.id;
      throw mermaidSyntax(at, `"${name}" is not active here, so it cannot be deactivated`, offset);
    }
    this.#active.set(who, count + delta);
    this.#events.push({ type: delta > 0 ? "activate" : "deactivate", who });
  }

  /** Reads a message statement; false when the statement is not one. */
  #message(at: SourceLine): boolean {
    const parts = readMessage(at);
    if (!parts) return false;
    if (++this.#messages > MAX_SEQUENCE_MESSAGES) {
      throw new DrawioError(
        "mermaid_too_large",
        `line ${at.line}: the diagram has over ${MAX_SEQUENCE_MESSAGES.toLocaleString("en-US")} messages, more than one diagram may have; split it`,
        { line: at.line, column: at.column, text: at.text },
      );
    }
    const people = this.#people;
    const numbering = this.#numbering;
    const from = people.use(at, parts.from, parts.fromAt);
    const to = people.use(at, parts.to, parts.toAt, true);
    const { creates, destroys } = people.message(at, from, to);
    const number = numbering.visible ? String(numbering.next) : undefined;
    numbering.next = Math.round((numbering.next + numbering.step) * 100) / 100;
    if (parts.arrow.half) this.#notes.add("half arrowheads are drawn as draw.io's async arrows");
    if (parts.central.from || parts.central.to) {
      this.#notes.add("central connections `()` end on the lifeline's centre, without a circle");
    }
    this.#events.push({
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
    if (parts.activate) this.#activation(at, to, 1, parts.toAt);
    if (parts.deactivate) this.#activation(at, from, -1, parts.fromAt);
    return true;
  }

  /** Reads one statement: a keyword's, a frame's, a left-out one's or a message. */
  #statement(at: SourceLine): void {
    const { text } = at;
    const word = /^[A-Za-z_]+/.exec(text)?.[0] ?? "";
    const keyword = word.toLowerCase();
    const rest = text.slice(word.length);
    const spaced = rest === "" || /^\s/.test(rest);
    const restAt = word.length + (rest.length - rest.trimStart().length);
    const arg = rest.trim();
    if (
      this.#people.inBox &&
      !(spaced && ["participant", "actor", "end", "destroy"].includes(keyword))
    ) {
      throw mermaidSyntax(at, "only participant and actor declarations go inside a box");
    }
    if (!spaced) {
      if (keyword === "title" && rest.startsWith(":")) this.#title = readLabel(rest.slice(1)).text;
      else if (!this.#message(at)) unknown(at);
      return;
    }
    const parts = { keyword, arg, restAt };
    if (this.#keywordStatement(at, parts)) return;
    const frame = FRAMES[keyword];
    if (frame) {
      this.#openFrame(at, frame, parts);
      return;
    }
    if (IGNORED.includes(keyword) && /:/.test(arg)) {
      this.#people.use(at, arg.slice(0, arg.indexOf(":")).trim(), restAt);
      this.#ignored.set(keyword, [...(this.#ignored.get(keyword) ?? []), at.line]);
      return;
    }
    if (!this.#message(at)) unknown(at);
  }

  /** Reads a statement that opens with one of the diagram's keywords; false for any other. */
  #keywordStatement(at: SourceLine, { keyword, arg, restAt }: Keyword): boolean {
    const people = this.#people;
    switch (keyword) {
      case "participant":
      case "actor":
        people.declare(at, readDeclaration(at, restAt, keyword), restAt);
        return true;
      case "create": {
        const m = /^(participant|actor)\s+/i.exec(arg);
        if (!m?.[1])
          throw mermaidSyntax(at, "expected `participant` or `actor` after create", restAt);
        const offset = restAt + m[0].length;
        people.declare(at, readDeclaration(at, offset, m[1].toLowerCase()), offset, true);
        return true;
      }
      case "destroy":
        if (arg === "") throw mermaidSyntax(at, "destroy names a participant", restAt);
        people.destroy(at, arg, restAt);
        return true;
      case "box":
        if (this.#stack.some((o) => o.kind === "box")) throw mermaidSyntax(at, "boxes do not nest");
        people.openBox(arg);
        this.#stack.push({ kind: "box", keyword, at });
        return true;
      case "end": {
        const open = this.#stack.pop();
        if (!open) throw mermaidSyntax(at, "`end` closes nothing here");
        if (open.kind === "box") people.closeBox();
        else this.#events.push({ type: "close" });
        return true;
      }
      case "else":
      case "and":
      case "option":
        this.#section(at, keyword, arg);
        return true;
      case "activate":
      case "deactivate":
        if (arg === "") throw mermaidSyntax(at, `${keyword} names a participant`, restAt);
        this.#activation(at, people.use(at, arg, restAt), keyword === "activate" ? 1 : -1, restAt);
        return true;
      case "note": {
        const note = readNote(at);
        const who = note.who.map((w) => people.use(at, w.name, w.at));
        this.#events.push({ type: "note", side: note.side, who, text: note.text });
        return true;
      }
      case "title":
        this.#title = readLabel(arg).text;
        return true;
      case "autonumber":
        autonumber(at, arg, restAt, this.#numbering);
        return true;
      case "sequencediagram":
        throw mermaidSyntax(at, "the diagram has already started: sequenceDiagram comes once");
    }
    return false;
  }

  /** `else`, `and` or `option`: another section of the frame open around it. */
  #section(at: SourceLine, keyword: string, arg: string): void {
    const open = this.#stack[this.#stack.length - 1];
    if (!open || open.kind === "box" || SECTIONS[open.kind] !== keyword) {
      const owner = Object.entries(SECTIONS).find(([, k]) => k === keyword)?.[0];
      throw mermaidSyntax(at, `\`${keyword}\` belongs inside \`${owner}\` … \`end\``);
    }
    this.#events.push({ type: "section", text: readLabel(arg).text });
  }

  /** Opens a frame (`loop`, `alt`, …, `rect` with its colour). */
  #openFrame(at: SourceLine, frame: FrameKind, { keyword, arg, restAt }: Keyword): void {
    if (keyword === "par_over") this.#notes.add("par_over is drawn as par");
    let fill: ReturnType<typeof parseColour>;
    if (frame === "rect") {
      fill = parseColour(arg);
      if (!fill) {
        throw mermaidSyntax(at, "rect needs a colour: rgb(…), rgba(…) or a CSS name", restAt);
      }
    }
    checkDepth(at, this.#stack.length + 1, "frames");
    const label = frame === "rect" ? "" : readLabel(arg).text;
    this.#events.push(
      fill
        ? { type: "open", kind: frame, text: label, fill }
        : { type: "open", kind: frame, text: label },
    );
    this.#stack.push({ kind: frame, keyword, at });
  }
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
