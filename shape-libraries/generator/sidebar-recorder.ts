/** Sidebar.prototype hooks that record each palette and its items as draw.io builds them. */

import { cmp } from "./code-unit-order.ts";
import type { StencilLog } from "./sidebar-globals.ts";
import { TemplateItem, templateFromCells, templateFromData, textOf } from "./sidebar-templates.ts";
import { tolerant, tolerantWith } from "./tolerant-sandbox.ts";
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

/** Sidebar methods named like palettes that are helpers, not palettes. */
const paletteHelpers = new Set(["addPalette", "addImagePalette", "addStencilPalette"]);

/**
 * What the hooks record while draw.io's sidebar scripts run.
 *
 * @example
 * const recorder = new SidebarRecorder();
 * recordPalettes(proto, recorder); // recorder.palettes fills as palettes are added
 */
export class SidebarRecorder implements StencilLog {
  readonly palettes: Palette[] = [];
  readonly failures: string[] = [];
  readonly stencilFilesUsed = new Set<string>();
  /** Palette methods called so far, by draw.io's init or by us. */
  readonly called = new Set<string>();
  /** The palette methods running now, outermost first. */
  readonly methodStack: string[] = [];

  /** Records a failure and reports it on stderr. */
  fail(message: string): void {
    this.failures.push(message);
    process.stderr.write(`palette failure: ${message}\n`);
  }
}

/**
 * Replaces the two methods every template ends in, createItem (cells built by draw.io's own
 * code) and createVertexTemplateFromData (compressed XML), and keeps search tags with items.
 *
 * @example
 * recordItems(proto); // proto.createItem(cells, "Lambda", 0, 0, 78, 78) is now a TemplateItem
 */
export function recordItems(proto: Record<string, unknown>): void {
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
}

/**
 * Replaces addPalette and addPaletteFunctions with ones that record each palette and its items,
 * and silences the search palette and entry display.
 *
 * @example
 * recordPalettes(proto, recorder); // each addPalette call adds to recorder.palettes
 */
export function recordPalettes(proto: Record<string, unknown>, recorder: SidebarRecorder): void {
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
      method: recorder.methodStack[0] ?? "",
      items: [],
    };
    recorder.palettes.push(palette);
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
        recorder.fail(`palette ${palette.id}: ${errorMessage(e)}`);
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
          recorder.fail(`palette ${String(id)} entry ${i}: ${errorMessage(e)}`);
        }
      });
    });
  };
  proto.addSearchPalette = () => undefined;
  proto.showEntries = () => undefined;
}

/**
 * Wraps every palette method so it records that it ran and which palette method is outermost,
 * and catches its own errors, so one broken palette does not stop the rest. Returns the
 * unwrapped methods by name, in code-unit order.
 *
 * @example
 * const originals = guardPaletteMethods(proto, recorder); // originals.get("addAwsPalette")
 */
export function guardPaletteMethods(
  proto: Record<string, unknown>,
  recorder: SidebarRecorder,
): Map<string, AnyFunction> {
  const paletteMethods = Object.getOwnPropertyNames(proto)
    .filter((name) => /^add\w+Palette$/.test(name) && !paletteHelpers.has(name))
    .sort(cmp);
  const originals = new Map<string, AnyFunction>();
  for (const name of paletteMethods) {
    const original = proto[name];
    if (!isFunction(original)) continue;
    originals.set(name, original);
    proto[name] = function paletteMethod(this: unknown, ...args: unknown[]) {
      recorder.called.add(name);
      recorder.methodStack.push(name);
      try {
        return original.apply(this, args);
      } catch (e) {
        recorder.fail(`${name}: ${errorMessage(e)}`);
        return undefined;
      } finally {
        recorder.methodStack.pop();
      }
    };
  }
  return originals;
}

/** The library id set by draw.io's setCurrentSearchEntryLibrary, if any. */
function currentLibrary(sidebar: Record<string, unknown>): string | null {
  const current = sidebar.currentSearchEntryLibrary;
  return isRecord(current) && typeof current.id === "string" ? current.id : null;
}
