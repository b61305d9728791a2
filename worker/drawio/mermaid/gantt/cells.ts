/**
 * The draw.io cells of a placed gantt chart, in Mermaid's colours: section bands, shaded
 * excluded days, grid lines, section labels, task bars (grey done, light blue active, red
 * crit), milestone diamonds, `vert` markers, tick dates and the title.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { titleCell } from "../chart-parts.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { TaskTags } from "./model.ts";
import type { PlacedBar, PlacedGantt } from "./place.ts";

/** Mermaid's band colours in turn: lavender, white, pale yellow, white (at its 0.2 opacity). */
const BAND_FILLS = ["#F0F0FF", "#FFFFFF", "#FFFDCC", "#FFFFFF"];

/** Fill, border and text colour of a bar for its tags, as Mermaid's default theme draws it. */
function barColours(tags: TaskTags): { fill: string; stroke: string; font: string } {
  const stroke = tags.crit ? "#FF8888" : tags.done ? "#808080" : "#534FBC";
  if (tags.done) return { fill: "#D3D3D3", stroke, font: "#000000" };
  if (tags.active) return { fill: "#BFC7FF", stroke, font: "#000000" };
  if (tags.crit) return { fill: "#FF0000", stroke, font: "#FFFFFF" };
  return { fill: "#8A90DD", stroke, font: "#FFFFFF" };
}

const LABEL_PLACES = {
  inside: "align=center;verticalAlign=middle;",
  right:
    "labelPosition=right;verticalLabelPosition=middle;align=left;verticalAlign=middle;spacingLeft=4;",
  left: "labelPosition=left;verticalLabelPosition=middle;align=right;verticalAlign=middle;spacingRight=4;",
};

function barStyle(bar: PlacedBar): string {
  const { fill, stroke, font } = barColours(bar.timed.task.tags);
  const shape = bar.timed.task.tags.milestone ? "rhombus;" : "rounded=1;arcSize=15;";
  const fontColor = bar.label === "inside" ? font : "#000000";
  return `${shape}whiteSpace=nowrap;html=1;fontSize=11;strokeWidth=2;fillColor=${fill};strokeColor=${stroke};fontColor=${fontColor};${LABEL_PLACES[bar.label]}`;
}

/**
 * The cells of the chart, back to front.
 *
 * @example
 * placedDocument(ganttCells(placed), placed.width, placed.height);
 */
export function ganttCells(placed: PlacedGantt): XmlElement[] {
  const ids = new CellIds();
  const barIds = new Map(placed.bars.map((bar) => [bar, ids.claim(bar.timed.task.id)]));
  const cells: XmlElement[] = [];
  const plain = "html=1;strokeColor=none;";
  for (const band of placed.bands) {
    const fill = BAND_FILLS[band.style % BAND_FILLS.length];
    cells.push(
      vertexCell(
        ids.next("band"),
        "",
        `rounded=0;${plain}fillColor=${fill};`,
        PLACED_LAYER,
        band.rect,
      ),
    );
  }
  for (const rect of placed.excluded) {
    cells.push(
      vertexCell(
        ids.next("excluded"),
        "",
        `rounded=0;${plain}fillColor=#EEEEEE;`,
        PLACED_LAYER,
        rect,
      ),
    );
  }
  const { top, bottom } = placed.plot;
  for (const tick of placed.ticks) {
    cells.push(
      edgeCell(ids.next("grid"), "", "endArrow=none;html=1;strokeColor=#D3D3D3;", PLACED_LAYER, {
        sourcePoint: { x: tick.x, y: top },
        targetPoint: { x: tick.x, y: bottom + 4 },
      }),
    );
  }
  for (const band of placed.bands) {
    if (band.name === undefined || band.label === undefined) continue;
    const style =
      "text;html=1;whiteSpace=wrap;align=left;verticalAlign=middle;fontSize=12;fontStyle=1;fontColor=#333333;";
    cells.push(
      vertexCell(ids.next("section"), htmlLabel(band.name), style, PLACED_LAYER, band.label),
    );
  }
  for (const bar of placed.bars) {
    cells.push(
      vertexCell(
        barIds.get(bar) ?? ids.next("task"),
        htmlLabel(bar.timed.task.name),
        barStyle(bar),
        PLACED_LAYER,
        bar.rect,
      ),
    );
  }
  for (const vert of placed.verts) {
    const id = ids.claim(vert.timed.task.id);
    cells.push(
      edgeCell(
        `${id}-line`,
        "",
        "endArrow=none;html=1;strokeColor=#000080;strokeWidth=2;",
        PLACED_LAYER,
        {
          sourcePoint: { x: vert.x, y: top },
          targetPoint: { x: vert.x, y: vert.label.y },
        },
      ),
      vertexCell(
        id,
        htmlLabel(vert.timed.task.name),
        "text;html=1;align=center;verticalAlign=middle;fontSize=11;fontColor=#000080;",
        PLACED_LAYER,
        vert.label,
      ),
    );
  }
  for (const tick of placed.ticks) {
    if (tick.text === undefined || tick.label === undefined) continue;
    const style =
      "text;html=1;align=center;verticalAlign=top;fontSize=10;fontColor=#333333;spacing=0;";
    cells.push(vertexCell(ids.next("tick"), htmlLabel(tick.text), style, PLACED_LAYER, tick.label));
  }
  if (placed.title) {
    const { text, rect } = placed.title;
    cells.push(titleCell(ids.next("title"), text, rect, { colour: "#333333" }));
  }
  return cells;
}
