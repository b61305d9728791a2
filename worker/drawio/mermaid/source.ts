/**
 * Reading Mermaid text, shared by every diagram type: limits, the lines that carry statements
 * (comments, front matter and directives taken out, positions kept), and the one error every
 * parser throws for text it does not understand.
 */
import { DrawioError } from "../errors.ts";

/** The most Mermaid text one conversion reads (UTF-16 code units). */
export const MAX_MERMAID_CHARS = 256 * 1024;
/** The most nodes (flowchart nodes, states, classes, participants) one diagram may declare. */
export const MAX_MERMAID_NODES = 2_000;

/**
 * How deep blocks may nest: subgraphs, sequence frames (`loop`, `alt`, …), composite states,
 * namespaces. Real diagrams nest a handful deep; every level is a group the layout engine lays
 * out around the next (or a frame drawn around it), and 5,000 nested loops made 12.5 million
 * overlapping frames. Deeper is refused while reading, before any work.
 */
export const MAX_MERMAID_DEPTH = 50;

/**
 * Characters no draw.io file can hold (XML 1.0 refuses them even as references). Labels leave
 * them out when they are written (`escapeAttribute`); reading notes where they were, so that
 * nothing is left out without a word and no error points into the XML written.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters XML refuses
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters XML refuses
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** The control characters a text holds: how many, and the first. */
interface Controls {
  count: number;
  first?: { at: SourceLine; column: number; char: string };
}

