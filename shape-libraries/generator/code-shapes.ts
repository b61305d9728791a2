/** Shapes implemented in code (mxCellRenderer.registerShape) rather than as stencils. */

import path from "node:path";
import vm from "node:vm";
import { listFiles, readScripts } from "./drawio-files.ts";
import { makeContext, tolerant, tolerantWith } from "./tolerant-sandbox.ts";
import { errorMessage, isRecord } from "./unknown-values.ts";

/** The shape names draw.io's shape scripts register, and the scripts that did not load. */
export interface CodeShapes {
  names: Set<string>;
  failures: string[];
}

/**
 * Runs `js/grapheditor/Shapes.js` and `shapes/**\/*.js` in a sandbox to learn the shape names
 * they register.
 *
 * @example
 * collectCodeShapes(root, readConstants(root)).names.has("mxgraph.aws4.resourceIcon"); // true
 */
export function collectCodeShapes(root: string, constants: Record<string, unknown>): CodeShapes {
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
