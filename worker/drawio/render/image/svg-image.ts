/**
 * Images embedded in a diagram (`image=data:…` in a style, and draw.io's library images once
 * loaded) as the renderer may write them: raster images as base64 data, SVG images sanitised
 * (the lists of `svg-image-rules.ts`: no script, no `foreignObject`, no event attributes, no
 * reference outside the image, only cheap filters, at most {@link MAX_SVG_IMAGE_ELEMENTS}
 * elements once every `<use>` is expanded) and written back as base64. An image that cannot be
 * made safe is drawn as its box and listed as unknown, so the viewer falls back to draw.io.
 */
import { DrawioError } from "../../errors.ts";
import { isElement, type XmlElement, type XmlNode } from "../../xml/nodes.ts";
import { parseXml } from "../../xml/parse.ts";
import { serializeXml } from "../../xml/serialize.ts";
import { rasterPixels } from "./raster-size.ts";
import {
  cheapFilterPrimitives,
  DROPPED_ATTRIBUTES,
  KEPT_ELEMENTS,
  KEPT_PREFIXED,
  LOCAL_HREF_ELEMENTS,
  onlyLocalReferences,
  PLAIN_ATTRIBUTE,
  RASTER_DATA,
  TEXT_ELEMENTS,
} from "./rules.ts";

/** The most characters an embedded SVG image may have once decoded (the library's largest: 77 KB). */
export const MAX_SVG_IMAGE_CHARS = 1_000_000;
/** The most elements an embedded SVG image may draw, every `<use>` expanded. */
export const MAX_SVG_IMAGE_ELEMENTS = 5_000;
/** The most elements of one image drawn through a filter (each is a layer of its own to paint). */
const MAX_FILTERED = 16;

/** An image as the SVG may carry it, and what drawing it costs a rasteriser. */
export interface SafeImage {
  /** A `data:` URI: base64 raster data or a sanitised SVG. */
  src: string;
  /** Elements drawn (1 for a raster image). */
  elements: number;
  /** Pixels decoded (raster images; an SVG image is drawn at its box's size). */
  pixels: number;
}

/** Images already checked, by source (diagrams repeat one icon many times). */
const CHECKED = new Map<string, SafeImage | null>();

/**
 * The image a `data:` URI may be drawn as, or undefined when it must be a box: raster data as
 * base64, an SVG sanitised. Results are remembered for the next cells that show the same image.
 *
 * @example
 * safeImage('data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>');
 * // { src: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0…", elements: 1, pixels: 0 }
 */
export function safeImage(src: string): SafeImage | undefined {
  const known = CHECKED.get(src);
  if (known !== undefined) return known ?? undefined;
  const made = makeSafe(src) ?? null;
  if (CHECKED.size >= 256) CHECKED.clear();
  CHECKED.set(src, made);
  return made ?? undefined;
}

function makeSafe(src: string): SafeImage | undefined {
  const match = /^data:([a-z]+\/[a-z0-9+.-]+)((?:;[^,;]*)*),/i.exec(src);
  if (!match) return undefined;
  const mime = (match[1] ?? "").toLowerCase();
  const payload = src.slice(match[0].length);
  // draw.io writes `data:image/png,iVBOR…` in styles, base64 without `;base64` (a `;` would
  // end the style key).
  const base64 = /;base64/i.test(match[2] ?? "") || /^[A-Za-z0-9+/=\s]+$/.test(payload);
  if (mime !== "image/svg+xml") {
    const raster = `data:${mime === "image/jpg" ? "image/jpeg" : mime};base64,${payload}`;
    if (!base64 || !RASTER_DATA.test(raster)) return undefined;
    const pixels = rasterPixels(payload);
    return pixels === undefined ? undefined : { src: raster, elements: 1, pixels };
  }
  const text = decodeSvg(payload, base64);
  if (text === undefined || text.length > MAX_SVG_IMAGE_CHARS) return undefined;
  const clean = sanitizeSvg(text);
  if (!clean) return undefined;
  return { src: `data:image/svg+xml;base64,${utf8Base64(clean.svg)}`, ...clean, pixels: 0 };
}

function decodeSvg(payload: string, base64: boolean): string | undefined {
  try {
    if (base64) {
      const binary = atob(payload.replace(/\s+/g, ""));
      return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    }
    return payload.startsWith("<") ? payload : decodeURIComponent(payload);
  } catch {
    return undefined;
  }
}

function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * An SVG document reduced to what may be drawn (see `svg-image-rules.ts`), with its expanded
 * element count; undefined when it is not well-formed, has no `<svg>` root, or draws too much.
 *
 * @example
 * sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script><rect/></svg>')?.svg;
 * // '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><rect/></svg>'
 */
export function sanitizeSvg(text: string): { svg: string; elements: number } | undefined {
  let nodes: XmlNode[];
  try {
    nodes = parseXml(text);
  } catch (error) {
    if (error instanceof DrawioError) return undefined;
    throw error;
  }
  const root = nodes.find(isElement);
  if (root?.name !== "svg") return undefined;
  const filters = cheapFilters(root);
  const state = { elements: 0, filtered: 0, filters, outside: false };
  const clean = cleanElement(root, state);
  if (!clean || state.outside || state.elements > MAX_SVG_IMAGE_ELEMENTS) return undefined;
  clean.attrs = {
    xmlns: "http://www.w3.org/2000/svg",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
    ...clean.attrs,
  };
  const elements = expandedCount(clean);
  if (elements > MAX_SVG_IMAGE_ELEMENTS) return undefined;
  return { svg: serializeXml(clean), elements };
}

