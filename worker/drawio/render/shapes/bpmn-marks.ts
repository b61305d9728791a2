/**
 * The pieces BPMN shapes are drawn from: event outlines and symbols (message, timer, error…),
 * letters, and the frames they sit in.
 */
import type { Paint } from "../paint.ts";
import { fmt } from "../svg.ts";
import { ellipse, local, path, type ShapeContext } from "./kit.ts";

/** A box in absolute coordinates that a BPMN outline or symbol is drawn in. */
export interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Points = readonly (readonly [number, number])[];

/** How each event symbol sits in its circle: left, top, width, height as shares of the box. */
const SYMBOL_FRAMES: Readonly<Record<string, readonly [number, number, number, number]>> = {
  message: [0.15, 0.3, 0.7, 0.4],
  timer: [0.11, 0.11, 0.78, 0.78],
  escalation: [0.19, 0.15, 0.62, 0.57],
  conditional: [0.3, 0.16, 0.4, 0.68],
  link: [0.27, 0.33, 0.46, 0.34],
  error: [0.212, 0.243, 0.58, 0.507],
  cancel: [0.22, 0.22, 0.56, 0.56],
  compensation: [0.28, 0.35, 0.44, 0.3],
  signal: [0.19, 0.15, 0.62, 0.57],
  multiple: [0.2, 0.19, 0.6, 0.565],
  parallelMultiple: [0.2, 0.2, 0.6, 0.6],
  terminate: [0.05, 0.05, 0.9, 0.9],
  exclusiveGw: [0.12, 0, 0.76, 1],
};

const PLUS: Points = [
  [0.38, 0],
  [0.62, 0],
  [0.62, 0.38],
  [1, 0.38],
  [1, 0.62],
  [0.62, 0.62],
  [0.62, 1],
  [0.38, 1],
  [0.38, 0.62],
  [0, 0.62],
  [0, 0.38],
  [0.38, 0.38],
];

/** The symbols that are one polygon, in shares of their frame. */
const POLYGONS: Readonly<Record<string, Points>> = {
  escalation: [
    [0, 1],
    [0.5, 0],
    [1, 1],
    [0.5, 0.5],
  ],
  link: [
    [0, 0.76],
    [0, 0.24],
    [0.63, 0.24],
    [0.63, 0],
    [1, 0.5],
    [0.63, 1],
    [0.63, 0.76],
  ],
  error: [
    [0, 1],
    [0.3287, 0.123],
    [0.6194, 0.6342],
    [1, 0],
    [0.6625, 0.939],
    [0.3717, 0.5064],
  ],
  cancel: [
    [0.1051, 0],
    [0.5, 0.3738],
    [0.8909, 0],
    [1, 0.1054],
    [0.623, 0.5],
    [1, 0.8926],
    [0.8909, 1],
    [0.5, 0.6242],
    [0.1051, 1],
    [0, 0.8926],
    [0.373, 0.5],
    [0, 0.1054],
  ],
  signal: [
    [0, 1],
    [0.5, 0],
    [1, 1],
  ],
  multiple: [
    [0, 0.39],
    [0.5, 0],
    [1, 0.39],
    [0.815, 1],
    [0.185, 1],
  ],
  parallelMultiple: PLUS,
  exclusiveGw: [
    [0.105, 0],
    [0.5, 0.38],
    [0.895, 0],
    [1, 0.11],
    [0.6172, 0.5],
    [1, 0.89],
    [0.895, 1],
    [0.5, 0.62],
    [0.105, 1],
    [0, 0.89],
    [0.3808, 0.5],
    [0, 0.11],
  ],
  parallelGw: PLUS,
  complexGw: [
    [0, 0.44],
    [0.36, 0.44],
    [0.1, 0.18],
    [0.18, 0.1],
    [0.44, 0.36],
    [0.44, 0],
    [0.56, 0],
    [0.56, 0.36],
    [0.82, 0.1],
    [0.9, 0.18],
    [0.64, 0.44],
    [1, 0.44],
    [1, 0.56],
    [0.64, 0.56],
    [0.9, 0.82],
    [0.82, 0.9],
    [0.56, 0.64],
    [0.56, 1],
    [0.44, 1],
    [0.44, 0.64],
    [0.18, 0.9],
    [0.1, 0.82],
    [0.36, 0.56],
    [0, 0.56],
  ],
};

