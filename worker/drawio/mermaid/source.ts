/**
 * Reading Mermaid text, shared by every diagram type: limits, the lines that carry statements
 * (comments, front matter and directives taken out, positions kept), and the one error every
 * parser throws for text it does not understand.
 */
import { parseDocument } from "yaml";
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

/** The diagram types Drawforge converts, by the keywords that open them. */
export const MERMAID_TYPES = {
  flowchart: ["flowchart", "graph"],
  state: ["stateDiagram", "stateDiagram-v2"],
  class: ["classDiagram", "classDiagram-v2"],
  sequence: ["sequenceDiagram"],
  er: ["erDiagram"],
  mindmap: ["mindmap"],
  gantt: ["gantt"],
  timeline: ["timeline"],
  gitGraph: ["gitGraph"],
  c4: ["C4Context", "C4Container", "C4Component", "C4Dynamic", "C4Deployment"],
  block: ["block-beta", "block"],
  architecture: ["architecture-beta", "architecture"],
  requirement: ["requirementDiagram"],
  journey: ["journey"],
  kanban: ["kanban"],
  packet: ["packet-beta", "packet"],
  quadrant: ["quadrantChart"],
  pie: ["pie"],
  xychart: ["xychart-beta", "xychart"],
  sankey: ["sankey-beta", "sankey"],
  treemap: ["treemap-beta", "treemap"],
  radar: ["radar-beta", "radar"],
} as const;

/** Every keyword that opens a diagram Drawforge converts, for messages and descriptions. */
export const MERMAID_KEYWORDS: readonly string[] = Object.values(MERMAID_TYPES).flat();

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
  /**
   * The diagram's settings: the front matter's `config` merged with `%%{init: …}%%` directives
   * (a directive wins), as Mermaid reads them (`{ gantt: { barHeight: 30 }, theme: "forest" }`).
   */
  config: Record<string, unknown>;
  /**
   * The accessibility lines (`accTitle: …`, `accDescr: …`, `accDescr { … }`), taken out of
   * `lines` here for every type and kept as the diagram's metadata.
   */
  accessibility: { title?: string; description?: string };
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
 * Reads Mermaid text: checks its size, reads YAML front matter (`---` … `---`: its `title` and
 * `config`) and `%%{init: …}%%` directives, removes `%% comments`, takes out the accessibility
 * lines, finds the header and returns every statement line with its position. Unknown diagram
 * types are refused here, naming the type.
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
  const front = readFrontMatter(raw);
  const statements: SourceLine[] = [];
  const controls: Controls = { count: 0 };
  const directives: Record<string, unknown>[] = [];
  for (let index = front.end; index < raw.length; index++) {
    const original = raw[index] ?? "";
    const directive = /^\s*%%\{\s*(?:init|initialize)\s*:(.*)\}%%\s*$/s.exec(original);
    if (directive) {
      directives.push(
        readDirective(directive[1] ?? "", { line: index + 1, column: 1, text: original }),
      );
      continue;
    }
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
  const type = (Object.keys(MERMAID_TYPES) as MermaidType[]).find((t) =>
    (MERMAID_TYPES[t] as readonly string[]).includes(keyword),
  );
  if (type === undefined) {
    throw new DrawioError(
      "mermaid_unsupported",
      `line ${header.line}: "${keyword}" diagrams are not converted; Drawforge converts ${MERMAID_KEYWORDS.join(", ")}`,
      { line: header.line, column: header.column, text: header.text },
    );
  }
  const config = Object.assign({}, front.config, ...directives) as Record<string, unknown>;
  const { accessibility, rest } = takeAccessibility(statements);
  return {
    type,
    header,
    headerRest: header.text.slice(keyword.length).trim(),
    lines: rest,
    config,
    accessibility,
    notes: controls.first ? [controlNote(controls)] : [],
    ...(front.title === undefined ? {} : { title: front.title }),
  };
}

