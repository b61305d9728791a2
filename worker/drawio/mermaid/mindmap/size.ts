/**
 * How big each mind map node is drawn: its label measured at Mermaid's node width (200 px),
 * plus the room its shape needs around the text (a circle's diameter, a cloud's bumps).
 */
import { measureText } from "../../text/estimate.ts";
import { nodePlainText } from "./label.ts";
import type { MindmapNode } from "./model.ts";

/** Mermaid wraps node labels at this width. */
const MAX_TEXT_WIDTH = 200;
/** The root's font (14 px) against the 12 px the estimate measures. */
const ROOT_SCALE = 14 / 12;

/** A node's drawn size. */
export interface NodeSize {
  width: number;
  height: number;
}

/**
 * The size of a node's shape around its label.
 *
 * @example
 * nodeSize(node); // { width: 86, height: 35 }
 */
export function nodeSize(node: MindmapNode): NodeSize {
  const scale = node.depth === 0 ? ROOT_SCALE : 1;
  const text = measureText(nodePlainText(node), MAX_TEXT_WIDTH / scale);
  const w = Math.max(text.width, 20) * scale;
  const h = text.height * scale;
  switch (node.shape) {
    case "circle": {
      const d = Math.ceil(Math.hypot(w, h) + 16);
      return { width: d, height: d };
    }
    case "cloud":
      return { width: Math.ceil(w * 1.35 + 30), height: Math.ceil(h * 1.6 + 30) };
    case "bang":
      return { width: Math.ceil(w * 1.5 + 40), height: Math.ceil(h * 2 + 40) };
    case "hexagon":
      return { width: Math.ceil(w + 52), height: Math.ceil(h + 20) };
    default:
      return { width: Math.ceil(w + 28), height: Math.ceil(h + 20) };
  }
}
