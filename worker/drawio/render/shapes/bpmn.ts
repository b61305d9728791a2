/**
 * mxBpmnShape2.js's shapes drawn in code: BPMN events, gateways, tasks with their markers, and
 * data objects.
 */
import { BOX_SHAPES } from "./boxes.ts";
import { envelope, eventOutline, eventSymbol, type Frame, inverted } from "./bpmn-marks.ts";
import {
  box,
  detail,
  local,
  path,
  type ShapeContext,
  type ShapeFn,
  type ShapeTable,
  stencilAt,
} from "./kit.ts";

const GATEWAY_SYMBOLS = new Set(["exclusiveGw", "parallelGw", "complexGw"]);

/** Throwing and end events draw their symbol in the stroke colour, edged in the fill colour. */
const solidSymbol = (outline: string) => outline === "throwing" || outline === "end";

/** An event: its outline, then its symbol, both in `f` (mxShapeBpmnEvent.strictDrawShape). */
function event(c: ShapeContext, f: Frame, outline: string, symbol: string, shadow: boolean) {
  const paint = solidSymbol(outline) ? inverted(c.paint) : c.paint;
  return (
    eventOutline(c, outline, f, shadow) +
    eventSymbol(c, symbol, f, paint, solidSymbol(outline), true)
  );
}

const rhombus = (c: ShapeContext) =>
  path(
    c,
    local(c).poly([
      [c.w / 2, 0],
      [c.w, c.h / 2],
      [c.w / 2, c.h],
      [0, c.h / 2],
    ]),
  );

/** The task's type marker in its top left corner. */
function taskMarker(c: ShapeContext): string {
  const marker = c.style.get("taskMarker") ?? "abstract";
  if (marker === "send" || marker === "receive") {
    const paint = marker === "send" ? inverted(c.paint) : c.paint;
    return envelope(c, { x: c.x + 4, y: c.y + 4, w: 18, h: 13 }, paint, paint);
  }
  const stencils: Readonly<Record<string, [string, number, number, number, number]>> = {
    service: ["mxgraph.bpmn.service_task", 2, 2, 16, 16],
    user: ["mxgraph.bpmn.user_task", 2, 2, 16, 16],
    manual: ["mxgraph.bpmn.manual_task", 3, 3, 18, 14],
    businessRule: ["mxgraph.bpmn.business_rule_task", 4, 4, 18, 14],
    script: ["mxgraph.bpmn.script_task", 3, 3, 19, 18],
  };
  const s = stencils[marker];
  return s ? stencilAt(c, s[0], { x: s[1], y: s[2], w: s[3], h: s[4] }) : "";
}

/** The loop, multi-instance, compensation, sub-process and ad-hoc marks along the bottom. */
function loopMarkers(c: ShapeContext, offsetY: number): string {
  const flags = [
    "isLoopStandard",
    "isLoopMultiParallel",
    "isLoopMultiSeq",
    "isLoopComp",
    "isLoopSub",
    "isAdHoc",
  ].filter((k) => c.style.flag(k));
  let dx = (-14 * flags.length) / 2;
  let svg = "";
  const top = c.h - offsetY;
  for (const flag of flags) {
    const left = c.w / 2 + dx;
    const bars = local({ ...c, x: c.x + left + 1, y: c.y + top + 1 });
    if (flag === "isLoopStandard")
      svg += stencilAt(c, "mxgraph.bpmn.loop", { x: left + 1, y: top + 1, w: 12, h: 12 });
    else if (flag === "isLoopMultiParallel") {
      for (const u of [2.4, 6, 9.6]) bars.move(u, 0).line(u, 12);
      svg += detail(c, bars);
    } else if (flag === "isLoopMultiSeq") {
      for (const v of [2.4, 6, 9.6]) bars.move(0, v).line(12, v);
      svg += detail(c, bars);
    } else if (flag === "isLoopComp")
      svg += stencilAt(c, "mxgraph.bpmn.compensation", { x: left, y: top + 1, w: 14, h: 12 });
    else if (flag === "isLoopSub") {
      const plus = local({ ...c, x: c.x + left, y: c.y + top })
        .poly([
          [0, 0],
          [14, 0],
          [14, 14],
          [0, 14],
        ])
        .move(4, 7)
        .line(10, 7)
        .move(7, 4)
        .line(7, 10);
      svg += detail(c, plus);
    } else
      svg += stencilAt(
        c,
        "mxgraph.bpmn.ad_hoc",
        { x: left + 1, y: top + 4, w: 12, h: 6 },
        { ...c.paint, fill: c.paint.stroke, stroke: "none" },
      );
    dx += 14;
  }
  return svg;
}

