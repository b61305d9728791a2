/**
 * draw.io style strings (`key=value;` entries and bare named styles): parsing, writing and
 * merging them, and the facts read from them (a value, the shape, whether it is a container).
 */

/**
 * A draw.io style string as ordered entries. Bare tokens without `=` (named styles such as
 * `text`, `ellipse` or `swimlane`) have a `null` value.
 */
export type StyleEntries = Array<[key: string, value: string | null]>;

/**
 * Splits a style string into ordered entries.
 *
 * @example
 * parseStyle("ellipse;fillColor=#fff;html=1;"); // [["ellipse", null], ["fillColor", "#fff"], ["html", "1"]]
 */
export function parseStyle(style: string | undefined): StyleEntries {
  const out: StyleEntries = [];
  if (!style) return out;
  for (const part of style.split(";")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    if (eq === -1) out.push([part.trim(), null]);
    else out.push([part.slice(0, eq).trim(), part.slice(eq + 1)]);
  }
  return out;
}

/**
 * Joins entries back into a style string (with draw.io's trailing `;`).
 *
 * @example
 * serializeStyle([["rounded", "1"], ["html", "1"]]); // "rounded=1;html=1;"
 */
export function serializeStyle(entries: StyleEntries): string {
  let out = "";
  for (const [key, value] of entries) out += value === null ? `${key};` : `${key}=${value};`;
  return out;
}

/**
 * The value of one style key, or undefined. When a key is repeated the last one counts, as in
 * draw.io's own style parser.
 *
 * @example
 * getStyleValue("shape=a;fillColor=#fff;shape=b", "shape"); // "b"
 */
export function getStyleValue(style: string | undefined, key: string): string | undefined {
  let value: string | undefined;
  for (const [k, v] of parseStyle(style)) if (k === key && v !== null) value = v;
  return value;
}

/**
 * Merges keys into a style: existing keys change in place (order kept), new keys are appended,
 * `null` removes a key. Bare named-style tokens are never touched.
 *
 * @example
 * mergeStyle("rounded=1;fillColor=#fff;", { fillColor: "#dae8fc", dashed: "1", rounded: null });
 * // "fillColor=#dae8fc;dashed=1;"
 */
export function mergeStyle(
  style: string | undefined,
  changes: Readonly<Record<string, string | number | null>>,
): string {
  const entries = parseStyle(style);
  const seen = new Set<string>();
  const out: StyleEntries = [];
  for (const [key, value] of entries) {
    if (value === null || !Object.hasOwn(changes, key)) {
      out.push([key, value]);
      continue;
    }
    seen.add(key);
    const next = changes[key];
    if (next !== null && next !== undefined) out.push([key, String(next)]);
  }
  for (const key of Object.keys(changes)) {
    const next = changes[key];
    if (!seen.has(key) && next !== null && next !== undefined) out.push([key, String(next)]);
  }
  return serializeStyle(out);
}

/**
 * The shape a style draws: the `shape` key, else the first named style token, else `rect`
 * (`rounded` when `rounded=1`).
 *
 * @example
 * shapeOf("shape=mxgraph.aws4.lambda_function;fillColor=#ED7100;"); // "mxgraph.aws4.lambda_function"
 * shapeOf("ellipse;whiteSpace=wrap;"); // "ellipse"
 */
export function shapeOf(style: string | undefined): string {
  let shape: string | undefined;
  let named: string | undefined;
  let rounded = false;
  for (const [key, value] of parseStyle(style)) {
    if (key === "shape" && value) shape = value;
    if (value === null && named === undefined) named = key;
    if (key === "rounded") rounded = value === "1";
  }
  return shape ?? named ?? (rounded ? "rounded" : "rect");
}

const CONTAINER_SHAPES: ReadonlySet<string> = new Set(["swimlane", "group", "table", "tableRow"]);

/**
 * True when a style makes a cell a container: a swimlane, group or table (row), or
 * `container=1`. Edges may cross such a cell; its members are inside it.
 *
 * @example
 * isContainerStyle("swimlane;startSize=30;"); // true
 */
export function isContainerStyle(style: string | undefined): boolean {
  return CONTAINER_SHAPES.has(shapeOf(style)) || getStyleValue(style, "container") === "1";
}
