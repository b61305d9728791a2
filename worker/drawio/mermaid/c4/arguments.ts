/**
 * The argument list of a C4 call (`Container(api, "API, v2", "Java", $tags="v1")`): positional
 * values (quoted, with commas inside, or bare), empty ones (`,,`), and named ones (`$descr=`).
 */
import { mermaidSyntax, type SourceLine } from "../source.ts";
import { mermaidBreaks, skipBlanks } from "../syntax.ts";

/** One argument: its text, its 0-based position in the line, and its `$name` when named. */
export interface Argument {
  value: string;
  pos: number;
  key?: string;
}

/** The arguments of a call and the position just after its `)`. */
export interface ArgumentList {
  args: Argument[];
  end: number;
}

/**
 * Reads the arguments from the `(` at `open` to its `)`. Quoted values keep their commas; a
 * string never closed, a `$name` without `=`, or a list without `)` is refused with its column.
 *
 * @example
 * readArguments(at, 6).args; // [{ value: "api", pos: 7 }, { value: "API, v2", pos: 12 }]
 */
export function readArguments(at: SourceLine, open: number): ArgumentList {
  const text = at.text;
  const args: Argument[] = [];
  const fail = (pos: number, message: string) => mermaidSyntax(at, message, pos);
  let pos = skipBlanks(text, open + 1);
  if (text[pos] === ")") return { args, end: pos + 1 };
  for (;;) {
    pos = skipBlanks(text, pos);
    const start = pos;
    let key: string | undefined;
    if (text[pos] === "$") {
      const eq = text.indexOf("=", pos);
      const name = eq < 0 ? "" : text.slice(pos + 1, eq).trim();
      if (!/^\w+$/.test(name)) throw fail(pos, 'a named argument is written $name="value"');
      key = name.toLowerCase();
      pos = skipBlanks(text, eq + 1);
    }
    let value: string;
    if (text[pos] === '"') {
      const close = text.indexOf('"', pos + 1);
      if (close < 0) throw fail(pos, "this string is never closed with a quote");
      value = text.slice(pos + 1, close);
      pos = skipBlanks(text, close + 1);
    } else {
      let stop = pos;
      while (stop < text.length && text[stop] !== "," && text[stop] !== ")") stop++;
      value = text.slice(pos, stop).trim();
      pos = stop;
    }
    args.push({ value: mermaidBreaks(value), pos: start, ...(key ? { key } : {}) });
    if (text[pos] === ")") return { args, end: pos + 1 };
    if (pos >= text.length) throw fail(open, "this ( is never closed with )");
    if (text[pos] !== ",") throw fail(pos, "arguments are separated by commas");
    pos++;
  }
}

/**
 * The arguments by the names of a call's parameters: positional ones in order, then named
 * ones (`$descr="…"`) by name. Names the call does not take are returned in `unknown`.
 *
 * @example
 * namedArguments(args, ["alias", "label", "descr"]).values.label; // "Customer"
 */
export function namedArguments(
  args: readonly Argument[],
  params: readonly string[],
): { values: Record<string, Argument>; unknown: Argument[] } {
  const values: Record<string, Argument> = {};
  const unknown: Argument[] = [];
  let slot = 0;
  for (const arg of args) {
    if (arg.key !== undefined) {
      if (params.includes(arg.key)) values[arg.key] = arg;
      else unknown.push(arg);
      continue;
    }
    const name = params[slot++];
    if (name === undefined) unknown.push(arg);
    else values[name] = arg;
  }
  return { values, unknown };
}
