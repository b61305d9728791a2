/**
 * Block arrows drawn in code: Shapes.js's single and double arrows, and mxArrows.js's
 * (`mxgraph.arrows2.*`: arrow, two-way, stylised, bend, jump-in, U-turn), their labels kept in
 * the shaft.
 */
import type { Rect } from "../../model/cell.ts";
import { clamp, detail, local, path, polygon, type ShapeContext, type ShapeTable } from "./kit.ts";

// mxArrows.js defaults `dx` and `dy` to 0.5 (the library's styles always set them); sizes it
// leaves undefined (`arrowHead`, `dx2`) take the sidebar's values: unset, draw.io draws nothing.

/** The shaft's inset from the edges: `dy` is a share of half the height. */
const shaftInset = (c: ShapeContext) => (c.h / 2) * clamp(c.style.num("dy", 0.5), 0, 1);
const headLength = (c: ShapeContext) => clamp(c.style.num("dx", 0.5), 0, c.w);

/** With `boundedLbl`, the label of a left–right arrow stays in its shaft. */
function shaftLabel(c: ShapeContext, dx: number, dy: number): Rect | undefined {
  if (!c.style.flag("boundedLbl")) return undefined;
  let direction = c.style.get("direction") ?? "east";
  if (c.style.flag("flipH"))
    direction = direction === "west" ? "east" : direction === "east" ? "west" : direction;
  const width = c.w - dx;
  const height = c.h - 2 * dy;
  if (direction === "east") return { x: c.x, y: c.y + dy, width, height };
  if (direction === "west") return { x: c.x + dx, y: c.y + dy, width, height };
  return undefined;
}

/** The head of a bent arrow at the top right, down to where the lower side of its shaft starts. */
const topRightHead = (c: ShapeContext, dx: number, dy: number, head: number) =>
  local(c)
    .move(c.w - dx, 0)
    .line(c.w, head / 2)
    .line(c.w - dx, head)
    .line(c.w - dx, head / 2 + dy);

/**
 * Shapes.js's block arrows: a shaft `arrowWidth` (0.3) of the height high and a head `arrowSize`
 * (0.2) of the width long, as draw.io's defaults have them.
 */
function blockArrow(c: ShapeContext): { y0: number; y1: number; head: number } {
  const shaft = c.h * clamp(c.style.num("arrowWidth", 0.3), 0, 1);
  const head = c.w * clamp(c.style.num("arrowSize", 0.2), 0, 1);
  const y0 = (c.h - shaft) / 2;
  return { y0, y1: y0 + shaft, head };
}

