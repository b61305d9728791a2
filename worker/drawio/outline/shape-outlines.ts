/**
 * The outlines of draw.io's own shapes (mxGraph's and those of draw.io's `Shapes.js`), each
 * written after the code that paints it.
 */
import type { OutlinePath } from "./path.ts";
import type { ResolvedStyle } from "./resolved-style.ts";

/**
 * Draws the outline of one shape kind into a `w` × `h` box at the origin.
 *
 * @example
 * const p = new OutlinePath();
 * CORE_SHAPES.rhombus?.(p, new ResolvedStyle("rhombus"), 120, 60);
 */
export type Draw = (p: OutlinePath, s: ResolvedStyle, w: number, h: number) => void;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** `addPoints`' corner size for shapes drawn as polygons (`arcSize` halved, default 20). */
const polygonArc = (s: ResolvedStyle) => s.number("arcSize", 20) / 2;

/**
 * mxRectangleShape, mxLabel, process: a rectangle, with `rounded` corners as SVG draws them.
 *
 * @example
 * rectangle(p, new ResolvedStyle("rounded=1;arcSize=12"), 120, 60); // corners of radius 7.2
 */
export const rectangle: Draw = (p, s, w, h) => {
  if (!s.flag("rounded")) return p.rect(0, 0, w, h);
  const r = s.flag("absoluteArcSize")
    ? Math.min(w / 2, h / 2, s.number("arcSize", 20) / 2)
    : Math.min(w, h) * (s.number("arcSize", 15) / 100);
  p.roundrect(0, 0, w, h, r);
};

/** A polygon with draw.io's optional rounded corners (`rounded=1`, `arcSize`). */
const polygon =
  (points: (s: ResolvedStyle, w: number, h: number) => Array<[number, number]>): Draw =>
  (p, s, w, h) =>
    p.polygon(
      points(s, w, h).map(([x, y]) => ({ x, y })),
      s.flag("rounded"),
      polygonArc(s),
      true,
    );

/**
 * A `size` inset: px with `fixedSize=1` (at most `fixedMax` × w), else a fraction of w (at most
 * `fractionMax`).
 */
function inset(
  s: ResolvedStyle,
  w: number,
  [fixed, fixedMax]: [number, number],
  [fraction, fractionMax]: [number, number],
): number {
  return s.isSet("fixedSize")
    ? clamp(s.number("size", fixed), 0, w * fixedMax)
    : w * clamp(s.number("size", fraction), 0, fractionMax);
}

/**
 * mxEllipse (and the outer ring of mxDoubleEllipse): the ellipse filling the box.
 *
 * @example
 * ellipse(p, new ResolvedStyle("ellipse"), 120, 60);
 */
export const ellipse: Draw = (p, _s, w, h) => p.ellipse(0, 0, w, h);

/**
 * draw.io's note: a folded top-right corner `size` px (default 30) deep.
 *
 * @example
 * note(p, new ResolvedStyle("shape=note;size=14"), 120, 60); // the fold runs (106, 0)–(120, 14)
 */
export const note: Draw = (p, s, w, h) => {
  const d = clamp(s.number("size", 30), 0, Math.min(w, h));
  p.polygon(
    [
      { x: 0, y: 0 },
      { x: w - d, y: 0 },
      { x: w, y: d },
      { x: w, y: h },
      { x: 0, y: h },
    ],
    false,
    0,
    true,
  );
};

/** mxActor: a bust (head and shoulders) of four cubic curves. */
const actor: Draw = (p, _s, w, h) => {
  const r = w / 3;
  p.moveTo(0, h);
  p.curveTo(0, (3 * h) / 5, 0, (2 * h) / 5, w / 2, (2 * h) / 5);
  p.curveTo(w / 2 - r, (2 * h) / 5, w / 2 - r, 0, w / 2, 0);
  p.curveTo(w / 2 + r, 0, w / 2 + r, (2 * h) / 5, w / 2, (2 * h) / 5);
  p.curveTo(w, (2 * h) / 5, w, (3 * h) / 5, w, h);
  p.close();
};

/** mxCloud: six cubic lobes. */
const cloud: Draw = (p, _s, w, h) => {
  p.moveTo(0.25 * w, 0.25 * h);
  p.curveTo(0.05 * w, 0.25 * h, 0, 0.5 * h, 0.16 * w, 0.55 * h);
  p.curveTo(0, 0.66 * h, 0.18 * w, 0.9 * h, 0.31 * w, 0.8 * h);
  p.curveTo(0.4 * w, h, 0.7 * w, h, 0.8 * w, 0.8 * h);
  p.curveTo(w, 0.8 * h, w, 0.6 * h, 0.875 * w, 0.5 * h);
  p.curveTo(w, 0.3 * h, 0.8 * w, 0.1 * h, 0.625 * w, 0.2 * h);
  p.curveTo(0.5 * w, 0.05 * h, 0.3 * w, 0.05 * h, 0.25 * w, 0.25 * h);
  p.close();
};

/** mxCylinder: cubic lids `dy` deep (`size` × h when given, else h/5 rounded, at most 40). */
const cylinder: Draw = (p, s, w, h) => {
  const size = s.get("size");
  const dy =
    size === undefined ? Math.min(40, Math.round(h / 5)) : h * clamp(s.number("size", 0), 0, 1);
  p.moveTo(0, dy);
  p.curveTo(0, -dy / 3, w, -dy / 3, w, dy);
  p.lineTo(w, h - dy);
  p.curveTo(w, h + dy / 3, 0, h + dy / 3, 0, h - dy);
  p.close();
};

