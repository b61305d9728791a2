/**
 * Shapes of draw.io's smaller libraries drawn in code: mock-ups, EIP, infographics, iOS, basic
 * callouts and arcs.
 */
import { painted } from "../paint.ts";
import { element, esc, fmt } from "../svg.ts";
import {
  box,
  clamp,
  detail,
  ellipse,
  gradient,
  local,
  path,
  type ShapeContext,
  type ShapeTable,
  shade,
} from "./kit.ts";

/** A box with both diagonals, the mock-ups' placeholder for a picture. */
function crossedBox(c: ShapeContext, x: number, y: number, w: number, h: number): string {
  const cross = local({ ...c, x, y })
    .move(0, 0)
    .line(w, h)
    .move(w, 0)
    .line(0, h);
  return box(c, x, y, w, h) + detail(c, cross);
}

/** A ring around (cx, cy) of radius r, as four arcs drawn the other way round (a hole). */
function ring(d: ReturnType<typeof local>, cx: number, cy: number, r: number) {
  return d
    .move(cx, cy - r)
    .arc(r, r, 0, false, false, cx - r, cy)
    .arc(r, r, 0, false, false, cx, cy + r)
    .arc(r, r, 0, false, false, cx + r, cy)
    .arc(r, r, 0, false, false, cx, cy - r)
    .close();
}

