/** How much room each node of a spec takes in the layout, sized from its label and kind. */
import type { Rect } from "../model/cell.ts";
import { measureText } from "../text/estimate.ts";
import type { Direction, GraphNode } from "./spec.ts";
import { labelOutside, QUEUE_CAP_SHARE } from "./themes.ts";

/** The room a node takes in the layout, and where its shape sits inside that room. */
export interface NodeBox {
  width: number;
  height: number;
  /** The drawn shape, relative to the box (the box also holds an outside label). */
  shape: Rect;
  labelSide?: "right" | "bottom";
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Sizes a node from its label (estimated text width, wrapped) within sane bounds, per kind:
 * diamonds and ellipses need more room than rectangles for the same text. Icons and actors
 * keep their label outside the shape: beside it when the flow is vertical, below it when the
 * flow is horizontal, so that edges (which enter along the flow) never cross the label.
 *
 * @example
 * nodeBox({ id: "a", label: "Pay", kind: "decision" }, "down"); // { width: 120, height: 80, … }
 *
 * `capRoom: false` keeps a queue at the width of its text (the label then wraps on the body):
 * shapes added to an existing page take no more room than they did before queues were widened,
 * since the wider ones made the placement move shapes a person had placed.
 */
export function nodeBox(
  node: GraphNode,
  direction: Direction,
  { capRoom = true }: { capRoom?: boolean } = {},
): NodeBox {
  if (labelOutside(node.kind)) return outsideLabelBox(node, direction);
  const wrap = node.kind === "text" ? 220 : 170;
  const text = measureText(node.label, wrap);
  let width = clamp(text.width + 32, 120, wrap + 32);
  let height = Math.max(50, text.height + 26);
  switch (node.kind) {
    case "decision":
      width = Math.max(width * 1.45, 120);
      height = Math.max(height * 1.6, 80);
      break;
    case "start":
    case "end":
    case "cloud":
      width *= 1.25;
      height *= 1.35;
      break;
    case "database":
      // The lid and the bottom rim (cylinder3's label margins): the text goes on the body.
      height += 20;
      break;
    case "queue":
      // A horizontal cylinder: the body left of the near cap holds the text.
      if (capRoom) width /= 1 - QUEUE_CAP_SHARE;
      height += 20;
      break;
    case "document":
      height += 12;
      break;
    case "data":
    case "io":
      width += 24;
      break;
    case "text":
      width = text.width + 16;
      height = text.height + 14;
      break;
    default:
      break;
  }
  width = Math.round(node.width ?? width);
  height = Math.round(node.height ?? height);
  return { width, height, shape: { x: 0, y: 0, width, height } };
}

function outsideLabelBox(node: GraphNode, direction: Direction): NodeBox {
  const person = node.kind !== "icon";
  const iconW = Math.round(node.width ?? (person ? 30 : 60));
  const iconH = Math.round(node.height ?? (person ? 60 : 60));
  const text = node.label === "" ? { width: 0, height: 0 } : measureText(node.label, 130);
  if (direction === "down" || direction === "up") {
    const width = iconW + (text.width > 0 ? 8 + text.width : 0);
    const height = Math.max(iconH, text.height);
    const shape = { x: 0, y: Math.round((height - iconH) / 2), width: iconW, height: iconH };
    return { width, height, shape, labelSide: "right" };
  }
  const width = Math.max(iconW, text.width);
  const height = iconH + (text.height > 0 ? 4 + text.height : 0);
  const shape = { x: Math.round((width - iconW) / 2), y: 0, width: iconW, height: iconH };
  return { width, height, shape, labelSide: "bottom" };
}
