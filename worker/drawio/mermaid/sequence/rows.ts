/**
 * The rows of a sequence diagram: each message, note and frame edge on its own row, top to
 * bottom, with the activation bars, created and destroyed lifelines, and frames sized around
 * what they hold. Coordinates are absolute; the headers of the first participants sit at y = 0.
 */
import type { Point, Rect } from "../../model/cell.ts";
import type { Column } from "./columns.ts";
import type { Colour, FrameKind, SequenceEvent, SequenceModel } from "./model.ts";
import {
  BAR,
  conditionSize,
  LINE,
  LOOP,
  messageLabel,
  NOTE_GAP,
  noteSize,
  OVERHANG,
  type Sized,
  tabWidth,
} from "./sizes.ts";

/** A message placed: its two ends, the loop of a message to oneself, its label. */
export interface PlacedMessage {
  event: number;
  from: Point;
  to: Point;
  /** The two corners of a self message's loop. */
  loop?: [Point, Point];
  label: Sized;
}

/** A frame placed, with the y of each `else`/`and`/`option` line and its text. */
export interface PlacedFrame {
  kind: FrameKind;
  rect: Rect;
  condition: Sized;
  tab: number;
  /** Where the condition and the sections' texts start, from the frame's left. */
  guard: number;
  sections: Array<{ y: number; text: Sized }>;
  fill?: Colour;
}

export interface Rows {
  /** Each lifeline's top and bottom. */
  lifelines: Array<{ top: number; bottom: number; destroyed: boolean }>;
  /** Activation bars: whose, how deeply nested (0 outermost), from and to. */
  bars: Array<{ who: number; depth: number; top: number; bottom: number }>;
  messages: PlacedMessage[];
  notes: Array<{ rect: Rect; text: string }>;
  frames: PlacedFrame[];
}

interface OpenFrame extends PlacedFrame {
  /** Its place in {@link Rows.frames}: frames are listed as they open, outer before inner. */
  slot: number;
  minX: number;
  maxX: number;
  /** The centre of the leftmost lifeline something inside meets. */
  first: number;
}

/** The last message's row, while nothing has been placed below it. */
interface LastMessage {
  y: number;
  after: number;
  placed: PlacedMessage;
  from: number;
  to: number;
}

type Event<T extends SequenceEvent["type"]> = Extract<SequenceEvent, { type: T }>;

/**
 * Walks the events top to bottom and gives each its row.
 *
 * @example
 * placeRows(model, placeColumns(model)).messages[0].from.y; // 76
 */
export function placeRows(model: SequenceModel, columns: Column[]): Rows {
  const placer = new RowPlacer(model, columns);
  for (let index = 0; index < model.events.length; index++) {
    placer.place(model.events[index] as SequenceEvent, index);
  }
  return placer.finish();
}

/** The walk down the rows: where the next row starts, open frames and activation bars. */
class RowPlacer {
  readonly rows: Rows;
  readonly #model: SequenceModel;
  readonly #columns: Column[];
  /** Each participant's open activation bars: the y each starts at, innermost last. */
  readonly #stacks: number[][];
  readonly #open: OpenFrame[] = [];
  #y: number;
  #last: LastMessage | undefined;

  constructor(model: SequenceModel, columns: Column[]) {
    this.#model = model;
    this.#columns = columns;
    const headerBottom = Math.max(
      0,
      ...model.participants.map((p, i) =>
        p.created ? 0 : (columns[i]?.height ?? 0) + (columns[i]?.below ?? 0),
      ),
    );
    const lifelines = model.participants.map(() => ({ top: 0, bottom: 0, destroyed: false }));
    this.#stacks = model.participants.map(() => []);
    this.rows = { lifelines, bars: [], messages: [], notes: [], frames: [] };
    this.#y = headerBottom + 18;
  }

  /** Gives event `index` its row. */
  place(e: SequenceEvent, index: number): void {
    switch (e.type) {
      case "message":
        this.#message(e, index);
        return;
      case "activate":
        this.#activate(e.who);
        return;
      case "deactivate":
        this.#closeBar(e.who, this.#rowY());
        return;
      case "note":
        this.#note(e);
        return;
      case "open":
        this.#openFrame(e);
        return;
      case "section": {
        const frame = this.#open[this.#open.length - 1];
        const text = conditionSize(e.text);
        frame?.sections.push({ y: this.#y + 4, text });
        this.#y += 4 + Math.max(LINE, text.height) + 12;
        return;
      }
      case "close":
        this.#closeFrame();
        return;
    }
  }

  /** Closes the bars still open and ends the lifelines below the last row. */
  finish(): Rows {
    const bottom = this.#y + 12;
    this.#stacks.forEach((stack, who) => {
      while (stack.length > 0) this.#closeBar(who, bottom - 10);
    });
    for (const l of this.rows.lifelines) if (!l.destroyed) l.bottom = bottom;
    return this.rows;
  }

