/**
 * Boxes drawn with only some of their lines, or with extra ones: the partial rectangle tables
 * are made of (`top`, `right`, `bottom`, `left` = 0 leave a side out) and the internal storage
 * box (a rectangle ruled `dx` from the left and `dy` from the top).
 */
import { box, detail, local, path, rectangle, type ShapeTable } from "./kit.ts";

/** Boxes with some of their sides, or ruled inside (Shapes.js). */
export const PARTIAL_BOX_SHAPES: ShapeTable = {
  // The whole box filled, then its sides stroked clockwise from the top left, a side left out
  // by moving past it (so the corners between drawn sides join).
  partialRectangle: (c) => {
    const fill =
      c.paint.fill === "none"
        ? ""
        : box(c, c.x, c.y, c.w, c.h, { ...c.paint, stroke: "none", extra: {} });
    const corners: Array<[string, number, number]> = [
      ["top", c.w, 0],
      ["right", c.w, c.h],
      ["bottom", 0, c.h],
      ["left", 0, 0],
    ];
    const sides = local(c).move(0, 0);
    let any = false;
    for (const [side, x, y] of corners) {
      if (c.style.get(side) === "0") sides.move(x, y);
      else {
        sides.line(x, y);
        any = true;
      }
    }
    const stroke =
      any && c.paint.stroke !== "none" ? path(c, sides, { ...c.paint, fill: "none" }, false) : "";
    return { svg: fill + stroke };
  },
  // With `rounded`, neither rule comes closer to the edge than the corner's radius.
  internalStorage: (c) => {
    const f = c.style.num("arcSize", 15) / 100;
    const inset = c.style.flag("rounded") ? Math.min(c.w * f, c.h * f) : 0;
    const dx = Math.max(inset, Math.min(c.w, c.style.num("dx", 20)));
    const dy = Math.max(inset, Math.min(c.h, c.style.num("dy", 20)));
    const rules = local(c).move(0, dy).line(c.w, dy).move(dx, 0).line(dx, c.h);
    return { svg: rectangle(c).svg + detail(c, rules) };
  },
};
