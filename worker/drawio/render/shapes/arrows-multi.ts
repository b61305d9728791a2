/**
 * mxArrows.js's arrows with more than one head or an odd body, drawn in code (`mxgraph.arrows2.*`:
 * sharp, callout, quad, triad, tailed, striped…).
 */
import { clamp, local, path, type ShapeContext, type ShapeFn, type ShapeTable } from "./kit.ts";

/** A style size held between 0 and `max`; `fallback` is mxArrows.js's default for it. */
const size = (c: ShapeContext, key: string, fallback: number, max: number) =>
  clamp(c.style.num(key, fallback), 0, max);

/** A share of half the height, as mxArrows.js reads `dy`-like keys of the straight arrows. */
const halfShare = (c: ShapeContext, key: string, fallback: number) =>
  (c.h / 2) * clamp(c.style.num(key, fallback), 0, 1);

/** One closed polygon through local points computed from the shape's box. */
const outline =
  (points: (c: ShapeContext) => [number, number][]): ShapeFn =>
  (c) => ({ svg: path(c, local(c).poly(points(c))) });

/**
 * A head pointing right at (w, m): a shaft `half` either side of m meets barbs `barb` further
 * out, `dx` before the tip; `mirror` points it left at (0, m) instead.
 */
function head(w: number, m: number, half: number, dx: number, barb: number, mirror = false) {
  const x = (v: number) => (mirror ? w - v : v);
  const pts: [number, number][] = [
    [x(w - dx), m - half],
    [x(w - dx), m - half - barb],
    [x(w), m],
    [x(w - dx), m + half + barb],
    [x(w - dx), m + half],
  ];
  return mirror ? pts.reverse() : pts;
}

/**
 * The rest of mxArrows.js's block arrows: barbed, callout, four-way, three-way, tailed and
 * striped ones. Sizes draw.io leaves undefined take the sidebar's values.
 */
