import { describe, expect, it } from "vitest";
import { nodeStyle } from "../../../../worker/drawio/layout/themes.ts";
import type { Point, Rect } from "../../../../worker/drawio/model/cell.ts";
import {
  constraintFor,
  outlinePoint,
  outlineSpans,
  type Side,
} from "../../../../worker/drawio/outline/index.ts";
import { ResolvedStyle } from "../../../../worker/drawio/outline/resolved-style.ts";

const BOX: Rect = { x: 0, y: 0, width: 120, height: 60 };
/** The same box somewhere else, to catch anything that forgets the offset. */
const AWAY: Rect = { x: 300, y: 200, width: 120, height: 60 };

function near(actual: Point, x: number, y: number, digits = 9): void {
  expect(actual.x).toBeCloseTo(x, digits);
  expect(actual.y).toBeCloseTo(y, digits);
}

const at = (style: string, side: Side, along: number, rect: Rect = BOX) =>
  outlinePoint(style, rect, side, along);

describe("outlinePoint: boxes", () => {
  it("is the box for rectangles, text, images, swimlanes and unknown shapes", () => {
    for (const style of [
      "whiteSpace=wrap;html=1;",
      "text;strokeColor=none;fillColor=none;",
      "image;image=img/lib/azure2/compute/Function_Apps.svg;",
      "swimlane;startSize=30;",
      "shape=process;",
      "shape=noSuchShape;",
      "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;",
      "shape=mxgraph.aws4.lambda_function;",
      undefined,
    ]) {
      near(outlinePoint(style, AWAY, "top", 310), 310, 200);
      near(outlinePoint(style, AWAY, "right", 201), 420, 201);
      near(outlinePoint(style, AWAY, "bottom", 419), 419, 260);
      near(outlinePoint(style, AWAY, "left", 259), 300, 259);
    }
  });

  it("falls back to the side of a box with no area", () => {
    near(outlinePoint("ellipse;", { x: 5, y: 5, width: 0, height: 40 }, "left", 20), 5, 20);
  });

  it("rounds corners like SVG: arcSize % of the shorter side, or absolute px", () => {
    // arcSize=12 on 120×60: radius 7.2, centre (7.2, 7.2).
    const r = 7.2;
    near(at("rounded=1;arcSize=12;", "top", 2), 2, r - Math.sqrt(r * r - 5.2 * 5.2));
    near(at("rounded=1;arcSize=12;", "left", 58), r - Math.sqrt(r * r - 5.2 * 5.2), 58);
    near(at("rounded=1;arcSize=12;", "top", r), r, 0);
    near(at("rounded=1;arcSize=12;", "right", 30), 120, 30);
    // The default arcSize is 15 %: radius 9.
    near(at("rounded=1;", "top", 1), 1, 9 - Math.sqrt(81 - 64));
    // arcSize=50: a stadium with radius 30.
    near(at("rounded=1;arcSize=50;", "top", 10), 10, 30 - Math.sqrt(500));
    near(at("rounded=1;arcSize=50;", "left", 10), 30 - Math.sqrt(500), 10);
    near(at("rounded=1;arcSize=50;", "left", 30), 0, 30);
    near(at("rounded=1;arcSize=50;", "bottom", 415, AWAY), 415, 230 + Math.sqrt(275));
    // absoluteArcSize: radius arcSize / 2 px.
    near(at("rounded=1;absoluteArcSize=1;arcSize=24;", "top", 4), 4, 12 - Math.sqrt(80));
    // Above 50 % each radius clamps to half its own side: elliptic ends.
    near(at("rounded=1;arcSize=100;", "top", 30), 30, 30 - 30 * Math.sqrt(0.75));
  });

  it("rounds a swimlane's corners from its title height", () => {
    // startSize=30: arc = 30 × 15 % × 3 = 13.5, corners are quadratic curves.
    const style = "swimlane;rounded=1;startSize=30;";
    const rect = { x: 0, y: 0, width: 130, height: 100 };
    near(outlinePoint(style, rect, "top", 65), 65, 0);
    // Halfway along the corner curve from (0, 13.5) to (13.5, 0).
    near(outlinePoint(style, rect, "top", 13.5 / 4), 13.5 / 4, 13.5 / 4);
  });
});