/** The clock's twelve ticks, each from the rim inwards, in shares of the timer's frame. */
const TICKS: Points = [
  [0.5, 0],
  [0.5, 0.0642],
  [0.7484, 0.0654],
  [0.7126, 0.1281],
  [0.93, 0.2471],
  [0.8673, 0.2854],
  [1, 0.5],
  [0.9338, 0.5],
  [0.93, 0.7509],
  [0.8673, 0.7126],
  [0.7484, 0.9326],
  [0.7126, 0.8699],
  [0.5, 0.9338],
  [0.5, 1],
  [0.2496, 0.9325],
  [0.2854, 0.8699],
  [0.068, 0.7509],
  [0.1307, 0.7126],
  [0, 0.5],
  [0.0642, 0.5],
  [0.068, 0.2471],
  [0.1307, 0.2854],
  [0.2496, 0.0654],
  [0.2854, 0.1281],
];

const at = (c: ShapeContext, f: Frame) => local({ ...c, x: f.x, y: f.y });

const polygonIn = (c: ShapeContext, f: Frame, pts: Points) =>
  at(c, f).poly(pts.map(([u, v]) => [u * f.w, v * f.h] as const));

const strokeOnly = (p: Paint): Paint => ({ ...p, fill: "none" });

/**
 * A letter: a box in `paint` and its flap stroked in `flapPaint` (message events, send tasks).
 *
 * @example
 * envelope(c, { x: 4, y: 4, w: 18, h: 13 }, c.paint, c.paint);
 */
export function envelope(c: ShapeContext, f: Frame, paint: Paint, flapPaint: Paint): string {
  const rect = at(c, f).poly([
    [0, 0],
    [f.w, 0],
    [f.w, f.h],
    [0, f.h],
  ]);
  const flap = at(c, f).poly(
    [
      [0, 0],
      [f.w / 2, f.h / 2],
      [f.w, 0],
    ],
    false,
  );
  return path(c, rect, paint, false) + path(c, flap, strokeOnly(flapPaint), false);
}

/** The stroke and fill of a symbol swapped: throwing and end events draw it solid. */
export const inverted = (p: Paint): Paint => ({ ...p, fill: p.stroke, stroke: p.fill });

/**
 * A BPMN event symbol in `box`, placed in its share of the box (mxBpmnShape2.js). `fillOnly`:
 * the event shapes fill an inverted polygon without stroking it.
 *
 * @example
 * eventSymbol(c, "timer", c, c.paint, false, false);
 */
