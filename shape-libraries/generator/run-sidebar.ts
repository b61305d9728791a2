/** Running draw.io's sidebar scripts in a sandbox and recording every palette entry they make. */

import { readdirSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { DOMParser } from "@xmldom/xmldom";
import { cmp } from "./code-unit-order.ts";
import { decompress, readScripts } from "./drawio-files.ts";
import { MockCell, MockGeometry, MockPoint, MockRectangle } from "./mock-model.ts";
import { TemplateItem, templateFromCells, templateFromData, textOf } from "./sidebar-templates.ts";
import type { StencilFile } from "./stencil-files.ts";
import { makeContext, tolerant, tolerantWith } from "./tolerant-sandbox.ts";
import { type AnyFunction, errorMessage, isFunction, isRecord, record } from "./unknown-values.ts";

/** One palette the sidebar added, with the entries it built. */
export interface Palette {
  id: string;
  title: string;
  /** draw.io's "More shapes" library id active when the palette was added. */
  lib: string | null;
  /** The outermost palette method running when the palette was added (e.g. addVeeamPalette). */
  method: string;
  items: TemplateItem[];
}

/** Everything a run of the sidebar scripts recorded. */
export interface SidebarRun {
  palettes: Palette[];
  /** Library id to its title in draw.io's "More shapes" dialog. */
  libraryTitles: Map<string, string>;
  failures: string[];
  stencilFilesUsed: Set<string>;
  /** Palette methods draw.io defines but its init does not call, which we called ourselves. */
  extraMethods: string[];
}

/** Sidebar methods named like palettes that are helpers, not palettes. */
const paletteHelpers = new Set(["addPalette", "addImagePalette", "addStencilPalette"]);

/**
 * Runs draw.io's sidebar scripts with only the entry-making methods replaced, calls every
 * palette method (including those draw.io's init no longer calls) and records what they add.
 *
 * @example
 * const run = runSidebar(root, readStencils(root), readConstants(root), readResources(root));
 * run.palettes.length; // every palette draw.io defines
 */
export function runSidebar(
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
