/**
 * The XY chart's cells: the plot area (a container holding the bars, line markers and lines),
 * the axis lines with their ticks, tick labels, axis titles, the chart title and a legend when
 * series are named.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import type { Point, Rect } from "../../model/cell.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import type { CellIds } from "../cell-ids.ts";
import { legendRow, titleCell } from "../chart-parts.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import { CHART, type Frame, plotPoint, plotRect, valueAt } from "./frame.ts";
import type { XyChart } from "./model.ts";

/** How the chart is painted. */
export interface ChartLook {
  palette: string[];
  text: string;
  axis: string;
  showDataLabel: boolean;
  dataLabelOutside: boolean;
}

/** Writes the chart's cells. */
export interface ChartDrawing {
  chart: XyChart;
  frame: Frame;
  look: ChartLook;
  ids: CellIds;
  cells: XmlElement[];
}

const MARKER = 4;

/**
 * Draws the plot area and the series in it: bars side by side within each slot, lines as one
 * editable polyline each with a small marker on every value.
 *
 * @example
 * drawPlot(drawing); // drawing.cells gains the plot container, its bars and lines
 */
export function drawPlot(d: ChartDrawing): void {
  const { frame, chart } = d;
  const horizontal = chart.horizontal;
  const plot = d.ids.next("plot");
  const plotStyle =
    "rounded=0;whiteSpace=wrap;html=1;fillColor=none;strokeColor=none;container=1;collapsible=0;recursiveResize=0;";
  d.cells.push(vertexCell(plot, "", plotStyle, PLACED_LAYER, frame.plot));
  const length = horizontal ? frame.plot.width : frame.plot.height;
  const base = valueAt(
    frame.range,
    length,
    Math.max(frame.range.min, Math.min(0, frame.range.max)),
  );
  const bars = chart.series.filter((s) => s.kind === "bar");
  const group = frame.band * 0.8;
  const width = group / Math.max(1, bars.length);
  for (const [k, series] of chart.series.entries()) {
    const colour = d.look.palette[k % d.look.palette.length] as string;
    if (series.kind === "bar") {
      const slot = bars.indexOf(series);
      for (const [i, value] of series.values.entries()) {
        const a0 = (i + 0.5) * frame.band - group / 2 + slot * width;
        const rect = snap(
          plotRect(frame, a0, a0 + width, base, valueAt(frame.range, length, value), horizontal),
        );
        d.cells.push(
          vertexCell(
            d.ids.next("bar"),
            String(value),
            barStyle(d.look, colour, horizontal),
            plot,
            rect,
          ),
        );
      }
      continue;
    }
    const points = series.values.map((value, i) =>
      plotPoint(frame, (i + 0.5) * frame.band, valueAt(frame.range, length, value), horizontal),
    );
    for (const [i, p] of points.entries()) {
      const rect = {
        x: round(p.x - MARKER / 2),
        y: round(p.y - MARKER / 2),
        width: MARKER,
        height: MARKER,
      };
      const style = `ellipse;html=1;fillColor=${colour};strokeColor=none;fontSize=11;fontColor=${d.look.text};verticalLabelPosition=top;verticalAlign=bottom;${d.look.showDataLabel ? "" : "noLabel=1;"}`;
      d.cells.push(vertexCell(d.ids.next("point"), String(series.values[i]), style, plot, rect));
    }
    if (points.length < 2) continue;
    const style = `endArrow=none;html=1;rounded=0;strokeWidth=2;strokeColor=${colour};`;
    d.cells.push(
      edgeCell(d.ids.next("line"), "", style, plot, {
        sourcePoint: points[0] as Point,
        targetPoint: points.at(-1) as Point,
        points: points.slice(1, -1),
      }),
    );
  }
}

function barStyle(look: ChartLook, colour: string, horizontal: boolean): string {
  const label = !look.showDataLabel
    ? "noLabel=1;"
    : look.dataLabelOutside
      ? horizontal
        ? "labelPosition=right;align=left;"
        : "verticalLabelPosition=top;verticalAlign=bottom;"
      : horizontal
        ? "align=right;spacingRight=4;"
        : "verticalAlign=top;";
  return `rounded=0;whiteSpace=wrap;html=1;fillColor=${colour};strokeColor=none;fontSize=12;fontColor=${look.text};${label}`;
}

/**
 * Draws both axes: their lines, a tick and a label per category and per round value, and the
 * axis titles.
 *
 * @example
 * drawAxes(drawing);
 */