function controlNote({ count, first }: Controls): string {
  const code = (first?.char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
  const more = count > 1 ? ` and ${(count - 1).toLocaleString("en-US")} more` : "";
  return `control characters were left out (U+${code} at line ${first?.at.line}, column ${first?.column}${more}): a draw.io file cannot hold them`;
}

/** The diagram types Mermaid knows, by the keyword that opens them. */
export const MERMAID_TYPES = {
  flowchart: ["flowchart", "graph"],
  state: ["stateDiagram", "stateDiagram-v2"],
  class: ["classDiagram", "classDiagram-v2"],
  sequence: ["sequenceDiagram"],
} as const;

/** A converted diagram type. */
export type MermaidType = keyof typeof MERMAID_TYPES;

/** One line of the source that holds a statement. */
export interface SourceLine {
  /** 1-based line number in the original text. */
  line: number;
  /** 1-based column of `text`'s first character in the original line. */
  column: number;
  /** The statement, without its comment and surrounding blanks. */
  text: string;
}

/** Mermaid text split into the header and the statement lines after it. */
export interface MermaidSource {
  type: MermaidType;
  /** The header line (`flowchart LR`, `stateDiagram-v2`, …). */
  header: SourceLine;
  /** What follows the type keyword on the header line (`LR`, `TD`, …), trimmed. */
  headerRest: string;
  /** Every statement line after the header, in order. */
  lines: SourceLine[];
  /** The `title` of YAML front matter, when there is one. */
  title?: string;
  /** What reading left out (control characters), one sentence each, for the converter's notes. */
  notes: string[];
}

/**
 * The error for Mermaid a parser does not understand: where it is and the text, so the person
 * (or model) who wrote it can fix that line. Nothing is ever dropped silently.
 *
 * @example
 * throw mermaidSyntax(at, "an edge needs a node on both ends");
 */
export function mermaidSyntax(at: SourceLine, message: string, columnOffset = 0): DrawioError {
  const column = at.column + columnOffset;
  return new DrawioError("mermaid_syntax", `line ${at.line}, column ${column}: ${message}`, {
    line: at.line,
    column,
    text: at.text,
  });
}

/** The error for more nodes than {@link MAX_MERMAID_NODES}. */
export function tooManyNodes(at: SourceLine): DrawioError {
  return new DrawioError(
    "mermaid_too_large",
    `line ${at.line}: the diagram declares over ${MAX_MERMAID_NODES.toLocaleString("en-US")} nodes, more than one diagram may have; split it`,
    { line: at.line, column: at.column, text: at.text },
  );
}

/**
 * Refuses a block opened `depth` levels deep (counting itself) past {@link MAX_MERMAID_DEPTH}:
 * `mermaid_too_large`, with the line and column of the block that goes over.
 *
 * @example
 * checkDepth(at, stack.length + 1, "subgraphs");
 */
export function checkDepth(at: SourceLine, depth: number, what: string): void {
  if (depth <= MAX_MERMAID_DEPTH) return;
  throw new DrawioError(
    "mermaid_too_large",
    `line ${at.line}: ${what} nested over ${MAX_MERMAID_DEPTH} deep, deeper than one diagram may nest them; flatten them or split the diagram`,
    { line: at.line, column: at.column, text: at.text },
  );
}

/**
 * Reads Mermaid text: checks its size, skips YAML front matter (`---` … `---`, keeping its
 * `title`) and `%%{init: …}%%` directives, removes `%%` comments, finds the header and returns
 * every statement line with its position. Unknown and unsupported diagram types are refused
 * here, naming the type.
 *
 * @example
 * const source = readMermaid("flowchart LR\n  A --> B %% a comment");
 * // { type: "flowchart", headerRest: "LR", lines: [{ line: 2, column: 3, text: "A --> B" }] }
 */
export function readMermaid(text: string): MermaidSource {
  if (text.length > MAX_MERMAID_CHARS) {
    throw new DrawioError(
      "mermaid_too_large",
      `the Mermaid text has ${text.length.toLocaleString("en-US")} characters, over the ${MAX_MERMAID_CHARS.toLocaleString("en-US")} one conversion reads`,
    );
  }
  const raw = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  let index = 0;
  let title: string | undefined;
  // Blank and comment lines before the front matter are skipped.
  const skipped = (s: string | undefined) => s !== undefined && withoutComment(s).trim() === "";
  while (skipped(raw[index])) index++;
  if (raw[index]?.trim() === "---") {
    const start = index;
    index++;
    while (index < raw.length && raw[index]?.trim() !== "---") {
      const m = /^\s*title\s*:\s*(.*?)\s*$/.exec(raw[index] ?? "");
      if (m?.[1]) title = m[1].replace(/^(["'])(.*)\1$/, "$2");
      index++;
    }
    if (index >= raw.length) {
      throw mermaidSyntax(
        { line: start + 1, column: 1, text: "---" },
        "the front matter that starts here never ends: close it with a line of ---",
      );
    }
    index++;
  }
  const statements: SourceLine[] = [];
  const controls: Controls = { count: 0 };
  for (; index < raw.length; index++) {
    const original = raw[index] ?? "";
    const text = withoutComment(original);
    const trimmed = text.trim();
    if (trimmed === "") continue;
    const at = { line: index + 1, column: text.indexOf(trimmed) + 1, text: trimmed };
    const control = CONTROL_CHARACTER.exec(trimmed);
    if (control) {
      controls.count += (trimmed.match(CONTROL_CHARACTERS) ?? []).length;
      controls.first ??= { at, column: at.column + control.index, char: control[0] };
    }
    statements.push(at);
  }
  const header = statements.shift();
  if (header === undefined) {
    throw new DrawioError(
      "empty_input",
      "the Mermaid text is empty: start with a diagram type such as `flowchart LR`",
    );
  }
  const keyword = /^[A-Za-z][\w-]*/.exec(header.text)?.[0] ?? header.text;
  for (const [type, keywords] of Object.entries(MERMAID_TYPES) as [
    MermaidType,
    readonly string[],
  ][]) {
    if (keywords.includes(keyword)) {
      return {
        type,
        header,
        headerRest: header.text.slice(keyword.length).trim(),
        lines: statements,
        notes: controls.first ? [controlNote(controls)] : [],
        ...(title === undefined ? {} : { title }),
      };
    }
  }
  throw new DrawioError(
    "mermaid_unsupported",
    `line ${header.line}: "${keyword}" diagrams are not converted; Drawforge converts flowchart (graph), stateDiagram, classDiagram and sequenceDiagram`,
    { line: header.line, column: header.column, text: header.text },
  );
}

/**
 * A line without its `%%` comment (and a whole-line `%%{…}%%` directive removed), leaving `%%`
 * inside double quotes alone.
 */
function withoutComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "%" && line[i + 1] === "%") return line.slice(0, i);
  }
  return line;
}
