/**
 * Proves `outlinePoint` against the real draw.io: every shape kind (several sizes, and the
 * direction, flip and rotation variants) is drawn by draw.io 14.6 in headless Chromium, and for
 * points along each side the browser's own hit tests on the exported SVG must find the drawn
 * shape 1.5 px inward of our point (or our point on a drawn line) and nothing 1.5 px outward.
 * Edges pinned with `constraintFor` (perimeter off) must start exactly at the point.
 *
 * Set `OUTLINE_SHOTS=/tmp/outline-shots` to also save pictures of the shapes with the points as
 * red dots (failures blue).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Point, Rect } from "../../worker/drawio/model/cell.ts";
import { constraintFor, outlinePoint, type Side } from "../../worker/drawio/outline/index.ts";
import { findChromium, type LaunchedDrawio, launchDrawio } from "./drawio.ts";
import { layOut, PER_ROW, type Placed, REFERENCE, SHAPES, SLOT, TURNED } from "./outline-cases.ts";
import {
  checkOutlinePoints,
  markPoints,
  type OutlineCheck,
  openOutlinePage,
  saveClip,
} from "./outline-page.ts";

const FRACTIONS = [0.01, 0.04, 0.1, 0.2, 0.25, 1 / 3, 0.4, 0.5, 0.6, 0.75, 0.85, 0.93, 0.98];
const SIDES: Side[] = ["top", "right", "bottom", "left"];

/** An edge pinned (perimeter off) to where `outlinePoint` says a side meets a cell. */
interface PinnedEdge {
  source: number;
  colour: string;
  point: Point;
  style: string;
}

/** Two pinned edges per cell, leaving 25 px straight out of its right and bottom sides. */
function pinnedEdges(cells: Placed[]): PinnedEdge[] {
  return cells.flatMap((c, i) =>
    (["right", "bottom"] as const).map((side, k) => {
      const along =
        side === "right" ? c.rect.y + 0.4 * c.rect.height : c.rect.x + 0.3 * c.rect.width;
      const point = outlinePoint(c.style, c.rect, side, along);
      const exit = constraintFor(c.style, c.rect, point);
      const colour = `#01${(2 * i + k).toString(16).padStart(4, "0")}`;
      return {
        source: i,
        colour,
        point,
        style: `endArrow=none;rounded=0;strokeColor=${colour};exitX=${exit.x};exitY=${exit.y};exitPerimeter=0;`,
      };
    }),
  );
}

function diagram(cells: Placed[], edges: PinnedEdge[]): string {
  const cell = (id: string, style: string, r: Rect) =>
    `<mxCell id="${id}" value="" style="${style}" vertex="1" parent="1">` +
    `<mxGeometry x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" as="geometry"/></mxCell>`;
  const edge = (e: PinnedEdge, i: number) =>
    `<mxCell id="e${i}" style="${e.style}" edge="1" parent="1" source="c${e.source}">` +
    '<mxGeometry relative="1" as="geometry">' +
    `<mxPoint x="${e.point.x + 25}" y="${e.point.y + 25}" as="targetPoint"/></mxGeometry></mxCell>`;
  const body = [
    cell("ref", `fillColor=${REFERENCE};strokeColor=none;`, { x: 0, y: 0, width: 8, height: 8 }),
    ...cells.map((c, i) =>
      cell(`c${i}`, `${c.style}fillColor=${c.fill};strokeColor=${c.stroke};`, c.rect),
    ),
    ...edges.map(edge),
  ].join("");
  return (
    '<mxfile host="drawforge"><diagram id="outline" name="Outline"><mxGraphModel><root>' +
    `<mxCell id="0"/><mxCell id="1" parent="0"/>${body}</root></mxGraphModel></diagram></mxfile>`
  );
}

/** Pinned edges whose drawn start (the path's first point) is not where we asked. */
function misplacedEnds(svg: string, edges: PinnedEdge[], offset: Point): string[] {
  return edges.flatMap((e) => {
    const m = new RegExp(
      `<path d="M ([-\\d.]+) ([-\\d.]+) [^"]*" fill="none" stroke="${e.colour}"`,
    ).exec(svg);
    if (m === null) return [`${e.colour}: no edge drawn`];
    const dx = Number(m[1]) - offset.x - e.point.x;
    const dy = Number(m[2]) - offset.y - e.point.y;
    return Math.hypot(dx, dy) <= 0.51 ? [] : [`edge from c${e.source} off by (${dx}, ${dy})`];
  });
}

