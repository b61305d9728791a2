/**
 * What an SVG image embedded in a diagram (`image=data:image/svg+xml,…`) may keep when it is
 * drawn: the elements and attributes that paint, and references only inside itself. Everything
 * that runs, fetches or costs without bound (script, `foreignObject`, event attributes, links,
 * external `url()`s, animations, costly filter primitives) is left out by these lists, which
 * `svg-image.ts` applies.
 */

/** Elements kept (their attributes filtered); any other element is dropped with its content. */
export const KEPT_ELEMENTS: ReadonlySet<string> = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "switch",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "pattern",
  "clipPath",
  "mask",
  "marker",
  "image",
  "style",
  "filter",
  ...cheapFilterPrimitives(),
]);

/** Elements whose text is content (everywhere else, text between elements is dropped). */
export const TEXT_ELEMENTS: ReadonlySet<string> = new Set(["text", "tspan", "textPath", "style"]);

/**
 * Filter primitives that cost one pass over their region: a filter made only of these is kept
 * (colour-matrix tints in draw.io's Allied Telesis icons); a filter with any other primitive
 * (blurs, morphology, convolution, turbulence, lighting, `feImage`) is dropped with every
 * reference to it. A blur cost resvg about 2 s per blurred rectangle.
 */
export function cheapFilterPrimitives(): string[] {
  return [
    "feColorMatrix",
    "feComponentTransfer",
    "feFuncR",
    "feFuncG",
    "feFuncB",
    "feFuncA",
    "feFlood",
    "feOffset",
    "feMerge",
    "feMergeNode",
    "feComposite",
    "feBlend",
  ];
}

/** Elements that may name another element of the image (`href="#id"`) as their template. */
export const LOCAL_HREF_ELEMENTS: ReadonlySet<string> = new Set([
  "use",
  "textPath",
  "linearGradient",
  "radialGradient",
  "pattern",
  "filter",
]);

/** Raster images an embedded SVG may hold, as base64 data (nothing fetched). */
export const RASTER_DATA = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/** An unprefixed attribute name that does not run script (`on…`). */
export const PLAIN_ATTRIBUTE = /^(?!on)[a-zA-Z][a-zA-Z0-9_-]*$/i;

/** Prefixed attributes kept as they are (the root's namespaces are set again on the way out). */
export const KEPT_PREFIXED: ReadonlySet<string> = new Set(["xml:space"]);

/** Unprefixed attributes never kept: they point outside the image or replace its content. */
export const DROPPED_ATTRIBUTES: ReadonlySet<string> = new Set([
  "src",
  "action",
  "formaction",
  "base",
  "externalresourcesrequired",
]);

/**
 * Whether a value (an attribute or CSS) names only what the image itself holds: every `url()`
 * points at `#id`, and nothing that could run (`javascript:`, `expression(`, CSS escapes that
 * could hide either, `@import`).
 *
 * @example
 * onlyLocalReferences("url(#g1)"); // true
 * onlyLocalReferences("url('https://x.test/a.svg#b')"); // false
 */
export function onlyLocalReferences(value: string): boolean {
  if (/javascript:|vbscript:|expression\s*\(|@import|-moz-binding|behavior\s*:|\\/i.test(value))
    return false;
  for (const [, , target] of value.matchAll(/url\(\s*(['"]?)\s*([^)'"]*)\1?\s*\)/gi)) {
    if (!target?.startsWith("#")) return false;
  }
  // A url( the pattern above did not close is not trusted either.
  const opened = value.match(/url\(/gi)?.length ?? 0;
  const closed = value.match(/url\(\s*(['"]?)\s*[^)'"]*\1?\s*\)/gi)?.length ?? 0;
  return opened === closed;
}