export const MULTI_ARROW_SHAPES: ShapeTable = {
  // A head whose barbs sweep back: the barb's root moves out as the shaft narrows.
  "mxgraph.arrows2.sharpArrow": outline((c) => {
    const { w, h } = c;
    const dy1 = halfShare(c, "dy1", 0.67);
    const dx1 = size(c, "dx1", 18, w);
    const dx2 = size(c, "dx2", 18, w);
    const notch = size(c, "notch", 0, w);
    const root = h === 0 ? 0 : dx1 + (dx2 * dy1 * 2) / h;
    return [
      [0, dy1],
      [w - dx1, dy1],
      [w - root, 0],
      [w - dx2, 0],
      [w, h / 2],
      [w - dx2, h],
      [w - root, h],
      [w - dx1, h - dy1],
      [0, h - dy1],
      [notch, h / 2],
    ];
  }),
  "mxgraph.arrows2.sharpArrow2": outline((c) => {
    const { w, h } = c;
    const dy1 = halfShare(c, "dy1", 0.5);
    const dy3 = halfShare(c, "dy3", 0.5);
    const dx1 = size(c, "dx1", 0.5, w);
    const dx2 = size(c, "dx2", 0.5, w);
    const dx3 = size(c, "dx3", 0.5, w);
    const notch = size(c, "notch", 0, w);
    return [
      [0, dy1],
      [w - dx1, dy1],
      [w - dx3, dy3],
      [w - dx2, 0],
      [w, h / 2],
      [w - dx2, h],
      [w - dx3, h - dy3],
      [w - dx1, h - dy1],
      [0, h - dy1],
      [notch, h / 2],
    ];
  }),
  // A box `notch` wide with an arrow leaving its right side.
  "mxgraph.arrows2.calloutArrow": outline((c) => {
    const { w, h } = c;
    const dy = size(c, "dy", 0.5, h);
    const dx = size(c, "dx", 0.5, w);
    const notch = size(c, "notch", 0, w);
    const arrowHead = size(c, "arrowHead", 0, h);
    const m = h / 2;
    return [
      [0, 0],
      [notch, 0],
      [notch, m - dy],
      ...head(w, m, dy, dx, arrowHead),
      [notch, m + dy],
      [notch, h],
      [0, h],
    ];
  }),
  // A box 2 × `notch` wide in the middle with arrows leaving both sides.
  "mxgraph.arrows2.calloutDoubleArrow": outline((c) => {
    const { w, h } = c;
    const dy = size(c, "dy", 0.5, h);
    const dx = size(c, "dx", 0.5, w);
    const notch = size(c, "notch", 0, w);
    const arrowHead = size(c, "arrowHead", 0, h);
    const [l, r, m] = [w / 2 - notch, w / 2 + notch, h / 2];
    return [
      [l, 0],
      [r, 0],
      [r, m - dy],
      ...head(w, m, dy, dx, arrowHead),
      [r, m + dy],
      [r, h],
      [l, h],
      [l, m + dy],
      ...head(w, m, dy, dx, arrowHead, true),
      [l, m - dy],
    ];
  }),
  // A cross whose four arms end in heads `dx` long.
  "mxgraph.arrows2.quadArrow": outline((c) => {
    const { w, h } = c;
    const dy = size(c, "dy", 0.5, h);
    const dx = size(c, "dx", 0.5, w);
    const a = size(c, "arrowHead", 0, h);
    const [cx, cy] = [w / 2, h / 2];
    return [
      [cx + dy, cy - dy],
      ...head(w, cy, dy, dx, a),
      [cx + dy, cy + dy],
      [cx + dy, h - dx],
      [cx + dy + a, h - dx],
      [cx, h],
      [cx - dy - a, h - dx],
      [cx - dy, h - dx],
      [cx - dy, cy + dy],
      ...head(w, cy, dy, dx, a, true),
      [cx - dy, cy - dy],
      [cx - dy, dx],
      [cx - dy - a, dx],
      [cx, 0],
      [cx + dy + a, dx],
      [cx + dy, dx],
    ];
  }),
  // A T: a two-way shaft along the bottom and a stem up to a head at the top.
  "mxgraph.arrows2.triadArrow": outline((c) => {
    const { w, h } = c;
    const dy = size(c, "dy", 0.5, h);
    const dx = size(c, "dx", 0.5, w);
    const a = size(c, "arrowHead", 0, h);
    const [l, r] = [w / 2 - a / 2, w / 2 + a / 2];
    return [
      [r - dy, h - a + dy],
      [w - dx, h - a + dy],
      [w - dx, h - a],
      [w, h - a / 2],
      [w - dx, h],
      [w - dx, h - dy],
      [dx, h - dy],
      [dx, h],
      [0, h - a / 2],
      [dx, h - a],
      [dx, h - a + dy],
      [l + dy, h - a + dy],
      [l + dy, dx],
      [l, dx],
      [w / 2, 0],
      [r, dx],
      [r - dy, dx],
    ];
  }),
  // A shaft from a wider tail `dx2` long, to a head `dx1` long and `arrowHead` taller.
  "mxgraph.arrows2.tailedArrow": outline((c) => {
    const { w, h } = c;
    const dy1 = size(c, "dy1", 10, h);
    const dx1 = size(c, "dx1", 20, w);
    const dy2 = size(c, "dy2", 30, h);
    const dx2 = size(c, "dx2", 25, w);
    const notch = size(c, "notch", 0, w);
    const a = size(c, "arrowHead", 0, h);
    const x2 = dy2 === 0 ? 0 : dx2 + (dy2 * (dy2 - dy1)) / dy2;
    const m = h / 2;
    return [
      [0, m - dy2],
      [dx2, m - dy2],
      [x2, m - dy1],
      ...head(w, m, dy1, dx1, a),
      [x2, m + dy1],
      [dx2, m + dy2],
      [0, m + dy2],
      [notch, m],
    ];
  }),
  // An arrow whose tail, `notch` long, is cut into two stripes.
  "mxgraph.arrows2.stripedArrow": (c) => {
    const { w, h } = c;
    const dy = halfShare(c, "dy", 0.5);
    const dx = size(c, "dx", 0.5, w);
    const notch = size(c, "notch", 0, w);
    const stripe = (from: number, to: number) =>
      [
        [from, h - dy],
        [to, h - dy],
        [to, dy],
        [from, dy],
      ] as [number, number][];
    const d = local(c)
      .poly([
        [notch, dy],
        [w - dx, dy],
        [w - dx, 0],
        [w, h / 2],
        [w - dx, h],
        [w - dx, h - dy],
        [notch, h - dy],
      ])
      .poly(stripe(0, notch * 0.16))
      .poly(stripe(notch * 0.32, notch * 0.8));
    return { svg: path(c, d) };
  },
};