/** Code-drawn shapes of draw.io's smaller libraries: mock-ups, EIP, infographics, basic. */
export const LIBRARY_SHAPES: ShapeTable = {
  // A map pin: a grey needle under a glossy head shaded from `fillColor2` to `fillColor3`.
  "mxgraph.ios.iPin": (c) => {
    const { w, h } = c;
    const needle = local(c)
      .move(w / 2, h * 0.4)
      .line(w / 2, h);
    const grey = { fill: "none", stroke: "#666666", extra: { "stroke-width": "1.5" } };
    const top = c.style.color("fillColor2") ?? "#000000";
    const bottom = c.style.color("fillColor3") ?? "#000000";
    const head = {
      fill: gradient(c, top, bottom),
      stroke: c.paint.stroke,
      extra: { "fill-opacity": "0.9", "stroke-opacity": "0.9" },
    };
    return {
      svg:
        path(c, needle, grey, false) +
        ellipse(c, c.x, c.y, w, h * 0.4, head, false) +
        ellipse(c, c.x + w * 0.2, c.y + h * 0.08, w * 0.3, h * 0.12, shade("#ffffff", 0.5), false),
    };
  },
  // A grey pipe 20 high across the middle with a lighter open end on the right.
  "mxgraph.eip.messageChannel": (c) => {
    const { w, h } = c;
    const pipe = local(c)
      .move(8, h / 2 + 10)
      .arc(12, 12, 0, false, true, 8, h / 2 - 10)
      .line(w - 8, h / 2 - 10)
      .arc(12, 12, 0, false, true, w - 8, h / 2 + 10)
      .close();
    const end = local(c)
      .move(w - 8, h / 2 - 10)
      .arc(12, 12, 0, false, true, w - 8, h / 2 + 10)
      .arc(12, 12, 0, false, true, w - 8, h / 2 - 10);
    return {
      svg:
        path(c, pipe, { ...c.paint, fill: gradient(c, "#e6e6e6", "#808080") }) +
        path(c, end, { ...c.paint, fill: "#e6e6e6" }, false),
    };
  },
  // A ring on a stem ending in a small ring, all in the stroke colour; the holes in `fillColor`.
  "mxgraph.infographic.circularCallout2": (c) => {
    const { w, h } = c;
    const rx = Math.max(0, Math.min(w / 2, h * 0.4, h / 2 - 7));
    const small = Math.max(rx * 0.1, 6);
    const mid = w / 2;
    const long = rx * 0.04 > 4;
    const d = local(c)
      .move(mid - 2, 2.15 * rx)
      .arc(rx * 0.23, rx * 0.23, 0, false, false, mid - rx * 0.2, rx * 1.97)
      .arc(rx, rx, 0, false, true, mid - rx, rx)
      .arc(rx, rx, 0, false, true, mid, 0)
      .arc(rx, rx, 0, false, true, mid + rx, rx)
      .arc(rx, rx, 0, false, true, mid + rx * 0.2, rx * 1.97)
      .arc(rx * 0.23, rx * 0.23, 0, false, false, mid + 2, 2.15 * rx);
    if (long)
      d.line(mid + 2, h - rx * 0.22).arc(
        rx * 0.05,
        rx * 0.05,
        0,
        false,
        false,
        mid + rx * 0.04,
        h - rx * 0.19,
      );
    else d.line(mid + 2, h - 2 * small);
    d.arc(small, small, 0, false, true, mid + small, h - small)
      .arc(small, small, 0, false, true, mid, h)
      .arc(small, small, 0, false, true, mid - small, h - small);
    if (long)
      d.arc(small, small, 0, false, true, mid - rx * 0.04, h - rx * 0.19).arc(
        small / 2,
        small / 2,
        0,
        false,
        false,
        mid - 2,
        h - rx * 0.22,
      );
    else d.arc(small, small, 0, false, true, mid - 2, h - 2 * small);
    d.close();
    const holes = (p: ReturnType<typeof local>) =>
      ring(ring(p, mid, rx, rx * 0.8), mid, h - small, small * 0.75);
    const ink = { fill: c.paint.stroke, stroke: "none", extra: {} };
    const inner = { fill: c.paint.fill, stroke: "none", extra: {} };
    return {
      svg:
        path(c, holes(d), ink) +
        (c.paint.fill === "none" ? "" : path(c, holes(local(c)), inner, false)),
    };
  },
  // An isometric cube `isoAngle` (15) steep: the right face darkened, the left one lightened.
  "mxgraph.infographic.shadedCube": (c) => {
    const { w, h } = c;
    const angle = (clamp(c.style.num("isoAngle", 15), 0.01, 94) * Math.PI) / 200;
    const iso = Math.min(w * Math.tan(angle), h / 2);
    const body = local(c).poly([
      [w / 2, 0],
      [w, iso],
      [w, h - iso],
      [w / 2, h],
      [0, h - iso],
      [0, iso],
    ]);
    const face = (edge: number) =>
      local(c).poly([
        [w / 2, 2 * iso],
        [edge, iso],
        [edge, h - iso],
        [w / 2, h],
      ]);
    return {
      svg:
        path(c, body) +
        path(c, face(w), shade("#000000", 0.2), false) +
        path(c, face(0), shade("#ffffff", 0.2), false),
    };
  },
  // A banner with a notch `notch1` cut into its left end and a point `notch2` long on its right.
  "mxgraph.infographic.ribbonSimple": (c) => {
    const { w, h } = c;
    const notch = clamp(c.style.num("notch1", 0.5), 0, w);
    const spike = clamp(c.style.num("notch2", 0.5), 0, w);
    const d = local(c).poly([
      [0, h],
      [notch, h / 2],
      [0, 0],
      [w - spike, 0],
      [w, h / 2],
      [w - spike, h],
    ]);
    return { svg: path(c, d) };
  },
  // A rounded box (corner `size`) over a curved tail `dy` high at `dx` along the bottom.
  "mxgraph.basic.roundRectCallout": (c) => {
    const { w, h } = c;
    const dy = clamp(c.style.num("dy", 0.5), 0, h);
    const r = Math.min((h - dy) / 2, w / 2, clamp(c.style.num("size", 10), 0, h));
    const dx = Math.min(w - r - dy / 2, Math.max(r + dy / 2, clamp(c.style.num("dx", 0.5), 0, w)));
    const base = h - dy;
    const d = local(c)
      .move(dx - dy / 2, base)
      .line(r, base)
      .arc(r, r, 0, false, true, 0, base - r)
      .line(0, r)
      .arc(r, r, 0, false, true, r, 0)
      .line(w - r, 0)
      .arc(r, r, 0, false, true, w, r)
      .line(w, base - r)
      .arc(r, r, 0, false, true, w - r, base)
      .line(dx + dy / 2, base)
      .arc(1.9 * dy, 1.4 * dy, 0, false, true, dx - dy, h)
      .arc(0.9 * dy, 1.4 * dy, 0, false, false, dx - dy / 2, base)
      .close();
    const labelBox = c.style.flag("boundedLbl")
      ? { x: c.x, y: c.y, width: w, height: h - c.style.num("dy", 0.5) }
      : undefined;
    return { svg: path(c, d), ...(labelBox ? { labelBox } : {}) };
  },
  // An open arc of the ellipse from `startAngle` to `endAngle` (turns clockwise from the top).
  "mxgraph.basic.arc": (c) => {
    const { w, h } = c;
    const from = clamp(c.style.num("startAngle", 0.25), 0, 1);
    const to = clamp(c.style.num("endAngle", 0.75), 0, 1);
    const rx = w / 2;
    const ry = h / 2;
    const at = (turns: number) => {
      const a = 2 * Math.PI * turns;
      return [rx + Math.sin(a) * rx, ry - Math.cos(a) * ry] as const;
    };
    const [sx, sy] = at(from);
    const d = local(c).move(sx, sy);
    // A half turn from a pole needs two arcs: one arc's ends would be ambiguous.
    if (from % 1 === 0 && to % 1 === 0.5)
      d.arc(rx, ry, 0, false, true, w, ry).arc(rx, ry, 0, false, true, rx, h);
    else if (from % 1 === 0.5 && to % 1 === 0)
      d.arc(rx, ry, 0, false, true, 0, ry).arc(rx, ry, 0, false, true, rx, 0);
    else {
      let turn = 2 * Math.PI * (to - from);
      if (turn < 0) turn += 2 * Math.PI;
      d.arc(rx, ry, 0, turn > Math.PI, true, ...at(to));
    }
    return { svg: detail(c, d) };
  },
  // `gridSize` (3,3) crossed boxes with half a box between them.
  "mxgraph.mockup.graphics.iconGrid": (c) => {
    const [cols, rows] = (c.style.get("gridSize") ?? "3,3")
      .split(",")
      .map((n) => Number.parseInt(n, 10) || 0);
    const nx = cols ?? 0;
    const ny = rows ?? 0;
    const bw = c.w / (nx + (nx - 1) * 0.5);
    const bh = c.h / (ny + (ny - 1) * 0.5);
    let svg = "";
    for (let i = 0; i < nx; i++)
      for (let j = 0; j < ny; j++)
        svg += crossedBox(c, c.x + bw * 1.5 * i, c.y + bh * 1.5 * j, bw, bh);
    return { svg };
  },
  "mxgraph.mockup.graphics.simpleIcon": (c) => ({ svg: crossedBox(c, c.x, c.y, c.w, c.h) }),
  // A brace lying along the middle: two rounded ends and a point up in the centre.
  "mxgraph.mockup.markup.curlyBrace": (c) => {
    const { w, h } = c;
    const mid = h / 2;
    const r = Math.min(w * 0.125, mid);
    const d = local(c)
      .move(0, mid + r)
      .arc(r, r, 0, false, true, r, mid)
      .line(w / 2 - r, mid)
      .arc(r, r, 0, false, false, w / 2, mid - r)
      .arc(r, r, 0, false, false, w / 2 + r, mid)
      .line(w - r, mid)
      .arc(r, r, 0, false, true, w, mid + r);
    return { svg: detail(c, d) };
  },
  // Two boxes with corners of 1, the back one 8 down and right of the front one.
  "mxgraph.gcp2.doubleRect": (c) => {
    const corner = (x: number, y: number) =>
      painted(
        "rect",
        { x, y, width: c.w - 8, height: c.h - 8, rx: 1, ry: 1 },
        c.paint,
        c.shadow,
        c.transform,
      );
    return { svg: corner(c.x + 8, c.y + 8) + corner(c.x, c.y) };
  },
  // A rack's cable duct: a box with a pair of small slots every 33 across its top.
  "mxgraph.rackGeneral.horCableDuct": (c) => {
    const across = Math.floor((c.w - 20) / 33);
    let left = 10 + Math.floor((c.w - 20 - across * 33) / 2);
    const outline = { ...c.paint, fill: "none" };
    let svg = box(c, c.x, c.y, c.w, c.h);
    for (let i = 0; across > 0 && i <= across; i++, left += 33)
      svg +=
        box(c, c.x + left, c.y, 3, 7, outline, false) +
        box(c, c.x + left, c.y + 7, 3, 7.8, outline, false);
    return { svg };
  },
  // A field with a grey hint (`mainText`, "Search") and a magnifier in `strokeColor2` at the right.
  "mxgraph.mockup.forms.searchBox": (c) => {
    const { w, h } = c;
    const text = c.style.get("mainText") ?? "Search";
    const size = c.style.num("textSize", 17);
    const lens = { fill: "none", stroke: c.style.color("strokeColor2") ?? "#008cff", extra: {} };
    const handle = local(c)
      .move(w - 19, h / 2 + 9)
      .line(w - 13, h / 2 + 1);
    let svg = box(c, c.x, c.y, w, h);
    if (text)
      svg += element(
        "text",
        {
          // draw.io writes this as plain SVG text, middle-aligned as its non-HTML labels are.
          x: c.x + 4.5,
          y: c.y + h / 2 + size / 2 - 1.5,
          fill: c.style.color("textColor") ?? "#666666",
          "font-family": "Arial,Helvetica",
          "font-size": `${fmt(size)}px`,
          transform: c.transform,
        },
        esc(text),
      );
    svg +=
      ellipse(c, c.x + w - 15, c.y + h / 2 - 8, 10, 10, lens, false) + path(c, handle, lens, false);
    return { svg };
  },
};