const INWARD: Record<Side, Point> = {
  top: { x: 0, y: 1 },
  bottom: { x: 0, y: -1 },
  left: { x: 1, y: 0 },
  right: { x: -1, y: 0 },
};

function checksFor(cells: Placed[]): OutlineCheck[] {
  return cells.flatMap((c) =>
    SIDES.flatMap((side) =>
      FRACTIONS.map((f) => {
        const horizontal = side === "top" || side === "bottom";
        const along = horizontal ? c.rect.x + f * c.rect.width : c.rect.y + f * c.rect.height;
        const point = outlinePoint(c.style, c.rect, side, along);
        // Out past the box, and further for a turned shape, whose corners leave the box.
        const depth = horizontal
          ? Math.min(point.y - c.rect.y, c.rect.y + c.rect.height - point.y)
          : Math.min(point.x - c.rect.x, c.rect.x + c.rect.width - point.x);
        const turned = c.style.includes("rotation=");
        return {
          label: `${c.label} ${side}@${f.toFixed(2)}`,
          fill: c.fill,
          stroke: c.stroke,
          point,
          inward: INWARD[side],
          reach: Math.abs(depth) + 3 + (turned ? Math.max(c.rect.width, c.rect.height) / 3 : 0),
          clamped: Math.abs((horizontal ? point.x : point.y) - along) > 1e-6,
        };
      }),
    ),
  );
}

/** The offset of draw.io's export: where the reference square at (0, 0) ended up. */
function exportOffset(svg: string): Point {
  const match = new RegExp(`<rect x="([-\\d.]+)" y="([-\\d.]+)"[^>]*fill="${REFERENCE}"`).exec(svg);
  if (match === null) throw new Error("reference square not found in draw.io's SVG");
  return { x: Number(match[1]), y: Number(match[2]) };
}

const chromiumPath = findChromium();
const shots = process.env.OUTLINE_SHOTS;

describe.skipIf(chromiumPath === undefined)("outlinePoint against draw.io's drawing", () => {
  let drawio: LaunchedDrawio | undefined;

  beforeAll(async () => {
    drawio = await launchDrawio();
  });

  afterAll(async () => {
    await drawio?.close();
  });

  const groups = [
    { name: "shapes", cases: SHAPES },
    { name: "turned", cases: TURNED },
  ];

  it.each(groups)(
    "puts every point on the outline draw.io draws ($name)",
    async ({ name, cases }) => {
      if (drawio === undefined) throw new Error("draw.io did not start");
      const cells = layOut(cases, 0);
      const edges = pinnedEdges(cells);
      const svg = await drawio.renderSvg(diagram(cells, edges));
      const offset = exportOffset(svg);
      // Edges pinned with constraintFor start exactly at the outline point, turned or not.
      expect(misplacedEnds(svg, edges, offset)).toEqual([]);
      const page = await openOutlinePage(drawio.browser, svg, offset);
      try {
        const checks = checksFor(cells);
        const failures = await checkOutlinePoints(page, checks);
        if (shots !== undefined) {
          mkdirSync(shots, { recursive: true });
          await markPoints(
            page,
            checks.map((c) => c.point),
            failures.map((f) => f.point),
          );
          // Half a row per picture, three times the size: close enough to judge by eye.
          const half = PER_ROW / 2;
          for (let i = 0; i < cells.length; i += half) {
            const x = 20 + (i % PER_ROW) * SLOT;
            const clip = {
              x,
              y: 20 + Math.floor(i / PER_ROW) * SLOT,
              width: half * SLOT,
              height: SLOT,
            };
            await saveClip(page, clip, path.join(shots, `${name}-${i / half + 1}.png`), 3);
          }
        }
        expect(checks.length).toBeGreaterThan(cells.length * 40);
        expect(failures).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
