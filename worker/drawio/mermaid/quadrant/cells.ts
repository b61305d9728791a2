/**
 * A quadrant chart's draw.io cells: four quadrant boxes with their labels, the axis labels
 * outside them, each point a small circle at its coordinates with its name beside it (moved
 * until it covers nothing), and the title above.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import type { Rect } from "../../model/cell.ts";
import { measureText, wrapText } from "../../text/estimate.ts";
import { childElements, type XmlElement } from "../../xml/nodes.ts";
import { vertexCell, withCellData } from "../cell-edits.ts";
import { titleCell } from "../chart-parts.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import { nameSpot, TakenRects } from "./free-spots.ts";
import type { PointStyle, QuadrantModel } from "./parse.ts";

/** Mermaid's default quadrant fills, quadrants 1 to 4. */
const FILLS = ["#ececff", "#f1f1ff", "#f6f6ff", "#fbfbff"] as const;
const BORDER = "#9370db";
const POINT_FILL = "#3c3c3c";
const MARGIN = 20;
const AXIS = 26;

/** The sizes the chart is drawn at. */
export interface QuadrantSizes {
  width: number;
  height: number;
  pointRadius: number;
  /** Text colour outside the quadrants (titles and axes). */
  ink: string;
}

/** The drawn chart: its cells, the page size, and the names that found no spot by their point. */
export interface QuadrantDrawing {
  cells: XmlElement[];
  width: number;
  height: number;
  listed: number;
}

/**
 * Draws the chart. Quadrant 1 is top right, 2 top left, 3 bottom left, 4 bottom right; a point
 * at (x, y) sits x of the way across and y of the way up. The x axis' labels go below the
 * quadrants when there are points and above when there are none, as Mermaid places them.
 *
 * @example
 * quadrantCells(parseQuadrant(source), { width: 400, height: 400, pointRadius: 5, ink: "#333" });
 */
export function quadrantCells(model: QuadrantModel, sizes: QuadrantSizes): QuadrantDrawing {
  const cells: XmlElement[] = [];
  const taken = new TakenRects();
  const text = (id: string, value: string, style: string, rect: Rect) => {
    cells.push(
      vertexCell(id, htmlLabel(value), `text;html=1;whiteSpace=wrap;${style}`, PLACED_LAYER, rect),
    );
    taken.add(rect);
  };
  const { width: W, height: H } = sizes;
  let top = MARGIN;
  if (model.title !== undefined && model.title !== "") {
    const rect = { x: MARGIN + AXIS, y: top, width: W, height: 30 };
    cells.push(titleCell("title", model.title, rect, { colour: sizes.ink, wrap: true }));
    taken.add(rect);
    top += 40;
  }
  const hasX = model.xAxis.low !== undefined || model.xAxis.high !== undefined;
  const xAbove = hasX && model.points.length === 0;
  const left = MARGIN + AXIS;
  const plot = { x: left, y: top + (xAbove ? AXIS : 0), width: W, height: H };
  const halves = [
    { x: plot.x + W / 2, y: plot.y },
    { x: plot.x, y: plot.y },
    { x: plot.x, y: plot.y + H / 2 },
    { x: plot.x + W / 2, y: plot.y + H / 2 },
  ];
  for (const [i, at] of halves.entries()) {
    const box = { ...at, width: W / 2, height: H / 2 };
    cells.push(
      vertexCell(
        `quadrant-${i + 1}`,
        "",
        `rounded=0;fillColor=${FILLS[i]};strokeColor=${BORDER};`,
        PLACED_LAYER,
        box,
      ),
    );
  }
  for (const [i, at] of halves.entries()) {
    const label = model.quadrants[i];
    if (label === undefined || label === "") continue;
    const lines = wrapText(label, (W / 2 - 16) / (14 / 12)).length;
    const height = lines * 18 + 4;
    const y = model.points.length > 0 ? at.y + 6 : at.y + (H / 2 - height) / 2;
    text(
      `quadrant-${i + 1}-label`,
      label,
      "align=center;verticalAlign=middle;fontSize=14;fontColor=#131300;",
      {
        x: at.x + 8,
        y,
        width: W / 2 - 16,
        height,
      },
    );
  }
  axisLabels(model, plot, xAbove, sizes.ink, text);
  const listed = points(model, plot, sizes, cells, taken);
  let right = plot.x + W;
  let bottom = plot.y + H + (hasX && !xAbove ? AXIS : 0);
  for (const cell of cells) {
    const inner = cell.name === "UserObject" ? childElements(cell)[0] : cell;
    const g = inner && childElements(inner)[0];
    if (!g) continue;
    right = Math.max(right, Number(g.attrs.x) + Number(g.attrs.width));
    bottom = Math.max(bottom, Number(g.attrs.y) + Number(g.attrs.height));
  }
  return { cells, width: right + MARGIN, height: bottom + MARGIN, listed };
}

