/** The globals draw.io's sidebar scripts run with: mxGraph stand-ins and a stencil registry. */

import { DOMParser } from "@xmldom/xmldom";
import { decompress } from "./drawio-files.ts";
import { MockCell, MockGeometry, MockPoint, MockRectangle } from "./mock-model.ts";
import type { StencilFile } from "./stencil-files.ts";
import { tolerant, tolerantWith } from "./tolerant-sandbox.ts";
import { isFunction } from "./unknown-values.ts";

/** Where the stencil registry reports the stencil files it loads and the ones it cannot find. */
export interface StencilLog {
  stencilFilesUsed: Set<string>;
  fail(message: string): void;
}

/**
 * The sandbox globals for the sidebar scripts: inert browser and editor objects, the mxGraph
 * model mocks, and stand-ins for mxUtils, mxStencilRegistry, mxConstants and mxResources.
 *
 * @example
 * const context = makeContext(sidebarGlobals(stencilFiles, constants, resources, log), scripts);
 */
export function sidebarGlobals(
  stencilFiles: StencilFile[],
  constants: Record<string, unknown>,
  resources: Map<string, string>,
  log: StencilLog,
): Record<string, unknown> {
  const mxUtils = mxUtilsStandIn();
  const mxStencilRegistry = stencilRegistry(stencilFiles, log);
  const mxConstants = warnOnUnknown(constants);
  return {
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
  };
}

/** The few mxUtils functions the sidebar scripts rely on; the rest are inert. */
function mxUtilsStandIn(): Record<string, unknown> {
  const xmlDoc = () => new DOMParser().parseFromString("<root/>", "text/xml");
  return tolerantWith("mxUtils", {
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
}

/** An mxStencilRegistry whose loadStencilSet reads our parsed stencil files instead of fetching. */
function stencilRegistry(stencilFiles: StencilFile[], log: StencilLog): Record<string, unknown> {
  const byFile = new Map(stencilFiles.map((f) => [`stencils/${f.file}`, f]));
  return tolerantWith("mxStencilRegistry", {
    stencils: {},
    packages: {},
    addStencil: () => undefined,
    getStencil: () => null,
    // Calls back once per stencil with the same arguments parseStencilSet passes.
    loadStencilSet: (file: unknown, onStencil: unknown) => {
      const stencilFile = byFile.get(String(file));
      if (stencilFile === undefined) {
        log.fail(`stencil file ${String(file)} does not exist`);
        return;
      }
      log.stencilFilesUsed.add(stencilFile.file);
      if (!isFunction(onStencil)) return;
      for (const s of stencilFile.stencils) {
        onStencil(`${s.pkg}.`, s.stencilName, s.displayName, s.w, s.h);
      }
    },
  });
}

/** `constants`, warning once on stderr for each name read that draw.io does not define. */
function warnOnUnknown(constants: Record<string, unknown>): Record<string, unknown> {
  const unknownConstants = new Set<string>();
  return new Proxy(constants, {
    get(t, key) {
      if (typeof key === "string" && !(key in t) && !unknownConstants.has(key)) {
        unknownConstants.add(key);
        process.stderr.write(`warning: unknown mxConstants.${key}\n`);
      }
      return Reflect.get(t, key);
    },
  });
}
