/**
 * The shape data as the generated library files store it (short keys), and the records that
 * search and lookup hand out.
 */

/**
 * One shape of a library, as the generated data stores it (short keys keep the bundle small).
 *
 * @example
 * const lambda: ShapeRecord = {
 *   n: "Lambda", c: 11, w: 78, h: 78, t: "aws4 lambda aws amazon web service compute",
 *   s: "…;shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;",
 * };
 */
export interface ShapeRecord {
  /** Title, as draw.io's sidebar shows it. */
  n: string;
  /** Index into the library's `categories`. */
  c: number;
  /** The exact style string draw.io inserts for this shape. */
  s: string;
  /** Default width. */
  w: number;
  /** Default height. */
  h: number;
  /** Search words (lower case, separated by single spaces), when draw.io gives any. */
  t?: string;
  /** Number of cells when the template inserts more than one; `s` is the outer cell's. */
  m?: number;
  /** True for connectors rather than shapes (w/h are then the preview size and may be 0). */
  edge?: boolean;
}

/** One generated library file (`shape-libraries/data/<name>.json`). */
export interface LibraryData {
  name: string;
  title: string;
  source: string;
  categories: string[];
  shapes: ShapeRecord[];
}

/**
 * One library's line in the generated index.
 *
 * @example
 * const line: LibrarySummary = { name: "c4", title: "C4", shapes: 9, categories: 1 };
 */
export interface LibrarySummary {
  name: string;
  title: string;
  /** Number of shapes in the library. */
  shapes: number;
  /** Number of categories in the library. */
  categories: number;
}

/** The generated index (`shape-libraries/data/index.json`). */
export interface LibraryIndex {
  source: string;
  libraries: LibrarySummary[];
  /**
   * Every registered stencil name, by package: `{ "mxgraph.aws4": ["lambda_function", …] }`,
   * so that `shape=<package>.<name>` exists in draw.io. Packages nest (`mxgraph.veeam` and
   * `mxgraph.veeam.2d`), so a lookup tries every split of the shape name at a dot.
   */
  stencils: Record<string, string[]>;
}

/** A shape as the API and the agent see it. */
export interface ShapeHit {
  library: string;
  category: string;
  title: string;
  style: string;
  width: number;
  height: number;
  /** How well it matched the query (higher is better). */
  score: number;
}

/** One entry of a library, as style lookups use it: draw.io's exact style and size. */
export interface LibraryShape {
  library: string;
  category: string;
  title: string;
  /** The exact style string draw.io's sidebar inserts. */
  style: string;
  width: number;
  height: number;
}
