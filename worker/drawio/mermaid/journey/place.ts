/**
 * Where everything of a user journey goes: the title, the actors' legend on the left, a header
 * band per section over its tasks, the tasks as cards in one row, and each task's score marker
 * below it at the height of its score (5 highest, 1 lowest).
 */
import type { Rect } from "../../model/cell.ts";
import { measureText } from "../../text/estimate.ts";
import type { Journey, JourneyTask } from "./model.ts";

/** A placed journey. */
export interface PlacedJourney {
  width: number;
  height: number;
  title?: Rect;
  /** Each actor's dot and name in the legend, in the journey's actor order. */
  legend: { dot: Rect; name: Rect }[];
  sections: { name: string; index: number; rect: Rect }[];
  tasks: { task: JourneyTask; card: Rect; face: Rect }[];
  /** The arrow of time under the cards. */
  arrow: { y: number; from: number; to: number };
}

const MARGIN = 20;
const CARD_W = 150;
const CARD_GAP = 20;
const DOT = 14;
const FACE = 32;
const STEP = 34;
const NAME_WRAP = 150;

/** The score as drawn: Mermaid's scale, 1 to 5 (other numbers sit at its ends). */
export function drawnScore(score: number): number {
  return Math.min(5, Math.max(1, score));
}

/**
 * Places the journey.
 *
 * @example
 * const placed = placeJourney(parseJourney(source));
 */
export function placeJourney(journey: Journey): PlacedJourney {
  const titleHeight = journey.title === undefined ? 0 : 40;
  const top = MARGIN + titleHeight;
  const legendWidth =
    journey.actors.length === 0
      ? 0
      : DOT + 8 + Math.max(...journey.actors.map((a) => measureText(a, NAME_WRAP).width)) + 30;
  const legend = journey.actors.map((actor, i) => {
    const box = measureText(actor, NAME_WRAP);
    const y = top + i * Math.max(24, box.height + 9);
    return {
      dot: { x: MARGIN, y: y + 3, width: DOT, height: DOT },
      name: { x: MARGIN + DOT + 6, y, width: box.width + 6, height: Math.max(20, box.height + 4) },
    };
  });
  const left = MARGIN + legendWidth;
  const slots = columns(journey);
  const headerHeight = Math.max(
    40,
    ...journey.sections.map(
      (s, i) => measureText(s.name, (slots.width.get(i) ?? CARD_W) - 12).height + 16,
    ),
  );
  const cardTop = top + headerHeight + 12;
  const cardHeight = Math.max(
    50,
    ...journey.tasks.map((t) => measureText(t.name, CARD_W - 16).height + 22),
  );
  const arrowY = cardTop + cardHeight + 24;
  const faceTop = arrowY + 24;
  const tasks = journey.tasks.map((task, i) => {
    const x = left + (slots.column.get(i) ?? 0) * (CARD_W + CARD_GAP);
    const faceY = faceTop + (5 - drawnScore(task.score)) * STEP;
    return {
      task,
      card: { x, y: cardTop, width: CARD_W, height: cardHeight },
      face: { x: x + (CARD_W - FACE) / 2, y: faceY, width: FACE, height: FACE },
    };
  });
  const sections = journey.sections.map((s, index) => {
    const first = slots.first.get(index) ?? 0;
    const width = slots.width.get(index) ?? CARD_W;
    return {
      name: s.name,
      index,
      rect: { x: left + first * (CARD_W + CARD_GAP), y: top, width, height: headerHeight },
    };
  });
  const right = left + Math.max(1, slots.count) * (CARD_W + CARD_GAP) - CARD_GAP;
  const bottom = faceTop + 4 * STEP + FACE;
  const legendBottom = Math.max(0, ...legend.map((l) => l.name.y + l.name.height));
  return {
    width: right + MARGIN,
    height: Math.max(bottom, legendBottom) + MARGIN,
    ...(journey.title === undefined
      ? {}
      : { title: { x: left, y: MARGIN, width: right - left, height: 30 } }),
    legend,
    sections,
    tasks,
    arrow: { y: arrowY, from: left, to: right },
  };
}

interface Columns {
  /** The column of each task, by task index. */
  column: Map<number, number>;
  /** The first column and the width of each section, by section index. */
  first: Map<number, number>;
  width: Map<number, number>;
  count: number;
}

/** One column per task, in order; a section with no task still takes one column for its header. */
function columns(journey: Journey): Columns {
  const out: Columns = { column: new Map(), first: new Map(), width: new Map(), count: 0 };
  const bySection = new Map<number, number[]>();
  for (const [i, t] of journey.tasks.entries()) {
    const list = bySection.get(t.section) ?? [];
    list.push(i);
    bySection.set(t.section, list);
  }
  for (let s = -1; s < journey.sections.length; s++) {
    const list = bySection.get(s) ?? [];
    if (s === -1 && list.length === 0) continue;
    out.first.set(s, out.count);
    for (const i of list) out.column.set(i, out.count++);
    if (list.length === 0) out.count++;
    const n = Math.max(1, list.length);
    out.width.set(s, n * CARD_W + (n - 1) * CARD_GAP);
  }
  return out;
}
