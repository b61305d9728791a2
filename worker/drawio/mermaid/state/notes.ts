/**
 * Notes beside their states: `note right of X` is drawn to the right of X, joined by a short
 * dashed line, when the laid-out region has room there.
 */

import { edgeRoutes } from "../../geometry/edge-routes.ts";
import { PageLayout, segmentCrossesRect } from "../../geometry/page-layout.ts";
import type { Theme } from "../../layout/spec.ts";
import { edgeStyle, nodeStyle } from "../../layout/themes.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import type { Rect } from "../../model/cell.ts";
import type { DiagramPage } from "../../model/document.ts";
import { measureText } from "../../text/estimate.ts";
import { createElement, type XmlElement } from "../../xml/nodes.ts";
import { LAYOUT_MARGIN, reparent, vertexCell } from "../cell-edits.ts";
import type { StateEdge } from "./model.ts";

/** Space between a state and its note, and kept clear around the note. */
const GAP = 30;
const CLEAR = 10;

/**
 * The size of a note: as wide as its longest line up to 300 px (a note keeps the author's line
 * breaks, so it is wider than the layout's boxes), as tall as its wrapped lines.
 *
 * @example
 * noteSize("Important information!"); // { width: 163, height: 45 }
 */
export function noteSize(label: string): { width: number; height: number } {
  const text = measureText(label, 260);
  return { width: Math.max(80, text.width + 40), height: Math.max(40, text.height + 30) };
}

/**
 * Places each attached note beside its state on a laid-out region page (its layer is "1"), on
 * the side the text asks for or else the other, all or none: when some have no room on either
 * side (another shape or a line is there), nothing is added and those are returned, so that
 * the caller lays them out with the rest. Otherwise the page's cells are moved so that the
 * drawing still starts at the layout's margin, and the drawing's new size is returned.
 *
 * @example
 * const { failed, size } = placeNotes(page, noteLines, "default", { width, height });
 */
export function placeNotes(
  page: DiagramPage,
  lines: readonly StateEdge[],
  theme: Theme,
  size: { width: number; height: number },
): { failed: StateEdge[]; size?: { width: number; height: number } } {
  const layout = new PageLayout(page);
  const obstacles: Rect[] = [];
  for (const cell of layout.cells) {
    const rect = cell.vertex && cell.element.attrs.parent === "1" && layout.absoluteRect(cell);
    if (rect) obstacles.push(rect);
  }
  const segments = edgeRoutes(layout).flatMap((route) =>
    route.points.slice(1).map((b, i) => [route.points[i], b] as const),
  );
  const added: XmlElement[] = [];
  const failed: StateEdge[] = [];
  const bounds = {
    x0: LAYOUT_MARGIN,
    y0: LAYOUT_MARGIN,
    x1: LAYOUT_MARGIN + size.width,
    y1: LAYOUT_MARGIN + size.height,
  };
  for (const line of lines) {
    const left = line.side === "left";
    const [note, state] = left ? [line.from, line.to] : [line.to, line.from];
    const cell = layout.get(state.id);
    const at = cell && layout.absoluteRect(cell);
    const label = note.descriptions.join("\n");
    const box = noteSize(label);
    const free = (side: "left" | "right") => {
      if (!at) return undefined;
      const rect = {
        x: side === "left" ? at.x - GAP - box.width : at.x + at.width + GAP,
        y: Math.round(at.y + at.height / 2 - box.height / 2),
        width: box.width,
        height: box.height,
      };
      const room = {
        x: rect.x - CLEAR,
        y: rect.y - CLEAR,
        width: rect.width + 2 * CLEAR,
        height: rect.height + 2 * CLEAR,
      };
      if (obstacles.some((o) => overlaps(o, room))) return undefined;
      if (segments.some(([a, b]) => a && segmentCrossesRect(a, b, room, []))) return undefined;
      return rect;
    };
    // The side the text asks for, else the other one.
    const asked = left ? "left" : "right";
    const other = left ? "right" : "left";
    const onAsked = free(asked);
    const rect = onAsked ?? free(other);
    if (!rect) {
      failed.push(line);
      continue;
    }
    const noteLeft = (onAsked ? asked : other) === "left";
    obstacles.push(rect);
    bounds.x0 = Math.min(bounds.x0, rect.x);
    bounds.y0 = Math.min(bounds.y0, rect.y);
    bounds.x1 = Math.max(bounds.x1, rect.x + rect.width);
    bounds.y1 = Math.max(bounds.y1, rect.y + rect.height);
    added.push(
      vertexCell(
        note.id,
        htmlLabel(label),
        nodeStyle("note", theme, undefined, undefined),
        "1",
        rect,
      ),
    );
    // From the left shape's right side to the right shape's left side.
    const pins = "exitX=1;exitY=0.5;exitDx=0;exitDy=0;entryX=0;entryY=0.5;entryDx=0;entryDy=0;";
    const style = edgeStyle({ from: "", to: "", kind: "dashed", arrow: "none" }, theme) + pins;
    const [source, target] = noteLeft ? [note.id, state.id] : [state.id, note.id];
    added.push(
      createElement(
        "mxCell",
        {
          id: `note-line-${added.length}`,
          value: "",
          style,
          edge: "1",
          parent: "1",
          source,
          target,
        },
        [createElement("mxGeometry", { relative: "1", as: "geometry" })],
      ),
    );
  }
  if (failed.length > 0) return { failed };
  page.cells.push(...added);
  const cells = page.cells.filter((c) => c.attrs.parent === "1");
  reparent(cells, "1", "1", LAYOUT_MARGIN - bounds.x0, LAYOUT_MARGIN - bounds.y0);
  return { failed, size: { width: bounds.x1 - bounds.x0, height: bounds.y1 - bounds.y0 } };
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
