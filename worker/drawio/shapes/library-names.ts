/**
 * The names a library shape answers to (its icon, its `shape=` value, aliases) and the index
 * from each name to its entries, best first.
 */

import { parseStyle } from "../model/style.ts";
import { libraryWeight } from "./library-weights.ts";
import type { LibraryData, LibraryShape } from "./types.ts";
import { KUBERNETES_ALIASES } from "./words.ts";

/**
 * Keys whose value says which icon a generic shape draws: `resourceIcon` (AWS), `icon`
 * (Kubernetes), `rect` (Cisco 19), `hexIcon` (GCP 2), `group` (AWS groups), `image` (Azure…).
 */
const ICON_KEYS = ["resIcon", "prIcon", "grIcon", "image"] as const;

/**
 * A style's keys and values; a key written twice counts with its last value, as in draw.io.
 *
 * @example
 * styleValues("shape=a;fillColor=#fff;fillColor=#000;").get("fillColor"); // "#000"
 */
export function styleValues(style: string | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of parseStyle(style)) if (value !== null) values.set(key, value);
  return values;
}

/** The keys of a catalogue style that name shapes: a full parse of 12,000 styles costs 100 ms. */
function nameKeys(style: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const [, key, value] of style.matchAll(NAME_KEYS))
    values.set(key as string, value as string);
  return values;
}

const NAME_KEYS = /(?:^|;)(shape|resIcon|prIcon|grIcon|image)=([^;]*)/g;

/** The names of the icons a style's icon keys draw (`prIcon` qualified by the shape's package). */
function iconNames(values: ReadonlyMap<string, string>): string[] {
  const shape = values.get("shape") ?? "";
  const pkg = shape.startsWith("mxgraph.") ? shape.slice(0, shape.lastIndexOf(".")) : undefined;
  const names: string[] = [];
  for (const key of ICON_KEYS) {
    const value = values.get(key);
    if (!value) continue;
    if (key !== "prIcon" || value.startsWith("mxgraph.")) names.push(value);
    else if (pkg !== undefined) names.push(`${pkg}.${value}`);
  }
  return names;
}

/**
 * The names under which a style might name a library shape, to be tried in this order: its
 * `shape=mxgraph.…` value, then the icons its `resIcon`, `prIcon`, `grIcon` and `image` keys
 * name. Generic shapes (`mxgraph.aws4.resourceIcon`) are never indexed, so trying the shape
 * first is safe.
 *
 * @example
 * styleNames(styleValues("shape=mxgraph.kubernetes.icon;prIcon=pod")); // ["mxgraph.kubernetes.icon", "mxgraph.kubernetes.pod"]
 */
export function styleNames(values: ReadonlyMap<string, string>): string[] {
  const shape = values.get("shape");
  const icons = iconNames(values);
  return shape?.startsWith("mxgraph.") ? [shape, ...icons] : icons;
}

/**
 * The one name of a library entry: the icon it draws, else its `shape=mxgraph.…` value.
 * Images of `img/lib/<library>/…` files are named `mxgraph.<library>.<file name>`, because a
 * graph node's `shape` holds names, not paths.
 *
 * @example
 * libraryShapeName("azure2", "image;image=img/lib/azure2/compute/Virtual_Machine.svg;"); // "mxgraph.azure2.virtual_machine"
 * libraryShapeName("aws4", "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.s3;"); // "mxgraph.aws4.s3"
 */
export function libraryShapeName(library: string, style: string): string | undefined {
  const values = styleValues(style);
  const icon = iconNames(values)[0];
  if (icon !== undefined) return imageAlias(library, icon) ?? icon;
  const shape = values.get("shape");
  return shape?.startsWith("mxgraph.") ? shape : undefined;
}

/** `img/lib/azure2/compute/Virtual_Machine.svg` → `mxgraph.azure2.virtual_machine`. */
function imageAlias(library: string, image: string): string | undefined {
  if (!image.startsWith("img/lib/")) return undefined;
  const file = image.slice(image.lastIndexOf("/") + 1).replace(/\.[a-z0-9]+$/i, "");
  const leaf = file
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return leaf === "" ? undefined : `mxgraph.${library}.${leaf}`;
}

