/**
 * Transitions between states of different regions (`step --> Outside` written inside a
 * composite state): no single layout places both ends, so they are routed afterwards around
 * the containers, beside the drawing rather than through it.
 */

import { type LayoutCell, PageLayout, segmentCrossesRect } from "../../geometry/page-layout.ts";
import type { Point, Rect } from "../../model/cell.ts";
import type { DiagramPage } from "../../model/document.ts";
import { mergeStyle } from "../../model/style.ts";
import { createElement, type XmlElement } from "../../xml/nodes.ts";
import { touch } from "../cell-edits.ts";

/** Room between a route and the outermost container it goes around. */
const CLEAR = 24;

/**
 * Routes each cross-region edge (already on the page, parent "1", unrouted) as a bracket:
 * out of the source's side, along the outside of every container around either end, into
 * the target's same side. The right side is taken unless the route would cross a shape there
 * and the left one is clear.
 *
 * @example
 * routeAround(page, ["edge-7"]);
 */
export function routeAround(page: DiagramPage, edgeIds: readonly string[]): void {
  const layout = new PageLayout(page);
  for (const id of edgeIds) {
    const edge = layout.get(id);
    const source = layout.get(edge?.element.attrs.source);
    const target = layout.get(edge?.element.attrs.target);
    const s = source && layout.absoluteRect(source);
    const t = target && layout.absoluteRect(target);
    if (!edge || !source || !target || !s || !t) continue;
    const around = new Set<LayoutCell>([
      source,
      target,
      ...layout.ancestors(source),
      ...layout.ancestors(target),
    ]);
    const boxes = [...around].filter((c) => c.vertex).map((c) => layout.absoluteRect(c) as Rect);
    const obstacles = layout.cells
      .filter((c) => c.vertex && !around.has(c) && !c.relative)
      .map((c) => layout.absoluteRect(c) as Rect);
    const route = (side: "right" | "left") => {
      const x =
        side === "right"
          ? Math.max(...boxes.map((b) => b.x + b.width)) + CLEAR
          : Math.min(...boxes.map((b) => b.x)) - CLEAR;
      const edgeX = (r: Rect) => (side === "right" ? r.x + r.width : r.x);
      const points: Point[] = [
        { x: edgeX(s), y: s.y + s.height / 2 },
        { x, y: s.y + s.height / 2 },
        { x, y: t.y + t.height / 2 },
        { x: edgeX(t), y: t.y + t.height / 2 },
      ];
      const blocked = obstacles.some((o) =>
        points.slice(1).some((b, i) => segmentCrossesRect(points[i] as Point, b, o, [s, t])),
      );
      return { side, points, blocked, x };
    };
    const right = route("right");
    const left = route("left");
    const chosen = right.blocked && !left.blocked && left.x > 0 ? left : right;
    const at = chosen.side === "right" ? 1 : 0;
    touch(edge.element);
    edge.element.attrs.style = mergeStyle(edge.element.attrs.style, {
      edgeStyle: null,
      exitX: at,
      exitY: 0.5,
      exitDx: 0,
      exitDy: 0,
      exitPerimeter: 0,
      entryX: at,
      entryY: 0.5,
      entryDx: 0,
      entryDy: 0,
      entryPerimeter: 0,
    });
    const geometry = edge.geometry as XmlElement;
    geometry.children = [
      createElement(
        "Array",
        { as: "points" },
        chosen.points
          .slice(1, 3)
          .map((p) =>
            createElement("mxPoint", { x: String(Math.round(p.x)), y: String(Math.round(p.y)) }),
          ),
      ),
    ];
  }
}