describe("outlinePoint: curved shapes", () => {
  const ellipseY = (x: number) => 30 - 30 * Math.sqrt(1 - ((x - 60) / 60) ** 2);

  it("meets an ellipse (and the outer ring of a double ellipse)", () => {
    for (const style of ["ellipse;", "ellipse;shape=doubleEllipse;"]) {
      near(at(style, "top", 60), 60, 0);
      near(at(style, "top", 20), 20, ellipseY(20));
      near(at(style, "top", 1), 1, ellipseY(1));
      near(at(style, "bottom", 100), 100, 60 - ellipseY(100));
      near(at(style, "left", 30), 0, 30);
      near(at(style, "right", 10), 60 + 60 * Math.sqrt(1 - (20 / 30) ** 2), 10);
    }
  });

  it("meets cylinder3's elliptic lids and straight walls", () => {
    const style = "shape=cylinder3;boundedLbl=1;backgroundOutline=1;size=10;";
    const lid = (x: number) => 10 - 10 * Math.sqrt(1 - ((x - 60) / 60) ** 2);
    near(at(style, "top", 60), 60, 0);
    near(at(style, "top", 10), 10, lid(10));
    near(at(style, "top", 0.5), 0.5, lid(0.5));
    near(at(style, "bottom", 10), 10, 60 - lid(10));
    near(at(style, "left", 30), 0, 30);
    near(at(style, "left", 50), 0, 50);
    // Above the wall the line from the left meets the lid's arc.
    near(at(style, "left", 5), 60 - 60 * Math.sqrt(0.75), 5);
    near(at(style, "right", 57), 60 + 60 * Math.sqrt(1 - 0.7 ** 2), 57);
    // Without a lid the top is a dish.
    near(at("shape=cylinder3;size=10;lid=0;", "top", 10), 10, 10 - lid(10));
  });

  it("meets mxCylinder's cubic lids (h/5 deep, or size × h)", () => {
    // dy = 12; the lid's cubic peaks at y = 0 in the middle and starts at (0, 12).
    near(at("shape=cylinder;", "top", 60), 60, 0);
    near(at("shape=cylinder;", "top", 0), 0, 12);
    near(at("shape=cylinder;", "left", 30), 0, 30);
    // x(t) = 120 t² (3 − 2t), y(t) = 12 − 48 t (1 − t) on the top lid: t = 1/4 gives x = 18.75.
    near(at("shape=cylinder;", "top", 18.75), 18.75, 12 - 48 * 0.25 * 0.75);
    near(at("shape=cylinder;size=0.1;", "top", 18.75), 18.75, 6 - 24 * 0.25 * 0.75);
  });

  it("follows the document's wave, concave part included", () => {
    // size 0.18 of 60: dy = 10.8, the wave runs between y = 54.6 ± 4.86.
    const style = "shape=document;boundedLbl=1;size=0.18;";
    near(at(style, "bottom", 30), 30, 59.46);
    near(at(style, "bottom", 90), 90, 49.74);
    near(at(style, "bottom", 60), 60, 54.6);
    near(at(style, "bottom", 120), 120, 54.6);
    near(at(style, "top", 7), 7, 0);
    // y = 54.6 + 19.44 t (1 − t), x = 60 (1 − t): at y = 57 t(1 − t) = 0.12345…
    const t = (1 + Math.sqrt(1 - 4 * (2.4 / 19.44))) / 2;
    near(at(style, "left", 57), 60 * (1 - t), 57);
    // From the right, below the right bump, the line reaches the left bump's far slope.
    near(at(style, "right", 57), 60 * t, 57);
    // Below the wave's lowest point the line is moved up to it.
    near(at(style, "left", 59.9), 30, 54.6 + 19.44 / 4);
  });

  it("meets the flowchart direct_data stencil (a horizontal cylinder)", () => {
    const style = "shape=mxgraph.flowchart.direct_data;";
    const rx = (120 * 9) / 98;
    near(at(style, "top", 3), 3, 30 - 30 * Math.sqrt(1 - ((3 - rx) / rx) ** 2));
    near(at(style, "top", 60), 60, 0);
    near(at(style, "left", 30), 0, 30);
    near(at(style, "right", 15), (120 * 89) / 98 + rx * Math.sqrt(0.75), 15);
  });

  it("meets the Kubernetes badge, scaled uniformly and centred in its box", () => {
    const style = "shape=mxgraph.kubernetes.icon;prIcon=pod;";
    const rect = { x: 0, y: 0, width: 100, height: 50 };
    const s = Math.min(100 / 18.13, 50 / 17.51);
    const x0 = (100 - 18.13 * s) / 2;
    // The frame's left side runs from (1.62, 3.93) to (0.07, 10.66) in stencil units.
    const x = 1.62 - ((7 - 3.93) / (10.66 - 3.93)) * 1.55;
    near(outlinePoint(style, rect, "left", 7 * s), x0 + x * s, 7 * s);
    near(
      outlinePoint(`${style}`.replace("icon;", "icon2;"), rect, "left", 7 * s),
      x0 + x * s,
      7 * s,
    );
    // The bottom side is straight from (5.58, 17.51) to (12.54, 17.51).
    near(outlinePoint(style, rect, "bottom", 50), 50, 17.51 * s);
  });

  it("meets BPMN events, gateways and data objects, and round Cisco icons", () => {
    const square = { x: 0, y: 0, width: 50, height: 50 };
    const circleY = (x: number) => 25 - Math.sqrt(625 - (x - 25) ** 2);
    const event = "shape=mxgraph.bpmn.event;outline=end;symbol=terminate2;";
    near(outlinePoint(event, square, "top", 10), 10, circleY(10));
    near(outlinePoint("shape=mxgraph.bpmn.gateway2;", square, "top", 10), 10, 15);
    const data = "shape=mxgraph.bpmn.data;size=15;";
    near(outlinePoint(data, { x: 0, y: 0, width: 40, height: 60 }, "top", 35), 35, 10);
    const router = "shape=mxgraph.cisco19.rect;prIcon=router;";
    near(outlinePoint(router, square, "left", 10), 25 - Math.sqrt(625 - 225), 10);
    // Square backgrounds, and the wireless router's antennas, count as the box.
    for (const icon of ["l2_switch", "wireless_router"]) {
      near(outlinePoint(`shape=mxgraph.cisco19.rect;prIcon=${icon};`, square, "top", 2), 2, 0);
    }
  });

  it("meets mxActor and the cloud where a dense sampling of their curves says", () => {
    near(at("shape=actor;", "top", 60), 60, 0);
    near(at("shape=actor;", "bottom", 3), 3, 60);
    near(at("shape=actor;", "left", 60), 0, 60);
    // The notch between two cloud lobes, at (0.25 w, 0.25 h).
    near(at("ellipse;shape=cloud;", "top", 30), 30, 15);
    // The top lobe: the cubic (0.625, 0.2) (0.5, 0.05) (0.3, 0.05) (0.25, 0.25), at x = 0.4 w.
    const lobe = (t: number) => {
      const u = 1 - t;
      return {
        x: 120 * (0.625 * u ** 3 + 1.5 * u * u * t + 0.9 * u * t * t + 0.25 * t ** 3),
        y: 60 * (0.2 * u ** 3 + 0.15 * u * u * t + 0.15 * u * t * t + 0.25 * t ** 3),
      };
    };
    let best = lobe(0);
    for (let i = 0; i <= 200_000; i++) {
      const p = lobe(i / 200_000);
      if (Math.abs(p.x - 48) < Math.abs(best.x - 48)) best = p;
    }
    near(at("ellipse;shape=cloud;", "top", 48), 48, best.y, 3);
  });
});

