/**
 * Mermaid timelines (`timeline`) as editable draw.io: periods along a time axis, their events
 * stacked beyond it and joined to them, sections as coloured headers over their periods, the
 * title above.
 */
import type { WorkBudget } from "../../budget.ts";
import { pageBackground } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { timelineCells } from "./cells.ts";
import type { TimelineModel } from "./model.ts";
import { parseTimeline } from "./parse.ts";
import { placeTimeline } from "./place.ts";
import { colourScale } from "./styles.ts";

/**
 * Converts a timeline read by `readMermaid`. `nodes` counts periods and events, `edges` the
 * dashed connectors drawn from each period to its first event and between its events (one per
 * event; the time axis is a free line, not counted); `counts` gives `periods`, `events` and
 * `sections`.
 *
 * @example
 * const { counts } = await convertTimeline(readMermaid("timeline\n  2004 : Facebook : Google"), {});
 * // { periods: 1, events: 2, sections: 0 }
 */
export async function convertTimeline(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const model = parseTimeline(source);
  const notes = [...model.notes];
  applyDirection(model, options, notes);
  const theme = options.theme ?? "default";
  const settings = source.config.timeline as { disableMulticolor?: unknown } | undefined;
  const single = settings?.disableMulticolor === true;
  const placement = placeTimeline(model);
  const { cells, width, height, connectors } = timelineCells(model, placement, {
    theme,
    single,
    scale: colourScale(source.config),
  });
  const document = placedDocument(cells, width, height, pageBackground(theme));
  const page = document.pages[0];
  if (page !== undefined && model.title) page.attributes.name = model.title;
  const events = model.periods.reduce((n, p) => n + p.events.length, 0);
  return {
    document,
    notes,
    nodes: model.periods.length + events,
    edges: connectors,
    counts: { periods: model.periods.length, events, sections: model.named },
    ...(model.title ? { title: model.title } : {}),
  };
}

/** Applies the direction option: "down" runs the periods top to bottom, "right" left to right. */
function applyDirection(model: TimelineModel, options: MermaidOptions, notes: string[]): void {
  const direction = options.direction;
  if (direction === undefined) return;
  if (direction === "down" || direction === "right") {
    model.vertical = direction === "down";
    return;
  }
  notes.push(
    `a timeline runs left to right or top to bottom; the direction "${direction}" was not applied`,
  );
}