type Text = (id: string, value: string, style: string, rect: Rect) => void;

/** The axis labels: low and high halves of each axis (one label alone spans the axis). */
function axisLabels(
  model: QuadrantModel,
  plot: Rect,
  above: boolean,
  ink: string,
  text: Text,
): void {
  const style = `align=center;verticalAlign=middle;fontSize=14;fontColor=${ink};`;
  const y = above ? plot.y - AXIS : plot.y + plot.height + 2;
  const { low: xLow, high: xHigh } = model.xAxis;
  const half = plot.width / 2;
  if (xLow !== undefined)
    text("x-axis-low", xLow, style, {
      x: plot.x,
      y,
      width: xHigh === undefined ? plot.width : half,
      height: AXIS - 4,
    });
  if (xHigh !== undefined)
    text("x-axis-high", xHigh, style, { x: plot.x + half, y, width: half, height: AXIS - 4 });
  const { low: yLow, high: yHigh } = model.yAxis;
  const vertical = `${style}horizontal=0;`;
  const x = plot.x - AXIS;
  const mid = plot.height / 2;
  if (yLow !== undefined) {
    const whole = yHigh === undefined;
    text("y-axis-low", yLow, vertical, {
      x,
      y: whole ? plot.y : plot.y + mid,
      width: AXIS - 4,
      height: whole ? plot.height : mid,
    });
  }
  if (yHigh !== undefined)
    text("y-axis-high", yHigh, vertical, { x, y: plot.y, width: AXIS - 4, height: mid });
}

/**
 * The points: a circle each at its coordinates, its name in the first free spot beside it;
 * names with no free spot are listed beside the chart. Returns how many were listed.
 */
function points(
  model: QuadrantModel,
  plot: Rect,
  sizes: QuadrantSizes,
  cells: XmlElement[],
  taken: TakenRects,
): number {
  const centres = model.points.map((p) => {
    const style = { ...stylesOf(model, p.classes), ...p.style };
    const r = style.radius ?? sizes.pointRadius;
    return { x: plot.x + p.x * plot.width, y: plot.y + (1 - p.y) * plot.height, r, style };
  });
  for (const c of centres)
    taken.add({ x: c.x - c.r, y: c.y - c.r, width: 2 * c.r, height: 2 * c.r });
  const listed: string[] = [];
  for (const [i, p] of model.points.entries()) {
    const c = centres[i] as (typeof centres)[number];
    const s = c.style;
    const look = `ellipse;aspect=fixed;fillColor=${s.color ?? POINT_FILL};strokeColor=${s.strokeColor ?? "none"};strokeWidth=${s.strokeWidth ?? 1};`;
    const circle = vertexCell(`point-${i + 1}`, "", look, PLACED_LAYER, {
      x: c.x - c.r,
      y: c.y - c.r,
      width: 2 * c.r,
      height: 2 * c.r,
    });
    cells.push(
      withCellData(circle, {
        tooltip: `${p.name} (${p.x}, ${p.y})`,
        x: String(p.x),
        y: String(p.y),
      }),
    );
    const box = measureText(p.name, 200);
    const spot = nameSpot(taken, c.x, c.y, c.r, box.width + 6, box.height + 2);
    if (!spot) {
      listed.push(`${i + 1}`);
      continue;
    }
    taken.add(spot);
    cells.push(
      vertexCell(
        `point-${i + 1}-name`,
        htmlLabel(p.name),
        "text;html=1;whiteSpace=wrap;align=center;verticalAlign=middle;fontSize=12;fontColor=#131300;",
        PLACED_LAYER,
        spot,
      ),
    );
  }
  listNames(model, listed, plot, cells);
  return listed.length;
}

/** The names that found no spot by their point, listed right of the chart with their values. */
function listNames(
  model: QuadrantModel,
  listed: readonly string[],
  plot: Rect,
  cells: XmlElement[],
): void {
  let y = plot.y;
  for (const n of listed) {
    const p = model.points[Number(n) - 1];
    if (!p) continue;
    const value = `${n}. ${p.name} (${p.x}, ${p.y})`;
    const box = measureText(value, 10_000);
    cells.push(
      vertexCell(
        `point-${n}-name`,
        htmlLabel(value),
        "text;html=1;align=left;verticalAlign=middle;fontSize=12;",
        PLACED_LAYER,
        { x: plot.x + plot.width + 60, y, width: box.width + 8, height: 16 },
      ),
    );
    y += 18;
  }
}

function stylesOf(model: QuadrantModel, classes: readonly string[]): PointStyle {
  return Object.assign({}, ...classes.map((c) => model.classes.get(c) ?? {}));
}
