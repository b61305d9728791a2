/**
 * One glyph's SVG out of an OpenType `SVG ` document: the document indexed once (which top-level
 * element holds each id), then the glyph's element and the definitions it uses, transitively,
 * rewritten as plain SVG: only the elements and attributes a colour glyph draws with, every id
 * and every reference to one marked for a per-use prefix, any link outside the document refused.
 */

/** Where each id's element lies in a document: the top-level unit holding it. */
export interface SvgDocumentIndex {
  /** Per id, the `[start, end)` of the unit to copy: a child of the root or of its `<defs>`. */
  readonly units: ReadonlyMap<string, readonly [number, number]>;
}

/**
 * What stands for an id's prefix in marked-up glyphs, replaced per use: U+0001, which no XML 1.0
 * document holds, so it never collides with a character of the font's own.
 */
export const ID_PREFIX = "\u0001";

/** The elements a colour glyph draws with; a glyph using any other is not drawn from SVG. */
const ELEMENTS = new Set([
  "g",
  "path",
  "use",
  "defs",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
]);
/** The attributes kept (presentation, geometry, gradients); any other is dropped. */
const ATTRIBUTES = new Set([
  ..."id d x y x1 y1 x2 y2 cx cy r fx fy fr rx ry width height points transform".split(" "),
  ..."fill fill-opacity fill-rule opacity stroke stroke-width stroke-opacity".split(" "),
  ..."stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset".split(
    " ",
  ),
  ..."clip-path clip-rule mask visibility display color offset stop-color stop-opacity".split(" "),
  ..."gradientUnits gradientTransform spreadMethod clipPathUnits maskUnits maskContentUnits".split(
    " ",
  ),
  "xlink:href",
  "href",
]);
/** An id as the font writes them (`glyph88`, `u1F680.20`, `g1`): nothing to escape. */
const ID = /^[A-Za-z_][\w.-]*$/;
/** A tag or a comment, from `<` on. */
const TOKEN =
  /<!--[\s\S]*?-->|<\/([A-Za-z][\w:.-]*)\s*>|<([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /\s+([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const REFERENCE = /(?:href\s*=\s*["']#|url\(#)([^"')]+)/g;

/**
 * Indexes a document: the unit of each id (a child of the root element, or of a `<defs>` child
 * of the root, that holds it). A document that is not a tree of plain tags (a doctype, CDATA, a
 * processing instruction other than the XML declaration, a tag left open) indexes as empty.
 *
 * @example
 * indexSvgDocument(doc).units.get("glyph88"); // [1334, 12686]
 */
export function indexSvgDocument(doc: string): SvgDocumentIndex {
  const units = new Map<string, readonly [number, number]>();
  const empty = { units: new Map() };
  const stack: { name: string; start: number; ids: string[] }[] = [];
  let at = doc.startsWith("<?xml") ? doc.indexOf("?>") + 2 : 0;
  while (at < doc.length) {
    const open = doc.indexOf("<", at);
    if (open < 0) break;
    TOKEN.lastIndex = open;
    const token = TOKEN.exec(doc);
    if (!token) return empty;
    at = TOKEN.lastIndex;
    const [whole, closing, name, attributes = "", selfClosing] = token;
    if (whole.startsWith("<!--")) continue;
    if (name) {
      const found = /\sid\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1];
      // Copied, not a slice: a slice would keep the whole document alive (V8's sliced strings).
      const id = found === undefined ? undefined : [...found].join("");
      const entry = { name, start: open, ids: id ? [id] : [] };
      if (selfClosing) close(entry, at);
      else stack.push(entry);
      continue;
    }
    const top = stack.pop();
    if (!top || top.name !== closing) return empty;
    close(top, at);
  }
  return stack.length === 0 ? { units } : empty;

  /** Ends an element: a unit when its parent is the root or the root's `<defs>`, else its ids go up. */
  function close(entry: { name: string; start: number; ids: string[] }, end: number): void {
    const depth = stack.length;
    const parent = stack[depth - 1];
    const unit = depth === 1 || (depth === 2 && parent?.name === "defs");
    if (unit && entry.name !== "defs") {
      // One range per unit, so that a glyph's units are told apart by identity.
      const range = [entry.start, end] as const;
      for (const id of entry.ids) units.set(id, range);
    } else if (parent) parent.ids.push(...entry.ids);
  }
}

/**
 * Glyph `glyphId`'s markup from an indexed document (its text, or a reader of its parts): the definitions it uses in a `<defs>`, then
 * its element, in the document's units (font units, y down from the baseline), each id written
 * as {@link ID_PREFIX} + id. Undefined when the document has no such glyph, or when the glyph
 * uses an element outside the plain SVG a colour glyph needs (then it is drawn as an outline).
 *
 * @example
 * glyphMarkup(doc, indexSvgDocument(doc), 88); // '<defs><radialGradient id="\u0001g1" …</g>'
 */
export function glyphMarkup(
  doc: string | ((start: number, end: number) => string),
  index: SvgDocumentIndex,
  glyphId: number,
): string | undefined {
  const slice =
    typeof doc === "string" ? (start: number, end: number) => doc.slice(start, end) : doc;
  const glyph = index.units.get(`glyph${glyphId}`);
  if (!glyph) return undefined;
  const used: (readonly [number, number])[] = [glyph];
  for (let i = 0; i < used.length; i++) {
    const [start, end] = used[i] as readonly [number, number];
    for (const ref of slice(start, end).matchAll(REFERENCE)) {
      const unit = index.units.get(ref[1] as string);
      if (unit && !used.includes(unit)) used.push(unit);
    }
  }
  const defs = used.slice(1).sort((a, b) => a[0] - b[0]);
  // A shared shape carries the fill of its first use (`fill="black"`), and each `<use>` the
  // fill it wants: that of the `<use>` is meant, so the shape's moves onto the uses that set none.
  const fills = new Map<string, string>();
  for (const [start, end] of defs) {
    const tag = /^<[\w:.-]+((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)/.exec(slice(start, end));
    const attributes = new Map(
      [...(tag?.[1] ?? "").matchAll(ATTRIBUTE)].map((a) => [a[1], a[2] ?? a[3] ?? ""]),
    );
    const id = attributes.get("id");
    const fill = attributes.get("fill");
    if (id && fill) fills.set(id, fill);
  }
  let out = "";
  for (const [start, end] of defs) {
    const clean = cleanMarkup(slice(start, end), fills, true);
    if (clean === undefined) return undefined;
    out += clean;
  }
  const element = cleanMarkup(slice(glyph[0], glyph[1]), fills, false);
  if (element === undefined) return undefined;
  return (out ? `<defs>${out}</defs>` : "") + element;
}

/**
 * A unit rewritten tag by tag: undefined when it holds an element not in {@link ELEMENTS};
 * attributes not in {@link ATTRIBUTES}, links outside the document and text dropped; ids and
 * references to them marked with {@link ID_PREFIX}; a shared shape's fill (`fills`) moved from
 * the shape (`shared`: the unit is one) onto the `<use>`s that set none.
 */
function cleanMarkup(
  markup: string,
  fills: ReadonlyMap<string, string>,
  shared: boolean,
): string | undefined {
  let out = "";
  let at = 0;
  let first = true;
  while (at < markup.length) {
    const open = markup.indexOf("<", at);
    if (open < 0) break;
    TOKEN.lastIndex = open;
    const token = TOKEN.exec(markup);
    if (!token) return undefined;
    at = TOKEN.lastIndex;
    const [whole, closing, name, attributes = "", selfClosing] = token;
    if (whole.startsWith("<!--")) continue;
    if (closing) {
      out += `</${closing}>`;
      continue;
    }
    if (!name || !ELEMENTS.has(name)) return undefined;
    let clean = cleanAttributes(attributes);
    if (first && shared) clean = clean.replace(/ fill="[^"]*"/, "");
    if (name === "use" && !/ fill="/.test(clean)) {
      const target = /href="#([^"]+)"/.exec(clean)?.[1]?.slice(ID_PREFIX.length);
      const fill = target ? fills.get(target) : undefined;
      if (fill) clean += cleanAttributes(` fill="${fill}"`);
    }
    first = false;
    out += `<${name}${clean}${selfClosing ? "/>" : ">"}`;
  }
  return out;
}

function cleanAttributes(attributes: string): string {
  let out = "";
  for (const [, name = "", double, single] of attributes.matchAll(ATTRIBUTE)) {
    const value = (double ?? single ?? "").replaceAll('"', "&quot;");
    if (!ATTRIBUTES.has(name)) continue;
    if (name === "id") {
      if (ID.test(value)) out += ` id="${ID_PREFIX}${value}"`;
    } else if (name === "href" || name === "xlink:href") {
      // Only a link to an element of the glyph's own document.
      if (value.startsWith("#") && ID.test(value.slice(1)))
        out += ` xlink:href="#${ID_PREFIX}${value.slice(1)}"`;
    } else if (value.includes("url(")) {
      const local = value.replace(/url\(\s*#([\w.-]+)\s*\)/g, `url(#${ID_PREFIX}$1)`);
      if (!local.replaceAll(`url(#${ID_PREFIX}`, "").includes("url(")) out += ` ${name}="${local}"`;
    } else out += ` ${name}="${value}"`;
  }
  return out;
}
