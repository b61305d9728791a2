/**
 * The keyword statements of a state diagram (`state`, `note`, `classDef`, `class`, `style`,
 * `direction`, `}`, `--`, …), each a pattern and what it does.
 */
import { type CssStyle, readCss } from "../class-defs.ts";
import { checkDepth, mermaidSyntax, type SourceLine } from "../source.ts";
import { mermaidBreaks, readDirection, type Statement } from "../syntax.ts";
import type { Composite, Region, StateDiagram, StateNode } from "./model.ts";

/** An open composite state (or the root) and the region statements go to. */
export interface Frame {
  composite: Composite;
  region: Region;
  opened?: SourceLine;
}

/** What a statement works on. */
export interface StatementContext {
  diagram: StateDiagram;
  stack: Frame[];
  frame: Frame;
  at: SourceLine;
}

/** A statement that is read and noted, not drawn. */
const noted =
  (note: (m: RegExpExecArray, at: SourceLine) => string) =>
  (m: RegExpExecArray, { diagram, at }: StatementContext) =>
    diagram.notes.push(note(m, at));

/** The keyword statements, tried in order before transitions and plain states. */
export const STATEMENTS: Statement<StatementContext>[] = [
  { pattern: /^\}$/, run: close },
  { pattern: /^--$/, run: divider },
  { pattern: /^direction\s+(\S+)$/i, run: direction },
  {
    pattern: /^hide\s+empty\s+description$/i,
    run: noted(
      () => "`hide empty description` is not needed: each state shows only the text it has",
    ),
  },
  {
    pattern: /^scale\s+\d+\s+width$/i,
    run: noted(() => "`scale … width` is ignored: the layout sizes the diagram"),
  },
  {
    pattern: /^acc(Title|Descr)\s*:/i,
    run: noted((m) => `acc${m[1]} (accessibility text) is not drawn`),
  },
  {
    pattern: /^click\s/i,
    run: noted((_, at) => `line ${at.line}: click links and callbacks are not converted`),
  },
  { pattern: /^classDef\s+(\S+)\s+(.*)$/i, run: classDef },
  { pattern: /^(class|style)\s+([^\s,]+(?:\s*,\s*[^\s,]+)*)\s+(\S.*)$/i, run: styleStates },
  { pattern: /^note\s/i, run: note },
  { pattern: /^state\s/i, run: state },
];

function close(_: RegExpExecArray, { stack, at }: StatementContext): void {
  if (stack.length === 1) throw mermaidSyntax(at, "there is no composite state to close here");
  stack.pop();
}

function divider(_: RegExpExecArray, { diagram, stack, frame, at }: StatementContext): void {
  if (stack.length === 1) {
    throw mermaidSyntax(
      at,
      "-- separates concurrent regions inside a composite state (state X { … })",
    );
  }
  frame.region = diagram.addRegion(frame.composite);
}

function direction(m: RegExpExecArray, { frame, at }: StatementContext): void {
  frame.composite.direction = readDirection(m[1] as string, at);
}

function cssOf(diagram: StateDiagram, at: SourceLine, css: string, what: string): CssStyle {
  const column = at.text.length - css.length;
  const { style, unsupported } = readCss(css.replace(/;\s*$/, ""), at, column);
  for (const u of unsupported) diagram.notes.push(`${what}: ${u} has no draw.io counterpart`);
  return style;
}

function classDef(m: RegExpExecArray, { diagram, at }: StatementContext): void {
  const names = m[1] as string;
  diagram.classDefs.define(
    names.split(","),
    cssOf(diagram, at, m[2] as string, `classDef ${names}`),
  );
}