export function drawAxes(d: ChartDrawing): void {
  const { frame, chart } = d;
  const h = chart.horizontal;
  const { x, y, width, height } = frame.plot;
  const line = `endArrow=none;html=1;rounded=0;strokeWidth=2;strokeColor=${d.look.axis};`;
  const tick = `endArrow=none;html=1;rounded=0;strokeWidth=1;strokeColor=${d.look.axis};`;
  const bottom = y + height;
  d.cells.push(
    edgeCell(d.ids.next("axis"), "", line, PLACED_LAYER, {
      sourcePoint: { x, y: bottom },
      targetPoint: { x: x + width, y: bottom },
    }),
  );
  d.cells.push(
    edgeCell(d.ids.next("axis"), "", line, PLACED_LAYER, {
      sourcePoint: { x, y },
      targetPoint: { x, y: bottom },
    }),
  );
  const onBottom = (at: number) => ({
    sourcePoint: { x: x + at, y: bottom },
    targetPoint: { x: x + at, y: bottom + CHART.tick },
  });
  const onLeft = (at: number) => ({
    sourcePoint: { x: x - CHART.tick, y: at },
    targetPoint: { x, y: at },
  });
  const band = frame.band;
  const size = Math.max(7, Math.min(14, frame.turned ? band * 0.85 : 14));
  for (const t of frame.categoryTicks) {
    d.cells.push(
      edgeCell(d.ids.next("tick"), "", tick, PLACED_LAYER, h ? onLeft(y + t.at) : onBottom(t.at)),
    );
    const b = frame.categoryBand;
    const rect = h
      ? { x: b.x, y: y + t.at - band / 2, width: b.width - 4, height: band }
      : { x: x + t.at - band / 2, y: b.y, width: band, height: b.height };
    const turn = frame.turned ? "horizontal=0;align=right;" : h ? "align=right;" : "align=center;";
    const vertical = `verticalAlign=${h || frame.turned ? "middle" : "top"};`;
    d.cells.push(text(d, t.label, `${turn}${vertical}fontSize=${round(size)};`, snap(rect)));
  }
  for (const t of frame.valueTicks) {
    d.cells.push(
      edgeCell(
        d.ids.next("tick"),
        "",
        tick,
        PLACED_LAYER,
        h ? onBottom(t.at) : onLeft(bottom - t.at),
      ),
    );
    const b = frame.valueBand;
    const spacing =
      frame.valueTicks.length > 1
        ? Math.abs((frame.valueTicks[1]?.at ?? 0) - (frame.valueTicks[0]?.at ?? 0))
        : 60;
    const rect = h
      ? { x: x + t.at - spacing / 2, y: b.y, width: spacing, height: 20 }
      : { x: b.x, y: bottom - t.at - 9, width: b.width, height: 18 };
    d.cells.push(
      text(
        d,
        t.label,
        `align=${h ? "center" : "right"};verticalAlign=middle;fontSize=14;`,
        snap(rect),
      ),
    );
  }
  const [catTitle, valTitle] = [chart.x.title, chart.y.title];
  if (catTitle !== undefined)
    d.cells.push(
      text(d, catTitle, `fontSize=16;${h ? "horizontal=0;" : ""}`, snap(frame.categoryTitle)),
    );
  if (valTitle !== undefined)
    d.cells.push(
      text(d, valTitle, `fontSize=16;${h ? "" : "horizontal=0;"}`, snap(frame.valueTitle)),
    );
}

/** The chart title across the top, and under it a legend of the named series. */
export function drawTitle(d: ChartDrawing, title: string | undefined): void {
  if (title !== undefined) {
    const look = { colour: d.look.text, size: 20, wrap: true };
    d.cells.push(titleCell(d.ids.next("label"), title, snap(d.frame.title), look));
  }
  let x = d.frame.plot.x;
  const y = d.frame.title.y + d.frame.title.height + 4;
  for (const [k, series] of d.chart.series.entries()) {
    if (series.name === undefined) continue;
    const colour = d.look.palette[k % d.look.palette.length] as string;
    const entry = {
      keyId: d.ids.next("key"),
      labelId: d.ids.next("label"),
      label: series.name,
      swatch: `fillColor=${colour};strokeColor=none;`,
    };
    const row = legendRow(entry, x, y, { box: 10, fontSize: 12, colour: d.look.text });
    d.cells.push(...row.cells);
    x += row.width + 12;
  }
}

/** A text cell on the page. */
export function text(d: ChartDrawing, value: string, style: string, rect: Rect): XmlElement {
  const given = new Set(style.split(";").map((part) => part.split("=")[0]));
  const defaults = ["align=center", "verticalAlign=middle"].filter(
    (kv) => !given.has(kv.split("=")[0]),
  );
  const full = `text;html=1;whiteSpace=wrap;overflow=hidden;strokeColor=none;fillColor=none;${defaults.join(";")};fontColor=${d.look.text};${style}`;
  return vertexCell(d.ids.next("label"), htmlLabel(value), full, PLACED_LAYER, rect);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function snap(r: Rect): Rect {
  return { x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height) };
}
