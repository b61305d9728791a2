/**
 * Class members as Mermaid writes them (`+deposit(amount) bool$`, `-List~int~ ids`) and as a
 * UML class box shows them (`+deposit(amount) : bool`, underlined), and the box's size.
 */
import { measureText } from "../../text/estimate.ts";

/** One row of a class box. */
export interface Member {
  /** The text shown (generics as `<…>`, a method's return type after ` : `). */
  text: string;
  method: boolean;
  /** draw.io `fontStyle`: 4 underlined (static, `$`), 2 italic (abstract, `*`), else 0. */
  fontStyle: number;
}

/** Row heights of draw.io's UML class shape (a member row, the line between compartments). */
export const ROW = 26;
export const DIVIDER = 8;
/** The room an empty compartment keeps. */
export const SPACER = 10;
/** Header height for the name alone; each annotation line adds {@link ANNOTATION_LINE}. */
export const HEADER = 26;
export const ANNOTATION_LINE = 14;

/**
 * Mermaid generics (`~T~`, nested `List~List~int~~`) as angle brackets. A `~` opens when a
 * name comes before it and a name character after it; otherwise it closes.
 *
 * @example
 * generics("Map~List~int~~"); // "Map<List<int>>"
 */
export function generics(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== "~") {
      out += c;
      continue;
    }
    const before = text[i - 1] ?? "";
    const after = text[i + 1] ?? "";
    out += /[\p{L}\p{N}_]/u.test(before) && /[\p{L}\p{N}_([]/u.test(after) ? "<" : ">";
  }
  return out;
}

/**
 * Reads one member as Mermaid does: with parentheses it is a method, shown as
 * `visibility name(params) : returnType`; otherwise an attribute, shown as written. A final
 * `$` marks it static (underlined), a final `*` abstract (italic).
 *
 * @example
 * readMember("+withdrawal(amount) int$"); // { text: "+withdrawal(amount) : int", method: true, fontStyle: 4 }
 */
export function readMember(raw: string): Member {
  let text = raw.trim().replace(/;$/, "").trim();
  let fontStyle = 0;
  const classifier = /[$*]$/.exec(text)?.[0];
  if (classifier) {
    fontStyle = classifier === "$" ? 4 : 2;
    text = text.slice(0, -1).trim();
  }
  // Visibility comes first; a leading `~` (package) is no generic.
  const visibility = /^[-+#~]/.exec(text)?.[0] ?? "";
  text = text.slice(visibility.length);
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open)
    return { text: visibility + generics(text), method: false, fontStyle };
  let returns = text.slice(close + 1).trim();
  // A classifier may also sit right after the parentheses, before the return type.
  const inner = /^[$*]/.exec(returns)?.[0];
  if (inner) {
    fontStyle = inner === "$" ? 4 : 2;
    returns = returns.slice(1).trim();
  }
  const signature = visibility + generics(text.slice(0, close + 1));
  return {
    text: returns ? `${signature} : ${generics(returns)}` : signature,
    method: true,
    fontStyle,
  };
}

/** The header of a class box as lines: `«annotation»` lines, then the name. */
export function headerHeight(annotations: number): number {
  return HEADER + ANNOTATION_LINE * annotations;
}

/**
 * The size of a class box: wide enough for its name (bold) and its longest member on one line,
 * as tall as its header, its rows and the line between attributes and methods.
 *
 * @example
 * classBoxSize("Order", [], [{ text: "+total() : int", method: true, fontStyle: 0 }], 0);
 * // { width: 160, height: 60 }
 */
export function classBoxSize(
  name: string,
  annotations: readonly string[],
  members: readonly Member[],
): { width: number; height: number } {
  const widest = Math.max(
    measureText(name, 10_000).width * 1.1 + 24,
    ...annotations.map((a) => measureText(`«${a}»`, 10_000).width + 24),
    ...members.map((m) => measureText(m.text, 10_000).width + 20),
  );
  return {
    width: Math.min(2000, Math.max(160, Math.ceil(widest / 10) * 10)),
    height:
      headerHeight(annotations.length) +
      members.length * ROW +
      DIVIDER +
      (members.some((m) => !m.method) ? 0 : SPACER) +
      (members.some((m) => m.method) ? 0 : SPACER),
  };
}
