/**
 * Outlines of library shapes (`shape=mxgraph.…`) whose outer outline is known from draw.io's
 * code: shape classes that draw a simple frame, and stencils we carry the path of. Everything
 * else from the libraries (glyph stencils, Azure's SVG images) counts as its box.
 */
import { type Draw, ellipse, note } from "./shape-outlines.ts";
import { drawStencil, STENCIL_OUTLINES, type StencilOutline } from "./stencils.ts";

/**
 * A stencil drawn as the shape itself, or (`byClass`) by a shape class such as the Kubernetes
 * icon, which gets a turned box for north/south and hands the stencil the direction again.
 */
const stencil =
  (outline: StencilOutline | undefined, byClass = false): Draw =>
  (p, s, w, h) => {
    const direction = s.get("direction");
    const inverse = byClass && (direction === "north" || direction === "south");
    if (outline === undefined) p.rect(0, 0, w, h);
    else drawStencil(outline, p, 0, 0, w, h, inverse);
  };

const diamond: Draw = (p, _s, w, h) =>
  p.polygon(
    [
      { x: w / 2, y: 0 },
      { x: w, y: h / 2 },
      { x: w / 2, y: h },
      { x: 0, y: h / 2 },
    ],
    false,
    0,
    true,
  );

/**
 * Cisco 19 icons drawn on a round background (mxCisco19.js); the others fill their box. The
 * wireless router is left out: its antennas stick up out of its ellipse.
 */
const CISCO19_ROUND: ReadonlySet<string> = new Set([
  "router",
  "csr_1000v",
  "l3_modular3",
  "ucs_express",
  "router_with_voice",
  "router_with_firewall",
  "netflow_router",
  "secure_router",
  "ip_telephone_router",
  "asr_9000",
  "clock",
  "vbond",
  "vmanage",
  "vsmart",
]);

const cisco19: Draw = (p, s, w, h) => {
  if (CISCO19_ROUND.has(s.get("prIcon") ?? "l2_switch")) p.ellipse(0, 0, w, h);
  else p.rect(0, 0, w, h);
};

const frame = STENCIL_OUTLINES["mxgraph.kubernetes.frame"];

/**
 * Library shapes by name.
 *
 * @example
 * const p = new OutlinePath();
 * LIBRARY_SHAPES["mxgraph.bpmn.gateway2"]?.(p, new ResolvedStyle("shape=mxgraph.bpmn.gateway2"), 50, 50);
 */
export const LIBRARY_SHAPES: Readonly<Record<string, Draw>> = {
  "mxgraph.flowchart.direct_data": stencil(STENCIL_OUTLINES["mxgraph.flowchart.direct_data"]),
  // The heptagon badge; the icon inside is drawn on it.
  "mxgraph.kubernetes.icon": stencil(frame, true),
  // Not in draw.io 14.6 (which draws an unknown shape's rectangle); current draw.io draws the
  // same badge as `icon`, and that is what people open our files in.
  "mxgraph.kubernetes.icon2": stencil(frame, true),
  // mxBpmnShape2.js: every event outline is a full ellipse, the gateway a diamond, a data
  // object draw.io's note.
  "mxgraph.bpmn.event": ellipse,
  "mxgraph.bpmn.gateway2": diamond,
  "mxgraph.bpmn.data": note,
  "mxgraph.cisco19.rect": cisco19,
};
