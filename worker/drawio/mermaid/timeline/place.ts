/**
 * Places a timeline: periods side by side along the time axis (left to right, or top to
 * bottom for `timeline TD`), each period's events stacked beyond the axis in their order, and
 * each section's header spanning its periods.
 */
import type { Point, Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { TimelineModel, TimelinePeriod, TimelineSection } from "./model.ts";

/** Every box is as wide as Mermaid draws them; labels wrap inside. */
export const BOX_WIDTH = 150;
const TEXT_WIDTH = BOX_WIDTH - 16;
const MIN_HEIGHT = 36;
/** Between neighbouring periods, between a row and the axis, between stacked events. */
const PERIOD_GAP = 30;
const AXIS_GAP = 28;
const EVENT_GAP = 14;

/** A placed period with its events' boxes. */
export interface PlacedPeriod {
  period: TimelinePeriod;
  rect: Rect;
  events: Rect[];
}

/** A placed section header (named sections only). */
export interface PlacedSection {
  section: TimelineSection;
  rect: Rect;
}

/** Where everything is, from (0, 0). */
export interface TimelinePlacement {
  sections: PlacedSection[];
  periods: PlacedPeriod[];
  axis: [Point, Point];
  width: number;
  height: number;
}

/** The height of a box holding a label. */
function boxHeight(label: string): number {
  return Math.max(MIN_HEIGHT, measureText(label, TEXT_WIDTH).height + 16);
}

/**
 * Places the timeline in the direction it runs.
 *
 * @example
 * const { periods, axis } = placeTimeline(model);
 */
export function placeTimeline(model: TimelineModel): TimelinePlacement {
  return model.vertical ? placeDown(model) : placeAcross(model);
}

/** Periods left to right, events stacked below the axis. */
function placeAcross(model: TimelineModel): TimelinePlacement {
  const named = model.sections.filter((s) => s.name !== undefined);
  const sectionHeight = Math.max(0, ...named.map((s) => boxHeight(s.name ?? "")));
  const periodTop = named.length > 0 ? sectionHeight + EVENT_GAP : 0;
  const periodHeight = Math.max(MIN_HEIGHT, ...model.periods.map((p) => boxHeight(p.label)));
  const axisY = periodTop + periodHeight + AXIS_GAP;
  const sections: PlacedSection[] = [];
  const periods: PlacedPeriod[] = [];
  let x = 0;
  let bottom = axisY;
  for (const section of model.sections) {
    const from = x;
    for (const period of section.periods) {
      const rect = { x, y: periodTop, width: BOX_WIDTH, height: periodHeight };
      let y = axisY + AXIS_GAP;
      const events = period.events.map((e) => {
        const box = { x, y, width: BOX_WIDTH, height: boxHeight(e) };
        y += box.height + EVENT_GAP;
        return box;
      });
      bottom = Math.max(bottom, y - EVENT_GAP);
      periods.push({ period, rect, events });
      x += BOX_WIDTH + PERIOD_GAP;
    }
    if (section.periods.length === 0) x += BOX_WIDTH + PERIOD_GAP;
    if (section.name !== undefined) {
      sections.push({
        section,
        rect: { x: from, y: 0, width: x - PERIOD_GAP - from, height: sectionHeight },
      });
    }
  }
  const right = Math.max(BOX_WIDTH, x - PERIOD_GAP);
  return {
    sections,
    periods,
    axis: [
      { x: -20, y: axisY },
      { x: right + 20, y: axisY },
    ],
    width: right + 40,
    height: bottom,
  };
}

/**
 * Periods top to bottom, each section's header a band above its periods, each period's events
 * stacked right of the axis from the period's top.
 */
function placeDown(model: TimelineModel): TimelinePlacement {
  const axisX = BOX_WIDTH + AXIS_GAP;
  const eventX = axisX + AXIS_GAP;
  const width = eventX + BOX_WIDTH;
  const sections: PlacedSection[] = [];
  const periods: PlacedPeriod[] = [];
  let y = 0;
  for (const section of model.sections) {
    if (section.name !== undefined) {
      const rect = { x: 0, y, width, height: boxHeight(section.name) };
      sections.push({ section, rect });
      y += rect.height + EVENT_GAP;
    }
    for (const period of section.periods) {
      // The period and its first event are as tall as each other, so the line between is level.
      const first = period.events[0];
      const height = Math.max(boxHeight(period.label), first === undefined ? 0 : boxHeight(first));
      const rect = { x: 0, y, width: BOX_WIDTH, height };
      let bottom = y + rect.height;
      let top = y;
      const events = period.events.map((e, k) => {
        const box = {
          x: eventX,
          y: top,
          width: BOX_WIDTH,
          height: k === 0 ? height : boxHeight(e),
        };
        top += box.height + EVENT_GAP;
        bottom = Math.max(bottom, box.y + box.height);
        return box;
      });
      periods.push({ period, rect, events });
      y = bottom + PERIOD_GAP;
    }
  }
  const bottom = Math.max(MIN_HEIGHT, y - PERIOD_GAP);
  return {
    sections,
    periods,
    axis: [
      { x: axisX, y: -20 },
      { x: axisX, y: bottom + 20 },
    ],
    width,
    height: bottom + 40,
  };
}
