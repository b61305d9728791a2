/**
 * Reading a flowchart statement by statement: source lines joined where a quoted label or a
 * `@{ … }` block runs over several of them, and a scanner over one such chunk that reports
 * any error at its own line and column.
 */
import type { DrawioError } from "../../errors.ts";
import { mermaidSyntax, type SourceLine } from "../source.ts";

/** Statements of one or more source lines (joined with `\n`), with where each line starts. */
export interface Chunk {
  text: string;
  parts: { start: number; at: SourceLine }[];
}

/**
 * Groups statement lines into chunks: a line stays alone unless a quoted string or a `@{`
 * block is still open at its end, then the next lines join it until it closes.
 *
 * @example
 * chunksOf([{ line: 2, column: 1, text: 'A["one' }, { line: 3, column: 1, text: 'two"]' }]);
 * // [{ text: 'A["one\ntwo"]', parts: [...] }]
 */
export function chunksOf(lines: readonly SourceLine[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i] as SourceLine;
    const chunk: Chunk = { text: first.text, parts: [{ start: 0, at: first }] };
    let open = openAt(first.text);
    while (open !== undefined) {
      const next = lines[i + 1];
      if (next === undefined) throw new Scanner(chunk).fail(open.message, open.at);
      i++;
      const start = chunk.text.length + 1;
      chunk.text += `\n${next.text}`;
      chunk.parts.push({ start, at: next });
      open = openAt(chunk.text);
    }
    chunks.push(chunk);
  }
  return chunks;
}

interface Open {
  at: number;
  message: string;
}

/** Where a quoted string or a `@{` block left open at the end of `text` starts. */
function openAt(text: string): Open | undefined {
  let quote = -1;
  let brace = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote >= 0) {
      if (c === '"') quote = -1;
    } else if (c === '"') {
      quote = i;
    } else if (c === "@" && text[i + 1] === "{" && brace < 0) {
      brace = i;
      i++;
    } else if (c === "}" && brace >= 0) {
      brace = -1;
    }
  }
  if (quote >= 0) return { at: quote, message: 'this quoted text never ends: close it with "' };
  if (brace >= 0) return { at: brace, message: "this @{ … } never ends: close it with }" };
  return undefined;
}

/** A position in a chunk, moving forward over its text; errors name their line and column. */
export class Scanner {
  pos = 0;
  readonly text: string;
  readonly chunk: Chunk;

  constructor(chunk: Chunk) {
    this.chunk = chunk;
    this.text = chunk.text;
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** The character at the position (or `n` further), "" past the end. */
  peek(n = 0): string {
    return this.text[this.pos + n] ?? "";
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  skipSpaces(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos++;
  }

  /** Matches a sticky (`y`) pattern at the position and moves past it. */
  match(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.pos;
    const m = pattern.exec(this.text);
    if (m) this.pos += m[0].length;
    return m;
  }

  /** Whether a sticky pattern matches at the position, without moving. */
  sees(pattern: RegExp): boolean {
    pattern.lastIndex = this.pos;
    return pattern.test(this.text);
  }

  /** The rest of the statement up to a `;` (or the end), trimmed; the position moves there. */
  untilSemicolon(): { text: string; at: number } {
    this.skipSpaces();
    const at = this.pos;
    const end = this.text.indexOf(";", at);
    this.pos = end < 0 ? this.text.length : end;
    return { text: this.text.slice(at, this.pos).trimEnd(), at };
  }

  /** A `mermaid_syntax` error at `at` (default: the position), on the line that holds it. */
  fail(message: string, at = this.pos): DrawioError {
    const part = this.#partAt(at);
    return mermaidSyntax(part.at, message, at - part.start);
  }

  /** The source line holding offset `at`, with the column of `at`. */
  where(at = this.pos): SourceLine {
    const part = this.#partAt(at);
    return { line: part.at.line, column: part.at.column + at - part.start, text: part.at.text };
  }

  #partAt(at: number): Chunk["parts"][number] {
    let part = this.chunk.parts[0] as Chunk["parts"][number];
    for (const p of this.chunk.parts) if (p.start <= at) part = p;
    return part;
  }

  /** What stands at the position, for messages: `"-->"`, or "the end of the line". */
  describe(): string {
    if (this.atEnd()) return "the end of the line";
    const word = /\S{1,12}/y;
    word.lastIndex = this.pos;
    return `"${word.exec(this.text)?.[0] ?? this.peek()}"`;
  }
}

/** A quoted string: its text and whether it is a Markdown string ("`…`"). */
export interface Quoted {
  text: string;
  markdown: boolean;
}

/**
 * Reads `"…"` or a Markdown string `` "`…`" `` at the scanner's position (which must be `"`).
 *
 * @example
 * readQuoted(scanner); // { text: "This ❤ Unicode", markdown: false }
 */
export function readQuoted(s: Scanner): Quoted {
  const start = s.pos;
  const markdown = s.startsWith('"`');
  s.pos += markdown ? 2 : 1;
  const close = markdown ? '`"' : '"';
  const end = s.text.indexOf(close, s.pos);
  if (end < 0) throw s.fail(`this quoted text never ends: close it with ${close}`, start);
  const text = s.text.slice(s.pos, end);
  s.pos = end + close.length;
  return { text, markdown };
}
