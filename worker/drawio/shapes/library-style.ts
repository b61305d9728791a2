/**
 * draw.io's exact style for a library shape a style names: finding that entry and merging its
 * style with the caller's own keys.
 */

import { parseStyle, type StyleEntries, serializeStyle } from "../model/style.ts";
import { styleNames, styleValues } from "./library-names.ts";
import type { LibraryShape } from "./types.ts";

/** What the style lookup needs to know about library shapes (a `ShapeCatalog` is one). */
export interface LibraryShapes {
  /** The entries a shape name stands for, the canonical one first; empty when unknown. */
  libraryShapes(name: string): readonly LibraryShape[];
}

/** Options for {@link libraryStyle}. */
export interface LibraryStyleOptions {
  /**
   * The style keys the caller chose (default: all of them). Colours that were set for another
   * shape, such as a box's fill before `set_style` made it an icon, yield to the library's.
   */
  explicit?: Iterable<string>;
  /**
   * Whether the library's label keys come in where the style places no label (default true).
   * Off for a cell that already was this shape: its label stays where it was drawn.
   */
  labels?: boolean;
}

/** Keys that say which shape or icon is drawn: always the library's. */
const IDENTITY: ReadonlySet<string> = new Set([
  "shape",
  "resIcon",
  "prIcon",
  "grIcon",
  "bgIcon",
  "image",
]);

/** Where the label goes. A style that sets any of them has placed its label itself. */
const PLACEMENT = ["labelPosition", "verticalLabelPosition", "align", "verticalAlign"] as const;

/** Keys about the label rather than the shape: the caller's, or the library's for an unplaced label. */
const LABEL: ReadonlySet<string> = new Set([
  ...PLACEMENT,
  "html",
  "whiteSpace",
  "whitespace",
  "fontColor",
  "fontSize",
  "fontStyle",
  "fontFamily",
  "spacing",
  "spacingTop",
  "spacingBottom",
  "spacingLeft",
  "spacingRight",
  "labelBackgroundColor",
  "labelBorderColor",
  "labelPadding",
  "labelWidth",
  "textOpacity",
  "textDirection",
  "horizontal",
  "overflow",
  "noLabel",
  "autosize",
]);

/** Colours a caller may change (recolouring an icon is ordinary draw.io). */
const COLOURS: ReadonlySet<string> = new Set([
  "fillColor",
  "strokeColor",
  "gradientColor",
  "gradientDirection",
]);

/** Values that draw nothing: a library icon without its fill or outline colour vanishes. */
const INVISIBLE: ReadonlySet<string> = new Set(["", "none", "default", "inherit"]);

/**
 * The library entry a style names, if any: by its `shape=mxgraph.…`, `resIcon`, `prIcon` (also
 * written as a shape, `mxgraph.kubernetes.pod`), `grIcon` or `image`. Among entries of the same
 * name (API Gateway is in three AWS categories, BPMN events differ by `symbol`), the one that
 * agrees with most of the style's own keys, else the canonical one.
 *
 * @example
 * findLibraryShape("shape=mxgraph.aws4.api_gateway;", catalog)?.style; // "…fillColor=#BC1356;…resIcon=mxgraph.aws4.api_gateway;"
 */
export function findLibraryShape(style: string, shapes: LibraryShapes): LibraryShape | undefined {
  if (!style.includes("mxgraph.") && !style.includes("image=")) return undefined;
  // A diagram names the same few icons again and again: each style is looked up once.
  let known = foundShapes.get(shapes);
  if (!known) {
    known = new Map();
    foundShapes.set(shapes, known);
  }
  if (known.has(style)) return known.get(style);
  let found: LibraryShape | undefined;
  const values = styleValues(style);
  for (const name of styleNames(values)) {
    const candidates = shapes.libraryShapes(name);
    if (candidates.length > 0) {
      found = closest(candidates, values);
      break;
    }
  }
  if (known.size >= FOUND_SHAPES) known.delete(known.keys().next().value as string);
  known.set(style, found);
  return found;
}

/** How many styles' entries `findLibraryShape` keeps per catalogue, the oldest dropped first. */
const FOUND_SHAPES = 1024;
const foundShapes = new WeakMap<LibraryShapes, Map<string, LibraryShape | undefined>>();

