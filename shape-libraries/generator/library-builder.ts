/** Libraries as they are filled: categories in first-seen order, and no repeated entries. */

import type { ShapeRecord } from "../../worker/drawio/index.ts";

/** A library being assembled. */
export interface Builder {
  name: string;
  title: string;
  /** Whether draw.io's "More shapes" dialog lists the library (and so gave its title). */
  listed: boolean;
  categories: string[];
  shapes: ShapeRecord[];
  seen: Set<string>;
}

/**
 * The builder for library `name`, made (with `title`) the first time it is asked for.
 *
 * @example
 * const builder = builderFor(builders, "aws4", "AWS 2021");
 */
export function builderFor(map: Map<string, Builder>, name: string, title: string): Builder {
  let builder = map.get(name);
  if (builder === undefined) {
    builder = { name, title, listed: false, categories: [], shapes: [], seen: new Set() };
    map.set(name, builder);
  }
  return builder;
}

/**
 * Adds a shape under `category` (added if new), unless the same entry is already there.
 *
 * @example
 * addShape(builder, "Compute", { n: "Lambda", s: "shape=mxgraph.aws4.lambda;", w: 78, h: 78 });
 */
export function addShape(builder: Builder, category: string, shape: Omit<ShapeRecord, "c">): void {
  let c = builder.categories.indexOf(category);
  if (c < 0) c = builder.categories.push(category) - 1;
  const key = JSON.stringify([c, shape.n, shape.s, shape.w, shape.h, shape.edge ?? false]);
  // draw.io repeats some entries within a palette (e.g. AWS arrows); one copy is enough.
  if (builder.seen.has(key)) return;
  builder.seen.add(key);
  const entry: ShapeRecord = { n: shape.n, c, s: shape.s, w: shape.w, h: shape.h };
  if (shape.t !== undefined && shape.t !== "") entry.t = shape.t;
  if (shape.m !== undefined) entry.m = shape.m;
  if (shape.edge === true) entry.edge = true;
  builder.shapes.push(entry);
}
