/**
 * The figures of UML sequence diagrams that Shapes.js draws in code: the boundary, control
 * and entity robustness symbols (also lifeline heads, as `participant`) and the destroy cross.
 */
import { detail, ellipse, local, type ShapeTable } from "./kit.ts";

/** UML sequence figures drawn in code (Shapes.js). */
export const UML_SEQUENCE_SHAPES: ShapeTable = {
  // A circle in the right five sixths, tied by a stub to an upright bar on the left.
  umlBoundary: (c) => {
    const { w, h } = c;
    const bar = local(c)
      .move(0, h / 4)
      .line(0, (h * 3) / 4);
    const stub = local(c)
      .move(0, h / 2)
      .line(w / 6, h / 2);
    const svg = detail(c, bar) + detail(c, stub) + ellipse(c, c.x + w / 6, c.y, (w * 5) / 6, h);
    const labelBox = { x: c.x + w / 6, y: c.y, width: (w * 5) / 6, height: h };
    return { svg, labelBox };
  },
  // A circle in the lower seven eighths with an arrowhead on its top.
  umlControl: (c) => {
    const { w, h } = c;
    const notch = { x: (w * 3) / 8, y: (h / 8) * 1.1 };
    const upper = local(c)
      .move(notch.x, notch.y)
      .line((w * 5) / 8, 0);
    const lower = local(c)
      .move(notch.x, notch.y)
      .line((w * 5) / 8, h / 4);
    const ring = ellipse(c, c.x, c.y + h / 8, w, (h * 7) / 8);
    const labelBox = { x: c.x, y: c.y + h / 8, width: w, height: (h * 7) / 8 };
    return { svg: detail(c, upper) + ring + detail(c, lower), labelBox };
  },
  // A circle underlined from an eighth to seven eighths of its width.
  umlEntity: (c) => {
    const base = local(c)
      .move(c.w / 8, c.h)
      .line((c.w * 7) / 8, c.h);
    return { svg: ellipse(c, c.x, c.y, c.w, c.h) + detail(c, base) };
  },
  umlDestroy: (c) => {
    const cross = local(c).move(c.w, 0).line(0, c.h).move(0, 0).line(c.w, c.h);
    return { svg: detail(c, cross) };
  },
};