function closest(
  candidates: readonly LibraryShape[],
  values: ReadonlyMap<string, string>,
): LibraryShape {
  let best = candidates[0] as LibraryShape;
  if (candidates.length === 1) return best;
  let bestScore = 0;
  for (const candidate of candidates) {
    let score = 0;
    for (const [key, value] of styleValues(candidate.style)) {
      // Which shape is drawn decided the candidates; variants differ in their other keys.
      if (!LABEL.has(key) && !IDENTITY.has(key) && values.get(key) === value) score++;
    }
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * A style that names a library shape, made to draw exactly as draw.io's sidebar inserts it:
 * the entry's named styles and keys, in its order, then the caller's other keys. Which shape
 * (`shape`, `resIcon`, `prIcon`, `image`…) is always the library's. Other shape keys
 * (`aspect`, `points`, `outlineConnect`, a BPMN `symbol`…) are the caller's where given, else
 * the library's. Label keys are the caller's; the library's come in only when the caller did
 * not place the label. Colours the caller chose stay (recolouring is ordinary draw.io), unless
 * they would make the icon vanish: no fill or outline (`none`) where the library has one, or a
 * fill equal to the glyph colour (white on white). Styles naming no library shape come back
 * unchanged.
 *
 * @example
 * libraryStyle("shape=mxgraph.aws4.api_gateway;html=1;", catalog);
 * // "points=[…];outlineConnect=0;gradientColor=#F34482;…fillColor=#BC1356;strokeColor=#ffffff;…shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.api_gateway;"
 */
export function libraryStyle(
  style: string,
  shapes: LibraryShapes,
  options: LibraryStyleOptions = {},
): string {
  const entry = findLibraryShape(style, shapes);
  return entry === undefined ? style : applyLibraryShape(style, entry, options);
}

/**
 * {@link libraryStyle} with the entry already chosen (see {@link findLibraryShape}).
 *
 * @example
 * applyLibraryShape("shape=mxgraph.aws4.s3;fillColor=none;", entry); // the entry's fill back
 */
export function applyLibraryShape(
  style: string,
  entry: LibraryShape,
  options: LibraryStyleOptions = {},
): string {
  const own = styleValues(style);
  const explicit = options.explicit === undefined ? undefined : new Set(options.explicit);
  const chosen = (key: string) => own.has(key) && (explicit === undefined || explicit.has(key));
  const placed = options.labels === false || PLACEMENT.some((key) => own.has(key));
  const library = parseStyle(entry.style);
  const out: StyleEntries = library.filter(([, value]) => value === null);
  const values = new Map<string, string>();
  for (const [key, value] of library) {
    if (value === null || values.has(key)) continue;
    let next: string | undefined = value;
    if (LABEL.has(key)) next = own.get(key) ?? (placed ? undefined : value);
    else if (COLOURS.has(key)) next = chosen(key) ? colourOf(key, own.get(key), value) : value;
    else if (!IDENTITY.has(key)) next = own.get(key) ?? value;
    if (next === undefined) continue;
    values.set(key, next);
    out.push([key, next]);
  }
  for (const [key, value] of own) {
    if (values.has(key) || IDENTITY.has(key) || (COLOURS.has(key) && !chosen(key))) continue;
    values.set(key, value);
    out.push([key, value]);
  }
  return serializeVisible(out, values, styleValues(entry.style));
}

/** The caller's colour, unless it removes a fill or outline the library draws with. */
function colourOf(key: string, mine: string | undefined, library: string): string {
  if (mine === undefined) return library;
  const drawsWith = key === "fillColor" || key === "strokeColor";
  return drawsWith && INVISIBLE.has(mine.trim().toLowerCase()) && !INVISIBLE.has(library)
    ? library
    : mine;
}

/**
 * Serializes, first undoing a recolouring that hides the glyph: icons drawn as a coloured tile
 * with a glyph in the outline colour (AWS resource icons, Kubernetes, Cisco 19) vanish when
 * both are the same colour.
 */
function serializeVisible(
  out: StyleEntries,
  values: ReadonlyMap<string, string>,
  library: ReadonlyMap<string, string>,
): string {
  const fill = values.get("fillColor")?.toLowerCase();
  const stroke = values.get("strokeColor")?.toLowerCase();
  const tile = library.get("fillColor");
  const glyph = library.get("strokeColor");
  const hidden =
    fill !== undefined &&
    fill === stroke &&
    tile !== undefined &&
    glyph !== undefined &&
    !INVISIBLE.has(tile) &&
    !INVISIBLE.has(glyph) &&
    tile.toLowerCase() !== glyph.toLowerCase();
  if (!hidden) return serializeStyle(out);
  return serializeStyle(
    out.map(([key, value]) =>
      value !== null && COLOURS.has(key) ? [key, library.get(key) ?? value] : [key, value],
    ),
  );
}
