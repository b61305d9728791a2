/**
 * The mock-up library's charts drawn in code: the column chart and the pie chart.
 */
import { fmt } from "../svg.ts";
import { box, ellipse, local, path, type ShapeTable } from "./kit.ts";

/** The mock-up column chart's bars: left, top, and which of the two colours, in shares of the box. */
const BARS: readonly (readonly [number, number, 0 | 1])[] = [
  [0.2, 0.25, 0],
  [0.45, 0.4, 0],
  [0.7, 0.05, 0],
  [0.25, 0.15, 1],
  [0.5, 0.35, 1],
  [0.75, 0.2, 1],
];

/** mxMockupGraphics.js's charts: a fixed column chart and a pie of `parts`. */
export const CHART_SHAPES: ShapeTable = {
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
