/**
 * The shape catalogue: draw.io's library shapes searched by meaning, looked up by name, and the
 * nearest real names for one that does not exist.
 */

import { getStyleValue, shapeOf } from "../model/style.ts";
import { LibraryShapeIndex } from "./library-names.ts";
import type { LibraryShapes } from "./library-style.ts";
import { libraryWeight } from "./library-weights.ts";
import type { LibraryData, LibraryIndex, LibraryShape, ShapeHit, ShapeRecord } from "./types.ts";
import { editDistance, KUBERNETES_ALIASES, parseQuery, stem, wordsOf } from "./words.ts";

interface Entry {
  library: LibraryData;
  shape: ShapeRecord;
  /** Order of the entry in the whole catalogue: the last tie-breaker. */
  order: number;
  titleStems: string[];
  /** Every stem the entry answers to: title, tags, category, shape names. */
  stems: Set<string>;
  /** The style's `shape=`, `resIcon=` and `prIcon=` values, lower case. */
  names: string[];
}

/** Options for {@link ShapeCatalog.search}. */
export interface SearchOptions {
  library?: string;
  limit?: number;
}

/**
 * Every known draw.io shape, searchable: built from the generated library files, it answers
 * "which shape is a load balancer?" with exact style strings, and "does
 * `mxgraph.aws4.lambdaFunction` exist?" with the closest real names. Pure: the data is passed in.
 *
 * @example
 * const catalog = new ShapeCatalog(index, libraries);
 * catalog.search("load balancer", { limit: 5 });
 * catalog.knowsShape("mxgraph.aws4.lambda_function"); // true
 */
export class ShapeCatalog implements LibraryShapes {
  readonly index: LibraryIndex;
  readonly #libraries: Map<string, LibraryData>;
  #entries: Entry[] | undefined;
  #postings: Map<string, number[]> | undefined;
  readonly #stencils: Set<string>;
  #names: LibraryShapeIndex | undefined;

  constructor(index: LibraryIndex, libraries: readonly LibraryData[]) {
    this.index = index;
    this.#libraries = new Map(libraries.map((l) => [l.name, l]));
    this.#stencils = new Set();
    for (const [pkg, names] of Object.entries(index.stencils)) {
      // Exactly as registered: draw.io looks shapes up case-sensitively.
      for (const name of names) this.#stencils.add(`${pkg}.${name}`);
    }
  }

  /** A library by name (names are checked against the index, never used as paths). */
  library(name: string): LibraryData | undefined {
    return this.#libraries.get(name);
  }

  /**
   * The library entries a shape name stands for, best first: `mxgraph.aws4.api_gateway`,
   * `mxgraph.kubernetes.pod`, `img/lib/azure2/…svg`… (see `LibraryShapeIndex`). Indexed on
   * first use.
   *
   * @example
   * catalog.libraryShapes("mxgraph.aws4.api_gateway")[0]?.category; // "Application Integration"
   */
  libraryShapes(name: string): readonly LibraryShape[] {
    this.#names ??= new LibraryShapeIndex(this.#libraries.values());
    return this.#names.find(name);
  }

  /** Whether a `shape=`, `resIcon=` or full `prIcon=` value names a real draw.io shape. */
  knowsShape(name: string): boolean {
    return this.#stencils.has(name);
  }

  /**
   * The real shape names closest to one that does not exist, in the same package first.
   *
   * @example
   * catalog.suggest("mxgraph.aws4.lambdaFunction"); // ["mxgraph.aws4.lambda_function", "mxgraph.aws4.lambda", …]
   */
  suggest(name: string, limit = 3): string[] {
    const lower = name.toLowerCase();
    const dot = lower.lastIndexOf(".");
    const pkg = dot === -1 ? "" : lower.slice(0, dot);
    const leaf = lower.slice(dot + 1);
    const want = new Set(wordsOf(name).map(stem));
    const scored: Array<[string, number]> = [];
    for (const [p, names] of Object.entries(this.index.stencils)) {
      const samePackage = p.toLowerCase() === pkg;
      if (
        !samePackage &&
        pkg.startsWith("mxgraph.") &&
        !p.toLowerCase().startsWith(pkg.split(".").slice(0, 2).join("."))
      ) {
        continue;
      }
      for (const n of names) {
        const candidate = n.toLowerCase();
        const squashed = candidate.replaceAll("_", "");
        const words = new Set(wordsOf(n).map(stem));
        let overlap = 0;
        for (const w of want) if (words.has(w)) overlap++;
        const distance = editDistance(leaf.replaceAll("_", ""), squashed, 3);
        const score = (samePackage ? 10 : 0) + overlap * 4 + (distance <= 3 ? 8 - 2 * distance : 0);
        if (score > 10 || (!samePackage && score > 4)) scored.push([`${p}.${n}`, score]);
      }
    }
    scored.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return scored.slice(0, limit).map(([n]) => n);
  }