/** `class a,b name` (a classDef) or `style a,b css` (inline). */
function styleStates(m: RegExpExecArray, { diagram, frame, at }: StatementContext): void {
  const [, keyword, list, rest] = m as unknown as [string, string, string, string];
  const css =
    keyword.toLowerCase() === "style" ? cssOf(diagram, at, rest, `style ${list}`) : undefined;
  if (!css && !/^\w+;?$/.test(rest)) {
    throw mermaidSyntax(
      at,
      "write class <state>[,<state>…] <classDef name>",
      at.text.length - rest.length,
    );
  }
  let from = keyword.length;
  for (const name of list.split(/\s*,\s*/)) {
    from = at.text.indexOf(name, from);
    const node = diagram.ref(name, frame.region, at, "from", from);
    if (css) node.css.push(css);
    else node.classes.push(rest.replace(/;$/, ""));
  }
}

/** A note joined to its state by a dashed line (from the left one to the right one). */
export function addNote(
  diagram: StateDiagram,
  region: Region,
  at: SourceLine,
  side: string,
  target: string,
  text: string,
): void {
  const column = at.text.lastIndexOf(target);
  const state = diagram.ref(target, region, at, "from", column);
  const note = diagram.note(mermaidBreaks(text), state.region, at);
  const left = side.toLowerCase() === "left";
  const [from, to] = left ? [note, state] : [state, note];
  diagram.edges.push({ from, to, note: true, side: left ? "left" : "right", at });
}

function note(_: RegExpExecArray, { diagram, frame, at }: StatementContext): void {
  const attached = /^note\s+(left|right)\s+of\s+([^\s:]+)\s*:(.*)$/i.exec(at.text);
  if (attached) {
    const [, side, target, text] = attached as unknown as [string, string, string, string];
    addNote(diagram, frame.region, at, side, target, text);
    return;
  }
  const floating = /^note\s+"([^"]*)"\s+as\s+(\w+)$/i.exec(at.text);
  if (!floating) {
    throw mermaidSyntax(
      at,
      'write note left of <state> : text, note right of <state> (then lines, then end note), or note "text" as <id>',
    );
  }
  diagram.note(mermaidBreaks(floating[1] as string), frame.region, at);
}

/** `state id`, `state "description" as id`, either with `{`, or `state id <<choice>>`. */
function state(_: RegExpExecArray, { diagram, stack, frame, at }: StatementContext): void {
  const t = at.text;
  const special = /^state\s+([^\s"{]+?)\s*(?:<<|\[\[)(choice|fork|join)(?:>>|\]\])$/i.exec(t);
  if (special) {
    const node = diagram.ref(special[1] as string, frame.region, at, "from", 6);
    if (node.body) {
      throw mermaidSyntax(
        at,
        `${node.name} is a composite state; it cannot also be a ${special[2]}`,
        6,
      );
    }
    node.kind = (special[2] as string).toLowerCase() as StateNode["kind"];
    return;
  }
  const named = /^state\s+"([^"]*)"\s*as\s+([^\s:{]+)\s*(?::(.*?))?\s*(\{)?$/i.exec(t);
  const plain = /^state\s+([^\s:{"]+)\s*(\{)?$/i.exec(t);
  if (!named && !plain) {
    throw mermaidSyntax(
      at,
      'write state <id>, state "description" as <id>, state <id> { … } or state <id> <<choice>> (or <<fork>>, <<join>>)',
    );
  }
  const name = (named ? named[2] : plain?.[1]) as string;
  const column = t.indexOf(name, 6);
  const node = diagram.ref(name, frame.region, at, "from", column);
  if (named) {
    node.descriptions.push(mermaidBreaks(named[1] as string));
    if (named[3]?.trim()) node.descriptions.push(mermaidBreaks(named[3]));
  }
  if (!(named ? named[4] : plain?.[2])) return;
  if (node.kind !== "state") {
    throw mermaidSyntax(
      at,
      `${name} is a ${node.kind}; only a state can hold other states`,
      column,
    );
  }
  if (stack.some((f) => f.composite === node.body)) {
    throw mermaidSyntax(at, `state ${name} is already open around this line`, column);
  }
  checkDepth(at, stack.length, "composite states");
  node.body ??= { node, regions: [] };
  const region = node.body.regions[node.body.regions.length - 1] ?? diagram.addRegion(node.body);
  stack.push({ composite: node.body, region, opened: at });
}
