/**
 * A pie chart's draw.io cells: one `mxgraph.basic.pie` slice per value stacked on one centre,
 * the percentage of each on it, the title above and the legend beside, placed around the
 * pie's centre and then moved onto the page.
 */

import { htmlLabel } from "../../layout/to-cells.ts";
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { vertexCell } from "../cell-edits.ts";
import { legendRowPlace, rectsTouch, titleStyle } from "../chart-parts.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { PieModel } from "./parse.ts";

/** Mermaid's pie palette (its default theme's `pie1` … `pie12`), repeated past twelve slices. */
export const PIE_COLOURS = [
  "#ececff",
  "#ffffde",
  "#b5ff20",
  "#b9b9ff",
  "#ffff45",
  "#d7ff86",
  "#ff86ff",
  "#20ffff",
  "#ff2020",
  "#ff20ff",
  "#20ff8f",
  "#ff5353",
] as const;

const RADIUS = 185;
const LEGEND_BOX = 18;
const LEGEND_ROW = 22;
const MARGIN = 20;
const LABEL_SIZE = 14;

/** The drawn chart: its cells, the page size, and how many percentages found no room. */
export interface PieDrawing {
  cells: XmlElement[];
  width: number;
  height: number;
  unlabelled: number;
}

interface Placed {
  id: string;
  value: string;
  style: string;
  rect: Rect;
}

/**
 * Draws the pie: slices clockwise from twelve o'clock in source order (as Mermaid does), each
 * percentage at `textPosition` of the radius on its slice's middle (moved outwards when it would
 * sit on another), the legend (`label [value]` with `showData`) and the title.
 *
 * @example
 * pieCells(parsePie(source), 0.75, "#000000").cells.length;
 */
export function pieCells(model: PieModel, textPosition: number, ink: string): PieDrawing {
  const placed: Placed[] = [];
  const total = model.slices.reduce((sum, s) => sum + s.value, 0);
  const pie = { x: -RADIUS, y: -RADIUS, width: 2 * RADIUS, height: 2 * RADIUS };
  const drawn = model.slices.filter((s) => s.value > 0);
  placed.push({
    id: "pie",
    value: "",
    style: "ellipse;strokeColor=#000000;strokeWidth=2;fillColor=none;",
    rect: pie,
  });
  let start = 0;
  const labels: Rect[] = [];
  // Percentages go after every slice: each slice's box is the whole pie, so a later slice
  // would be painted over an earlier slice's percentage.
  const shares: Placed[] = [];
  let unlabelled = 0;
  for (const [index, slice] of model.slices.entries()) {
    if (slice.value <= 0) continue;
    const colour = PIE_COLOURS[index % PIE_COLOURS.length];
    const share = slice.value / total;
    const end = start + share;
    const common = `fillColor=${colour};fillOpacity=70;strokeColor=#000000;strokeWidth=2;`;
    const style =
      drawn.length === 1
        ? `ellipse;${common}`
        : `shape=mxgraph.basic.pie;startAngle=${round(start)};endAngle=${round(end)};${common}`;
    placed.push({ id: `slice-${index + 1}`, value: "", style, rect: pie });
    const text = `${(share * 100).toFixed(0)}%`;
    const middle = (start + end) / 2;
    start = end;
    if (text === "0%") {
      unlabelled++;
      continue;
    }
    const rect = percentRect(text, middle, textPosition, labels);
    if (rect) {
      labels.push(rect);
      shares.push({
        id: `share-${index + 1}`,
        value: text,
        style: `text;html=1;align=center;verticalAlign=middle;fontSize=${LABEL_SIZE};fontColor=#000000;`,
        rect,
      });
    } else unlabelled++;
  }
  const right = Math.max(RADIUS, ...labels.map((r) => r.x + r.width));
  placed.push(...shares, ...legend(model, right + 30, ink));
  if (model.title !== undefined && model.title !== "") {
    const top = Math.min(-RADIUS, ...labels.map((r) => r.y));
    const box = measureText(model.title, 600);
    const width = box.width * (20 / 12) + 10;
    placed.push({
      id: "title",
      value: htmlLabel(model.title),
      style: titleStyle({ colour: ink, size: 20 }),
      rect: { x: -width / 2, y: top - 20 - box.lines * 25, width, height: box.lines * 25 },
    });
  }
  return onPage(placed, unlabelled);
}

/** The legend: a coloured square and `label` (`label [value]` with `showData`) per slice. */
function legend(model: PieModel, x: number, ink: string): Placed[] {
  const out: Placed[] = [];
  const top = -(model.slices.length * LEGEND_ROW) / 2;
  for (const [index, slice] of model.slices.entries()) {
    const y = top + index * LEGEND_ROW;
    const colour = PIE_COLOURS[index % PIE_COLOURS.length];
    const text = model.showData ? `${slice.label} [${slice.value}]` : slice.label;
    const row = legendRowPlace(text, x, y - 3, { box: LEGEND_BOX, fontSize: 14, colour: ink });
    out.push({
      id: `key-${index + 1}`,
      value: "",
      style: `rounded=0;html=1;fillColor=${colour};fillOpacity=70;strokeColor=#000000;`,
      rect: row.swatch,
    });
    out.push({
      id: `legend-${index + 1}`,
      value: htmlLabel(text),
      style: row.labelStyle,
      rect: row.label,
    });
  }
  return out;
}

/**
 * Where a percentage sits: on its slice's middle at `position` of the radius, or further out
 * (up to past the rim) while it would cover another percentage; undefined when nowhere is free.
 */
function percentRect(
  text: string,
  middle: number,
  position: number,
  taken: readonly Rect[],
): Rect | undefined {
  const width = Math.ceil(measureText(text, 200).width * (LABEL_SIZE / 12)) + 4;
  const height = 18;
  const angle = middle * 2 * Math.PI;
  for (let r = RADIUS * position; r <= RADIUS + 70; r += 14) {
    const cx = Math.sin(angle) * r;
    const cy = -Math.cos(angle) * r;
    const rect = { x: cx - width / 2, y: cy - height / 2, width, height };
    if (!taken.some((t) => rectsTouch(t, rect))) return rect;
  }
  return undefined;
}

/** The placed cells moved so the drawing starts at the page margin. */
function onPage(placed: readonly Placed[], unlabelled: number): PieDrawing {
  const minX = Math.min(...placed.map((p) => p.rect.x));
  const minY = Math.min(...placed.map((p) => p.rect.y));
  const maxX = Math.max(...placed.map((p) => p.rect.x + p.rect.width));
  const maxY = Math.max(...placed.map((p) => p.rect.y + p.rect.height));
  const cells = placed.map((p) =>
    vertexCell(p.id, p.value, p.style, PLACED_LAYER, {
      x: round(p.rect.x - minX + MARGIN),
      y: round(p.rect.y - minY + MARGIN),
      width: round(p.rect.width),
      height: round(p.rect.height),
    }),
  );
  return { cells, width: maxX - minX + 2 * MARGIN, height: maxY - minY + 2 * MARGIN, unlabelled };
}

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
