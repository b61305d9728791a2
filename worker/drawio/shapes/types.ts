/** One shape of a library, as the generated data stores it (short keys keep the bundle small). */
export interface ShapeRecord {
  /** Title, as draw.io's sidebar shows it. */
  n: string;
  /** Index into the library's `categories`. */
  c: number;
  /** The exact style string draw.io inserts for this shape. */
  s: string;
  w: number;
  h: number;
  /** Search words (lower case), when draw.io gives any. */
  t?: string;
  /** True for connectors rather than shapes. */
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

/** The generated index (`shape-libraries/data/index.json`). */
export interface LibraryIndex {
  source: string;
  libraries: Array<{ name: string; title: string; shapes: number; categories: number }>;
  /** Every registered stencil name, by package: `{ "mxgraph.aws4": ["lambda_function", …] }`. */
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
