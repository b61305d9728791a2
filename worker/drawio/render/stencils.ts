/**
 * draw.io's stencils drawn as SVG (`mxStencil`'s drawing language), and where the renderer finds
 * one by name: the library's bundle, then the drawing's assets.
 */
import type { WorkBudget } from "../budget.ts";
import type { DrawingAssets } from "./assets/asset-cache.ts";
import { bundledStencil, type Op, type Stencil } from "./assets/stencil-registry.ts";
import { themedColour } from "./dark-colours.ts";
import type { Paint } from "./paint.ts";
import { WORK_UNITS } from "./render-cost.ts";
import { type Attrs, element, fmt, PathData } from "./svg.ts";

/**
 * The stencil drawn for a shape name (any case): one the library bundles, else one of the
 * drawing's assets; undefined when neither has it.
 *
 * @example
 * stencilNamed("mxgraph.flowchart.document"); // [w, h, aspect, width, background, foreground]
 * stencilNamed("mxgraph.aws4.lambda_function", assets); // from a loaded bucket
 */
export function stencilNamed(name: string, assets?: DrawingAssets): Stencil | undefined {
  const key = name.toLowerCase();
  return bundledStencil(key) ?? assets?.stencil(key);
}

/** The paint state a stencil's foreground changes (`save` and `restore` keep copies). */
interface State {
  fill: string;
  stroke: string;
  width: number;
  dashed: boolean;
  dash: string;
  alpha: number;
  join?: string;
  cap?: string;
}

/** A box to draw in: its corner and size. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Draws a stencil into a box as draw.io's `mxStencil` does: its units scaled to the box (or,
 * with a fixed aspect, by the smaller ratio and centred), the background filled and stroked
 * with the cell's colours, then the foreground's paths with their own colour, width, dash and
 * alpha changes (`save`/`restore` included).
 *
 * @example
 * drawStencil(stencilNamed("mxgraph.flowchart.document")!, box, paint, cellStrokeWidth, undefined);
 */
export function drawStencil(
  stencil: Stencil,
  box: Box,
  paint: Paint,
  cellStrokeWidth: number,
  transform: string | undefined,
  budget?: WorkBudget,
): string {
  const background = stencil[4];
  const foreground = stencil[5];
  budget?.charge(WORK_UNITS.stencilStep * (background.length + foreground.length));
  const canvas = new StencilCanvas(stencil, box, paint, cellStrokeWidth, transform);
  // The background's outline is painted by the foreground's first fill or stroke.
  canvas.run(background);
  canvas.run(foreground);
  return canvas.out;
}

/** One stencil being drawn: its scale into the box, its paint state, the SVG written so far. */
class StencilCanvas {
  out = "";
  readonly #paint: Paint;
  readonly #transform: string | undefined;
  readonly #sx: number;
  readonly #sy: number;
  readonly #x0: number;
  readonly #y0: number;
  /** The smaller scale: what widths and dashes scale by. */
  readonly #min: number;
  #state: State;
  readonly #stack: State[] = [];
  /** The figure the next fill or stroke paints. */
  #current: { name: string; attrs: Attrs } | undefined;

