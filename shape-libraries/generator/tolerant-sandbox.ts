/** Tolerant stand-ins for browser and mxGraph objects, and the vm context scripts run in. */

import vm from "node:vm";

const tolerantCache = new Map<string, unknown>();

/**
 * A callable, constructible object whose every property is another tolerant object, so that
 * code like `mxEvent.addListener(document, ...)` or `mxClient.IS_SVG` runs without effect.
 *
 * @example
 * const context = makeContext({ window: tolerant("window") }, scripts);
 */
export function tolerant(label: string): unknown {
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

/**
 * `values` with a tolerant fallback for anything else.
 *
 * @example
 * tolerantWith("mxUtils", { extend }); // mxUtils.extend works, mxUtils.anythingElse is inert
 */
export function tolerantWith(
  label: string,
  values: Record<string, unknown>,
): Record<string, unknown> {
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
 *
 * @example
 * vm.runInContext(code, makeContext({ mxConstants: constants }, [code]), { filename: file });
 */
export function makeContext(
  globals: Record<string, unknown>,
  scripts: readonly string[],
): vm.Context {
  const all: Record<string, unknown> = {};
  for (const code of scripts) {
    for (const match of code.matchAll(/\bmx[A-Z]\w*/g)) {
      const name = match[0];
      if (!(name in globals) && !(name in all)) all[name] = tolerant(name);
    }
  }
  return vm.createContext(Object.assign(all, globals));
}
