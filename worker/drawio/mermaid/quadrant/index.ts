/**
 * Mermaid quadrant charts (`quadrantChart`) as editable draw.io: the quadrant folder's front
 * door, `convertQuadrantChart`.
 */
import type { WorkBudget } from "../../budget.ts";
import { configRecord, positiveNumber } from "../chart-parts.ts";
import { chartText, pageBackground } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { quadrantCells } from "./cells.ts";
import { parseQuadrant } from "./parse.ts";

/**
 * Converts a quadrant chart read by `readMermaid`: four quadrant boxes with their labels, the
 * axis labels, each point a circle at its coordinates with its name. `nodes` counts the points
 * (`counts.points`), `counts.quadrants` the quadrants given a label; there are no edges.
 *
 * @example
 * const { document } = await convertQuadrantChart(readMermaid("quadrantChart\n  A: [0.3, 0.6]"), {});
 */
export async function convertQuadrantChart(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parseQuadrant(source);
  budget?.charge(model.points.length);
  const title = model.title ?? source.title;
  const config = configRecord(source.config.quadrantChart);
  const drawing = quadrantCells(
    { ...model, ...(title === undefined ? {} : { title }) },
    {
      width: size(config.chartWidth, 500) - 100,
      height: size(config.chartHeight, 500) - 100,
      pointRadius: size(config.pointRadius, 5),
      ink: chartText(options.theme, "#131300"),
    },
  );
  const notes = [...source.notes];
  if (drawing.listed > 0) {
    notes.push(
      `${drawing.listed} point names had no free place beside their point and are listed, numbered, right of the chart`,
    );
  }
  if (source.config.themeVariables !== undefined) {
    notes.push("theme variables are not applied: the chart is drawn in Mermaid's default colours");
  }
  for (const name of new Set(model.points.flatMap((p) => p.classes))) {
    if (!model.classes.has(name))
      notes.push(`class "${name}" is used but never defined with classDef`);
  }
  if (options.direction !== undefined)
    notes.push("a quadrant chart has no direction; it was not applied");
  return {
    document: placedDocument(
      drawing.cells,
      drawing.width,
      drawing.height,
      pageBackground(options.theme),
    ),
    notes,
    nodes: model.points.length,
    edges: 0,
    counts: {
      points: model.points.length,
      quadrants: model.quadrants.filter((q) => q !== undefined).length,
    },
    ...(model.title === undefined ? {} : { title: model.title }),
  };
}

/** A size from the config, bounded to what a page holds. */
function size(value: unknown, fallback: number): number {
  const n = positiveNumber(value, Number.POSITIVE_INFINITY);
  return n === undefined ? fallback : Math.min(Math.max(n, 1), 2000);
}