export function eventSymbol(
  c: ShapeContext,
  name: string,
  box: Frame,
  paint: Paint,
  inverse: boolean,
  fillOnly: boolean,
): string {
  const share = SYMBOL_FRAMES[name] ?? [0, 0, 1, 1];
  const f: Frame = {
    x: box.x + box.w * share[0],
    y: box.y + box.h * share[1],
    w: box.w * share[2],
    h: box.h * share[3],
  };
  const own = (d: ReturnType<typeof at>, p = paint) => path(c, d, p, false);
  const polygon = POLYGONS[name];
  if (polygon) {
    const fillNow = inverse && fillOnly && name !== "exclusiveGw";
    return own(polygonIn(c, f, polygon), fillNow ? { ...paint, stroke: "none" } : paint);
  }
  if (name === "message") {
    const white = inverse && c.style.get("fillColor") === "none";
    return envelope(c, f, paint, white ? { ...paint, stroke: c.style.paint("#ffffff") } : paint);
  }
  if (name === "timer") {
    const hands = at(c, f);
    for (let i = 0; i < TICKS.length; i += 2) {
      const [a, b] = [TICKS[i], TICKS[i + 1]];
      if (a && b) hands.move(a[0] * f.w, a[1] * f.h).line(b[0] * f.w, b[1] * f.h);
    }
    hands
      .move(f.w * 0.5246, f.h * 0.0706)
      .line(f.w / 2, f.h / 2)
      .line(f.w * 0.7804, f.h * 0.5118);
    return ellipse(c, f.x, f.y, f.w, f.h, paint, false) + own(hands, strokeOnly(paint));
  }
  if (name === "conditional") {
    const lines = at(c, f);
    for (const v of [0.1027, 0.3669, 0.6311, 0.8953])
      lines.move(0, f.h * v).line(f.w * 0.798, f.h * v);
    const rect = at(c, f).poly([
      [0, 0],
      [f.w, 0],
      [f.w, f.h],
      [0, f.h],
    ]);
    return own(rect) + own(lines, strokeOnly(paint));
  }
  if (name === "compensation") {
    const d = at(c, f)
      .poly([
        [0, f.h / 2],
        [f.w / 2, 0],
        [f.w / 2, f.h],
      ])
      .move(f.w / 2, f.h / 2)
      .line(f.w, 0)
      .line(f.w, f.h)
      .close();
    return own(d, inverse && fillOnly ? { ...paint, stroke: "none" } : paint);
  }
  if (name === "terminate") return ellipse(c, f.x, f.y, f.w, f.h, paint, false);
  if (name === "star") {
    const s: Frame = { x: f.x + f.w / 5, y: f.y + f.h / 6, w: (f.w * 3) / 5, h: (f.h * 2) / 3 };
    const star: Points = [
      [0, 1 / 4],
      [1 / 3, 1 / 4],
      [1 / 2, 0],
      [2 / 3, 1 / 4],
      [1, 1 / 4],
      [5 / 6, 1 / 2],
      [1, 3 / 4],
      [2 / 3, 3 / 4],
      [1 / 2, 1],
      [1 / 3, 3 / 4],
      [0, 3 / 4],
      [1 / 6, 1 / 2],
    ];
    return own(polygonIn(c, s, star), { ...paint, fill: c.paint.stroke });
  }
  return "";
}

/**
 * A BPMN event outline (standard, interrupting, catching, boundary, throwing, end) in `f`; the
 * first circle casts the shadow.
 *
 * @example
 * eventOutline(c, "end", c, true);
 */
export function eventOutline(c: ShapeContext, name: string, f: Frame, shadow: boolean): string {
  const sw = c.style.num("strokeWidth", 1);
  const dashed = name === "eventNonint" || name === "boundNonint";
  const dash: Paint = dashed
    ? {
        ...c.paint,
        extra: { ...c.paint.extra, "stroke-dasharray": `${fmt(3 * sw)} ${fmt(3 * sw)}` },
      }
    : c.paint;
  if (
    name === "none" ||
    ![
      "standard",
      "eventInt",
      "eventNonint",
      "catching",
      "boundInt",
      "boundNonint",
      "throwing",
      "end",
    ].includes(name)
  )
    return "";
  const outer =
    name === "end" ? { ...dash, extra: { ...dash.extra, "stroke-width": fmt(sw * 3) } } : dash;
  let svg = ellipse(c, f.x, f.y, f.w, f.h, outer, shadow);
  if (name === "catching" || name === "boundInt" || name === "boundNonint")
    svg += ellipse(c, f.x + 2, f.y + 2, f.w - 4, f.h - 4, strokeOnly(dash), false);
  if (name === "throwing")
    svg += ellipse(
      c,
      f.x + f.w * 0.02 + 2,
      f.y + f.h * 0.02 + 2,
      f.w * 0.96 - 4,
      f.h * 0.96 - 4,
      strokeOnly(dash),
      false,
    );
  return svg;
}
