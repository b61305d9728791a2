/**
 * Mermaid's links: `-->`, `---`, `-.->`, `==>`, `~~~`, their longer forms, the ends `o`, `x`
 * and `<`, a label between pipes (`-->|text|`) or inside the link (`-- text -->`), and an
 * edge id in front (`e1@-->`).
 */
import type { FlowModel, Link, LinkEnd, Stroke } from "./model.ts";
import type { Scanner } from "./scan.ts";

const endOf = (c: string | undefined): LinkEnd =>
  c === ">" || c === "<" ? "arrow" : c === "x" ? "cross" : c === "o" ? "circle" : "none";

/** Whole links, tried in order: dotted, normal, thick, invisible. */
const WHOLE: readonly { stroke: Stroke; pattern: RegExp }[] = [
  { stroke: "dotted", pattern: /([xo<]?)-?(\.+)-([>xo]?)/y },
  { stroke: "normal", pattern: /([xo<]?)(-{2,})([->xo])/y },
  { stroke: "thick", pattern: /([xo<]?)(={2,})([=>xo])/y },
  { stroke: "invisible", pattern: /()(~{3,})()/y },
];

/** The opening half of a link with its text inside, and how its closing half looks. */
const OPENING: readonly { stroke: Stroke; pattern: RegExp; close: RegExp; stop: RegExp }[] = [
  { stroke: "dotted", pattern: /([xo<]?)-\./y, close: /(\.+)-([>xo]?)/y, stop: /\.+-/g },
  { stroke: "normal", pattern: /([xo<]?)--/y, close: /(-{2,})([->xo])/y, stop: /--/g },
  { stroke: "thick", pattern: /([xo<]?)==/y, close: /(={2,})([=>xo])/y, stop: /==/g },
];

/** An edge id in front of a link (`e1@-->`). */
const LINK_ID = /([\p{L}\p{N}_][\p{L}\p{N}_.-]*)@(?=[-=.~<xo])/uy;

/**
 * Reads a link at the scanner's position, with its label, or returns undefined (the position
 * unchanged) when no link starts there. A link begun but not finished is a syntax error.
 *
 * @example
 * readLink(scanner); // { stroke: "normal", start: "none", end: "arrow", extra: 0, label: "yes" }
 */
export function readLink(s: Scanner, model: FlowModel): Link | undefined {
  const start = s.pos;
  const id = s.match(LINK_ID)?.[1];
  const link = wholeLink(s, start) ?? linkWithText(s, start, model);
  if (link === undefined) {
    s.pos = start;
    return undefined;
  }
  if (id !== undefined) link.id = id;
  if (link.label === undefined) {
    const before = s.pos;
    s.skipSpaces();
    if (s.peek() === "|") Object.assign(link, pipeLabel(s, model));
    else s.pos = before;
  }
  return link;
}

function wholeLink(s: Scanner, at: number): Link | undefined {
  for (const { stroke, pattern } of WHOLE) {
    const m = s.match(pattern);
    if (m) return finish(s, at, linkOf(stroke, m[1], m[2], m[3]));
  }
  return undefined;
}

/** A link from its parts: the start mark, the line (`--`, `..`, `==`) and the end mark. */
function linkOf(stroke: Stroke, left = "", body = "", right = ""): Link {
  const extra = stroke === "invisible" ? 0 : body.length - (stroke === "dotted" ? 1 : 2);
  const end = stroke === "invisible" || right === "-" || right === "=" ? "none" : endOf(right);
  return { stroke, start: endOf(left), end, extra: Math.max(0, extra) };
}

function linkWithText(s: Scanner, at: number, model: FlowModel): Link | undefined {
  for (const { stroke, pattern, close, stop } of OPENING) {
    const m = s.match(pattern);
    if (!m) continue;
    s.skipSpaces();
    const label = model.richLabel(
      s,
      (from) => {
        stop.lastIndex = from;
        return stop.exec(s.text)?.index ?? -1;
      },
      () =>
        m[1] === "<"
          ? s.fail("a link cannot point back only: write B --> A, or A <--> B for both ways", at)
          : unfinished(s, at, stroke),
    );
    const c = s.match(close);
    if (!c) throw unfinished(s, at, stroke);
    const link = linkOf(stroke, m[1], c[1], c[2]);
    if (label.text !== "") link.label = label.text;
    if (label.text !== "" && label.emphasis) link.emphasis = label.emphasis;
    return finish(s, at, link);
  }
  return undefined;
}

/** Checks that both ends agree (`<` only with `>`, `x` with `x`, `o` with `o`). */
function finish(s: Scanner, at: number, link: Link): Link {
  if (link.start !== "none" && link.start !== link.end) {
    throw s.fail(
      "a link marked at its start must have the same mark at its end, such as <-->, x--x or o--o",
      at,
    );
  }
  return link;
}

function unfinished(s: Scanner, at: number, stroke: Stroke): Error {
  const examples: Record<Stroke, string> = {
    normal: "-- text --> or -- text ---",
    dotted: "-. text .-> or -. text .-",
    thick: "== text ==> or == text ===",
    invisible: "~~~",
  };
  return s.fail(`this link never ends: write it as ${examples[stroke]}`, at);
}

/** `|text|` after a link: its label and the label's emphasis, if any. */
function pipeLabel(s: Scanner, model: FlowModel): Pick<Link, "label" | "emphasis"> {
  const open = s.pos;
  s.pos++;
  s.skipSpaces();
  const { text, emphasis } = model.richLabel(
    s,
    (from) => s.text.indexOf("|", from),
    () => s.fail("the link's text never ends: close it with |", open),
  );
  if (s.peek() !== "|") throw s.fail("expected | to close the link's text");
  s.pos++;
  if (text === "") return {};
  return emphasis ? { label: text, emphasis } : { label: text };
}
