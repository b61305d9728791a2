/**
 * The keyword statements of a class diagram (`class`, `namespace`, `note`, `classDef`,
 * `cssClass`, `style`, `link`/`click`/`callback`, `direction`, `}`, …), each a pattern and what
 * it does.
 */

import { type CssStyle, readCss } from "../class-defs.ts";
import { checkDepth, mermaidSyntax, type SourceLine } from "../source.ts";
import { mermaidBreaks, readDirection, type Statement } from "../syntax.ts";
import { readMember } from "./members.ts";
import type { ClassDiagram, ClassNode } from "./model.ts";

/** An open namespace or class body. */
export type Frame =
  | { kind: "namespace"; name: string; group: string; opened: SourceLine }
  | { kind: "class"; node: ClassNode; opened: SourceLine };

/** A statement naming a class that may be declared later, checked at the end. */
export interface Pending {
  name: string;
  at: SourceLine;
  column: number;
  apply: (node: ClassNode) => void;
}

/** What a statement works on. */
export interface ClassContext {
  diagram: ClassDiagram;
  stack: Frame[];
  pending: Pending[];
  at: SourceLine;
  /** The innermost namespace around the statement. */
  namespace?: { name: string; group: string };
}

/** `class Name["label"]:::css <<annotation>> {`, each part but the name optional. */
const CLASS =
  /^class\s+(`[^`]+`|[^\s[{:<`]+)\s*(?:\["([^"]*)"\])?\s*(?::::(\w+))?\s*(?:<<([^>]+)>>)?\s*(?:\{(.*))?$/i;

/** The keyword statements, tried in order before relations and member lines. */
export const CLASS_STATEMENTS: Statement<ClassContext>[] = [
  { pattern: /^\}$/, run: close },
  { pattern: /^direction\s+(\S+)$/i, run: direction },
  {
    pattern: /^acc(Title|Descr)\s*:/i,
    run: (m, { diagram }) => diagram.remarks.push(`acc${m[1]} (accessibility text) is not drawn`),
  },
  { pattern: /^namespace(\s|$)/, run: namespace },
  { pattern: /^class\s/, run: classStatement },
  { pattern: /^<<([^>]+)>>\s*(.+)$/, run: annotation },
  { pattern: /^note(\s|$)/, run: note },
  { pattern: /^classDef\s+([\w,\s]+?)\s+(\S.*)$/, run: classDef },
  { pattern: /^cssClass\s+"([^"]+)"\s+(\w+);?$/, run: cssClass },
  { pattern: /^style\s+(\S+)\s+(\S.*)$/, run: style },
  { pattern: /^(link|callback|click)\s+(\S+)/, run: interaction },
];

function close(_: RegExpExecArray, { stack, at }: ClassContext): void {
  if (!stack.pop()) throw mermaidSyntax(at, "there is no namespace or class body to close here");
}

function direction(m: RegExpExecArray, { diagram, at }: ClassContext): void {
  diagram.direction = readDirection(m[1] as string, at);
}

