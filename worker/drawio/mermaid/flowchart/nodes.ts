/**
 * A node as a flowchart writes it: an id, then a label in one of the bracket shapes
 * (`A[rect]`, `A((circle))`, `A[/lean/]`, …), `@{ shape: …, label: … }` and `:::class`.
 */
import type { Emphasis } from "./labels.ts";
import type { FlowModel } from "./model.ts";
import { shapeName } from "./node-shapes.ts";
import type { Scanner } from "./scan.ts";

/** Characters of a node id: letters, digits, `_`, and `-` `.` `:` where they start no link. */
const ID = /(?:[\p{L}\p{N}\p{M}_'!?$]|-(?![-.>])|\.(?!-)|:(?!::))+/uy;
const CLASS_NAME = /[\p{L}\p{N}_-]+/uy;

/** Bracket forms, longest opening first; some openings close in two ways. */
const BRACKETS: readonly { open: string; close: readonly (readonly [string, string])[] }[] = [
  { open: "(((", close: [[")))", "dbl-circ"]] },
  { open: "((", close: [["))", "circle"]] },
  { open: "([", close: [["])", "stadium"]] },
  { open: "(-", close: [["-)", "ellipse"]] },
  { open: "(", close: [[")", "rounded"]] },
  { open: "[[", close: [["]]", "fr-rect"]] },
  { open: "[(", close: [[")]", "cyl"]] },
  {
    open: "[/",
    close: [
      ["/]", "lean-r"],
      ["\\]", "trap-b"],
    ],
  },
  {
    open: "[\\",
    close: [
      ["\\]", "lean-l"],
      ["/]", "trap-t"],
    ],
  },
  { open: "[", close: [["]", "rect"]] },
  { open: "{{", close: [["}}", "hex"]] },
  { open: "{", close: [["}", "diam"]] },
  { open: ">", close: [["]", "odd"]] },
];

/** Keys of `@{ … }` on a node, and on a link named by its id. */
const NODE_KEYS = new Set([
  "shape",
  "label",
  "labelType",
  "icon",
  "form",
  "pos",
  "img",
  "w",
  "h",
  "constraint",
]);
const ICON_KEYS = new Set(["icon", "img", "form", "pos", "w", "h", "constraint"]);
const LINK_KEYS = new Set(["animate", "animation", "curve"]);

/**
 * Reads one node at the scanner's position and records it; returns its id. `e1@{ … }` where
 * `e1` names a link (`A e1@--> B`) sets that link's options instead and returns undefined.
 *
 * @example
 * readNode(scanner, model); // "A" after `A{Is it?}`
 */
export function readNode(s: Scanner, model: FlowModel): string | undefined {
  const at = s.pos;
  const id = s.match(ID)?.[0];
  if (id === undefined) throw s.fail(`expected a node id, found ${s.describe()}`);
  if (id === "end") {
    throw s.fail('a node cannot be called "end" (it closes a subgraph): write End or END', at);
  }
  if (s.startsWith("@{") && model.edgeIds.has(id) && !model.nodes.has(id)) {
    readData(s, model, id, true);
    return undefined;
  }
  const bracket = readBracket(s, model);
  const node = model.node(id, s, at);
  if (node === undefined && bracket !== undefined) {
    throw s.fail(`"${id}" is a subgraph: it has no shape or label of its own`, at);
  }
  if (node && bracket) {
    node.shape = bracket.shape;
    setLabel(node, bracket.label, s, bracket.at);
  }
  for (;;) {
    if (s.eat(":::")) {
      const name = s.match(CLASS_NAME)?.[0];
      if (name === undefined) throw s.fail("expected a class name after :::");
      if (node) node.classes.push(name);
      else model.groups.get(id)?.classes.push(name);
    } else if (s.startsWith("@{")) {
      readData(s, model, id, false);
    } else {
      return id;
    }
  }
}

function setLabel(
  node: { label: string; labelled: boolean; emphasis?: Emphasis },
  label: { text: string; emphasis?: Emphasis },
  s: Scanner,
  at: number,
): void {
  if (label.text.length > 2_000) throw s.fail("a label may have at most 2,000 characters", at);
  node.label = label.text;
  node.labelled = true;
  if (label.emphasis) node.emphasis = label.emphasis;
  else delete node.emphasis;
}

/** A bracket form's shape and label, or undefined when no bracket follows the id. */
function readBracket(
  s: Scanner,
  model: FlowModel,
): { shape: string; label: { text: string; emphasis?: Emphasis }; at: number } | undefined {
  const form = BRACKETS.find((b) => s.startsWith(b.open));
  if (form === undefined) return undefined;
  if (s.startsWith("[|")) throw s.fail("[|field:value| …] nodes are not supported: use @{ … }");
  const open = s.pos;
  s.pos += form.open.length;
  const closing = () => form.close.find(([close]) => s.startsWith(close));
  const expected = form.close.map(([close]) => close).join(" or ");
  s.skipSpaces();
  const at = s.pos;
  // Unquoted text runs to the closing bracket and may hold no other bracket, pipe or quote.
  const rawEnd = (from: number) => {
    for (let end = from; end < s.text.length; end++) {
      s.pos = end;
      if (closing()) {
        if (s.text.slice(from, end).trim() === "") {
          throw s.fail("empty brackets: write a label, or leave them out", open);
        }
        return end;
      }
      if ('[](){}"|'.includes(s.text[end] as string)) {
        throw s.fail(
          `a label with ( ) [ ] { } | or " must be in quotes, such as A["f(x)"]; or close it with ${expected}`,
          end,
        );
      }
    }
    return -1;
  };
  const label = model.richLabel(s, rawEnd, () =>
    s.fail(`this label never ends: close it with ${expected}`, open),
  );
  if (!closing()) throw s.fail(`expected ${expected} to close the label`);
  const [close, shape] = closing() as readonly [string, string];
  s.pos += close.length;
  return { shape, label, at };
}

/** `@{ key: value, … }` on a node (or on a link named by its id). */
function readData(s: Scanner, model: FlowModel, id: string, isLink: boolean): void {
  const open = s.pos;
  s.pos += 2;
  const entries = new Map<string, { value: string; at: number; quoted: boolean }>();
  for (;;) {
    while (/[\s,]/.test(s.peek())) s.pos++;
    if (s.atEnd()) throw s.fail("this @{ … } never ends: close it with }", open);
    if (s.eat("}")) break;
    const keyAt = s.pos;
    const key = s.match(/[A-Za-z][\w-]*/y)?.[0];
    if (key === undefined) throw s.fail(`expected key: value, found ${s.describe()}`);
    const known = isLink ? LINK_KEYS : NODE_KEYS;
    if (!known.has(key)) {
      const what = isLink ? "a link's @{ … } takes" : "a node's @{ … } takes";
      throw s.fail(`unknown key "${key}": ${what} ${[...known].join(", ")}`, keyAt);
    }
    while (s.peek() === " " || s.peek() === "\t") s.pos++;
    if (!s.eat(":")) throw s.fail(`expected : after ${key}`);
    while (s.peek() === " " || s.peek() === "\t") s.pos++;
    const at = s.pos;
    const quote = s.peek();
    let value: string;
    if (quote === '"' || quote === "'") {
      const end = s.text.indexOf(quote, s.pos + 1);
      if (end < 0) throw s.fail(`this quoted value never ends: close it with ${quote}`);
      value = s.text.slice(s.pos + 1, end).replace(/\n\s*/g, "<br>");
      s.pos = end + 1;
    } else {
      const m = s.match(/[^,}\n]*/y);
      value = (m?.[0] ?? "").trim();
    }
    entries.set(key, { value, at, quoted: quote === '"' || quote === "'" });
  }
  if (isLink) {
    model.notes.add(
      "link animation and curve settings (@{ animate, animation, curve }) are not carried over: draw.io links are drawn straight, with right-angle bends",
    );
    return;
  }
  const node = model.node(id, s, open);
  if (node === undefined) throw s.fail(`"${id}" is a subgraph: it takes no @{ … }`, open);
  const shape = entries.get("shape");
  if (shape) {
    const name = shapeName(shape.value);
    if (name === undefined) {
      const hint = shape.value === shape.value.toLowerCase() ? "" : " (shape names are lowercase)";
      throw s.fail(
        `unknown shape "${shape.value}"${hint}: use one of Mermaid's shapes, such as rect, rounded, stadium, diamond, hex, cyl, circle, doc, lean-r, trap-b`,
        shape.at,
      );
    }
    node.shape = name;
  }
  const label = entries.get("label");
  const markdown =
    entries.get("labelType")?.value === "markdown" || /^`[\s\S]*`$/.test(label?.value ?? "");
  if (label) setLabel(node, model.rich(label.value.replace(/^`|`$/g, ""), markdown), s, label.at);
  if ([...entries.keys()].some((k) => ICON_KEYS.has(k))) {
    model.notes.add(
      "icons and images (@{ icon, img }) are not carried over: their nodes keep the label and shape",
    );
    if (!label && !node.labelled) node.label = "";
  }
}
