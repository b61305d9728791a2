/**
 * The rows of a sequence diagram: each message, note and frame edge on its own row, top to
 * bottom, with the activation bars, created and destroyed lifelines, and frames sized around
 * what they hold. Coordinates are absolute; the headers of the first participants sit at y = 0.
 */
import type { Point, Rect } from "../../model/cell.ts";
import type { Column } from "./columns.ts";
import type { Colour, FrameKind, SequenceModel } from "./model.ts";
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

/**
 * Walks the events top to bottom and gives each its row.
 *
 * @example
 * placeRows(model, placeColumns(model)).messages[0].from.y; // 76
 */
export function placeRows(model: SequenceModel, columns: Column[]): Rows {
  const cx = (p: number) => columns[p]?.center ?? 0;
  const headerBottom = Math.max(
    0,
    ...model.participants.map((p, i) =>
      p.created ? 0 : (columns[i]?.height ?? 0) + (columns[i]?.below ?? 0),
    ),
  );
  const lifelines = model.participants.map(() => ({ top: 0, bottom: 0, destroyed: false }));
  const stacks: number[][] = model.participants.map(() => []);
  const rows: Rows = { lifelines, bars: [], messages: [], notes: [], frames: [] };
  const open: OpenFrame[] = [];
  let y = headerBottom + 18;
  /** The last message's row, while nothing has been placed below it. */
  let last:
    | { y: number; after: number; placed: PlacedMessage; from: number; to: number }
    | undefined;

  const touch = (x0: number, x1: number, ...who: number[]) => {
    const top = open[open.length - 1];
    if (!top) return;
    top.minX = Math.min(top.minX, x0);
    top.maxX = Math.max(top.maxX, x1);
    for (const p of who) top.first = Math.min(top.first, cx(p));
  };
  /** Where a message meets a lifeline: the side of its activation bars facing the other end. */
  const side = (p: number, right: boolean, central: boolean) => {
    const depth = stacks[p]?.length ?? 0;
    if (depth === 0 || central) return cx(p);
    return right ? cx(p) + BAR / 2 + ((depth - 1) * BAR) / 2 : cx(p) - BAR / 2;
  };
  const rowY = () => (last && last.after === y ? last.y : y);
  const closeBar = (who: number, at: number) => {
    const top = stacks[who]?.pop();
    if (top === undefined) return;
    rows.bars.push({ who, depth: stacks[who]?.length ?? 0, top, bottom: Math.max(at, top + BAR) });
  };

  model.events.forEach((e, index) => {
    switch (e.type) {
      case "message": {
        const label = messageLabel(e);
        const self = e.from === e.to;
        let placed: PlacedMessage;
        if (self) {
          const y1 = y + 8;
          const y2 = y1 + Math.max(22, label.height + 8);
          const x = side(e.from, true, e.central.from);
          placed = {
            event: index,
            from: { x, y: y1 },
            to: { x: side(e.to, true, e.central.to), y: y2 },
            loop: [
              { x: x + LOOP, y: y1 },
              { x: x + LOOP, y: y2 },
            ],
            label,
          };
          touch(x, x + LOOP + 4 + label.width, e.from);
          y = y2 + 18;
        } else {
          const right = cx(e.to) > cx(e.from);
          const header = columns[e.to];
          let at = y + label.height + 8;
          if (e.creates && header) at = Math.max(at, y + header.height / 2 + 6);
          const toX =
            e.creates && header
              ? cx(e.to) + (right ? -1 : 1) * (header.width / 2)
              : side(e.to, !right, e.central.to);
          placed = {
            event: index,
            from: { x: side(e.from, right, e.central.from), y: at },
            to: { x: toX, y: at },
            label,
          };
          if (e.creates && header)
            lifelines[e.to] = { top: at - header.height / 2, bottom: 0, destroyed: false };
          touch(
            Math.min(placed.from.x, placed.to.x),
            Math.max(placed.from.x, placed.to.x),
            e.from,
            e.to,
          );
          y =
            at +
            (e.creates && header ? Math.max(18, header.height / 2 + (header.below || 0) + 10) : 18);
        }
        for (const d of e.destroys) {
          while ((stacks[d]?.length ?? 0) > 0) closeBar(d, placed.to.y);
          lifelines[d] = {
            ...(lifelines[d] ?? { top: 0 }),
            bottom: d === e.to ? placed.to.y : placed.from.y,
            destroyed: true,
          };
        }
        rows.messages.push(placed);
        last = { y: placed.to.y, after: y, placed, from: e.from, to: e.to };
        return;
      }
      case "activate": {
        const header = (lifelines[e.who]?.top ?? 0) + (columns[e.who]?.height ?? 0);
        const at = Math.max(rowY(), header);
        stacks[e.who]?.push(at);
        touch(cx(e.who) - BAR / 2, cx(e.who) + BAR, e.who);
        // The message this bar starts at ends on the bar's side, not inside it.
        if (last && last.y === at && last.after === y) {
          const m = last.placed;
          const self = last.from === last.to;
          if (last.to === e.who && !model.participants[e.who]?.created) {
            m.to.x = side(e.who, self || cx(last.from) > cx(e.who), false);
          }
          if (last.from === e.who && !self) m.from.x = side(e.who, cx(last.to) > cx(e.who), false);
        }
        return;
      }
      case "deactivate":
        closeBar(e.who, rowY());
        return;
      case "note": {
        const size = noteSize(e.text);
        const [a = 0, b = a] = e.who;
        const top = y + 4;
        let x: number;
        let width = size.width;
        if (e.side === "right") x = side(a, true, false) + NOTE_GAP;
        else if (e.side === "left") x = side(a, false, false) - NOTE_GAP - width;
        else if (a === b) x = cx(a) - width / 2;
        else {
          const [l, r] = cx(a) < cx(b) ? [cx(a), cx(b)] : [cx(b), cx(a)];
          width = Math.max(width, r - l + 2 * OVERHANG);
          x = (l + r) / 2 - width / 2;
        }
        const rect = { x, y: top, width, height: size.height };
        rows.notes.push({ rect, text: e.text });
        touch(x, x + width, ...(e.side === "over" ? e.who : []));
        y = top + size.height + 12;
        return;
      }
      case "open": {
        const condition = conditionSize(e.text);
        const frame: OpenFrame = {
          kind: e.kind,
          rect: { x: 0, y: y + 4, width: 0, height: 0 },
          condition,
          tab: e.kind === "rect" ? 0 : tabWidth(e.kind),
          guard: 0,
          sections: [],
          minX: Number.POSITIVE_INFINITY,
          maxX: Number.NEGATIVE_INFINITY,
          first: Number.POSITIVE_INFINITY,
          slot: rows.frames.length,
          ...(e.fill ? { fill: e.fill } : {}),
        };
        open.push(frame);
        rows.frames.push(frame);
        y = e.kind === "rect" ? y + 12 : frame.rect.y + Math.max(20, condition.height + 4) + 12;
        return;
      }
      case "section": {
        const frame = open[open.length - 1];
        const text = conditionSize(e.text);
        frame?.sections.push({ y: y + 4, text });
        y += 4 + Math.max(LINE, text.height) + 12;
        return;
      }
      case "close": {
        const frame = open.pop();
        if (!frame) return;
        const pad = frame.kind === "rect" ? 10 : 16;
        if (frame.minX > frame.maxX) {
          frame.minX = cx(0);
          frame.maxX = cx(columns.length - 1);
          frame.first = cx(0);
        }
        // The name's tab stands left of the first lifeline, its condition right of it, so
        // neither hides a lifeline or an activation bar.
        const first = Number.isFinite(frame.first) ? frame.first : frame.minX;
        let x0 = frame.minX - pad;
        if (frame.kind !== "rect") x0 = Math.min(x0, first - BAR / 2 - 4 - frame.tab);
        frame.guard = frame.kind === "rect" ? 0 : Math.max(frame.tab + 6, first + BAR + 6 - x0);
        const texts = Math.max(frame.condition.width, ...frame.sections.map((t) => t.text.width));
        const x1 = Math.max(frame.maxX + pad, x0 + frame.guard + texts + 12);
        frame.rect = { x: x0, y: frame.rect.y, width: x1 - x0, height: y + 2 - frame.rect.y };
        const { minX: _a, maxX: _b, first: _c, slot, ...placed } = frame;
        rows.frames[slot] = placed;
        y = frame.rect.y + frame.rect.height + (frame.kind === "rect" ? 8 : 12);
        const parent = open[open.length - 1];
        touch(x0, x1);
        if (parent) parent.first = Math.min(parent.first, frame.first);
        return;
      }
    }
  });
  const bottom = y + 12;
  stacks.forEach((stack, who) => {
    while (stack.length > 0) closeBar(who, bottom - 10);
  });
  for (const l of lifelines) if (!l.destroyed) l.bottom = bottom;
  return rows;
}
