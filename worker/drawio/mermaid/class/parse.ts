/**
 * Reads the statements of a Mermaid class diagram into a {@link ClassDiagram}; anything it does
 * not understand is refused with its line and column.
 */

import { type MermaidSource, mermaidSyntax, type SourceLine } from "../source.ts";
import { mermaidBreaks, runStatement } from "../syntax.ts";
import { ClassDiagram, type ClassNode } from "./model.ts";
import { RelationError, readName, readRelation } from "./relations.ts";
import {
  addMembers,
  CLASS_STATEMENTS,
  type ClassContext,
  className,
  type Frame,
  type Pending,
} from "./statements.ts";

/**
 * Parses a class diagram's statements.
 *
 * @example
 * const diagram = parseClassDiagram(readMermaid("classDiagram\n  Animal <|-- Duck"));
 */
export function parseClassDiagram(source: MermaidSource): ClassDiagram {
  if (source.headerRest !== "") {
    const keyword = source.header.text.length - source.headerRest.length;
    throw mermaidSyntax(source.header, "nothing may follow the diagram type here", keyword);
  }
  const diagram = new ClassDiagram();
  const stack: Frame[] = [];
  const pending: Pending[] = [];
  const { lines } = source;
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i] as SourceLine;
    const frame = stack[stack.length - 1];
    if (frame?.kind === "class") {
      member(frame.node, at, stack);
    } else {
      const namespace = stack.findLast((f) => f.kind === "namespace");
      statement({
        diagram,
        stack,
        pending,
        at,
        ...(namespace?.kind === "namespace" ? { namespace } : {}),
      });
    }
  }
  const open = stack[stack.length - 1];
  if (open) {
    const what = open.kind === "class" ? "this class body" : "this namespace";
    throw mermaidSyntax(open.opened, `${what} is never closed: end it with }`);
  }
  for (const p of pending) {
    const node = diagram.classes.get(p.name);
    if (!node) throw mermaidSyntax(p.at, `there is no class ${p.name} in the diagram`, p.column);
    p.apply(node);
  }
  return diagram;
}

/** A line inside `class X { … }`: a member, an annotation, or the closing `}`. */
function member(node: ClassNode, at: SourceLine, stack: Frame[]): void {
  const closes = at.text.endsWith("}");
  addMembers(node, closes ? at.text.slice(0, -1) : at.text);
  if (closes) stack.pop();
}

function statement(context: ClassContext): void {
  if (runStatement(CLASS_STATEMENTS, context.at.text, context)) return;
  if (!relation(context)) memberLine(context);
}

/** `A "1" <|-- "*" B : label`; false when the line is no relation. */
function relation({ diagram, at, namespace }: ClassContext): boolean {
  try {
    const r = readRelation(at.text);
    if (!r) return false;
    const group = namespace?.group;
    const left = className(r.left, at, r.leftColumn);
    const right = className(r.right, at, r.rightColumn);
    // A lollipop end is an interface circle of its own, not a class.
    const lollipopLeft = r.start === "lollipop";
    const from = lollipopLeft ? diagram.lollipop(left, at, group) : diagram.class(left, at, group);
    const to =
      r.end === "lollipop" && !lollipopLeft
        ? diagram.lollipop(right, at, group)
        : diagram.class(right, at, group);
    diagram.relations.push({
      from,
      to,
      start: r.start,
      end: r.end,
      dashed: r.dashed,
      at,
      ...(r.startText === undefined ? {} : { startText: r.startText }),
      ...(r.endText === undefined ? {} : { endText: r.endText }),
      ...(r.label ? { label: mermaidBreaks(r.label) } : {}),
    });
    return true;
  } catch (e) {
    if (e instanceof RelationError) throw mermaidSyntax(at, e.message, e.column);
    throw e;
  }
}

/** `A : +member`, `A:::style`, or a lone class name. */
function memberLine({ diagram, at, namespace }: ClassContext): void {
  const t = at.text;
  const first = readName(t, 0);
  if (!first) {
    throw mermaidSyntax(
      at,
      "expected a class name, a relation or a statement such as class, note or classDef",
    );
  }
  const node = diagram.class(className(first.name, at, 0), at, namespace?.group);
  const rest = t.slice(first.end).trim();
  const cls = /^:::(\w+)$/.exec(rest);
  if (cls) node.classes.push(cls[1] as string);
  else if (rest.startsWith(":")) addMembers(node, rest.slice(1));
  else if (rest !== "") {
    throw mermaidSyntax(
      at,
      'expected ": member", a relation such as <|-- or -->, or the end of the line',
      t.indexOf(rest, first.end),
    );
  }
}
