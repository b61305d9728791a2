/**
 * Charts drawn in code: the mock-up library's column chart and pie chart, and the basic
 * library's pie slice (what a Mermaid pie chart is made of).
 */
import { fmt } from "../svg.ts";
import { box, clamp, ellipse, local, path, type ShapeContext, type ShapeTable } from "./kit.ts";

/** The mock-up column chart's bars: left, top, and which of the two colours, in shares of the box. */
const BARS: readonly (readonly [number, number, 0 | 1])[] = [
  [0.2, 0.25, 0],
  [0.45, 0.4, 0],
  [0.7, 0.05, 0],
  [0.25, 0.15, 1],
  [0.5, 0.35, 1],
  [0.75, 0.2, 1],
];

/**
 * mxBasic.js's pie slice: from the centre out to `startAngle` (0.25) and clockwise round the
 * rim to `endAngle` (0.75), both fractions of a turn from twelve o'clock. The rim is cubic
 * curves of at most a quarter turn each, as draw.io's canvas writes its arcs (an SVG arc
 * rasterises a pixel apart); a slice whose ends meet is its radius alone, as in draw.io.
 */
function pieSlice(c: ShapeContext): string {
  const { w, h } = c;
  const rx = w / 2;
  const ry = h / 2;
  const start = clamp(c.style.num("startAngle", 0.25), 0, 1);
  const end = clamp(c.style.num("endAngle", 0.75), 0, 1);
  const at = (a: number): [number, number] => [rx + Math.sin(a) * rx, ry - Math.cos(a) * ry];
  const tangent = (a: number): [number, number] => [rx * Math.cos(a), ry * Math.sin(a)];
  const from = 2 * Math.PI * start;
  let turn = (end - start) % 1;
  if (turn < 0) turn += 1;
  const sweep = 2 * Math.PI * turn;
  const d = local(c)
    .move(rx, ry)
    .line(...at(from));
  const parts = Math.ceil(sweep / (Math.PI / 2) - 1e-9);
  const step = sweep / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  for (let i = 0; i < parts; i++) {
    const [a0, a1] = [from + i * step, from + (i + 1) * step];
    const [x0, y0] = at(a0);
    const [x1, y1] = at(a1);
    const [dx0, dy0] = tangent(a0);
    const [dx1, dy1] = tangent(a1);
    d.curve(x0 + k * dx0, y0 + k * dy0, x1 - k * dx1, y1 - k * dy1, x1, y1);
  }
  return path(c, d.close());
}

/** Charts drawn in code: the mock-ups' column chart and pie of `parts`, the basic pie slice. */
export const CHART_SHAPES: ShapeTable = {
  "mxgraph.basic.pie": (c) => ({ svg: pieSlice(c) }),
  // Six fixed bars in `fillColor2` and `fillColor3` over the box, and axes in `strokeColor3`.
  "mxgraph.mockup.graphics.columnChart": (c) => {
    const { w, h } = c;
    const fills = [
      c.style.color("fillColor2") ?? "#008cff",
      c.style.color("fillColor3") ?? "#dddddd",
    ];
    const stroke = c.style.color("strokeColor2") ?? "none";
    // A filled background takes the shadow; without one the bars keep it.
    const shadow = c.shadow && c.paint.fill === "none";
    let svg = box(c, c.x, c.y, w, h);
    for (const [left, top, colour] of BARS) {
      const paint = { ...c.paint, fill: fills[colour] ?? "none", stroke };
      svg += box(c, c.x + w * left, c.y + h * top, w * 0.05, h * (1 - top), paint, shadow);
    }
    const axes = local(c).poly(
      [
        [0, 0],
        [0, h],
        [w, h],
      ],
      false,
    );
    const width = fmt(2 * c.style.num("strokeWidth", 1));
    const axisPaint = {
      fill: "none",
      stroke: c.style.color("strokeColor3") ?? "#666666",
      extra: { "stroke-width": width },
    };
    return { svg: svg + path(c, axes, axisPaint, false) };
  },
  // A pie of `parts` (10,20,30) running counter-clockwise from the top, in `partColors`.
  "mxgraph.mockup.graphics.pieChart": (c) => {
    const { w, h } = c;
    const parts = (c.style.get("parts") ?? "10,20,30")
      .split(",")
      .map((p) => Number.parseInt(p, 10));
    const colours = (c.style.get("partColors") ?? "#333333,#666666,#999999").split(",");
    const total = parts.reduce((a, b) => a + b, 0);
    const at = (share: number): [number, number] => [
      w / 2 - (w / 2) * Math.sin(2 * Math.PI * share),
      h / 2 - (h / 2) * Math.cos(2 * Math.PI * share),
    ];
    let svg = ellipse(c, c.x, c.y, w, h);
    let begin = 0;
    for (const [i, part] of parts.entries()) {
      // draw.io nudges an exact half so that its arc's ends are not opposite (ambiguous).
      const share = part / total === 0.5 ? 0.501 : part / total;
      const end = begin + share;
      const slice = local(c)
        .move(w / 2, h / 2)
        .line(...at(end))
        .arc(w / 2, h / 2, 0, share >= 0.5, true, ...at(begin))
        .close();
      svg += path(c, slice, { ...c.paint, fill: colours[i] ?? "#ff0000" }, false);
      begin += part / total;
    }
    return { svg };
  },
};