/** draw.io's cylinder3: elliptic lids of half-height `size` px (a dish when `lid=0`). */
const cylinder3: Draw = (p, s, w, h) => {
  const size = clamp(s.number("size", 15), 0, h / 2);
  if (size === 0) return p.rect(0, 0, w, h);
  const rx = w / 2;
  if (s.isSet("lid", "1")) {
    p.moveTo(0, size);
    p.arcTo(rx, size, 0, false, true, rx, 0);
    p.arcTo(rx, size, 0, false, true, w, size);
  } else {
    p.moveTo(0, 0);
    p.arcTo(rx, size, 0, false, false, rx, size);
    p.arcTo(rx, size, 0, false, false, w, 0);
  }
  p.lineTo(w, h - size);
  p.arcTo(rx, size, 0, false, true, rx, h);
  p.arcTo(rx, size, 0, false, true, 0, h - size);
  p.close();
};

/** draw.io's document: a wave of two quadratic curves across the bottom, `size` × h tall. */
const documentShape: Draw = (p, s, w, h) => {
  const dy = h * clamp(s.number("size", 0.3), 0, 1);
  p.moveTo(0, 0);
  p.lineTo(w, 0);
  p.lineTo(w, h - dy / 2);
  p.quadTo((w * 3) / 4, h - dy * 1.4, w / 2, h - dy / 2);
  p.quadTo(w / 4, h + dy * 0.4, 0, h - dy / 2);
  p.lineTo(0, dy / 2);
  p.close();
};

/** draw.io's umlActor: a stick figure (head, spine, arms, legs); the lines are strokes. */
const umlActor: Draw = (p, _s, w, h) => {
  p.ellipse(w / 4, 0, w / 2, h / 4);
  p.moveTo(w / 2, h / 4);
  p.lineTo(w / 2, (2 * h) / 3);
  p.moveTo(0, h / 3);
  p.lineTo(w, h / 3);
  p.moveTo(w / 2, (2 * h) / 3);
  p.lineTo(0, h);
  p.moveTo(w / 2, (2 * h) / 3);
  p.lineTo(w, h);
};

/** mxSwimlane: a box, or with `rounded=1` quadratic corners sized from the title bar. */
const swimlane: Draw = (p, s, w, h) => {
  if (!s.flag("rounded")) return p.rect(0, 0, w, h);
  const horizontal = s.number("horizontal", 1) === 1;
  const title = Math.min(s.number("startSize", 40), horizontal ? h : w);
  const arc = s.flag("absoluteArcSize")
    ? Math.min(w / 2, h / 2, s.number("arcSize", 20) / 2)
    : title * (s.number("arcSize", 15) / 100) * 3;
  const r = Math.min((horizontal ? h : w) - title, Math.min(title, arc));
  const rx = horizontal ? Math.min(w / 2, r) : r;
  const ry = horizontal ? r : Math.min(h / 2, r);
  p.moveTo(0, ry);
  p.quadTo(0, 0, rx, 0);
  p.lineTo(w - rx, 0);
  p.quadTo(w, 0, w, ry);
  p.lineTo(w, h - ry);
  p.quadTo(w, h, w - rx, h);
  p.lineTo(rx, h);
  p.quadTo(0, h, 0, h - ry);
  p.close();
};

/**
 * draw.io's own shapes by name (the `shape` value, after named styles are applied).
 *
 * @example
 * const p = new OutlinePath();
 * CORE_SHAPES.cylinder3?.(p, new ResolvedStyle("shape=cylinder3;size=10"), 120, 60);
 * p.segments.map((s) => s.kind); // arc, arc, line, arc, arc, line: lid, wall, bottom, wall
 */
export const CORE_SHAPES: Readonly<Record<string, Draw>> = {
  ellipse,
  doubleEllipse: ellipse,
  rhombus: polygon((_s, w, h) => [
    [w / 2, 0],
    [w, h / 2],
    [w / 2, h],
    [0, h / 2],
  ]),
  triangle: polygon((_s, w, h) => [
    [0, 0],
    [w, h / 2],
    [0, h],
  ]),
  hexagon: polygon((s, w, h) => {
    const d = inset(s, w, [20, 0.5], [0.25, 1]);
    return [
      [d, 0],
      [w - d, 0],
      [w, h / 2],
      [w - d, h],
      [d, h],
      [0, h / 2],
    ];
  }),
  parallelogram: polygon((s, w, h) => {
    const d = inset(s, w, [20, 1], [0.2, 1]);
    return [
      [0, h],
      [d, 0],
      [w, 0],
      [w - d, h],
    ];
  }),
  trapezoid: polygon((s, w, h) => {
    const d = inset(s, w, [20, 0.5], [0.2, 0.5]);
    return [
      [0, h],
      [d, 0],
      [w - d, 0],
      [w, h],
    ];
  }),
  step: polygon((s, w, h) => {
    const d = inset(s, w, [20, 1], [0.2, 1]);
    return [
      [0, 0],
      [w - d, 0],
      [w, h / 2],
      [w - d, h],
      [0, h],
      [d, h / 2],
    ];
  }),
  card: polygon((s, w, h) => {
    const d = clamp(s.number("size", 30), 0, Math.min(w, h));
    return [
      [d, 0],
      [w, 0],
      [w, h],
      [0, h],
      [0, d],
    ];
  }),
  note,
  actor,
  cloud,
  cylinder,
  cylinder3,
  document: documentShape,
  umlActor,
  swimlane,
  image: (p, _s, w, h) => p.rect(0, 0, w, h),
};

/**
 * Shapes drawn as mxRectangleShape (or a subclass that keeps its background): `rounded=1`
 * rounds their corners. draw.io also draws a shape name it does not know this way.
 *
 * @example
 * BOXES.has("process"); // true
 */
export const BOXES: ReadonlySet<string> = new Set([
  "label",
  "rectangle",
  "process",
  "process2",
  "ext",
]);