/** draw.io's `mxgraph.basic.rect` outline of a task: square, or rounded with corner `size`. */
function taskBox(c: ShapeContext, inset: number, paint = c.paint, shadow = c.shadow): string {
  const size = Math.min(c.style.num("size", 10), c.w / 2, c.h / 2);
  // An inner outline keeps its corners' tangent points half the inset further in.
  const r = c.style.get("rectStyle") === "rounded" ? Math.max(0, size - inset / 2) : 0;
  const { x, y, w, h } = { x: c.x + inset, y: c.y + inset, w: c.w - 2 * inset, h: c.h - 2 * inset };
  if (r === 0) return box(c, x, y, w, h, paint, shadow);
  const d = local({ ...c, x, y })
    .move(0, r)
    .arc(r, r, 0, false, true, r, 0)
    .line(w - r, 0)
    .arc(r, r, 0, false, true, w, r)
    .line(w, h - r)
    .arc(r, r, 0, false, true, w - r, h)
    .line(r, h)
    .arc(r, r, 0, false, true, 0, h - r)
    .close();
  return path(c, d, paint, shadow);
}

const task: ShapeFn = (c) => {
  const type = c.style.get("bpmnShapeType") ?? "task";
  const sw = c.style.num("strokeWidth", 1);
  const extra = { ...c.paint.extra };
  if (type === "call") extra["stroke-width"] = "4";
  if (type === "subprocess") extra["stroke-dasharray"] = `${3 * sw} ${3 * sw}`;
  let svg = taskBox(c, 0, { ...c.paint, extra });
  let offsetY = 14;
  if (type === "transaction") {
    const indent = 3;
    offsetY += c.style.num("indent", 3);
    svg += taskBox(c, indent, { ...c.paint, fill: "none" }, false);
  }
  svg += loopMarkers(c, offsetY) + taskMarker(c);
  const outline = c.style.get("outline") ?? "none";
  const symbol = c.style.get("symbol") ?? "standard";
  svg += event(c, { x: c.x, y: c.y, w: 20, h: 20 }, outline, symbol, false);
  return { svg };
};

/** mxBpmnShape2.js: BPMN events, gateways, tasks and data objects drawn in code. */
export const BPMN_SHAPES: ShapeTable = {
  // The first BPMN shape: an event, or with `background=gateway` a rhombus with the event in
  // its middle half; its gateway symbols swap fill and stroke.
  "mxgraph.bpmn.shape": (c) => {
    const gateway = c.style.get("background") === "gateway";
    const f: Frame = gateway ? { x: c.x + c.w / 4, y: c.y + c.h / 4, w: c.w / 2, h: c.h / 2 } : c;
    const outline = c.style.get("outline") ?? "none";
    const symbol = c.style.get("symbol") ?? "";
    const solid = solidSymbol(outline);
    const paint = GATEWAY_SYMBOLS.has(symbol) || solid ? inverted(c.paint) : c.paint;
    const svg =
      (gateway ? rhombus(c) : "") +
      eventOutline(c, outline, f, !gateway && c.shadow) +
      eventSymbol(c, symbol, f, paint, solid, false);
    return { svg };
  },
  "mxgraph.bpmn.event": (c) => ({
    svg: event(c, c, c.style.get("outline") ?? "none", c.style.get("symbol") ?? "", c.shadow),
  }),
  // A rhombus with an event (the default type, drawn only with an outline), or a solid ×, + or
  // asterisk.
  "mxgraph.bpmn.gateway2": (c) => {
    const type = c.style.get("gwType") ?? "event";
    const outline = c.style.get("outline") ?? "none";
    let svg = rhombus(c);
    const half: Frame = { x: c.x + c.w / 4, y: c.y + c.h / 4, w: c.w / 2, h: c.h / 2 };
    const ink = { ...c.paint, fill: c.paint.stroke };
    if (type === "event" && outline !== "none") {
      const f: Frame = { x: c.x + c.w * 0.2, y: c.y + c.h * 0.2, w: c.w * 0.6, h: c.h * 0.6 };
      svg += event(c, f, outline, c.style.get("symbol") ?? "standard", false);
    } else if (type === "exclusive") svg += eventSymbol(c, "exclusiveGw", half, ink, false, false);
    else if (type === "parallel") svg += eventSymbol(c, "parallelGw", half, ink, false, false);
    else if (type === "complex") svg += eventSymbol(c, "complexGw", half, ink, false, false);
    return { svg };
  },
  "mxgraph.bpmn.task": task,
  // A note (folded corner `size`) with an input or output arrow and a collection mark.
  "mxgraph.bpmn.data": (c) => {
    const note = BOX_SHAPES.note;
    let svg = note ? note(c).svg : "";
    const transfer = c.style.get("bpmnTransferType") ?? "none";
    if (transfer === "input" || transfer === "output") {
      const arrow = local({ ...c, x: c.x + 3, y: c.y + 3 }).poly([
        [0, 3.6],
        [7.7, 3.6],
        [7.7, 0],
        [14, 6],
        [7.7, 12],
        [7.7, 8.4],
        [0, 8.4],
      ]);
      svg += path(
        c,
        arrow,
        transfer === "input" ? { ...c.paint, fill: "none" } : { ...c.paint, fill: c.paint.stroke },
        false,
      );
    }
    if (c.style.flag("isCollection")) {
      const bars = local({ ...c, x: c.x + c.w / 2 - 6, y: c.y + c.h - 12 });
      for (const u of [2.4, 6, 9.6]) bars.move(u, 0).line(u, 12);
      svg += detail(c, bars);
    }
    return { svg };
  },
};
