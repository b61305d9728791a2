/**
 * A placed sequence diagram written as draw.io cells, back to front: the title, participant
 * boxes and `rect` highlights, the lifelines (activation bars and destroy marks inside them),
 * the frames, then messages and notes on top. Messages are edges between lifelines with both
 * ends pinned at their row, so they stay attached when a lifeline is moved.
 */

import { htmlLabel } from "../../layout/to-cells.ts";
import type { Point, Rect } from "../../model/cell.ts";
import { RESERVED_IDS } from "../../model/reserved-ids.ts";
import { measureText } from "../../text/estimate.ts";
import { createElement, type XmlElement } from "../../xml/nodes.ts";
import { BOX_PAD, type Column } from "./columns.ts";
import type { SequenceModel } from "./model.ts";
import type { PlacedFrame, PlacedMessage, Rows } from "./rows.ts";
import { LOOP } from "./sizes.ts";
import {
  BAR_STYLE,
  boxStyle,
  CONDITION_STYLE,
  DESTROY_STYLE,
  frameStyle,
  highlightStyle,
  lifelineStyle,
  messageStyle,
  NOTE_STYLE,
  sectionStyle,
  TITLE_STYLE,
} from "./styles.ts";

/** Space around the drawing. */
const MARGIN = 40;
const LAYER = "1";

/** The cells of a page and the page's size. */
export interface SequenceCells {
  cells: XmlElement[];
  width: number;
  height: number;
}

/** A `box` of participants and the rectangle drawn around them. */
interface PlacedBox {
  box: SequenceModel["boxes"][number];
  rect: Rect;
}

/** The extent of everything drawn, before the margin. */
interface Bounds {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/**
 * Writes the cells of a placed diagram.
 *
 * @example
 * const { cells } = sequenceCells(model, columns, placeRows(model, columns));
 */
export function sequenceCells(model: SequenceModel, columns: Column[], rows: Rows): SequenceCells {
  const boxes = placeBoxes(model, columns, rows);
  const bounds = boundsOf(columns, rows, boxes);
  const title = model.title ?? "";
  let titleRect: Rect | undefined;
  if (title !== "") {
    const size = measureText(title, Number.POSITIVE_INFINITY);
    const height = size.height * 1.4 + 10;
    const width = Math.max(size.width * 1.4 + 20, bounds.maxX - bounds.minX);
    bounds.minY -= height + 10;
    titleRect = { x: (bounds.minX + bounds.maxX) / 2 - width / 2, y: bounds.minY, width, height };
  }
  const drawing = new SequenceDrawing(model, MARGIN - bounds.minX, MARGIN - bounds.minY);
  if (titleRect) drawing.add("title", title, TITLE_STYLE, LAYER, titleRect);
  boxes.forEach(({ box, rect }, k) => {
    drawing.add(drawing.ids.fresh(`box-${k + 1}`), box.title, boxStyle(box.fill), LAYER, rect);
  });
  const frameIds = rows.frames.map((f, k) =>
    drawing.ids.fresh(`${f.kind === "rect" ? "highlight" : "frame"}-${k + 1}`),
  );
  rows.frames.forEach((f, k) => {
    if (f.kind === "rect")
      drawing.add(frameIds[k] as string, "", highlightStyle(f.fill), LAYER, f.rect);
  });
  const lifelines = columns.map((c, i) => drawing.lifeline(c, i, rows));
  rows.frames.forEach((f, k) => {
    if (f.kind !== "rect") drawing.frame(f, frameIds[k] as string);
  });
  rows.messages.forEach((m, k) => {
    drawing.message(m, k, lifelines);
  });
  rows.notes.forEach((n, k) => {
    drawing.add(drawing.ids.fresh(`note-${k + 1}`), n.text, NOTE_STYLE, LAYER, n.rect);
  });
  return {
    cells: drawing.cells,
    width: Math.ceil(bounds.maxX - bounds.minX + 2 * MARGIN),
    height: Math.ceil(bounds.maxY - bounds.minY + 2 * MARGIN),
  };
}

/** The boxes that hold someone (`box … end` may hold no one), around their lifelines. */
function placeBoxes(model: SequenceModel, columns: Column[], rows: Rows): PlacedBox[] {
  return model.boxes
    .filter((box) => box.members.length > 0)
    .map((box) => {
      const members = box.members.map((i) => columns[i] as Column);
      const title =
        box.title === "" ? 0 : measureText(box.title, Number.POSITIVE_INFINITY).height + 6;
      const x0 = Math.min(...members.map((c) => c.center - c.half)) - BOX_PAD;
      const x1 = Math.max(...members.map((c) => c.center + c.half)) + BOX_PAD;
      const bottom = Math.max(...box.members.map((i) => rows.lifelines[i]?.bottom ?? 0));
      const rect = {
        x: x0,
        y: -BOX_PAD - title,
        width: x1 - x0,
        height: bottom + 2 * BOX_PAD + title,
      };
      return { box, rect };
    });
}

/** The extent of the lifelines, boxes, notes, frames and self messages' loops (and y = 0). */
function boundsOf(columns: Column[], rows: Rows, boxes: PlacedBox[]): Bounds {
  const rects: Rect[] = [
    { x: 0, y: 0, width: 0, height: 0 },
    ...columns.map((c, i) => ({
      x: c.center - c.half,
      y: rows.lifelines[i]?.top ?? 0,
      width: 2 * c.half,
      height: (rows.lifelines[i]?.bottom ?? 0) + 10,
    })),
    ...boxes.map((b) => b.rect),
    ...rows.notes.map((n) => n.rect),
    ...rows.frames.map((f) => f.rect),
    ...rows.messages
      .filter((m) => m.loop)
      .map((m) => ({ x: m.from.x, y: m.from.y, width: LOOP + 8 + m.label.width, height: 1 })),
  ];
  return {
    minX: Math.min(...rects.map((r) => r.x)),
    maxX: Math.max(...rects.map((r) => r.x + r.width)),
    minY: Math.min(0, ...rects.map((r) => r.y)),
    maxY: Math.max(...rects.map((r) => r.y + r.height)),
  };
}

/** The cells written so far, their ids, and the shift from placed to page coordinates. */
class SequenceDrawing {
  readonly cells: XmlElement[] = [];
  readonly ids: Ids;
  readonly #model: SequenceModel;
  readonly #dx: number;
  readonly #dy: number;

