/**
 * A radar chart's draw.io cells: the graticule (rings or polygons) with its tick values, a
 * spoke and label per axis, each curve a closed line through its values (one waypoint per
 * axis, so dragging a point changes that value's place), the legend and the title.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import type { Point, Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { legendRow, titleCell } from "../chart-parts.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { RadarModel } from "./parse.ts";

/**
 * The curve colours: Mermaid's `cScale` hue order, darkened enough to be seen as outlines.
 */
export const CURVE_COLOURS = [
  "#3939ff",
  "#b8a200",
  "#6fa800",
  "#9c39ff",
  "#d600d6",
  "#e6007a",
  "#e62e2e",
  "#e67a00",
  "#5fa800",
  "#00a862",
  "#009e9e",
  "#0073e6",
] as const;

const MARGIN = 20;
const GRID = "#b0b0b0";

/** The drawn chart: cells, page size, and the curves not drawn for want of values. */
export interface RadarDrawing {
  cells: XmlElement[];
  width: number;
  height: number;
  skipped: string[];
}

/**
 * Draws the chart around a centre: axis `i` of `n` points `i/n` of a turn clockwise from
 * twelve o'clock; a value `v` sits `(v - min) / (max - min)` of the radius out (clipped to
 * the rim), as Mermaid places it.
 *
 * @example
 * radarCells(parseRadar(source), 200, "#333333").cells.length;
 */
export function radarCells(model: RadarModel, radius: number, ink: string): RadarDrawing {
  const max = model.max ?? Math.max(...model.curves.flatMap((c) => c.values), model.min + 1);
  const span = max - model.min || 1;
  const n = model.axes.length;
  const labels = model.axes.map((a) => measureText(a.label, 160));
  const reach = radius + 10 + Math.max(0, ...labels.map((l) => l.width + 4));
  const titleHeight = model.title ? 40 : 0;
  const c = { x: MARGIN + reach, y: MARGIN + titleHeight + radius + 30 };
  const at = (i: number, r: number): Point => {
    const angle = (2 * Math.PI * i) / Math.max(n, 1) - Math.PI / 2;
    return { x: round(c.x + r * Math.cos(angle)), y: round(c.y + r * Math.sin(angle)) };
  };
  const cells: XmlElement[] = [];
  graticule(model, radius, c, at, cells);
  for (const [i, axis] of model.axes.entries()) {
    cells.push(
      edgeCell(
        `spoke-${i + 1}`,
        "",
        `endArrow=none;html=1;strokeColor=${ink};strokeWidth=2;`,
        PLACED_LAYER,
        { sourcePoint: c, targetPoint: at(i, radius) },
      ),
    );
    const box = labels[i] as { width: number; height: number };
    const end = at(i, radius + 10);
    const dx = (end.x - c.x) / (radius + 10);
    const dy = (end.y - c.y) / (radius + 10);
    const w = box.width + 4;
    const h = box.height + 4;
    const rect = {
      x: end.x - w / 2 + (dx * w) / 2,
      y: end.y - h / 2 + (dy * h) / 2,
      width: w,
      height: h,
    };
    cells.push(
      vertexCell(
        `axis-${i + 1}`,
        htmlLabel(axis.label),
        `text;html=1;whiteSpace=wrap;align=center;verticalAlign=middle;fontColor=${ink};`,
        PLACED_LAYER,
        roundRect(rect),
      ),
    );
  }
  const skipped: string[] = [];
  for (const [k, curve] of model.curves.entries()) {
    if (curve.values.length !== n || n < 2) {
      skipped.push(curve.label);
      continue;
    }
    const points = curve.values.map((v, i) =>
      at(i, (radius * (Math.min(Math.max(v, model.min), max) - model.min)) / span),
    );
    const colour = CURVE_COLOURS[k % CURVE_COLOURS.length];
    const shape = model.graticule === "circle" ? "curved=1;" : "rounded=0;";
    const first = points[0] as Point;
    cells.push(
      edgeCell(
        `curve-${k + 1}`,
        "",
        `endArrow=none;startArrow=none;html=1;${shape}strokeColor=${colour};strokeWidth=2;`,
        PLACED_LAYER,
        { sourcePoint: first, targetPoint: first, points: points.slice(1) },
      ),
    );
  }
  const right = c.x + reach;
  const legendBottom = model.showLegend
    ? legend(model, right + 10, MARGIN + titleHeight, ink, cells)
    : 0;
  let width = right + MARGIN;
  if (model.showLegend)
    width = Math.max(
      width,
      right +
        30 +
        Math.max(0, ...model.curves.map((cv) => measureText(cv.label, 10_000).width + 30)) +
        MARGIN,
    );
  if (model.title) {
    const box = measureText(model.title, 10_000);
    const w = box.width * (18 / 12) + 10;
    cells.push(
      titleCell(
        "title",
        model.title,
        roundRect({ x: c.x - w / 2, y: MARGIN, width: w, height: 30 }),
        {
          colour: ink,
        },
      ),
    );
    width = Math.max(width, c.x + w / 2 + MARGIN);
  }
  const height = Math.max(c.y + radius + 40 + MARGIN, legendBottom + MARGIN);
  return { cells, width, height, skipped };
}

/** The rings (circles) or polygons at each tick, outermost first, with their values. */
function graticule(
  model: RadarModel,
  radius: number,
  c: Point,
  at: (i: number, r: number) => Point,
  cells: XmlElement[],
): void {
  const max = model.max ?? Math.max(...model.curves.flatMap((cv) => cv.values), model.min + 1);
  for (let t = model.ticks; t >= 1; t--) {
    const r = (radius * t) / model.ticks;
    const style = `strokeColor=${GRID};fillColor=#dedede;fillOpacity=30;`;
    if (model.graticule === "circle" || model.axes.length < 3) {
      cells.push(
        vertexCell(
          `ring-${t}`,
          "",
          `ellipse;${style}`,
          PLACED_LAYER,
          roundRect({ x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r }),
        ),
      );
    } else {
      const corners = model.axes.map((_, i) => at(i, r));
      const first = corners[0] as Point;
      cells.push(
        edgeCell(
          `ring-${t}`,
          "",
          `endArrow=none;html=1;rounded=0;strokeColor=${GRID};`,
          PLACED_LAYER,
          { sourcePoint: first, targetPoint: first, points: corners.slice(1) },
        ),
      );
    }
    const value = model.min + ((max - model.min) * t) / model.ticks;
    const text = String(Math.round(value * 100) / 100);
    const w = measureText(text, 100).width * 0.8 + 6;
    cells.push(
      vertexCell(
        `tick-${t}`,
        text,
        "text;html=1;align=left;verticalAlign=middle;fontSize=9;fontColor=#888888;",
        PLACED_LAYER,
        roundRect({ x: c.x + 3, y: c.y - r, width: w, height: 11 }),
      ),
    );
  }
}

/** The legend: a square in each curve's colour and its label; returns its bottom. */
function legend(
  model: RadarModel,
  x: number,
  top: number,
  ink: string,
  cells: XmlElement[],
): number {
  let y = top;
  for (const [k, curve] of model.curves.entries()) {
    const colour = CURVE_COLOURS[k % CURVE_COLOURS.length];
    const entry = {
      keyId: `key-${k + 1}`,
      labelId: `legend-${k + 1}`,
      label: curve.label,
      swatch: `fillColor=${colour};fillOpacity=50;strokeColor=${colour};`,
    };
    cells.push(...legendRow(entry, x, y, { box: 12, fontSize: 12, colour: ink }).cells);
    y += 20;
  }
  return y;
}

function roundRect(r: Rect): Rect {
  return { x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height) };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
