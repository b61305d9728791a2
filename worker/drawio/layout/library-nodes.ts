/**
 * Spec nodes that name a library shape (AWS, Kubernetes, Azure…): their proportions and draw.io's
 * exact style.
 */
import { mergeStyle } from "../model/style.ts";
import { styleValues } from "../shapes/library-names.ts";
import {
  applyLibraryShape,
  findLibraryShape,
  type LibraryShapes,
} from "../shapes/library-style.ts";
import type { LibraryShape } from "../shapes/types.ts";
import type { GraphNode, GraphSpec, Theme } from "./spec.ts";
import { themeBackground } from "./themes.ts";

/** An icon's longer side, unless the node gives its size. */
const ICON_SIDE = 60;

/** The keys that place a label; the layout always sets them on library shapes. */
const PLACEMENT = ["labelPosition", "verticalLabelPosition", "align", "verticalAlign"] as const;

/** The library's lettering, which the layout takes (its font colour stays the theme's). */
const TYPOGRAPHY = ["fontSize", "fontStyle", "fontFamily"] as const;

/**
 * Prepares the nodes that name a library shape, before layout: an icon takes the entry's
 * proportions (60 px on its longer side, or the node's own width or height), and a node of
 * another kind takes the entry's fill and outline instead of the theme's (the caller's `style`
 * still comes after them). Other nodes are left alone.
 *
 * @example
 * withLibraryShapes(spec, catalog).nodes[0]; // { kind: "icon", shape: "mxgraph.aws4.s3", width: 60, height: 60, … }
 */
export function withLibraryShapes(spec: GraphSpec, shapes: LibraryShapes): GraphSpec {
  let changed = false;
  const nodes = spec.nodes.map((node) => {
    const entry = nodeEntry(node, shapes);
    if (entry === undefined) return node;
    changed = true;
    if (node.kind === "icon") return { ...node, ...iconSize(node, entry) };
    const library = styleValues(entry.style);
    const colours: Record<string, string> = {};
    for (const key of ["fillColor", "strokeColor"]) {
      const value = library.get(key);
      if (value !== undefined) colours[key] = value;
    }
    return { ...node, style: { ...colours, ...node.style } };
  });
  return changed ? { ...spec, nodes } : spec;
}

/**
 * The style a laid-out vertex gets when its style names a library shape: draw.io's exact style
 * for it, and the library's lettering (size, weight); undefined when it names none. The layout
 * keeps its label placement and the theme's font colour (a label inside a box is placed
 * explicitly, so the library's "below the icon" never applies); in a theme with a page
 * background, labels get no background of their own (draw.io's `image` style gives them white,
 * unreadable under the dark theme's light text).
 *
 * @example
 * libraryCellStyle("shape=mxgraph.aws4.api_gateway;labelPosition=right;", catalog, "default");
 * // "…shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.api_gateway;…"
 */
export function libraryCellStyle(
  style: string,
  shapes: LibraryShapes,
  theme: Theme,
): string | undefined {
  const entry = findLibraryShape(style, shapes);
  if (entry === undefined) return undefined;
  // The same node style in the same theme always becomes the same cell style.
  let known = cellStyles.get(shapes);
  if (!known) {
    known = new Map();
    cellStyles.set(shapes, known);
  }
  const key = `${theme}\n${style}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const written = writeCellStyle(style, entry, theme);
  if (known.size >= CELL_STYLES) known.delete(known.keys().next().value as string);
  known.set(key, written);
  return written;
}

/** How many written cell styles `libraryCellStyle` keeps per catalogue, the oldest dropped first. */
const CELL_STYLES = 1024;
const cellStyles = new WeakMap<LibraryShapes, Map<string, string>>();

/** The cell style of a node style naming `entry` (see {@link libraryCellStyle}). */
function writeCellStyle(style: string, entry: LibraryShape, theme: Theme): string {
  const values = styleValues(style);
  let own = style;
  if (!PLACEMENT.some((key) => values.has(key))) {
    own = mergeStyle(own, {
      labelPosition: "center",
      verticalLabelPosition: "middle",
      align: "center",
      verticalAlign: "middle",
    });
  }
  const library = styleValues(entry.style);
  const extra: Record<string, string> = {};
  for (const key of TYPOGRAPHY) {
    const value = library.get(key);
    if (value !== undefined && !values.has(key)) extra[key] = value;
  }
  if (themeBackground(theme) !== undefined && !values.has("labelBackgroundColor")) {
    extra.labelBackgroundColor = "none";
  }
  return mergeStyle(applyLibraryShape(own, entry), extra);
}

/** The entry a node's `shape` and `style` name together, if any. */
function nodeEntry(node: GraphNode, shapes: LibraryShapes): LibraryShape | undefined {
  let style = node.shape === undefined ? "" : `shape=${node.shape};`;
  for (const [key, value] of Object.entries(node.style ?? {})) style += `${key}=${value};`;
  return style === "" ? undefined : findLibraryShape(style, shapes);
}

/** The node's size with the entry's proportions, where the node leaves it open. */
function iconSize(node: GraphNode, entry: LibraryShape): { width: number; height: number } {
  const w = entry.width > 0 ? entry.width : 1;
  const h = entry.height > 0 ? entry.height : 1;
  const side = (v: number) => Math.max(10, Math.round(v));
  if (node.width !== undefined && node.height !== undefined) {
    return { width: node.width, height: node.height };
  }
  if (node.width !== undefined) return { width: node.width, height: side((node.width * h) / w) };
  if (node.height !== undefined) return { width: side((node.height * w) / h), height: node.height };
  const scale = ICON_SIDE / Math.max(w, h);
  return { width: side(w * scale), height: side(h * scale) };
}