describe("outlinePoint: polygons", () => {
  it("meets a diamond on its slanted sides, and at its tips", () => {
    near(at("rhombus;", "right", 20), 100, 20);
    near(at("rhombus;", "top", 30), 30, 15);
    near(at("rhombus;", "top", 59), 59, 0.5);
    near(at("rhombus;", "left", 30), 0, 30);
    near(at("rhombus;", "bottom", 390, AWAY), 390, 260 - 15);
    // A rounded diamond (arcSize 20 → 10 px cuts) is sqrt(5) px lower at its top.
    near(at("rhombus;rounded=1;", "top", 60), 60, Math.sqrt(5));
  });

  it("meets the parallelogram's slanted ends (fixed 12 px)", () => {
    const style = "shape=parallelogram;perimeter=parallelogramPerimeter;fixedSize=1;size=12;";
    near(at(style, "top", 6), 6, 30);
    near(at(style, "top", 12), 12, 0);
    near(at(style, "left", 30), 6, 30);
    near(at(style, "left", 1), 11.8, 1);
    near(at(style, "right", 30), 114, 30);
    near(at(style, "bottom", 114), 114, 30);
    near(at(style, "bottom", 60), 60, 60);
    // Relative size (20 % of the width by default).
    near(at("shape=parallelogram;", "left", 30), 12, 30);
  });

  it("meets triangle, hexagon, trapezoid, step, card and note", () => {
    near(at("triangle;", "top", 60), 60, 15);
    near(at("triangle;", "right", 30), 120, 30);
    near(at("triangle;", "left", 50), 0, 50);
    near(at("shape=hexagon;perimeter=hexagonPerimeter2;fixedSize=1;", "top", 10), 10, 15);
    near(at("shape=hexagon;size=0.3;", "top", 18), 18, 15);
    near(at("shape=hexagon;", "left", 15), 15, 15);
    near(at("shape=trapezoid;fixedSize=1;", "top", 10), 10, 30);
    near(at("shape=trapezoid;", "right", 30), 108, 30);
    const step = "shape=step;perimeter=stepPerimeter;fixedSize=1;";
    near(at(step, "left", 30), 20, 30);
    near(at(step, "left", 15), 10, 15);
    near(at(step, "right", 15), 110, 15);
    near(at("shape=card;", "top", 10), 10, 20);
    near(at("shape=note;size=14;", "top", 110), 110, 4);
    near(at("shape=note;size=14;", "right", 7), 113, 7);
  });

  it("meets a stick figure's drawn lines: head, arms, spine, legs", () => {
    const style = "shape=umlActor;outlineConnect=0;";
    const rect = { x: 0, y: 0, width: 30, height: 60 };
    const actor = (side: Side, along: number) => outlinePoint(style, rect, side, along);
    near(actor("top", 15), 15, 0);
    near(actor("top", 3), 3, 20);
    near(actor("left", 20), 0, 20);
    near(actor("left", 7.5), 7.5, 7.5);
    near(actor("left", 30), 15, 30);
    near(actor("right", 50), 22.5, 50);
    near(actor("bottom", 7.5), 7.5, 50);
    near(actor("bottom", 0), 0, 60);
  });
});

