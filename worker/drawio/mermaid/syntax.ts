/**
 * Pieces of Mermaid statement syntax the diagram parsers share: tables of keyword statements,
 * `direction` values, label line breaks, blanks and `{ … }` blocks over several lines.
 */
import type { Direction } from "../layout/spec.ts";
import { mermaidSyntax, type SourceLine } from "./source.ts";

/** A keyword statement: the pattern that recognises it and what it does with the match. */
export interface Statement<Context> {
  pattern: RegExp;
  run: (m: RegExpExecArray, context: Context) => void;
}

/**
 * Runs the first statement whose pattern matches the line; false when none does.
 *
 * @example
 * if (!runStatement(STATEMENTS, context.at.text, context)) transitionOrState(context);
 */
export function runStatement<Context>(
  statements: readonly Statement<Context>[],
  text: string,
  context: Context,
): boolean {
  for (const { pattern, run } of statements) {
    const m = pattern.exec(text);
    if (m) {
      run(m, context);
      return true;
    }
  }
  return false;
}

const DIRECTIONS: Record<string, Direction> = {
  TB: "down",
  TD: "down",
  BT: "up",
  LR: "right",
  RL: "left",
};

/**
 * The layout direction of a `direction` statement's value, refused with its column when it is
 * none of Mermaid's.
 *
 * @example
 * readDirection("LR", at); // "right"
 */
export function readDirection(value: string, at: SourceLine): Direction {
  const found = DIRECTIONS[value.toUpperCase()];
  if (!found) {
    throw mermaidSyntax(at, "direction is one of TB, TD, BT, LR or RL", at.text.lastIndexOf(value));
  }
  return found;
}

/**
 * The position of the first character at or after `pos` that is not blank.
 *
 * @example
 * skipBlanks("a   --> b", 1); // 4
 */
export function skipBlanks(text: string, pos: number): number {
  let p = pos;
  while (p < text.length && /\s/.test(text[p] as string)) p++;
  return p;
}

/**
 * Line breaks as Mermaid writes them in labels (`<br>`, `<br/>`, `\n`), trimmed.
 *
 * @example
 * mermaidBreaks("can fly<br>can swim"); // "can fly\ncan swim"
 */
export function mermaidBreaks(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/\\n/g, "\n")
    .trim();
}
