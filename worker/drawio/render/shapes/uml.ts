/**
 * UML shapes drawn in code (Shapes.js): actors, components and modules, lollipops, states,
 * lifelines, frames; and mxC4.js's person, the actor of C4 diagrams.
 */
import { painted } from "../paint.ts";
import { fmt, PathData } from "../svg.ts";
import { BASIC_SHAPES } from "./basic.ts";
import { BOX_SHAPES } from "./boxes.ts";
import {
  box,
  detail,
  ellipse,
  local,
  path,
  rectangle,
  type ShapeContext,
  type ShapeFn,
  type ShapeTable,
} from "./kit.ts";
import { UML_SEQUENCE_SHAPES } from "./uml-sequence.ts";

/**
 * A box with two jetties on its left side (Shapes.js's component and module): the body filled,
 * the jetties' inner halves stroked over it.
 */
function jettied(
  jettyWidth: number,
  jettyHeight: number,
  rows: (h: number, dy: number) => [number, number],
): ShapeFn {
  return (c) => {
    const dx = c.style.num("jettyWidth", jettyWidth);
    const dy = c.style.num("jettyHeight", jettyHeight);
    const x0 = dx / 2;
    const x1 = x0 + dx / 2;
    const [y0, y1] = rows(c.h, dy);
    const body = local(c).poly([
      [x0, 0],
      [c.w, 0],
      [c.w, c.h],
      [x0, c.h],
      [x0, y1 + dy],
      [0, y1 + dy],
      [0, y1],
      [x0, y1],
      [x0, y0 + dy],
      [0, y0 + dy],
      [0, y0],
      [x0, y0],
    ]);
    const jetties = local(c);
    for (const top of [y0, y1])
      jetties
        .move(x0, top)
        .line(x1, top)
        .line(x1, top + dy)
        .line(x0, top + dy);
    return { svg: path(c, body) + detail(c, jetties) };
  };
}

/** A filled circle inset 4 (at most a fifth of the box), ringed for the end state. */
const state =
  (ring: boolean): ShapeFn =>
  (c) => {
    const inset = Math.min(4, c.w / 5, c.h / 5);
    const dot = ellipse(c, c.x + inset, c.y + inset, c.w - 2 * inset, c.h - 2 * inset);
    const outer = ring ? ellipse(c, c.x, c.y, c.w, c.h, { ...c.paint, fill: "none" }, false) : "";
    return { svg: dot + outer };
  };

/** The dash of a lifeline: the style's pattern (3 3) scaled by the stroke width. */
function lifelineDash(c: ShapeContext): string {
  const scale = c.style.flag("fixDash") ? 1 : Math.max(1, c.style.num("strokeWidth", 1));
  return (c.style.get("dashPattern") ?? "3 3")
    .split(/\s+/)
    .map((n) => fmt(Number(n) * scale))
    .join(" ");
}

/** UML shapes drawn in code (Shapes.js), and the C4 person (mxC4.js). */
export const UML_SHAPES: ShapeTable = {
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
  component: jettied(32, 12, (h, dy) => [0.3 * h - dy / 2, 0.7 * h - dy / 2]),
  module: jettied(20, 10, (h, dy) => {
    const y0 = Math.min(dy, h - dy);
    return [y0, Math.min(y0 + 2 * dy, h - dy)];
  }),
  // A ball of `size` (10) on a stick down to the bottom edge.
  lollipop: (c) => {
    const sz = c.style.num("size", 10);
    const stick = local(c)
      .move(c.w / 2, sz)
      .line(c.w / 2, c.h);
    return { svg: ellipse(c, c.x + (c.w - sz) / 2, c.y, sz, sz) + detail(c, stick) };
  },
  startState: state(false),
  endState: state(true),
  // A header box `size` (40) high, or the `participant` shape there, over a dashed lifeline.
  umlLifeline: (c) => {
    const size = Math.max(0, Math.min(c.h, c.style.num("size", 40)));
    const header = { ...c, h: size };
    const participant = c.style.get("participant");
    const draw =
      (participant && participant !== "umlLifeline" && LIFELINE_HEADS[participant]) || rectangle;
    let svg = draw(header).svg;
    if (size < c.h) {
      const dashed = c.style.get("lifelineDashed") !== "0";
      const extra = { ...c.paint.extra };
      if (dashed) extra["stroke-dasharray"] = lifelineDash(c);
      else delete extra["stroke-dasharray"];
      const line = local(c)
        .move(c.w / 2, size)
        .line(c.w / 2, c.h);
      svg += path(c, line, { ...c.paint, fill: "none", extra }, false);
    }
    return { svg, labelBox: { x: c.x, y: c.y, width: c.w, height: size } };
  },
  // A frame with its name in a pentagon (`width` 60 × `height` 30) at the top left.
  umlFrame: (c) => {
    const corner = 10;
    const w0 = Math.min(c.w, Math.max(corner, c.style.num("width", 60)));
    const h0 = Math.min(c.h, Math.max(corner * 1.5, c.style.num("height", 30)));
    const lane = c.style.color("swimlaneFillColor");
    let svg = lane
      ? box(c, c.x, c.y, c.w, c.h, { fill: lane, stroke: "none", extra: {} }, false)
      : "";
    svg += path(
      c,
      local(c).poly([
        [0, 0],
        [w0, 0],
        [w0, Math.max(0, h0 - corner * 1.5)],
        [Math.max(0, w0 - corner), h0],
        [0, h0],
      ]),
    );
    svg += detail(
      c,
      local(c).poly(
        [
          [w0, 0],
          [c.w, 0],
          [c.w, c.h],
          [0, c.h],
          [0, h0],
        ],
        false,
      ),
    );
    const labelBox = {
      x: c.x,
      y: c.y,
      width: c.style.num("width", 60),
      height: c.style.num("height", 30),
    };
    return { svg, labelBox };
  },
  // Four inward-bowed sides (a network switch).
  switch: (c) => {
    const { w, h } = c;
    const d = local(c)
      .move(0, 0)
      .quad(w / 2, h / 2, w, 0)
      .quad(w / 2, h / 2, w, h)
      .quad(w / 2, h / 2, 0, h)
      .quad(w / 2, h / 2, 0, 0);
    return { svg: path(c, d) };
  },
  // A box whose right end is a half round `min(w, h / 2)` deep.
  delay: (c) => {
    const { w, h } = c;
    const dx = Math.min(w, h / 2);
    const d = local(c)
      .move(0, 0)
      .line(w - dx, 0)
      .quad(w, 0, w, h / 2)
      .quad(w, h, w - dx, h)
      .line(0, h)
      .close();
    return { svg: path(c, d) };
  },
};

/** The shapes a lifeline's `participant` may name for its header (Mermaid's database is a cylinder). */
const LIFELINE_HEADS: ShapeTable = {
  ...BASIC_SHAPES,
  ...BOX_SHAPES,
  ...UML_SHAPES,
  ...UML_SEQUENCE_SHAPES,
};