describe("outlinePoint: direction, flips and rotation", () => {
  const tri = (extra: string, side: Side, along: number) => at(`triangle;${extra}`, side, along);

  it("turns the shape with direction (box swapped for north and south)", () => {
    // South: pointing down, (0, 0) (120, 0) (60, 60).
    near(tri("direction=south;", "bottom", 30), 30, 30);
    near(tri("direction=south;", "left", 30), 30, 30);
    // North: pointing up.
    near(tri("direction=north;", "top", 30), 30, 30);
    // West: pointing left, like flipH.
    near(tri("direction=west;", "left", 30), 0, 30);
    near(tri("direction=west;", "top", 60), 60, 15);
    near(tri("flipH=1;", "top", 60), 60, 15);
  });

  it("flips in page space, also for turned shapes", () => {
    near(at("shape=document;size=0.18;flipV=1;", "top", 30), 30, 60 - 59.46);
    const para = "shape=parallelogram;fixedSize=1;size=12;";
    near(at(`${para}flipH=1;`, "top", 114), 114, 30);
    // South: (0, 0) (120, 12) (120, 60) (0, 48); flipH mirrors that left to right.
    near(at(`${para}direction=south;`, "top", 60), 60, 6);
    near(at(`${para}direction=south;flipH=1;`, "top", 60), 60, 6);
    near(at(`${para}direction=south;flipH=1;`, "bottom", 60), 60, 54);
    near(at(`${para}direction=south;flipH=1;`, "top", 1), 1, 12 - 0.1);
  });

  it("turns with rotation, even out of the box", () => {
    // The triangle turned a quarter: (30, −30) (90, −30) (60, 90).
    near(tri("rotation=90;", "top", 60), 60, -30);
    near(tri("rotation=90;", "bottom", 60), 60, 90);
    const square = { x: 0, y: 0, width: 100, height: 100 };
    near(outlinePoint("rotation=45;", square, "top", 50), 50, 50 - 50 * Math.SQRT2);
  });
});

describe("outlinePoint: lines that miss the shape", () => {
  it("moves the line to the nearest coordinate that meets the shape", () => {
    near(at("rhombus;", "left", -10), 60, 0);
    near(at("rhombus;", "top", 500), 120, 30);
    near(at("ellipse;", "top", 0), 0, 30);
  });
});