interface CleanState {
  elements: number;
  filtered: number;
  /** Ids of filters made only of cheap primitives. */
  filters: ReadonlySet<string>;
  /** Whether the image shows something from outside itself: then it is not drawn at all. */
  outside: boolean;
}

/** The ids of the image's filters that use only primitives that cost one pass. */
function cheapFilters(root: XmlElement): Set<string> {
  const cheap = new Set(cheapFilterPrimitives());
  const ids = new Set<string>();
  const walk = (el: XmlElement) => {
    if (el.name === "filter") {
      const all = (e: XmlElement): boolean =>
        e.children.every((c) => !isElement(c) || (cheap.has(c.name) && all(c)));
      if (el.attrs.id && all(el) && !el.attrs.href && !el.attrs["xlink:href"]) ids.add(el.attrs.id);
      return;
    }
    for (const child of el.children) if (isElement(child)) walk(child);
  };
  walk(root);
  return ids;
}

function cleanElement(el: XmlElement, state: CleanState): XmlElement | undefined {
  if (!KEPT_ELEMENTS.has(el.name)) return undefined;
  if (el.name === "filter" && !state.filters.has(el.attrs.id ?? "")) return undefined;
  state.elements++;
  if (state.elements > MAX_SVG_IMAGE_ELEMENTS) return undefined;
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(el.attrs)) {
    const kept = cleanAttribute(el.name, name, value, state);
    if (kept === null) {
      state.outside = true;
      return undefined;
    }
    if (kept !== undefined) attrs[kept[0]] = kept[1];
  }
  const children: XmlNode[] = [];
  for (const child of el.children) {
    if (!isElement(child)) {
      if (TEXT_ELEMENTS.has(el.name)) children.push(child);
      continue;
    }
    const kept = cleanElement(child, state);
    if (kept) children.push(kept);
  }
  if (el.name === "style") {
    const css = children.map((c) => (isElement(c) ? "" : c.text)).join("");
    if (!onlyLocalReferences(css)) return undefined;
    return { name: "style", attrs, children: [{ text: withoutFilters(css, state) }] };
  }
  return { name: el.name, attrs, children };
}

/**
 * An attribute as kept (`[name, value]`), undefined to drop it, or null when the element itself
 * must go (an `<image>` of anything but raster data).
 */
function cleanAttribute(
  element: string,
  name: string,
  value: string,
  state: CleanState,
): [string, string] | undefined | null {
  if (name === "href" || name === "xlink:href") {
    if (element === "image") return RASTER_DATA.test(value) ? ["xlink:href", value] : null;
    return LOCAL_HREF_ELEMENTS.has(element) && /^#[^\s]*$/.test(value)
      ? ["xlink:href", value]
      : undefined;
  }
  if (KEPT_PREFIXED.has(name)) return [name, value];
  if (!PLAIN_ATTRIBUTE.test(name) || DROPPED_ATTRIBUTES.has(name.toLowerCase())) return undefined;
  if (!onlyLocalReferences(value)) return undefined;
  if (name === "filter") return keepFilter(value, state) ? [name, value] : undefined;
  if (name === "style") return [name, withoutFilters(value, state)];
  return [name, value];
}

/** Whether a `filter` reference may stay: a cheap filter, and not too many filtered elements. */
function keepFilter(value: string, state: CleanState): boolean {
  const id = /^\s*url\(\s*['"]?#([^)'"\s]+)['"]?\s*\)\s*$/.exec(value)?.[1];
  if (!id || !state.filters.has(id) || state.filtered >= MAX_FILTERED) return false;
  state.filtered++;
  return true;
}

/** CSS with its `filter:` declarations kept only where {@link keepFilter} allows them. */
function withoutFilters(css: string, state: CleanState): string {
  return css.replace(/(^|[;{\s])filter\s*:\s*([^;}]*)/gi, (whole, before: string, value: string) =>
    keepFilter(value, state) ? whole : before,
  );
}

/**
 * How many elements the image draws with every `<use>` replaced by what it names (a `<use>` of
 * a group of `<use>`s multiplies): counted once per id, a cycle counting as too many.
 */
function expandedCount(root: XmlElement): number {
  const byId = new Map<string, XmlElement>();
  const index = (el: XmlElement) => {
    if (el.attrs.id !== undefined && !byId.has(el.attrs.id)) byId.set(el.attrs.id, el);
    for (const child of el.children) if (isElement(child)) index(child);
  };
  index(root);
  const memo = new Map<XmlElement, number>();
  const visiting = new Set<XmlElement>();
  const count = (el: XmlElement): number => {
    const known = memo.get(el);
    if (known !== undefined) return known;
    if (visiting.has(el)) return Number.POSITIVE_INFINITY;
    visiting.add(el);
    let n = 1;
    for (const child of el.children) if (isElement(child)) n += count(child);
    const target =
      el.name === "use" ? byId.get((el.attrs["xlink:href"] ?? "").slice(1)) : undefined;
    if (target) n += count(target);
    visiting.delete(el);
    const total = Math.min(n, Number.MAX_SAFE_INTEGER);
    memo.set(el, total);
    return total;
  };
  return count(root);
}
