/**
 * The sizes a sequence diagram is placed by: participant headers, message labels and notes
 * measured as draw.io will draw their text, and the spacings between them.
 */
import { measureText, wrapText } from "../../text/estimate.ts";
import type { Participant, ParticipantKind, SequenceEvent } from "./model.ts";

/** An activation bar's width; nested bars step right by half of it. */
export const BAR = 10;
/** How far right a message to oneself reaches before it turns back. */
export const LOOP = 32;
/** How far a note over participants reaches past their lifelines. */
export const OVERHANG = 20;
/** Room between a lifeline (or its bars) and a note beside it. */
export const NOTE_GAP = 10;
/** Room either side of a message's label between its two lifelines. */
export const LABEL_PAD = 14;
/** One line of draw.io's 12 px text. */
export const LINE = 15;

/** Participants drawn as a figure over their name (draw.io's UML lifeline participants). */
export const FIGURES: Partial<Record<ParticipantKind, { shape: string; width: number }>> = {
  actor: { shape: "umlActor", width: 30 },
  boundary: { shape: "umlBoundary", width: 50 },
  control: { shape: "umlControl", width: 40 },
  entity: { shape: "umlEntity", width: 40 },
};

/** The widest text a header, a message label and a note take before they wrap. */
const HEADER_WRAP = 160;
const MESSAGE_WRAP = 300;
const NOTE_WRAP = 220;

/** How a participant's header is drawn. */
export interface Header {
  /** The lifeline cell's width. */
  width: number;
  /** The header's height (the lifeline's `size`). */
  height: number;
  /** The height of a figure's name, written under the figure. */
  below: number;
  /** Half the width the header takes on the page, its name included. */
  half: number;
}

/**
 * The header of a participant: a box that fits its name (at least draw.io's 100 × 40), or a
 * figure 40 high with the name under it.
 *
 * @example
 * headerOf({ id: "A", label: "Alice", kind: "participant", at }); // { width: 100, height: 40, below: 0, half: 50 }
 */
export function headerOf(p: Participant): Header {
  const figure = FIGURES[p.kind];
  if (figure) {
    const text = measureText(p.label, Number.POSITIVE_INFINITY);
    return {
      width: figure.width,
      height: 40,
      below: p.label === "" ? 0 : text.height + 6,
      half: Math.max(figure.width, text.width) / 2,
    };
  }
  const text = measureText(p.label, HEADER_WRAP);
  const width = Math.max(100, text.width + 24);
  return { width, height: Math.max(40, text.height + 14), below: 0, half: width / 2 };
}

/** A label's lines as written to the file and the room they take. */
export interface Sized {
  text: string;
  /** The autonumber shown in bold before the text. */
  number?: string;
  width: number;
  height: number;
}

/**
 * A message's label: its text broken into lines no wider than draw.io should draw them (edge
 * labels do not wrap by themselves), with the autonumber before it.
 *
 * @example
 * messageLabel({ type: "message", text: "Hello", number: "1", … }).width; // about 44
 */
export function messageLabel(e: Extract<SequenceEvent, { type: "message" }>): Sized {
  const prefix = e.number === undefined ? "" : `${e.number} `;
  const lines = e.text === "" ? [] : e.text.split("\n").flatMap((l) => wrapText(l, MESSAGE_WRAP));
  const text = lines.join("\n");
  const box = measureText(prefix + text, Number.POSITIVE_INFINITY);
  const sized: Sized = {
    text,
    width: box.width,
    height: lines.length === 0 && !prefix ? 0 : box.height,
  };
  if (e.number !== undefined) sized.number = e.number;
  return sized;
}

/**
 * A note's box: its text wrapped (draw.io wraps notes itself) with room around it.
 *
 * @example
 * noteSize("Text in note"); // { text: "Text in note", width: 94, height: 29 }
 */
export function noteSize(text: string): Sized {
  const box = measureText(text, NOTE_WRAP);
  return { text, width: Math.max(60, box.width + 24), height: box.height + 14 };
}

/**
 * A frame's condition as draw.io shows it beside the frame's name: `[text]`.
 *
 * @example
 * conditionSize("Every minute").width; // about 90
 */
export function conditionSize(text: string): Sized {
  if (text === "") return { text, width: 0, height: 0 };
  const shown = `[${text}]`;
  const box = measureText(shown, Number.POSITIVE_INFINITY);
  return { text: shown, width: box.width + 12, height: box.height };
}

/** The width of a frame's name tab. */
export function tabWidth(keyword: string): number {
  return Math.max(50, measureText(keyword, Number.POSITIVE_INFINITY).width + 30);
}
