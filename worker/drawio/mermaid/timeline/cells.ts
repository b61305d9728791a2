/**
 * A placed timeline as draw.io cells: the title, section headers, periods, events, the time
 * axis, and dashed connectors joining each period to its events (period → first event → next
 * event), so a stack stays joined when it is moved.
 */
import type { Theme } from "../../layout/spec.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { titleCell } from "../chart-parts.ts";
import { chartText } from "../colours.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { TimelineModel, TimelineSection } from "./model.ts";
import type { TimelinePlacement } from "./place.ts";
import {
  axisStyle,
  type ColourScale,
  connectorStyle,
  eventStyle,
  periodStyle,
  sectionStyle,
  type TimelineColours,
  timelineColours,
} from "./styles.ts";

/** Space around the drawing (the axis overhangs the periods by 20 more). */
const MARGIN = 60;

/** The cells of a page, its size and how many connectors it holds. */
export interface TimelineCells {
  cells: XmlElement[];
  width: number;
  height: number;
  connectors: number;
}

/** How the colour of each period is chosen. */
export interface ColourOptions {
  theme: Theme;
  /** `timeline.disableMulticolor`: one colour for every period when there are no sections. */
  single: boolean;
  /** The theme's own colour scale (`cScale0`, …). */
  scale?: ColourScale;
}

/**
 * Writes the cells of a placed timeline.
 *
 * @example
 * const { cells } = timelineCells(model, placeTimeline(model), { theme: "default", single: false });
 */
export function timelineCells(
  model: TimelineModel,
  placement: TimelinePlacement,
  options: ColourOptions,
): TimelineCells {
  const ids = new CellIds();
  const cells: XmlElement[] = [];
  let top = MARGIN;
  if (model.title !== undefined && model.title !== "") {
    const size = measureText(model.title, Number.POSITIVE_INFINITY);
    const rect = {
      x: MARGIN - 20,
      y: MARGIN - 20,
      width: size.width * 1.7 + 20,
      height: size.height * 1.7 + 8,
    };
    cells.push(
      titleCell(ids.claim("title"), model.title, rect, {
        colour: chartText(options.theme),
        size: 20,
        bold: true,
        align: "left",
      }),
    );
    top += rect.height + 16;
  }
  const at = (r: Rect): Rect => ({ ...r, x: r.x + MARGIN, y: r.y + top });
  // The axis first, so that it runs behind the boxes (and behind a vertical timeline's bands).
  const [from, to] = placement.axis;
  const shift = (p: { x: number; y: number }) => ({ x: p.x + MARGIN, y: p.y + top });
  cells.push(
    edgeCell(ids.claim("axis"), "", axisStyle(options.theme), PLACED_LAYER, {
      sourcePoint: shift(from),
      targetPoint: shift(to),
    }),
  );
  const colourOf = colouring(model, options);
  for (const { section, rect } of placement.sections) {
    const style = sectionStyle(colourOf(section, 0));
    cells.push(
      vertexCell(ids.next("section"), htmlLabel(section.name ?? ""), style, PLACED_LAYER, at(rect)),
    );
  }
  let connectors = 0;
  const sectionOf = sectionsByPeriod(model);
  placement.periods.forEach(({ period, rect, events }, k) => {
    const colours = colourOf(sectionOf.get(period) as TimelineSection, k);
    const periodId = ids.next("period");
    cells.push(
      vertexCell(periodId, htmlLabel(period.label), periodStyle(colours), PLACED_LAYER, at(rect)),
    );
    let above = periodId;
    events.forEach((box, e) => {
      const id = ids.next("event");
      cells.push(
        vertexCell(
          id,
          htmlLabel(period.events[e] ?? ""),
          eventStyle(colours),
          PLACED_LAYER,
          at(box),
        ),
      );
      const style = connectorStyle(colours, model.vertical && e === 0);
      cells.push(
        edgeCell(ids.next("link"), "", style, PLACED_LAYER, { source: above, target: id }),
      );
      connectors++;
      above = id;
    });
  });
  return {
    cells,
    width: placement.width + 2 * MARGIN,
    height: placement.height + top + MARGIN,
    connectors,
  };
}

/**
 * The colours of a period (by its section and its place): per named section when there are
 * sections, else per period, else one colour when multicolour is off.
 */
function colouring(model: TimelineModel, options: ColourOptions) {
  const named = model.sections.filter((s) => s.name !== undefined);
  return (section: TimelineSection, period: number): TimelineColours => {
    if (model.named > 0)
      return timelineColours(named.indexOf(section), options.theme, options.scale);
    return timelineColours(options.single ? 0 : period, options.theme, options.scale);
  };
}

/** The section each period sits in. */
function sectionsByPeriod(model: TimelineModel): Map<object, TimelineSection> {
  const map = new Map<object, TimelineSection>();
  for (const section of model.sections) for (const p of section.periods) map.set(p, section);
  return map;
}
