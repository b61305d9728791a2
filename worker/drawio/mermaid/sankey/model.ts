/**
 * The sankey diagram as read from Mermaid: its nodes in order of first mention and the links
 * (`source,target,value`) between them.
 */
import type { SourceLine } from "../source.ts";

/** One node: a name that appears as a source or a target. */
export interface FlowNode {
  index: number;
  name: string;
  /** Column (0 = left), set by `placeColumns`. */
  column: number;
  /** The larger of what flows in and what flows out. */
  value: number;
  incoming: FlowLink[];
  outgoing: FlowLink[];
  /** Top and height, set by the placement (px). */
  y: number;
  height: number;
}

/** One CSV line: `value` flows from `source` to `target`. */
export interface FlowLink {
  index: number;
  source: FlowNode;
  target: FlowNode;
  value: number;
  at: SourceLine;
}

/** A sankey diagram. */
export interface Sankey {
  nodes: FlowNode[];
  links: FlowLink[];
  notes: string[];
  title?: string;
}
