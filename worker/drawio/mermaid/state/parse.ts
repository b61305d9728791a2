/**
 * Reads the statements of a Mermaid state diagram (`stateDiagram`, `stateDiagram-v2`) into a
 * {@link StateDiagram}; anything it does not understand is refused with its line and column.
 */
import { closingLine, type MermaidSource, mermaidSyntax, type SourceLine } from "../source.ts";
import { mermaidBreaks, runStatement, skipBlanks } from "../syntax.ts";
import { type Region, StateDiagram } from "./model.ts";
import { addNote, type Frame, STATEMENTS, type StatementContext } from "./statements.ts";

/** A state id or `[*]`, with an optional `:::class`. */
const REF = /^(\[\*\]|[^\s:{}"-]+)(?::::(\w+))?/u;

/**
 * Parses a state diagram's statements.
 *
 * @example
 * const diagram = parseStateDiagram(readMermaid("stateDiagram-v2\n  [*] --> Still"));
 */
export function parseStateDiagram(source: MermaidSource): StateDiagram {
  if (source.headerRest !== "") {
    const keyword = source.header.text.length - source.headerRest.length;
    throw mermaidSyntax(source.header, "nothing may follow the diagram type here", keyword);
  }
  const diagram = new StateDiagram();
  const stack: Frame[] = [{ composite: diagram.root, region: diagram.root.regions[0] as Region }];
  const { lines } = source;
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i] as SourceLine;
    const frame = stack[stack.length - 1] as Frame;
    const block = blockEnd(at, lines, i);
    if (block !== undefined) {
      const note = /^note\s+(left|right)\s+of\s+([^\s:]+)$/i.exec(at.text);
      const text = lines.slice(i + 1, block).map((l) => l.text);
      if (note)
        addNote(diagram, frame.region, at, note[1] as string, note[2] as string, text.join("\n"));
      else diagram.notes.push("accDescr (an accessible description) is not drawn");
      i = block;
      continue;
    }
    statement({ diagram, stack, frame, at });
  }
  const open = stack[stack.length - 1];
  if (open?.opened) {
    throw mermaidSyntax(open.opened, "this composite state is never closed: end it with }");
  }
  return diagram;
}

/**
 * For a note over several lines (`note left of X` … `end note`) or `accDescr {` … `}`, the
 * index of the line that ends it; undefined for any other line.
 */
function blockEnd(at: SourceLine, lines: readonly SourceLine[], index: number): number | undefined {
  const note = /^note\s+(left|right)\s+of\s+[^\s:]+$/i.test(at.text);
  const acc = /^accDescr\s*\{/i.test(at.text);
  if (!note && !acc) return undefined;
  const end = note ? endNote(lines, index) : closingLine(lines, index);
  if (end !== undefined) return end;
  throw mermaidSyntax(
    at,
    note
      ? "this note is never closed: end it with a line `end note`"
      : "accDescr { is never closed with }",
  );
}

function statement(context: StatementContext): void {
  if (!runStatement(STATEMENTS, context.at.text, context)) transitionOrState(context);
}

/** `a --> b : label`, `a : description`, or a lone state, each end maybe with `:::class`. */
function transitionOrState({ diagram, frame, at }: StatementContext): void {
  const { region } = frame;
  const t = at.text;
  const first = REF.exec(t);
  if (!first) {
    throw mermaidSyntax(
      at,
      "expected a state id, [*], or a statement such as state, note or classDef",
    );
  }
  let pos = skipBlanks(t, first[0].length);
  if (t.startsWith("-->", pos)) {
    const column = skipBlanks(t, pos + 3);
    const second = REF.exec(t.slice(column));
    if (!second) throw mermaidSyntax(at, "a transition needs a state (or [*]) after -->", column);
    const from = diagram.ref(first[1] as string, region, at, "from", 0, first[2]);
    const to = diagram.ref(second[1] as string, region, at, "to", column, second[2]);
    pos = skipBlanks(t, column + second[0].length);
    if (pos < t.length && t[pos] !== ":") {
      throw mermaidSyntax(
        at,
        'expected ": label" or the end of the line after the transition',
        pos,
      );
    }
    const label = pos < t.length ? mermaidBreaks(t.slice(pos + 1)) : "";
    diagram.edges.push({ from, to, note: false, at, ...(label ? { label } : {}) });
    return;
  }
  if (pos < t.length && t[pos] !== ":") {
    throw mermaidSyntax(at, 'expected "-->", ": description" or the end of the line', pos);
  }
  if (first[1] === "[*]") {
    throw mermaidSyntax(at, "[*] is a start or end: use it in a transition ([*] --> state)");
  }
  const node = diagram.ref(first[1] as string, region, at, "from", 0, first[2]);
  const description = pos < t.length ? mermaidBreaks(t.slice(pos + 1)) : "";
  if (description) node.descriptions.push(description);
}

/** The index of the `end note` line after line `index`; undefined when there is none. */
function endNote(lines: readonly SourceLine[], index: number): number | undefined {
  for (let j = index + 1; j < lines.length; j++) {
    if (/^end\s+note$/i.test((lines[j] as SourceLine).text)) return j;
  }
  return undefined;
}