describe("constraintFor", () => {
  it("is the point's place in the box for a plain shape", () => {
    near(constraintFor("rhombus;", AWAY, { x: 400, y: 220 }), 100 / 120, 20 / 60);
  });

  it("undoes the turn and flips draw.io applies to a pinned end", () => {
    // The south-pointing triangle's tip (60, 60) is its unturned tip (1, 0.5).
    near(constraintFor("triangle;direction=south;", BOX, { x: 60, y: 60 }), 1, 0.5);
    near(constraintFor("triangle;direction=north;", BOX, { x: 60, y: 0 }), 1, 0.5);
    near(constraintFor("triangle;flipH=1;", BOX, { x: 0, y: 30 }), 1, 0.5);
    // direction=south with flipV: flips swap with the turned box.
    near(constraintFor("triangle;direction=south;flipV=1;", BOX, { x: 60, y: 0 }), 1, 0.5);
    near(constraintFor("triangle;rotation=90;", BOX, { x: 60, y: 90 }), 1, 0.5);
    // anchorPointDirection=0: constraints ignore direction.
    near(
      constraintFor("triangle;direction=south;anchorPointDirection=0;", BOX, { x: 60, y: 60 }),
      0.5,
      1,
    );
  });

  it("round-trips every outline point of a turned shape", () => {
    const style = "shape=parallelogram;fixedSize=1;size=12;direction=west;flipV=1;rotation=20;";
    for (const side of ["top", "right", "bottom", "left"] as const) {
      const p = outlinePoint(style, AWAY, side, side === "top" || side === "bottom" ? 350 : 230);
      const c = constraintFor(style, AWAY, p);
      expect(c.x).toBeGreaterThanOrEqual(-1e-9);
      expect(c.x).toBeLessThanOrEqual(1 + 1e-9);
      expect(c.y).toBeGreaterThanOrEqual(-1e-9);
      expect(c.y).toBeLessThanOrEqual(1 + 1e-9);
    }
  });
});

describe("outlineSpans", () => {
  it("finds where a side's outline stays within a depth", () => {
    const spans = (style: string, side: Side, depth: number, rect: Rect = BOX) =>
      outlineSpans(style, rect, side, depth);
    const expectSpans = (actual: { min: number; max: number }[], expected: number[][]) => {
      expect(actual).toHaveLength(expected.length);
      actual.forEach((s, i) => {
        expect(s.min).toBeCloseTo(expected[i]?.[0] ?? Number.NaN, 1);
        expect(s.max).toBeCloseTo(expected[i]?.[1] ?? Number.NaN, 1);
      });
    };
    expectSpans(spans("rhombus;", "top", 6), [[48, 72]]);
    expectSpans(spans("whiteSpace=wrap;", "left", 0, AWAY), [[200, 260]]);
    // Cylinder lid within 2 px: |x − 60| ≤ 0.6 × 60.
    expectSpans(spans("shape=cylinder3;size=10;", "top", 2), [[24, 96]]);
    // A stick figure from the left: the arm tip alone, then the foot.
    const actor = { x: 0, y: 0, width: 30, height: 60 };
    expectSpans(spans("shape=umlActor;", "left", 1, actor), [
      [20, 20],
      [60 - 4 / 3, 60],
    ]);
  });
});

describe("outlinePoint on what the layout emits", () => {
  it("shows which kinds leave a gap at the middle of a side", () => {
    const kinds = ["process", "decision", "end", "terminator", "data", "database"] as const;
    const gaps = ["document", "cloud", "actor", "queue"] as const;
    const middleDepths = (kind: string) => {
      const style = nodeStyle(kind as "process", "default", undefined, undefined);
      const p = (side: Side) =>
        outlinePoint(style, BOX, side, side === "top" || side === "bottom" ? 60 : 30);
      return [p("top").y, 120 - p("right").x, 60 - p("bottom").y, p("left").x].map(
        (d) => Math.round(d * 1000) / 1000,
      );
    };
    for (const kind of kinds) {
      const depths = middleDepths(kind);
      if (kind === "data") expect(depths).toEqual([0, 6, 0, 6]);
      else expect(depths).toEqual([0, 0, 0, 0]);
    }
    expect(Object.fromEntries(gaps.map((k) => [k, middleDepths(k)]))).toEqual({
      document: [0, 0, 5.4, 0],
      cloud: [6.449, 15, 3.273, 10.68],
      actor: [0, 60, 20, 60],
      queue: [0, 0, 0, 0],
    });
  });
});

describe("ResolvedStyle", () => {
  it("reads styles the way draw.io's stylesheet does", () => {
    const s = new ResolvedStyle("ellipse;shape=cloud;size=0.2;size=0.4;flipH=1;fillColor=none;");
    expect(s.shape).toBe("cloud");
    expect(s.number("size", 0)).toBe(0.4);
    expect(s.flag("flipH")).toBe(true);
    expect(s.get("fillColor")).toBeUndefined();
    expect(new ResolvedStyle("label;").flag("rounded")).toBe(true);
    expect(new ResolvedStyle(undefined).shape).toBe("label");
    expect(new ResolvedStyle("swimlane;").number("startSize", 40)).toBe(23);
    expect(new ResolvedStyle("fixedSize=0;").isSet("fixedSize")).toBe(false);
    expect(new ResolvedStyle("fixedSize=1;").isSet("fixedSize")).toBe(true);
  });
});
