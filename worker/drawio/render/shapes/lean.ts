/** mxLeanMap.js's value-stream-mapping shapes drawn in code (`mxgraph.lean_mapping.*`). */
import { box, detail, local, path, rectangle, type ShapeTable } from "./kit.ts";

/** The six corners of the timeline: `dxN`/`dyN` place corner N low (dy > 0.5) or high. */
const TIMELINE_STEPS = [2, 3, 4, 5, 6] as const;

/** mxLeanMap.js's value-stream-mapping shapes drawn in code (`mxgraph.lean_mapping.*`). */
export const LEAN_SHAPES: ShapeTable = {
  // A box open at the bottom edge (filled, not stroked there) ruled in five rows.
  "mxgraph.lean_mapping.data_box": (c) => {
    const { w, h } = c;
    const outline = local(c).poly(
      [
        [0, h],
        [0, 0],
        [w, 0],
        [w, h],
      ],
      false,
    );
    const rules = local(c);
    for (const f of [0.2, 0.4, 0.6, 0.8]) rules.move(0, h * f).line(w, h * f);
    return { svg: path(c, outline) + detail(c, rules) };
  },
  // A factory: a sawtooth roof of three teeth over a box.
  "mxgraph.lean_mapping.outside_sources": (c) => {
    const { w, h } = c;
    const d = local(c).poly([
      [0, h],
      [0, h * 0.3],
      [w * 0.33, h * 0.02],
      [w * 0.33, h * 0.3],
      [w * 0.67, h * 0.02],
      [w * 0.67, h * 0.3],
      [w, h * 0.02],
      [w, h],
    ]);
    return { svg: path(c, d) };
  },
  // A box with a title bar one and a half font sizes (8) high.
  "mxgraph.lean_mapping.manufacturing_process": (c) => {
    const bar = Math.min(c.style.num("fontSize", 8) * 1.5, c.h);
    return {
      svg: box(c, c.x, c.y, c.w, c.h) + detail(c, local(c).move(0, bar).line(c.w, bar)),
    };
  },
  // A warning triangle with an "I" in it.
  "mxgraph.lean_mapping.inventory_box": (c) => {
    const { w, h } = c;
    const triangle = local(c).poly([
      [0, h],
      [w / 2, 0],
      [w, h],
    ]);
    const letter = local(c)
      .move(w * 0.4, h * 0.45)
      .line(w * 0.6, h * 0.45)
      .move(w * 0.5, h * 0.45)
      .line(w * 0.5, h * 0.85)
      .move(w * 0.4, h * 0.85)
      .line(w * 0.6, h * 0.85);
    return { svg: path(c, triangle) + detail(c, letter) };
  },
  // A striped arrow: three bars and the head filled with the stroke colour.
  "mxgraph.lean_mapping.push_arrow": (c) => {
    const { w, h } = c;
    const head: [number, number][] = [
      [w * 0.75, h * 0.17],
      [w * 0.75, 0],
      [w, h / 2],
      [w * 0.75, h],
      [w * 0.75, h * 0.83],
    ];
    const body = local(c).poly([[0, h * 0.17], ...head, [0, h * 0.83]]);
    const ink = { fill: c.paint.stroke, stroke: "none", extra: {} };
    let svg = path(c, body);
    for (const f of [0, 0.24, 0.48])
      svg += box(c, c.x + w * f, c.y + h * 0.17, w * 0.12, h * 0.66, ink, false);
    const tip = local(c).poly([[w * 0.72, h * 0.17], ...head, [w * 0.72, h * 0.83]]);
    return { svg: svg + path(c, tip, ink, false) };
  },
  // Almost a full circle, open at the lower right where a small arrowhead points.
  "mxgraph.lean_mapping.physical_pull": (c) => {
    const { w, h } = c;
    const ring = local(c)
      .move(w * 0.732, h * 0.0736)
      .arc(w * 0.4827, h * 0.4959, 0, true, false, w * 0.9553, h * 0.6191);
    const head = local(c).poly([
      [w * 0.9071, h * 0.6191],
      [w * 0.9794, h * 0.4951],
      [w, h * 0.6438],
    ]);
    return { svg: detail(c, ring) + path(c, head, c.paint, false) };
  },
  "mxgraph.lean_mapping.schedule": rectangle,
  // A square wave along the top and bottom edges, only stroked.
  "mxgraph.lean_mapping.timeline2": (c) => {
    const { w, h } = c;
    const low = (n: number) => c.style.num(`dy${n}`, 0) > 0.5;
    let down = low(1);
    const d = local(c).move(0, down ? h : 0);
    for (const n of TIMELINE_STEPS) {
      const x = n === 6 ? w : c.style.num(`dx${n}`, 0);
      const next = low(n);
      // A change of level draws the riser first, at the new corner's x.
      if (next !== down) d.line(x, down ? h : 0);
      d.line(x, next ? h : 0);
      down = next;
    }
    return { svg: detail(c, d) };
  },
};