  constructor(
    stencil: Stencil,
    box: Box,
    paint: Paint,
    cellStrokeWidth: number,
    transform: string | undefined,
  ) {
    const [w0, h0, fixed, sw] = stencil;
    let sx = box.w / w0;
    let sy = box.h / h0;
    let x0 = box.x;
    let y0 = box.y;
    if (fixed) {
      const s = Math.min(sx, sy);
      x0 += (box.w - w0 * s) / 2;
      y0 += (box.h - h0 * s) / 2;
      sx = s;
      sy = s;
    }
    this.#sx = sx;
    this.#sy = sy;
    this.#x0 = x0;
    this.#y0 = y0;
    this.#min = Math.min(sx, sy);
    this.#paint = paint;
    this.#transform = transform;
    this.#state = {
      fill: paint.fill,
      stroke: paint.stroke,
      width: sw === "inherit" ? cellStrokeWidth : sw * this.#min,
      dashed: paint.extra["stroke-dasharray"] !== undefined,
      dash: String(paint.extra["stroke-dasharray"] ?? "3 3"),
      alpha: 1,
    };
  }

  /** Runs a list of drawing instructions: figures, paints, and changes of state. */
  run(ops: Op[]): void {
    for (const op of ops) {
      const [name, ...args] = op;
      switch (name) {
        case "path":
          this.#current = { name: "path", attrs: { d: this.#pathData(args) } };
          break;
        case "rect":
        case "roundrect":
        case "ellipse":
          this.#current = this.#figure(name, args as number[]);
          break;
        case "fill":
          this.#emit(true, false);
          break;
        case "stroke":
          this.#emit(false, true);
          break;
        case "fillstroke":
          this.#emit(true, true);
          break;
        default:
          this.#change(name, args);
      }
    }
  }

  #X(v: number): number {
    return this.#x0 + v * this.#sx;
  }

  #Y(v: number): number {
    return this.#y0 + v * this.#sy;
  }

  /** A `path` instruction's commands (`M`, `L`, `Q`, `C`, `A`, `Z`) as SVG path data. */
  #pathData(args: (string | number)[]): string {
    const d = new PathData();
    // A command short of numbers reads what follows it (NaN), as draw.io's would.
    const n = args as number[];
    for (let i = 0; i < args.length; ) {
      const cmd = args[i++];
      if (cmd === "M") {
        d.move(this.#X(n[i] as number), this.#Y(n[i + 1] as number));
        i += 2;
      } else if (cmd === "L") {
        d.line(this.#X(n[i] as number), this.#Y(n[i + 1] as number));
        i += 2;
      } else if (cmd === "Q") {
        d.quad(
          this.#X(n[i] as number),
          this.#Y(n[i + 1] as number),
          this.#X(n[i + 2] as number),
          this.#Y(n[i + 3] as number),
        );
        i += 4;
      } else if (cmd === "C") {
        d.curve(
          this.#X(n[i] as number),
          this.#Y(n[i + 1] as number),
          this.#X(n[i + 2] as number),
          this.#Y(n[i + 3] as number),
          this.#X(n[i + 4] as number),
          this.#Y(n[i + 5] as number),
        );
        i += 6;
      } else if (cmd === "A") {
        d.arc(
          (n[i] as number) * this.#sx,
          (n[i + 1] as number) * this.#sy,
          n[i + 2] as number,
          n[i + 3] === 1,
          n[i + 4] === 1,
          this.#X(n[i + 5] as number),
          this.#Y(n[i + 6] as number),
        );
        i += 7;
      } else if (cmd === "Z") d.close();
    }
    return String(d);
  }

  /** A `rect`, `roundrect` or `ellipse` instruction as the element it draws. */
  #figure(name: "rect" | "roundrect" | "ellipse", n: number[]): { name: string; attrs: Attrs } {
    const w = (n[2] ?? 0) * this.#sx;
    const h = (n[3] ?? 0) * this.#sy;
    const x = this.#X(n[0] ?? 0);
    const y = this.#Y(n[1] ?? 0);
    if (name === "rect") return { name: "rect", attrs: { x, y, width: w, height: h } };
    if (name === "ellipse") {
      return { name: "ellipse", attrs: { cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2 } };
    }
    const r = (Math.min(w, h) * (n[4] ?? 15)) / 100;
    return { name: "rect", attrs: { x, y, width: w, height: h, rx: r, ry: r } };
  }

  /** Paints the current figure with the state's fill, stroke, or both, then forgets it. */
  #emit(fill: boolean, stroke: boolean): void {
    const current = this.#current;
    if (!current) return;
    const state = this.#state;
    const extra = this.#paint.extra;
    const attrs: Attrs = {
      ...current.attrs,
      fill: fill ? state.fill : "none",
      stroke: stroke ? state.stroke : "none",
    };
    if (current.name === "path") attrs["stroke-miterlimit"] = "10";
    if (stroke && state.width !== 1) attrs["stroke-width"] = fmt(Math.max(1, state.width));
    if (stroke && state.dashed) attrs["stroke-dasharray"] = state.dash;
    if (stroke && state.join) attrs["stroke-linejoin"] = state.join;
    if (stroke && state.cap) attrs["stroke-linecap"] = state.cap;
    const alpha = state.alpha;
    const fillOpacity = Number(extra["fill-opacity"] ?? 1) * alpha;
    const strokeOpacity = Number(extra["stroke-opacity"] ?? 1) * alpha;
    if (fill && fillOpacity < 1) attrs["fill-opacity"] = fmt(fillOpacity);
    if (stroke && strokeOpacity < 1) attrs["stroke-opacity"] = fmt(strokeOpacity);
    if (this.#transform) attrs.transform = this.#transform;
    this.out += element(current.name, attrs);
    this.#current = undefined;
  }

  /** A stencil's own colour in the cell's theme; `fallback` (already painted) when not a colour. */
  #colour(value: string | number | undefined, fallback: string): string {
    const v = colorOf(value, fallback);
    return v === fallback || !this.#paint.theme ? v : themedColour(v, this.#paint.theme);
  }

  /** A change of the paint state: save, restore, width, colours, dashes, alpha, joins, caps. */
  #change(name: string | number | undefined, args: (string | number)[]): void {
    const n = args as number[];
    const state = this.#state;
    switch (name) {
      case "save":
        this.#stack.push({ ...state });
        break;
      case "restore":
        this.#state = this.#stack.pop() ?? state;
        break;
      case "strokewidth":
        state.width = n[1] === 1 ? (n[0] ?? 1) : (n[0] ?? 1) * this.#min;
        break;
      case "strokecolor":
        state.stroke = this.#colour(args[0], state.stroke);
        break;
      case "fillcolor":
        state.fill = this.#colour(args[0], state.fill);
        break;
      case "dashed":
        state.dashed = n[0] === 1;
        break;
      case "dashpattern":
        state.dash = String(args[0])
          .split(/\s+/)
          .map((v) => fmt(Number(v) * this.#min))
          .join(" ");
        break;
      case "alpha":
        state.alpha = n[0] ?? 1;
        break;
      case "linejoin":
        state.join = String(args[0]);
        break;
      case "linecap":
        state.cap = String(args[0]);
        break;
    }
  }
}

function colorOf(value: string | number | undefined, fallback: string): string {
  const v = String(value ?? "").toLowerCase();
  if (v === "none") return "none";
  return /^#[0-9a-f]{3,8}$|^[a-z]+$/.test(v) ? v : fallback;
}