  /**
   * Shapes for a query, best first: an exact title or shape name, then titles that start with
   * it, then entries holding every word (synonyms and word endings allowed), then near misses.
   *
   * @example
   * catalog.search("k8s pod")[0].style; // "…shape=mxgraph.kubernetes.icon;prIcon=pod"
   */
  search(query: string, options: SearchOptions = {}): ShapeHit[] {
    const limit = options.limit ?? 10;
    const { stems, libraries } = parseQuery(query);
    if (stems.length === 0) return [];
    const entries = this.#all();
    const wanted = stems.map((s) => this.#expand(s));
    const candidates = new Set<number>();
    for (const forms of wanted)
      for (const form of forms) for (const i of this.#postings?.get(form) ?? []) candidates.add(i);
    const q = wordsOf(query).join(" ");
    const hits: Array<{ entry: Entry; score: number }> = [];
    for (const i of candidates) {
      const entry = entries[i] as Entry;
      if (options.library !== undefined && entry.library.name !== options.library) continue;
      let score = scoreOf(entry, q, stems, wanted);
      if (score <= 0) continue;
      const rank = libraries.indexOf(entry.library.name);
      if (rank !== -1) score += 25 - rank;
      score += libraryWeight(entry.library.name);
      hits.push({ entry, score });
    }
    hits.sort((a, b) => b.score - a.score || a.entry.order - b.entry.order);
    // One hit per title in a library: its variants (sizes, group forms) add nothing to a list.
    const seen = new Set<string>();
    const unique = hits.filter(({ entry }) => {
      const key = `${entry.library.name}\u0000${entry.shape.n.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // A query that names no vendor gets each vendor's best hit first.
    const general = options.library === undefined && libraries.length === 0;
    const ranked = general ? diversify(unique, limit) : unique.slice(0, limit);
    return ranked.map(({ entry, score }) => ({
      library: entry.library.name,
      category: entry.library.categories[entry.shape.c] ?? "",
      title: entry.shape.n,
      style: entry.shape.s,
      width: entry.shape.w,
      height: entry.shape.h,
      score: Math.round(score * 10) / 10,
    }));
  }

  /** Stems of the vocabulary that a query stem may stand for: itself, or a near spelling. */
  #expand(s: string): string[] {
    const postings = this.#postings as Map<string, number[]>;
    const forms = postings.has(s) ? [s] : [];
    if (s.length >= 4) {
      for (const word of postings.keys()) {
        if (
          word !== s &&
          (word.startsWith(s) || (word.length >= 4 && editDistance(s, word, 1) <= 1))
        )
          forms.push(word);
      }
    }
    return forms;
  }

  #all(): Entry[] {
    if (this.#entries) return this.#entries;
    const entries: Entry[] = [];
    const postings = new Map<string, number[]>();
    let order = 0;
    for (const library of this.#libraries.values()) {
      for (const shape of library.shapes) {
        if (shape.edge) continue;
        const names = [
          shapeOf(shape.s),
          getStyleValue(shape.s, "resIcon"),
          getStyleValue(shape.s, "prIcon"),
        ]
          .filter((n): n is string => n !== undefined && n !== "")
          .map((n) => n.toLowerCase());
        const titleStems = wordsOf(shape.n).map(stem);
        const alias =
          library.name === "kubernetes"
            ? (KUBERNETES_ALIASES[(getStyleValue(shape.s, "prIcon") ?? "").toLowerCase()] ?? "")
            : "";
        titleStems.push(...wordsOf(alias).map(stem));
        const stems = new Set([
          ...titleStems,
          ...wordsOf(shape.t ?? "").map(stem),
          ...wordsOf(library.categories[shape.c] ?? "").map(stem),
          ...wordsOf(library.name).map(stem),
          ...names.flatMap((n) => wordsOf(n.split(".").slice(2).join(" "))).map(stem),
        ]);
        const index = entries.length;
        entries.push({ library, shape, order: order++, titleStems, stems, names });
        for (const s of stems) {
          const list = postings.get(s);
          if (list) list.push(index);
          else postings.set(s, [index]);
        }
      }
    }
    this.#entries = entries;
    this.#postings = postings;
    return entries;
  }
}

/** Vendors that span several libraries (old and new icon sets). */
function familyOf(library: string): string {
  if (library.startsWith("aws")) return "aws";
  if (library.startsWith("azure") || library === "mscae") return "azure";
  const match = /^(gcp|cisco|veeam|archimate|uml|ios)/.exec(library);
  return match?.[1] ?? library;
}

/**
 * The best hit of each vendor first (in score order), then the rest by score: "load balancer"
 * then shows the AWS, Azure, GCP and Cisco ones side by side instead of five Cisco variants.
 */
function diversify<T extends { entry: Entry; score: number }>(hits: T[], limit: number): T[] {
  const first: T[] = [];
  const rest: T[] = [];
  const families = new Set<string>();
  for (const hit of hits) {
    const family = familyOf(hit.entry.library.name);
    if (families.has(family)) rest.push(hit);
    else {
      families.add(family);
      first.push(hit);
    }
  }
  return [...first, ...rest].slice(0, limit);
}

function scoreOf(entry: Entry, q: string, stems: string[], wanted: string[][]): number {
  const title = wordsOf(entry.shape.n).join(" ");
  const leafNames = entry.names.map((n) => wordsOf(n.split(".").pop() ?? "").join(" "));
  let score = 0;
  if (title === q || leafNames.includes(q)) score = 100;
  else if (title.startsWith(q)) score = 80;
  const inTitle = stems.filter((s) => entry.titleStems.includes(s)).length;
  const exact = stems.filter((s) => entry.stems.has(s)).length;
  const near = wanted.filter((forms) => forms.some((f) => entry.stems.has(f))).length;
  if (score === 0) {
    if (inTitle === stems.length) score = 60;
    else if (exact === stems.length) score = 45;
    else if (near === stems.length) score = 30;
    else score = (20 * near) / stems.length;
  }
  // Prefer concise titles and titles that carry the words themselves.
  score += 3 * inTitle - 0.5 * Math.max(0, entry.titleStems.length - stems.length);
  return score;
}