  constructor(model: SequenceModel, dx: number, dy: number) {
    this.#model = model;
    this.ids = new Ids(model);
    this.#dx = dx;
    this.#dy = dy;
  }

  /** Adds a vertex on the layer at a placed rectangle, shifted onto the page. */
  add(id: string, label: string, style: string, parent: string, r: Rect): void {
    this.cells.push(vertex(id, label, style, parent, this.#shift(r)));
  }

  #shift(r: Rect): Rect {
    return { ...r, x: r.x + this.#dx, y: r.y + this.#dy };
  }

  #at(p: Point): Point {
    return { x: p.x + this.#dx, y: p.y + this.#dy };
  }

  /** Participant `i`'s lifeline with its activation bars and destroy mark; returns its rect. */
  lifeline(c: Column, i: number, rows: Rows): Rect {
    const { ids } = this;
    const l = rows.lifelines[i] ?? { top: 0, bottom: 0, destroyed: false };
    const rect = this.#shift({
      x: c.center - c.width / 2,
      y: l.top,
      width: c.width,
      height: l.bottom - l.top,
    });
    const p = this.#model.participants[i];
    if (p)
      this.cells.push(vertex(ids.participant(i), p.label, lifelineStyle(p, c.height), LAYER, rect));
    for (const b of rows.bars) {
      if (b.who !== i) continue;
      const bar = {
        x: c.width / 2 - 5 + b.depth * 5,
        y: b.top - l.top,
        width: 10,
        height: b.bottom - b.top,
      };
      this.cells.push(
        vertex(ids.fresh(`activation-${i + 1}`), "", BAR_STYLE, ids.participant(i), bar),
      );
    }
    if (l.destroyed) {
      const mark = { x: c.width / 2 - 10, y: rect.height - 10, width: 20, height: 20 };
      this.cells.push(
        vertex(ids.fresh(`destroy-${i + 1}`), "", DESTROY_STYLE, ids.participant(i), mark),
      );
    }
    return rect;
  }

