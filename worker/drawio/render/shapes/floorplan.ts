import { PathData } from "../svg.ts";
import { path, type ShapeTable } from "./kit.ts";

/** mxFloorplan.js's code-drawn shapes: walls, windows, doors. */
export const FLOORPLAN_SHAPES: ShapeTable = {
  // mxFloorplan.js's walls: `wallThickness` (10) thick, filled and stroked.
  "mxgraph.floorplan.wall": (c) => {
    const t = c.style.num("wallThickness", 10);
    const d = new PathData()
      .move(c.x, c.y + c.h / 2 - t / 2)
      .line(c.x + c.w, c.y + c.h / 2 - t / 2)
      .line(c.x + c.w, c.y + c.h / 2 + t / 2)
      .line(c.x, c.y + c.h / 2 + t / 2)
      .close();
    return { svg: path(c, d) };
  },
  "mxgraph.floorplan.wallCorner": (c) => {
    const t = c.style.num("wallThickness", 10);
    const { x, y, w, h } = c;
    const d = new PathData()
      .move(x, y + h)
      .line(x, y)
      .line(x + w, y)
      .line(x + w, y + t)
      .line(x + t, y + t)
      .line(x + t, y + h)
      .close();
    return { svg: path(c, d) };
  },
  "mxgraph.floorplan.wallU": (c) => {
    const t = c.style.num("wallThickness", 10);
    const { x, y, w, h } = c;
    const d = new PathData()
      .move(x, y + h)
      .line(x, y)
      .line(x + w, y)
      .line(x + w, y + h)
      .line(x + w - t, y + h)
      .line(x + w - t, y + t)
      .line(x + t, y + t)
      .line(x + t, y + h)
      .close();
    return { svg: path(c, d) };
  },
};