function namespace(_: RegExpExecArray, context: ClassContext): void {
  const { diagram, stack, at } = context;
  const m = /^namespace\s+([^\s[{]+)\s*(?:\["([^"]*)"\])?\s*\{$/.exec(at.text);
  if (!m) {
    throw mermaidSyntax(
      at,
      'write namespace Name { (or namespace Name["Label"] {), then its classes, then }',
    );
  }
  checkDepth(at, stack.length + 1, "namespaces");
  const parent = context.namespace?.name;
  const group = diagram.namespace(m[1] as string, m[2], parent).id;
  const name = parent === undefined ? (m[1] as string) : `${parent}.${m[1]}`;
  stack.push({ kind: "namespace", name, group, opened: at });
}

function classStatement(_: RegExpExecArray, context: ClassContext): void {
  const { diagram, stack, at } = context;
  const m = CLASS.exec(at.text);
  if (!m) {
    throw mermaidSyntax(
      at,
      'write class Name, class Name["label"], class Name:::style, class Name <<annotation>> or class Name { members }',
      6,
    );
  }
  const [, raw, label, css, note, body] = m as unknown as [
    string,
    string,
    ...(string | undefined)[],
  ];
  const group = context.namespace?.group;
  const node = diagram.class(className(raw, at, 6), at, group);
  // A class statement in a namespace puts the class there, even one named before.
  if (group !== undefined) node.group = group;
  if (label !== undefined) node.title = label;
  if (css) node.classes.push(css);
  if (note) node.annotations.push(note.trim());
  if (body === undefined) return;
  const end = body.lastIndexOf("}");
  if (end < 0) {
    addMembers(node, body);
    stack.push({ kind: "class", node, opened: at });
    return;
  }
  const after = body.slice(end + 1);
  if (after.trim() !== "") {
    const column = at.text.length - after.trimStart().length;
    throw mermaidSyntax(at, "nothing may follow the } that ends the class body", column);
  }
  addMembers(node, body.slice(0, end));
}

function annotation(m: RegExpExecArray, context: ClassContext): void {
  const { diagram, at } = context;
  const name = className(m[2] as string, at, at.text.indexOf(m[2] as string, 2));
  diagram.class(name, at, context.namespace?.group).annotations.push((m[1] as string).trim());
}

function note(_: RegExpExecArray, context: ClassContext): void {
  const { diagram, at } = context;
  const m = /^note(?:\s+for\s+(\S+))?\s+"([^"]*)"$/.exec(at.text);
  if (!m) throw mermaidSyntax(at, 'write note "text" or note for ClassName "text"');
  const group = context.namespace?.group;
  const target = m[1] === undefined ? undefined : diagram.class(className(m[1], at, 9), at, group);
  diagram.notes.push({
    id: diagram.ids.next("note"),
    text: mermaidBreaks(m[2] as string),
    ...(target ? { target } : {}),
    ...(group === undefined ? {} : { group }),
  });
}

function classDef(m: RegExpExecArray, { diagram, at }: ClassContext): void {
  const css = cssOf(diagram, at, m[2] as string, `classDef ${m[1]}`);
  diagram.classDefs.define((m[1] as string).split(/\s*,\s*/), css);
}

function cssClass(m: RegExpExecArray, { pending, at }: ClassContext): void {
  const cls = m[2] as string;
  let from = 0;
  for (const raw of (m[1] as string).split(",")) {
    const name = raw.trim();
    from = at.text.indexOf(name, from);
    pending.push({ name, at, column: from, apply: (node) => node.classes.push(cls) });
  }
}

function style(m: RegExpExecArray, { diagram, pending, at }: ClassContext): void {
  const css = cssOf(diagram, at, m[2] as string, `style ${m[1]}`);
  pending.push({ name: m[1] as string, at, column: 6, apply: (node) => node.css.push(css) });
}

/** `link`, `callback` and `click` lines: their class must exist; they are noted. */
function interaction(m: RegExpExecArray, { diagram, pending, at }: ClassContext): void {
  const [, keyword, name] = m as unknown as [string, string, string];
  const what = keyword === "callback" || /\scall\s/.test(at.text) ? "callbacks" : "links";
  pending.push({ name, at, column: keyword.length + 1, apply: () => {} });
  diagram.remarks.push(`line ${at.line}: ${keyword} on ${name}: ${what} are not converted`);
}

function cssOf(diagram: ClassDiagram, at: SourceLine, css: string, what: string): CssStyle {
  const { style, unsupported } = readCss(css.replace(/;\s*$/, ""), at, at.text.length - css.length);
  for (const u of unsupported) diagram.remarks.push(`${what}: ${u} has no draw.io counterpart`);
  return style;
}

/** Members (and `<<annotations>>`) of a class body, `;` separating several on one line. */
export function addMembers(node: ClassNode, text: string): void {
  for (const part of text.split(";")) {
    const t = part.trim();
    if (t === "") continue;
    const annotation = /^<<(.+)>>$/.exec(t);
    if (annotation) node.annotations.push((annotation[1] as string).trim());
    else {
      const m = readMember(t);
      (m.method ? node.methods : node.attributes).push(m);
    }
  }
}

/** A class name as written (backticks removed), refused when Mermaid would not take it. */
export function className(raw: string, at: SourceLine, column: number): string {
  const quoted = raw.startsWith("`") && raw.endsWith("`") && raw.length > 2;
  const bare = quoted ? raw.slice(1, -1) : raw;
  if (!quoted && !/^[\p{L}\p{N}_\-.~]+$/u.test(bare)) {
    throw mermaidSyntax(
      at,
      `"${raw}" is not a class name: use letters, digits, _ and - (or \`quote it\`)`,
      column,
    );
  }
  return bare;
}