/** What the front matter says, and the index of the first line after it. */
interface FrontMatter {
  end: number;
  title?: string;
  config: Record<string, unknown>;
}

/**
 * The YAML front matter (`---` … `---`) before the header, after any blank or comment lines:
 * its `title` and `config`. Text that is not YAML is refused with its line.
 */
function readFrontMatter(raw: readonly string[]): FrontMatter {
  let index = 0;
  const skipped = (s: string | undefined) => s !== undefined && withoutComment(s).trim() === "";
  while (skipped(raw[index])) index++;
  if (raw[index]?.trim() !== "---") return { end: 0, config: {} };
  const start = index;
  index++;
  while (index < raw.length && raw[index]?.trim() !== "---") index++;
  if (index >= raw.length) {
    throw mermaidSyntax(
      { line: start + 1, column: 1, text: "---" },
      "the front matter that starts here never ends: close it with a line of ---",
    );
  }
  const yaml = raw.slice(start + 1, index).join("\n");
  const parsed = parseDocument(yaml, { uniqueKeys: false });
  const error = parsed.errors[0];
  if (error) {
    const line = start + 2 + (error.linePos?.[0].line ?? 1) - 1;
    throw mermaidSyntax(
      { line, column: error.linePos?.[0].col ?? 1, text: raw[line - 1]?.trim() ?? "" },
      `the front matter is not YAML: ${error.message.split("\n")[0]}`,
    );
  }
  const value: unknown = parsed.toJS();
  const record = isRecord(value) ? value : {};
  const title = record.title;
  return {
    end: index + 1,
    config: isRecord(record.config) ? record.config : {},
    ...(title === undefined || title === null ? {} : { title: String(title) }),
  };
}

/** The settings of one `%%{init: { … }}%%` directive (JSON, or YAML's flow style of it). */
function readDirective(body: string, at: SourceLine): Record<string, unknown> {
  const parsed = parseDocument(body);
  const value: unknown = parsed.errors.length === 0 ? parsed.toJS() : undefined;
  if (!isRecord(value)) {
    throw mermaidSyntax(
      at,
      'the init directive holds settings as JSON: %%{init: { "theme": "forest" }}%%',
    );
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const ACC_LINE = /^acc(Title|Descr)\s*:\s*(.*)$/;
const ACC_BLOCK = /^accDescr\s*\{(.*)$/;

/**
 * Splits the accessibility statements off the lines: their title and description, and the
 * other lines in order. An `accDescr {` block runs to the line that holds its `}`.
 */
function takeAccessibility(lines: readonly SourceLine[]): {
  accessibility: MermaidSource["accessibility"];
  rest: SourceLine[];
} {
  const accessibility: MermaidSource["accessibility"] = {};
  const rest: SourceLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i] as SourceLine;
    const block = ACC_BLOCK.exec(at.text);
    if (block) {
      const end = closingLine(lines, i);
      if (end === undefined) throw mermaidSyntax(at, "accDescr { … } is never closed with }");
      const text = [block[1] ?? "", ...lines.slice(i + 1, end + 1).map((l) => l.text)].join("\n");
      accessibility.description = text.slice(0, text.lastIndexOf("}")).trim();
      i = end;
      continue;
    }
    const line = ACC_LINE.exec(at.text);
    if (!line) rest.push(at);
    else if (line[1] === "Title") accessibility.title = (line[2] ?? "").trim();
    else accessibility.description = (line[2] ?? "").trim();
  }
  return { accessibility, rest };
}

/**
 * The index of the line that closes a `{` block opened on line `from` (such as `accDescr {`):
 * the first, from `from` itself on, that holds a `}`; undefined when none does.
 *
 * @example
 * closingLine(lines, i) ?? fail("the block is never closed with }");
 */
export function closingLine(lines: readonly SourceLine[], from: number): number | undefined {
  for (let i = from; i < lines.length; i++)
    if ((lines[i] as SourceLine).text.includes("}")) return i;
  return undefined;
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
