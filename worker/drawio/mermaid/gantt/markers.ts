/**
 * The marks a gantt chart lays over its rows: excluded days shaded as runs of whole days, and
 * `vert` markers with their labels below the axis (stepped down where two would collide).
 */
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import { DAY, startOfDay } from "./dates.ts";
import { type Exclusions, isExcluded, type Timed } from "./schedule.ts";

/** A `vert` marker: its line's x and its label below the axis. */
export interface PlacedVert {
  timed: Timed;
  x: number;
  label: Rect;
}

/** The most runs of excluded days shaded (spans of more weeks are left unshaded, with a note). */
const MAX_SHADES = 600;

/** The `vert` markers at their dates, labels from `y` down. */
export function placeVerts(timed: Timed[], scale: (ms: number) => number, y: number): PlacedVert[] {
  const verts: PlacedVert[] = [];
  let lastRight = Number.NEGATIVE_INFINITY;
  let rowY = y;
  for (const t of [...timed].filter((v) => v.task.tags.vert).sort((a, b) => a.start - b.start)) {
    const x = scale(t.start);
    const w = measureText(t.task.name, 300).width + 8;
    const lx = x - w / 2;
    rowY = lx < lastRight + 4 ? rowY + 18 : y;
    verts.push({ timed: t, x, label: { x: lx, y: rowY, width: w, height: 18 } });
    lastRight = Math.max(lastRight, lx + w);
  }
  return verts;
}

/** The runs of excluded days between `from` and `to`, from the rows' `top` to `bottom`. */
export function shades(
  ex: Exclusions,
  notes: string[],
  { from, to, top, bottom }: { from: number; to: number; top: number; bottom: number },
  scale: (ms: number) => number,
): Rect[] {
  if (ex.weekdays.size === 0 && ex.days.size === 0) return [];
  if ((to - from) / DAY > MAX_SHADES * 7) {
    notes.push(
      "excluded days are not shaded: the chart spans too many days to shade them one by one",
    );
    return [];
  }
  const out: Rect[] = [];
  let runStart: number | undefined;
  for (let day = startOfDay(from); day <= to; day += DAY) {
    const excluded = isExcluded(day, ex);
    if (excluded && runStart === undefined) runStart = day;
    if (!excluded && runStart !== undefined) {
      out.push(shade(runStart, day, from, to, scale, top, bottom));
      runStart = undefined;
    }
  }
  if (runStart !== undefined)
    out.push(shade(runStart, startOfDay(to) + DAY, from, to, scale, top, bottom));
  return out.filter((r) => r.width > 0.5);
}

function shade(
  a: number,
  b: number,
  from: number,
  to: number,
  scale: (ms: number) => number,
  top: number,
  bottom: number,
): Rect {
  const x0 = scale(Math.max(a, from));
  const x1 = scale(Math.min(b, to));
  return { x: x0, y: top, width: x1 - x0, height: bottom - top };
}