  /** A UML frame with its condition and a dashed line per further section. */
  frame(f: PlacedFrame, id: string): void {
    const { ids, cells } = this;
    cells.push(vertex(id, f.kind, frameStyle(f.tab), LAYER, this.#shift(f.rect)));
    if (f.condition.text !== "") {
      const at = {
        x: f.guard,
        y: 0,
        width: f.condition.width,
        height: Math.max(20, f.condition.height),
      };
      cells.push(vertex(ids.fresh(`${id}-condition`), f.condition.text, CONDITION_STYLE, id, at));
    }
    f.sections.forEach((s, j) => {
      const line = { x: 0, y: s.y - f.rect.y - 5, width: f.rect.width, height: 10 };
      cells.push(
        vertex(ids.fresh(`${id}-section-${j + 1}`), s.text.text, sectionStyle(f.guard), id, line),
      );
    });
  }

  /** Message `k`: an edge between two lifelines (`lifelines`, their rects on the page). */
  message(m: PlacedMessage, k: number, lifelines: Rect[]): void {
    const { ids } = this;
    const e = this.#model.events[m.event];
    if (e?.type !== "message") return;
    const source = lifelines[e.from] as Rect;
    const target = lifelines[e.to] as Rect;
    const pins = pin("exit", source, this.#at(m.from)) + pin("entry", target, this.#at(m.to));
    // A message to oneself belongs to its lifeline (as draw.io would make it), so its loop's
    // corners, relative to the lifeline, move with it.
    const parent = m.loop ? ids.participant(e.from) : LAYER;
    const origin = m.loop ? source : { x: 0, y: 0 };
    const local = (p: Point): Point => ({
      x: this.#at(p).x - origin.x,
      y: this.#at(p).y - origin.y,
    });
    this.cells.push(
      edge({
        id: ids.fresh(`message-${k + 1}`),
        value: messageValue(m),
        style: messageStyle(e.arrow, m.loop !== undefined, pins),
        parent,
        source: ids.participant(e.from),
        target: ids.participant(e.to),
        points: [m.from, ...(m.loop ?? []), m.to].map(local),
      }),
    );
  }
}

/** A message's label: the autonumber in bold, then the text. */
function messageValue(m: PlacedMessage): string {
  const text = htmlLabel(m.label.text);
  if (m.label.number === undefined) return text;
  return `<b>${htmlLabel(m.label.number)}</b>${text === "" ? "" : ` ${text}`}`;
}

/**
 * An end pinned where it is, in px from the lifeline's top and from its centre line (or from the
 * side of a header it meets), so that it stays at its row when the lifeline is moved, made
 * longer or wider; draw.io's perimeter off.
 */
function pin(prefix: "exit" | "entry", r: Rect, p: Point): string {
  const fx = Math.abs(p.x - r.x) < 0.01 ? 0 : Math.abs(p.x - r.x - r.width) < 0.01 ? 1 : 0.5;
  const ddx = round(p.x - r.x - fx * r.width);
  return `${prefix}X=${fx};${prefix}Y=0;${prefix}Dx=${ddx};${prefix}Dy=${round(p.y - r.y)};${prefix}Perimeter=0;`;
}

const round = (v: number) => String(Math.round(v * 100) / 100);

function vertex(id: string, label: string, style: string, parent: string, r: Rect): XmlElement {
  const geometry = createElement("mxGeometry", {
    x: round(r.x),
    y: round(r.y),
    width: round(r.width),
    height: round(r.height),
    as: "geometry",
  });
  return createElement("mxCell", { id, value: htmlLabel(label), style, vertex: "1", parent }, [
    geometry,
  ]);
}

/** An edge and where it runs: its two ends and any waypoints between, in its parent's space. */
interface EdgeCell {
  id: string;
  value: string;
  style: string;
  parent: string;
  source: string;
  target: string;
  points: Point[];
}

function edge(e: EdgeCell): XmlElement {
  const point = (p: Point, as?: string) =>
    createElement("mxPoint", { x: round(p.x), y: round(p.y), ...(as ? { as } : {}) });
  const from = e.points[0] as Point;
  const to = e.points[e.points.length - 1] as Point;
  const children = [point(from, "sourcePoint"), point(to, "targetPoint")];
  const bends = e.points.slice(1, -1);
  if (bends.length > 0) {
    children.push(
      createElement(
        "Array",
        { as: "points" },
        bends.map((p) => point(p)),
      ),
    );
  }
  const { id, value, style, parent, source, target } = e;
  return createElement("mxCell", { id, value, style, edge: "1", parent, source, target }, [
    createElement("mxGeometry", { relative: "1", as: "geometry" }, children),
  ]);
}

/** Cell ids: a participant keeps its Mermaid name when draw.io can load it, others are numbered. */
class Ids {
  readonly #taken = new Set<string>(["0", LAYER, "title"]);
  readonly #participants: string[];

  constructor(model: SequenceModel) {
    this.#participants = model.participants.map((p, i) => {
      const plain =
        /^[A-Za-z_][\w.-]*$/.test(p.id) && !RESERVED_IDS.has(p.id) && !this.#taken.has(p.id);
      const id = plain ? p.id : this.fresh(`participant-${i + 1}`);
      this.#taken.add(id);
      return id;
    });
  }

  participant(i: number): string {
    return this.#participants[i] ?? `participant-${i + 1}`;
  }

  /** `base`, or `base-2`, `base-3`… when taken. */
  fresh(base: string): string {
    let id = base;
    for (let n = 2; this.#taken.has(id); n++) id = `${base}-${n}`;
    this.#taken.add(id);
    return id;
  }
}
