/** The validator's check that shape names in styles are real draw.io shapes, with suggestions. */
import { cellId, getCellAttribute, isCellElement } from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { getStyleValue } from "../model/style.ts";
import { type Finding, FindingList } from "./findings.ts";

/** What the validator needs to know about real draw.io shapes (a `ShapeCatalog` is one). */
export interface ShapeNames {
  knowsShape(name: string): boolean;
  suggest(name: string, limit?: number): string[];
}

/** Style keys whose values name a draw.io shape. */
const SHAPE_KEYS = ["shape", "resIcon", "prIcon"] as const;

/**
 * The `unknown_shape` warnings of a page: `shape=mxgraph.…`, `resIcon=…` and `prIcon=…`
 * values that name no real draw.io shape (draw.io then draws an empty box), each with the
 * closest real names. With `list`, they are added to it (its limits apply) and the returned
 * array is the whole list.
 *
 * @example
 * shapeFindings(page, catalog); // [{ code: "unknown_shape", message: 'no shape "mxgraph.aws4.lambdaFunction"…' }]
 */
export function shapeFindings(
  page: DiagramPage,
  shapes: ShapeNames,
  list = new FindingList(),
): Finding[] {
  const verdicts = new Map<string, string | undefined>();
  for (const cell of page.cells) {
    if (!isCellElement(cell)) continue;
    const style = getCellAttribute(cell, "style");
    if (!style?.includes("mxgraph.")) continue;
    const shape = getStyleValue(style, "shape");
    for (const key of SHAPE_KEYS) {
      let value = getStyleValue(style, key);
      // Cisco 19, GCP 2 and Kubernetes name their icon relative to the shape's package.
      if (
        key === "prIcon" &&
        value !== undefined &&
        !value.startsWith("mxgraph.") &&
        shape?.startsWith("mxgraph.")
      ) {
        value = `${shape.slice(0, shape.lastIndexOf("."))}.${value}`;
      }
      if (value === undefined || !value.startsWith("mxgraph.")) continue;
      // Once the list is full, a name's suggestions (a search of every shape) are not worth it.
      if (list.full && !verdicts.has(value)) {
        if (!shapes.knowsShape(value)) list.leaveOut("warning");
        continue;
      }
      let message = verdicts.get(value);
      if (!verdicts.has(value)) {
        message = shapes.knowsShape(value)
          ? undefined
          : unknownMessage(key, value, shapes.suggest(value));
        verdicts.set(value, message);
      }
      if (message === undefined) continue;
      const id = cellId(cell);
      list.add(
        id === undefined
          ? { code: "unknown_shape", severity: "warning", message }
          : { code: "unknown_shape", severity: "warning", message, cellId: id },
      );
    }
  }
  return list.toArray();
}

function unknownMessage(key: string, value: string, suggestions: string[]): string {
  const hint =
    suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(", ")}?` : "";
  return `${key}=${value} is not a draw.io shape, so draw.io would draw an empty box${hint}`;
}
