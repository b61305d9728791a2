import type { WorkBudget } from "../budget.ts";
import type { Op, Stencil } from "./assets/stencil-registry.ts";
import type { Paint } from "./paint.ts";
import { WORK_UNITS } from "./render-cost.ts";
import { type Attrs, element, fmt, PathData } from "./svg.ts";

export { stencilNamed } from "./assets/stencil-registry.ts";

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
  box: { x: number; y: number; w: number; h: number },
  paint: Paint,
  cellStrokeWidth: number,
  transform: string | undefined,
  budget?: WorkBudget,
): string {
  const [w0, h0, fixed, sw, background, foreground] = stencil;
  budget?.charge(WORK_UNITS.stencilStep * (background.length + foreground.length));
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
  const min = Math.min(sx, sy);
  const X = (v: number) => x0 + v * sx;
  const Y = (v: number) => y0 + v * sy;
  let state: State = {
    fill: paint.fill,
    stroke: paint.stroke,
    width: sw === "inherit" ? cellStrokeWidth : sw * min,
    dashed: paint.extra["stroke-dasharray"] !== undefined,
    dash: String(paint.extra["stroke-dasharray"] ?? "3 3"),
    alpha: 1,
  };
  const stack: State[] = [];
  let out = "";
  let current: { name: string; attrs: Attrs } | undefined;

  const emit = (fill: boolean, stroke: boolean) => {
    if (!current) return;
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
    const fillOpacity = Number(paint.extra["fill-opacity"] ?? 1) * alpha;
    const strokeOpacity = Number(paint.extra["stroke-opacity"] ?? 1) * alpha;
    if (fill && fillOpacity < 1) attrs["fill-opacity"] = fmt(fillOpacity);
    if (stroke && strokeOpacity < 1) attrs["stroke-opacity"] = fmt(strokeOpacity);
    if (transform) attrs.transform = transform;
    out += element(current.name, attrs);
    current = undefined;
  };

  const run = (ops: Op[]) => {
    for (const op of ops) {
      const [name, ...args] = op;
      const n = args as number[];
      switch (name) {
        case "path": {
          const d = new PathData();
          for (let i = 0; i < args.length; ) {
            const cmd = args[i++];
            const take = (k: number) => {
              const taken = args.slice(i, i + k) as number[];
              i += k;
              return taken;
            };
            if (cmd === "M") {
              const [x, y] = take(2) as [number, number];
              d.move(X(x), Y(y));
            } else if (cmd === "L") {
              const [x, y] = take(2) as [number, number];
              d.line(X(x), Y(y));
            } else if (cmd === "Q") {
              const [a, b, x, y] = take(4) as [number, number, number, number];
              d.quad(X(a), Y(b), X(x), Y(y));
            } else if (cmd === "C") {
              const [a, b, c, e, x, y] = take(6) as [
                number,
                number,
                number,
                number,
                number,
                number,
              ];
              d.curve(X(a), Y(b), X(c), Y(e), X(x), Y(y));
            } else if (cmd === "A") {
              const [rx, ry, rot, large, sweep, x, y] = take(7) as number[] as [
                number,
                number,
                number,
                number,
                number,
                number,
                number,
              ];
              d.arc(rx * sx, ry * sy, rot, large === 1, sweep === 1, X(x), Y(y));
            } else if (cmd === "Z") d.close();
          }
          current = { name: "path", attrs: { d: String(d) } };
          break;
        }
        case "rect":
          current = {
            name: "rect",
            attrs: {
              x: X(n[0] ?? 0),
              y: Y(n[1] ?? 0),
              width: (n[2] ?? 0) * sx,
              height: (n[3] ?? 0) * sy,
            },
          };
          break;
        case "roundrect": {
          const w = (n[2] ?? 0) * sx;
          const h = (n[3] ?? 0) * sy;
          const r = (Math.min(w, h) * (n[4] ?? 15)) / 100;
          current = {
            name: "rect",
            attrs: { x: X(n[0] ?? 0), y: Y(n[1] ?? 0), width: w, height: h, rx: r, ry: r },
          };
          break;
        }
        case "ellipse": {
          const w = (n[2] ?? 0) * sx;
          const h = (n[3] ?? 0) * sy;
          current = {
            name: "ellipse",
            attrs: { cx: X(n[0] ?? 0) + w / 2, cy: Y(n[1] ?? 0) + h / 2, rx: w / 2, ry: h / 2 },
          };
          break;
        }
        case "fill":
          emit(true, false);
          break;
        case "stroke":
          emit(false, true);
          break;
        case "fillstroke":
          emit(true, true);
          break;
        case "save":
          stack.push({ ...state });
          break;
        case "restore":
          state = stack.pop() ?? state;
          break;
        case "strokewidth":
          state.width = n[1] === 1 ? (n[0] ?? 1) : (n[0] ?? 1) * min;
          break;
        case "strokecolor":
          state.stroke = colorOf(args[0], state.stroke);
          break;
        case "fillcolor":
          state.fill = colorOf(args[0], state.fill);
          break;
        case "dashed":
          state.dashed = n[0] === 1;
          break;
        case "dashpattern":
          state.dash = String(args[0])
            .split(/\s+/)
            .map((v) => fmt(Number(v) * min))
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
  };
  // The background's outline is painted by the foreground's first fill or stroke.
  run(background);
  run(foreground);
  return out;
}

function colorOf(value: string | number | undefined, fallback: string): string {
  const v = String(value ?? "").toLowerCase();
  if (v === "none") return "none";
  return /^#[0-9a-f]{3,8}$|^[a-z]+$/.test(v) ? v : fallback;
}
