import { z } from "zod";
import type { Point } from "../../worker/drawio/model/cell.ts";

/**
 * The part of Graphviz's `json` output the conversion reads: the drawing's bounding box,
 * clusters' boxes and nodes' centres (`objects`, by `name`), and each edge's spline and label
 * centre (by the `id` we gave it; `pos` is missing when dot failed to route the edge).
 * Coordinates are points, y growing upward.
 *
 * @example
 * DotJsonSchema.parse(JSON.parse(viz.render(dot, { format: "json" }).output ?? "")).bb; // "0,0,208.92,333.64"
 */
export const DotJsonSchema = z.object({
  bb: z.string(),
  objects: z
    .array(z.object({ name: z.string(), bb: z.string().optional(), pos: z.string().optional() }))
    .default([]),
  edges: z
    .array(z.object({ id: z.string(), pos: z.string().optional(), lp: z.string().optional() }))
    .default([]),
});

export type DotJson = z.infer<typeof DotJsonSchema>;

/** A box as dot writes it: lower-left and upper-right corners. */
export interface DotBox {
  llx: number;
  lly: number;
  urx: number;
  ury: number;
}

/** One piece of an edge's `pos`: B-spline control points and the arrow tips, if any. */
export interface DotSpline {
  /** 3n + 1 control points of n cubic Bézier segments, from the tail end to the head end. */
  controls: Point[];
  /** The tip of the arrowhead at the tail (`s,x,y`): the line is drawn on to it. */
  start?: Point;
  /** The tip of the arrowhead at the head (`e,x,y`). */
  end?: Point;
}

/**
 * A point written `x,y` (a trailing `!` pin mark is ignored).
 *
 * @example
 * readPoint("88,258.4"); // { x: 88, y: 258.4 }
 */
export function readPoint(text: string): Point {
  const [x, y] = text.replace(/!$/, "").split(",").map(Number);
  if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) {
    throw new Error(`not a dot point: "${text}"`);
  }
  return { x, y };
}

/**
 * A box written `llx,lly,urx,ury`.
 *
 * @example
 * readBox("8,90.68,168,325.64"); // { llx: 8, lly: 90.68, urx: 168, ury: 325.64 }
 */
export function readBox(text: string): DotBox {
  const values = text.split(",").map(Number);
  const [llx, lly, urx, ury] = values;
  if (
    values.length !== 4 ||
    llx === undefined ||
    lly === undefined ||
    urx === undefined ||
    ury === undefined ||
    !values.every(Number.isFinite)
  ) {
    throw new Error(`not a dot box: "${text}"`);
  }
  return { llx, lly, urx, ury };
}

/**
 * An edge's `pos`: one spline per `;`-separated piece, each `[s,x,y] [e,x,y] p0 p1 … p3n`.
 *
 * @example
 * readSplines("e,88,160.65 88,233.23 88,215.69 88,191.68 88,171.97");
 * // [{ end: { x: 88, y: 160.65 }, controls: [{ x: 88, y: 233.23 }, …] }]
 */
export function readSplines(pos: string): DotSpline[] {
  return pos
    .split(";")
    .map((piece) => piece.trim())
    .filter((piece) => piece !== "")
    .map((piece) => {
      const spline: DotSpline = { controls: [] };
      for (const token of piece.split(/\s+/)) {
        if (token.startsWith("s,")) spline.start = readPoint(token.slice(2));
        else if (token.startsWith("e,")) spline.end = readPoint(token.slice(2));
        else spline.controls.push(readPoint(token));
      }
      if (spline.controls.length < 4 || (spline.controls.length - 1) % 3 !== 0) {
        throw new Error(`not a dot B-spline: "${piece}"`);
      }
      return spline;
    });
}