  #cx(p: number): number {
    return this.#columns[p]?.center ?? 0;
  }

  /** Widens the innermost open frame to `x0`…`x1` and the lifelines of `who`. */
  #touch(x0: number, x1: number, ...who: number[]): void {
    const top = this.#open[this.#open.length - 1];
    if (!top) return;
    top.minX = Math.min(top.minX, x0);
    top.maxX = Math.max(top.maxX, x1);
    for (const p of who) top.first = Math.min(top.first, this.#cx(p));
  }

  /** Where a message meets a lifeline: the side of its activation bars facing the other end. */
  #side(p: number, right: boolean, central: boolean): number {
    const depth = this.#stacks[p]?.length ?? 0;
    if (depth === 0 || central) return this.#cx(p);
    return right ? this.#cx(p) + BAR / 2 + ((depth - 1) * BAR) / 2 : this.#cx(p) - BAR / 2;
  }

  /** The row an activation change belongs to: the last message's, when nothing came after it. */
  #rowY(): number {
    const last = this.#last;
    return last && last.after === this.#y ? last.y : this.#y;
  }

  #closeBar(who: number, at: number): void {
    const stack = this.#stacks[who];
    const top = stack?.pop();
    if (top === undefined) return;
    this.rows.bars.push({ who, depth: stack?.length ?? 0, top, bottom: Math.max(at, top + BAR) });
  }

  #message(e: Event<"message">, index: number): void {
    const label = messageLabel(e);
    const placed =
      e.from === e.to ? this.#selfMessage(e, index, label) : this.#crossMessage(e, index, label);
    const { lifelines } = this.rows;
    for (const d of e.destroys) {
      while ((this.#stacks[d]?.length ?? 0) > 0) this.#closeBar(d, placed.to.y);
      lifelines[d] = {
        ...(lifelines[d] ?? { top: 0 }),
        bottom: d === e.to ? placed.to.y : placed.from.y,
        destroyed: true,
      };
    }
    this.rows.messages.push(placed);
    this.#last = { y: placed.to.y, after: this.#y, placed, from: e.from, to: e.to };
  }

  /** A message to oneself: a loop out to the right and back, one row tall. */
  #selfMessage(e: Event<"message">, index: number, label: Sized): PlacedMessage {
    const y1 = this.#y + 8;
    const y2 = y1 + Math.max(22, label.height + 8);
    const x = this.#side(e.from, true, e.central.from);
    this.#touch(x, x + LOOP + 4 + label.width, e.from);
    this.#y = y2 + 18;
    return {
      event: index,
      from: { x, y: y1 },
      to: { x: this.#side(e.to, true, e.central.to), y: y2 },
      loop: [
        { x: x + LOOP, y: y1 },
        { x: x + LOOP, y: y2 },
      ],
      label,
    };
  }

  /** A message between two lifelines; one that creates its target ends at its header. */
  #crossMessage(e: Event<"message">, index: number, label: Sized): PlacedMessage {
    const y = this.#y;
    const right = this.#cx(e.to) > this.#cx(e.from);
    const header = this.#columns[e.to];
    let at = y + label.height + 8;
    if (e.creates && header) at = Math.max(at, y + header.height / 2 + 6);
    const toX =
      e.creates && header
        ? this.#cx(e.to) + (right ? -1 : 1) * (header.width / 2)
        : this.#side(e.to, !right, e.central.to);
    const placed = {
      event: index,
      from: { x: this.#side(e.from, right, e.central.from), y: at },
      to: { x: toX, y: at },
      label,
    };
    if (e.creates && header)
      this.rows.lifelines[e.to] = { top: at - header.height / 2, bottom: 0, destroyed: false };
    this.#touch(
      Math.min(placed.from.x, placed.to.x),
      Math.max(placed.from.x, placed.to.x),
      e.from,
      e.to,
    );
    this.#y =
      at + (e.creates && header ? Math.max(18, header.height / 2 + (header.below || 0) + 10) : 18);
    return placed;
  }

  #activate(who: number): void {
    const header = (this.rows.lifelines[who]?.top ?? 0) + (this.#columns[who]?.height ?? 0);
    const at = Math.max(this.#rowY(), header);
    this.#stacks[who]?.push(at);
    this.#touch(this.#cx(who) - BAR / 2, this.#cx(who) + BAR, who);
    // The message this bar starts at ends on the bar's side, not inside it.
    const last = this.#last;
    if (last && last.y === at && last.after === this.#y) {
      const m = last.placed;
      const self = last.from === last.to;
      if (last.to === who && !this.#model.participants[who]?.created) {
        m.to.x = this.#side(who, self || this.#cx(last.from) > this.#cx(who), false);
      }
      if (last.from === who && !self)
        m.from.x = this.#side(who, this.#cx(last.to) > this.#cx(who), false);
    }
  }

  #note(e: Event<"note">): void {
    const size = noteSize(e.text);
    const [a = 0, b = a] = e.who;
    const top = this.#y + 4;
    let x: number;
    let width = size.width;
    if (e.side === "right") x = this.#side(a, true, false) + NOTE_GAP;
    else if (e.side === "left") x = this.#side(a, false, false) - NOTE_GAP - width;
    else if (a === b) x = this.#cx(a) - width / 2;
    else {
      const [l, r] =
        this.#cx(a) < this.#cx(b) ? [this.#cx(a), this.#cx(b)] : [this.#cx(b), this.#cx(a)];
      width = Math.max(width, r - l + 2 * OVERHANG);
      x = (l + r) / 2 - width / 2;
    }
    const rect = { x, y: top, width, height: size.height };
    this.rows.notes.push({ rect, text: e.text });
    this.#touch(x, x + width, ...(e.side === "over" ? e.who : []));
    this.#y = top + size.height + 12;
  }

  #openFrame(e: Event<"open">): void {
    const condition = conditionSize(e.text);
    const frame: OpenFrame = {
      kind: e.kind,
      rect: { x: 0, y: this.#y + 4, width: 0, height: 0 },
      condition,
      tab: e.kind === "rect" ? 0 : tabWidth(e.kind),
      guard: 0,
      sections: [],
      minX: Number.POSITIVE_INFINITY,
      maxX: Number.NEGATIVE_INFINITY,
      first: Number.POSITIVE_INFINITY,
      slot: this.rows.frames.length,
      ...(e.fill ? { fill: e.fill } : {}),
    };
    this.#open.push(frame);
    this.rows.frames.push(frame);
    this.#y =
      e.kind === "rect" ? this.#y + 12 : frame.rect.y + Math.max(20, condition.height + 4) + 12;
  }

  #closeFrame(): void {
    const frame = this.#open.pop();
    if (!frame) return;
    const pad = frame.kind === "rect" ? 10 : 16;
    if (frame.minX > frame.maxX) {
      frame.minX = this.#cx(0);
      frame.maxX = this.#cx(this.#columns.length - 1);
      frame.first = this.#cx(0);
    }
    // The name's tab stands left of the first lifeline, its condition right of it, so
    // neither hides a lifeline or an activation bar.
    const first = Number.isFinite(frame.first) ? frame.first : frame.minX;
    let x0 = frame.minX - pad;
    if (frame.kind !== "rect") x0 = Math.min(x0, first - BAR / 2 - 4 - frame.tab);
    frame.guard = frame.kind === "rect" ? 0 : Math.max(frame.tab + 6, first + BAR + 6 - x0);
    const texts = Math.max(frame.condition.width, ...frame.sections.map((t) => t.text.width));
    const x1 = Math.max(frame.maxX + pad, x0 + frame.guard + texts + 12);
    frame.rect = { x: x0, y: frame.rect.y, width: x1 - x0, height: this.#y + 2 - frame.rect.y };
    const { minX: _a, maxX: _b, first: _c, slot, ...placed } = frame;
    this.rows.frames[slot] = placed;
    this.#y = frame.rect.y + frame.rect.height + (frame.kind === "rect" ? 8 : 12);
    const parent = this.#open[this.#open.length - 1];
    this.#touch(x0, x1);
    if (parent) parent.first = Math.min(parent.first, frame.first);
  }
}