/** Block arrows drawn in code: Shapes.js's and mxArrows.js's (`mxgraph.arrows2.*`). */
export const ARROW_SHAPES: ShapeTable = {
  // A shaft from the left into a head at the right; `direction` turns it, `rounded` rounds it.
  singleArrow: polygon((c) => {
    const { w, h } = c;
    const { y0, y1, head } = blockArrow(c);
    return [
      [0, y0],
      [w - head, y0],
      [w - head, 0],
      [w, h / 2],
      [w - head, h],
      [w - head, y1],
      [0, y1],
    ];
  }),
  // A shaft between two heads, each `arrowSize` of the width long.
  doubleArrow: polygon((c) => {
    const { w, h } = c;
    const { y0, y1, head } = blockArrow(c);
    return [
      [0, h / 2],
      [head, 0],
      [head, y0],
      [w - head, y0],
      [w - head, 0],
      [w, h / 2],
      [w - head, h],
      [w - head, y1],
      [head, y1],
      [head, h],
    ];
  }),
  // A shaft `dy` in from the edges, a head `dx` long, an optional `notch` cut in the tail and
  // crosslines where the head and the tail start.
  "mxgraph.arrows2.arrow": (c) => {
    const { w, h } = c;
    const dy = shaftInset(c);
    const dx = headLength(c);
    const notch = clamp(c.style.num("notch", 0), 0, w);
    const body = local(c).poly([
      [0, dy],
      [w - dx, dy],
      [w - dx, 0],
      [w, h / 2],
      [w - dx, h],
      [w - dx, h - dy],
      [0, h - dy],
      [notch, h / 2],
    ]);
    const lines = local(c);
    if (c.style.flag("headCrossline")) lines.move(w - dx, dy).line(w - dx, h - dy);
    if (c.style.flag("tailCrossline")) lines.move(notch, dy).line(notch, h - dy);
    const svg = path(c, body) + (lines.empty ? "" : detail(c, lines));
    const labelBox = shaftLabel(c, dx, dy);
    return { svg, ...(labelBox ? { labelBox } : {}) };
  },
  "mxgraph.arrows2.twoWayArrow": (c) => {
    const { w, h } = c;
    const dy = shaftInset(c);
    const dx = headLength(c);
    const body = local(c).poly([
      [dx, dy],
      [w - dx, dy],
      [w - dx, 0],
      [w, h / 2],
      [w - dx, h],
      [w - dx, h - dy],
      [dx, h - dy],
      [dx, h],
      [0, h / 2],
      [dx, 0],
    ]);
    return { svg: path(c, body) };
  },
  // A shaft that widens from `feather` at the tail to `dy` at the head, whose barbs sweep back 10.
  "mxgraph.arrows2.stylisedArrow": (c) => {
    const { w, h } = c;
    const dy = shaftInset(c);
    const dx = headLength(c);
    const notch = clamp(c.style.num("notch", 0), 0, w);
    const feather = (h / 2) * clamp(c.style.num("feather", 0.5), 0, 1);
    const body = local(c).poly([
      [0, feather],
      [w - dx, dy],
      [w - dx - 10, 0],
      [w, h / 2],
      [w - dx - 10, h],
      [w - dx, h - dy],
      [0, h - feather],
      [notch, h / 2],
    ]);
    return { svg: path(c, body) };
  },
  // An L: a stem `dy` × 2 wide going up from the bottom left, then a shaft to a head of
  // `arrowHead` × `dx` at the top right; `rounded` bends it with arcs.
  "mxgraph.arrows2.bendArrow": (c) => {
    const { w, h } = c;
    const dy = clamp(c.style.num("dy", 15), 0, h);
    const dx = clamp(c.style.num("dx", 38), 0, w);
    const notch = clamp(c.style.num("notch", 0), 0, h);
    const head = clamp(c.style.num("arrowHead", 55), 0, h);
    const rounded = c.style.get("rounded") === "1";
    const d = topRightHead(c, dx, dy, head);
    if (rounded)
      d.line(dy * 2.2, head / 2 + dy).arc(
        dy * 0.2,
        dy * 0.2,
        0,
        false,
        false,
        dy * 2,
        head / 2 + dy * 1.2,
      );
    else d.line(dy * 2, head / 2 + dy);
    d.line(dy * 2, h)
      .line(dy, h - notch)
      .line(0, h);
    if (rounded)
      d.line(0, head / 2 + dy).arc(dy * 2, dy * 2, 0, false, true, dy * 2, head / 2 - dy);
    else d.line(0, head / 2 - dy);
    d.line(w - dx, head / 2 - dy).close();
    return { svg: path(c, d) };
  },
  // A curved shaft rising from the bottom left into a head at the top right.
  "mxgraph.arrows2.jumpInArrow": (c) => {
    const { w, h } = c;
    const dy = clamp(c.style.num("dy", 15), 0, h);
    const dx = clamp(c.style.num("dx", 38), 0, w);
    const head = clamp(c.style.num("arrowHead", 55), 0, h);
    const d = topRightHead(c, dx, dy, head)
      .arc(w - dx, h - head / 2 - dy, 0, false, false, 0, h)
      .arc(w - dx, h - head / 2 + dy, 0, false, true, w - dx, head / 2 - dy)
      .close();
    return { svg: path(c, d) };
  },
  // A shaft `dy` thick from the bottom right, turning back through a half circle into a head
  // `arrowHead` high and `dx2` long at the top.
  "mxgraph.arrows2.uTurnArrow": (c) => {
    const { w, h } = c;
    const dy = clamp(c.style.num("dy", 0.5), 0, h);
    const head = clamp(c.style.num("arrowHead", 40), 0, h);
    const dx = (h - head / 2 + dy) / 2;
    const dx2 = Math.max(0, c.style.num("dx2", 25));
    const right = Math.max(w, dx);
    const d = local(c)
      .move(dx, 0)
      .line(dx + dx2, head / 2)
      .line(dx, head)
      .line(dx, head / 2 + dy)
      .arc(dx - 2 * dy, dx - 2 * dy, 0, false, false, dx, h - 2 * dy)
      .line(right, h - 2 * dy)
      .line(right, h)
      .line(dx, h)
      .arc(dx, dx, 0, false, true, dx, head / 2 - dy)
      .close();
    return { svg: path(c, d) };
  },
};
