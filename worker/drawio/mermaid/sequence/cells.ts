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
import type { PlacedMessage, Rows } from "./rows.ts";
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

/**
 * Writes the cells of a placed diagram.
 *
 * @example
 * const { cells } = sequenceCells(model, columns, placeRows(model, columns));
 */
export function sequenceCells(model: SequenceModel, columns: Column[], rows: Rows): SequenceCells {
  const ids = new Ids(model);
  // A box may hold no one (`box … end` with nothing between).
  const boxes = model.boxes
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
  const minX = Math.min(...rects.map((r) => r.x));
  const maxX = Math.max(...rects.map((r) => r.x + r.width));
  let minY = Math.min(0, ...rects.map((r) => r.y));
  const maxY = Math.max(...rects.map((r) => r.y + r.height));
  const cells: XmlElement[] = [];
  const title = model.title ?? "";
  let titleRect: Rect | undefined;
  if (title !== "") {
    const size = measureText(title, Number.POSITIVE_INFINITY);
    const height = size.height * 1.4 + 10;
    const width = Math.max(size.width * 1.4 + 20, maxX - minX);
    minY -= height + 10;
    titleRect = { x: (minX + maxX) / 2 - width / 2, y: minY, width, height };
  }
  const dx = MARGIN - minX;
  const dy = MARGIN - minY;
  const shift = (r: Rect): Rect => ({ ...r, x: r.x + dx, y: r.y + dy });
  if (titleRect) cells.push(vertex("title", title, TITLE_STYLE, LAYER, shift(titleRect)));
  boxes.forEach(({ box, rect }, k) => {
    cells.push(
      vertex(ids.fresh(`box-${k + 1}`), box.title, boxStyle(box.fill), LAYER, shift(rect)),
    );
  });
  const frameIds = rows.frames.map((f, k) =>
    ids.fresh(`${f.kind === "rect" ? "highlight" : "frame"}-${k + 1}`),
  );
  rows.frames.forEach((f, k) => {
    if (f.kind === "rect")
      cells.push(vertex(frameIds[k] as string, "", highlightStyle(f.fill), LAYER, shift(f.rect)));
  });
  const lifelines = columns.map((c, i) => {
    const l = rows.lifelines[i] ?? { top: 0, bottom: 0, destroyed: false };
    const rect = shift({
      x: c.center - c.width / 2,
      y: l.top,
      width: c.width,
      height: l.bottom - l.top,
    });
    const p = model.participants[i];
    if (p) cells.push(vertex(ids.participant(i), p.label, lifelineStyle(p, c.height), LAYER, rect));
    rows.bars
      .filter((b) => b.who === i)
      .forEach((b) => {
        const bar = {
          x: c.width / 2 - 5 + b.depth * 5,
          y: b.top - l.top,
          width: 10,
          height: b.bottom - b.top,
        };
        cells.push(
          vertex(ids.fresh(`activation-${i + 1}`), "", BAR_STYLE, ids.participant(i), bar),
        );
      });
    if (l.destroyed) {
      const mark = { x: c.width / 2 - 10, y: rect.height - 10, width: 20, height: 20 };
      cells.push(
        vertex(ids.fresh(`destroy-${i + 1}`), "", DESTROY_STYLE, ids.participant(i), mark),
      );
    }
    return rect;
  });
  rows.frames.forEach((f, k) => {
    if (f.kind === "rect") return;
    const id = frameIds[k] as string;
    const rect = shift(f.rect);
    cells.push(vertex(id, f.kind, frameStyle(f.tab), LAYER, rect));
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
  });
  rows.messages.forEach((m, k) => {
    const e = model.events[m.event];
    if (e?.type !== "message") return;
    const source = lifelines[e.from] as Rect;
    const target = lifelines[e.to] as Rect;
    const at = (p: Point): Point => ({ x: p.x + dx, y: p.y + dy });
    const pins = pin("exit", source, at(m.from)) + pin("entry", target, at(m.to));
    // A message to oneself belongs to its lifeline (as draw.io would make it), so its loop's
    // corners, relative to the lifeline, move with it.
    const parent = m.loop ? ids.participant(e.from) : LAYER;
    const origin = m.loop ? source : { x: 0, y: 0 };
    const local = (p: Point): Point => ({ x: at(p).x - origin.x, y: at(p).y - origin.y });
    cells.push(
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
  });
  rows.notes.forEach((n, k) => {
    cells.push(vertex(ids.fresh(`note-${k + 1}`), n.text, NOTE_STYLE, LAYER, shift(n.rect)));
  });
  return {
    cells,
    width: Math.ceil(maxX - minX + 2 * MARGIN),
    height: Math.ceil(maxY - minY + 2 * MARGIN),
  };
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