/**
 * Shape names people write for Kubernetes icons, from what each abbreviation stands for:
 * `deploy` → `deployment`; `cm` → `config_map`, `configmap`.
 */
function kubernetesAliases(prIcon: string): string[] {
  const words = (KUBERNETES_ALIASES[prIcon] ?? "").split(" ").filter(Boolean);
  if (words.length === 0) return [];
  const last = words[words.length - 1] as string;
  const head = words.slice(0, -1);
  // "config map configmap", "endpoint endpoints": the spaced form and the joined one.
  if (head.length > 0 && last.startsWith(head.join(""))) return [head.join("_"), last];
  return [words.join("_")];
}

interface Ranked {
  shape: LibraryShape;
  weight: number;
  other: boolean;
  order: number;
}

/**
 * Every library entry by the names a caller may use for it, lower case: the icon it draws
 * (`mxgraph.aws4.api_gateway`, `mxgraph.kubernetes.pod`, `img/lib/azure2/…svg`) or its
 * `shape=mxgraph.…` value; then aliases (`mxgraph.kubernetes.deployment`,
 * `mxgraph.azure2.virtual_machine`). Each name lists its entries best first: higher library
 * weight, sidebar palettes before the "Other stencils" of raw stencil files, catalogue order.
 *
 * @example
 * new LibraryShapeIndex(libraries).find("mxgraph.aws4.api_gateway")[0].category; // "Application Integration"
 */
export class LibraryShapeIndex {
  readonly #names = new Map<string, LibraryShape[]>();
  readonly #aliases = new Map<string, LibraryShape[]>();

  constructor(libraries: Iterable<LibraryData>) {
    const records = [...libraries].flatMap((library) =>
      library.shapes
        .filter((record) => !record.edge)
        .map((record) => ({ library, record, values: nameKeys(record.s) })),
    );
    // Shapes that draw whichever icon another key names are no name of their own.
    const generic = new Set<string>();
    for (const { values } of records) {
      const shape = values.get("shape");
      if (shape && iconNames(values).length > 0) generic.add(shape);
    }
    const names = new Map<string, Ranked[]>();
    const aliases = new Map<string, Ranked[]>();
    const add = (into: Map<string, Ranked[]>, name: string, entry: Ranked) => {
      const key = name.toLowerCase();
      const list = into.get(key);
      if (list) list.push(entry);
      else into.set(key, [entry]);
    };
    records.forEach(({ library, record, values }, order) => {
      const shape = values.get("shape");
      const icon = iconNames(values)[0];
      const name =
        icon ?? (shape?.startsWith("mxgraph.") && !generic.has(shape) ? shape : undefined);
      if (name === undefined) return;
      const category = library.categories[record.c] ?? "";
      const entry: Ranked = {
        shape: {
          library: library.name,
          category,
          title: record.n,
          style: record.s,
          width: record.w,
          height: record.h,
        },
        weight: libraryWeight(library.name),
        other: category.startsWith("Other stencils"),
        order,
      };
      add(names, name, entry);
      const alias = imageAlias(library.name, name);
      if (alias !== undefined) add(aliases, alias, entry);
      const prIcon = values.get("prIcon");
      if (library.name === "kubernetes" && prIcon !== undefined) {
        for (const a of kubernetesAliases(prIcon)) add(aliases, `mxgraph.kubernetes.${a}`, entry);
      }
    });
    for (const [into, from] of [
      [this.#names, names],
      [this.#aliases, aliases],
    ] as const) {
      for (const [name, list] of from) {
        list.sort(
          (a, b) => b.weight - a.weight || Number(a.other) - Number(b.other) || a.order - b.order,
        );
        into.set(
          name,
          list.map((r) => r.shape),
        );
      }
    }
  }

  /**
   * The entries a name stands for, best first; empty when it names no library shape. Real
   * names win over aliases. Case is ignored: a name in the wrong case draws nothing in
   * draw.io, and the entry's exact style then puts it right.
   */
  find(name: string): readonly LibraryShape[] {
    const key = name.toLowerCase();
    return this.#names.get(key) ?? this.#aliases.get(key) ?? [];
  }
}
