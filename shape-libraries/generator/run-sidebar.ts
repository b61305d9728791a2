/** Running draw.io's sidebar scripts in a sandbox and recording every palette entry they make. */

import { readdirSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { cmp } from "./code-unit-order.ts";
import { readScripts } from "./drawio-files.ts";
import { MockCell } from "./mock-model.ts";
import { sidebarGlobals } from "./sidebar-globals.ts";
import {
  guardPaletteMethods,
  type Palette,
  recordItems,
  recordPalettes,
  SidebarRecorder,
} from "./sidebar-recorder.ts";
import type { StencilFile } from "./stencil-files.ts";
import { makeContext, tolerant, tolerantWith } from "./tolerant-sandbox.ts";
import { type AnyFunction, errorMessage, isFunction, isRecord, record } from "./unknown-values.ts";

export type { Palette };

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
  const recorder = new SidebarRecorder();
  const globals = sidebarGlobals(stencilFiles, constants, resources, recorder);
  const scripts = readSidebarScripts(root);
  const context = makeContext(globals, [...scripts.values()]);
  loadScripts(context, scripts, recorder);

  const Sidebar = record(vm.runInContext("Sidebar", context), "Sidebar");
  const proto = record(Sidebar.prototype, "Sidebar.prototype");
  recordItems(proto);
  recordPalettes(proto, recorder);
  const originals = guardPaletteMethods(proto, recorder);
  const sidebar = newSidebar(proto);

  // The diagramly init: sets the "More shapes" titles, loads the tag index, adds all palettes.
  const init = proto.init;
  if (!isFunction(init)) throw new Error("Sidebar.prototype.init is missing");
  init.call(sidebar);

  const extraMethods = addUncalledPalettes(sidebar, originals, recorder);
  return {
    palettes: recorder.palettes,
    libraryTitles: libraryTitlesOf(sidebar),
    failures: recorder.failures,
    stencilFilesUsed: recorder.stencilFilesUsed,
    extraMethods,
  };
}

/** The base sidebar scripts and every palette file, by path, in the order app.min.js has them. */
function readSidebarScripts(root: string): Map<string, string> {
  // app.min.js concatenates the palette files in case-insensitive name order; later files wrap
  // methods of earlier ones (Sidebar-Advanced wraps createAdvancedShapes), so order matters.
  const sidebarDir = path.join(root, "js", "diagramly", "sidebar");
  const paletteFiles = readdirSync(sidebarDir)
    .filter((f) => f.startsWith("Sidebar-") && f.endsWith(".js"))
    .sort((a, b) => cmp(a.toLowerCase(), b.toLowerCase()))
    .map((f) => `js/diagramly/sidebar/${f}`);
  return readScripts(root, [
    "js/grapheditor/Sidebar.js",
    "js/diagramly/sidebar/Sidebar.js",
    ...paletteFiles,
  ]);
}

/** Runs each script in `context`; a palette file that throws is recorded, a base file rethrows. */
function loadScripts(
  context: vm.Context,
  scripts: Map<string, string>,
  recorder: SidebarRecorder,
): void {
  for (const [file, code] of scripts) {
    try {
      vm.runInContext(code, context, { filename: file });
    } catch (e) {
      // The two base files define Sidebar itself; without them nothing else can run.
      if (!file.includes("/Sidebar-")) throw e;
      recorder.fail(`${file} did not load: ${errorMessage(e)}`);
    }
  }
}

/** A Sidebar instance with inert editor parts and a graph that clones mock cells. */
function newSidebar(proto: Record<string, unknown>): Record<string, unknown> {
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
  return sidebar;
}

/**
 * Calls the palette methods draw.io defines but its init did not call (older AWS, GCP, BPMN
 * sets), with the stencil folder where the method expects one, so their stencils are covered.
 * Returns their names in the order they were called.
 */
function addUncalledPalettes(
  sidebar: Record<string, unknown>,
  originals: Map<string, AnyFunction>,
  recorder: SidebarRecorder,
): string[] {
  // Shorter names first, so a set's parent method adds its children (in its own order) before
  // we would reach them one by one.
  const uncalled = [...originals.keys()]
    .filter((name) => !recorder.called.has(name))
    .sort((a, b) => a.length - b.length || cmp(a, b));
  const extraMethods: string[] = [];
  for (const name of uncalled) {
    const method = sidebar[name];
    const original = originals.get(name);
    if (recorder.called.has(name) || !isFunction(method) || original === undefined) continue;
    extraMethods.push(name);
    const setLibrary = sidebar.setCurrentSearchEntryLibrary;
    if (isFunction(setLibrary)) setLibrary.call(sidebar);
    const args = parameterNames(original).map((p) => (p === "dir" ? "stencils" : undefined));
    method.apply(sidebar, args);
  }
  return extraMethods;
}

/** Library id to title, from the "More shapes" entries draw.io's init set on the sidebar. */
function libraryTitlesOf(sidebar: Record<string, unknown>): Map<string, string> {
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
  return libraryTitles;
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
