/** mxC4.js's shapes drawn in code: the C4 person, a head over a rounded body. */
import { ellipse, local, path, type ShapeTable } from "./kit.ts";

/** mxC4.js's shapes: the person. */
export const C4_SHAPES: ShapeTable = {
  // A head min(w / 2, h / 3) across at the top centre, a body from 0.8 of its height down with
  // corners half of it round; the head is drawn again over the body, and the label sits below
  // the top of the body.
  "mxgraph.c4.person": (c) => {
    const { w, h } = c;
    const d = Math.min(w / 2, h / 3);
    const r = d / 2;
    const top = 0.8 * d;
    const body = local(c)
      .move(0, top + r)
      .arc(r, r, 0, false, true, r, top)
      .line(w - r, top)
      .arc(r, r, 0, false, true, w, top + r)
      .line(w, h - r)
      .arc(r, r, 0, false, true, w - r, h)
      .line(r, h)
      .arc(r, r, 0, false, true, 0, h - r)
      .close();
    const head = (shadow: boolean) => ellipse(c, c.x + w / 2 - r, c.y, d, d, c.paint, shadow);
    return {
      svg: head(c.shadow) + path(c, body) + head(false),
      labelBox: { x: c.x, y: c.y + top, width: w, height: h - top },
    };
  },
};
