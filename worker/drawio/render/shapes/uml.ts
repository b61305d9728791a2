import { painted } from "../paint.ts";
import { PathData } from "../svg.ts";
import { detail, type ShapeTable } from "./kit.ts";

/** UML shapes drawn in code (Shapes.js, mxUML25.js). */
export const UML_SHAPES: ShapeTable = {
  umlActor: (c) => {
    const { x, y, w, h } = c;
    const head = painted(
      "ellipse",
      { cx: x + w / 2, cy: y + h / 8, rx: w / 4, ry: h / 8 },
      c.paint,
      c.shadow,
      c.transform,
    );
    const limbs = new PathData()
      .move(x + w / 2, y + h / 4)
      .line(x + w / 2, y + (2 * h) / 3)
      .move(x, y + h / 3)
      .line(x + w, y + h / 3)
      .move(x + w / 2, y + (2 * h) / 3)
      .line(x, y + h)
      .move(x + w / 2, y + (2 * h) / 3)
      .line(x + w, y + h);
    return { svg: head + detail(c, limbs) };
  },
};
