/**
 * Pieces of Mermaid syntax the state and class diagram parsers share: label line breaks,
 * `direction` values, and tables of keyword statements.
 */
import type { Direction } from "../../layout/spec.ts";
import { mermaidSyntax, type SourceLine } from "../source.ts";

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
