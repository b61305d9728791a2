/**
 * The columns of a sequence diagram: where each lifeline stands. Neighbouring headers keep a
 * gap, and a pair of lifelines moves apart until every message label, self message and note
 * between them fits.
 */
import { measureText } from "../../text/estimate.ts";
import type { SequenceModel } from "./model.ts";
import {
  BAR,
  conditionSize,
  type Header,
  headerOf,
  LABEL_PAD,
  LOOP,
  messageLabel,
  NOTE_GAP,
  noteSize,
  OVERHANG,
} from "./sizes.ts";

/** Room between two neighbouring headers. */
const GAP = 40;
/** Room between a box and the headers inside it. */
export const BOX_PAD = 12;

/** A lifeline's place: the x of its centre line and its header. */
export interface Column extends Header {
  center: number;
}

/**
 * Places the lifelines left to right, in the order the participants appeared: each as close to
 * its left neighbour as its header allows, unless something between it and a lifeline further
 * left needs more room (a message's label, a note, a self message's loop and label).
 *
 * @example
 * placeColumns(model).map((c) => c.center); // [50, 210, 370]
 */
export function placeColumns(model: SequenceModel): Column[] {
  const headers = model.participants.map(headerOf);
  const n = headers.length;
  const needs: Array<Array<[number, number]>> = headers.map(() => []);
  const need = (a: number, b: number, distance: number) => {
    if (a === b || a < 0 || b < 0 || a >= n || b >= n) return;
    const [left, right] = a < b ? [a, b] : [b, a];
    needs[right]?.push([left, distance]);
  };
  const half = (i: number) => headers[i]?.half ?? 0;
  eventNeeds(model, need, half);
  for (const box of model.boxes) {
    if (box.members.length === 0) continue;
    const first = Math.min(...box.members);
    const last = Math.max(...box.members);
    const title = measureText(box.title, Number.POSITIVE_INFINITY).width + 2 * BOX_PAD;
    if (first === last && headers[first]) {
      headers[first].half = Math.max(headers[first].half, title / 2);
    } else need(first, last, title - half(first) - half(last) - 2 * BOX_PAD);
  }
  const centers: number[] = [];
  for (let j = 0; j < n; j++) {
    if (j === 0) {
      centers.push(half(0));
      continue;
    }
    const left = model.participants[j - 1]?.box;
    const right = model.participants[j]?.box;
    const boxed =
      left !== right ? (left === undefined ? 0 : BOX_PAD) + (right === undefined ? 0 : BOX_PAD) : 0;
    let at = (centers[j - 1] ?? 0) + half(j - 1) + half(j) + GAP + boxed;
    for (const [i, distance] of needs[j] ?? []) at = Math.max(at, (centers[i] ?? 0) + distance);
    centers.push(Math.ceil(at));
  }
  return headers.map((h, i) => ({ ...h, center: centers[i] ?? 0 }));
}

type Need = (a: number, b: number, distance: number) => void;

/**
 * What the events need between lifelines: a message's label between its two, a self message's
 * loop and label right of its own, a note beside or over its participants, and a frame's
 * conditions between its first lifeline and the next (they are written there).
 */
function eventNeeds(model: SequenceModel, need: Need, half: (i: number) => number): void {
  const frames: Array<{ first: number; text: number }> = [];
  const meet = (...who: number[]) => {
    const top = frames[frames.length - 1];
    if (top) top.first = Math.min(top.first, ...who);
  };
  for (const e of model.events) {
    if (e.type === "message") {
      const label = messageLabel(e);
      if (e.from === e.to) {
        need(e.from, e.from + 1, BAR * 2 + LOOP + label.width + LABEL_PAD);
      } else {
        const created = e.creates ? half(e.to) : 0;
        need(e.from, e.to, label.width + 2 * LABEL_PAD + BAR * 2 + created);
      }
      meet(e.from, e.to);
    } else if (e.type === "note") {
      const note = noteSize(e.text);
      const [a = 0, b = a] = e.who;
      const beside = note.width + 2 * NOTE_GAP + BAR;
      if (e.side === "right") need(a, a + 1, beside);
      else if (e.side === "left") need(a - 1, a, beside);
      else if (a === b) {
        need(a - 1, a, note.width / 2 + NOTE_GAP);
        need(a, a + 1, note.width / 2 + NOTE_GAP);
      } else need(a, b, note.width - 2 * OVERHANG);
      if (e.side === "over") meet(...e.who);
    } else if (e.type === "activate") meet(e.who);
    else if (e.type === "open") {
      // A `rect` writes no condition: it asks for no room, but keeps the nesting.
      const text = e.kind === "rect" ? Number.NEGATIVE_INFINITY : conditionSize(e.text).width;
      frames.push({ first: Number.POSITIVE_INFINITY, text });
    } else if (e.type === "section") {
      const top = frames[frames.length - 1];
      if (top) top.text = Math.max(top.text, conditionSize(e.text).width);
    } else if (e.type === "close") {
      const frame = frames.pop();
      if (frame && Number.isFinite(frame.first)) {
        if (Number.isFinite(frame.text))
          need(frame.first, frame.first + 1, BAR * 2 + frame.text + LABEL_PAD);
        meet(frame.first);
      }
    }
  }
}
