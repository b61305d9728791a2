/**
 * A mind map as read from its Mermaid text: a tree of nodes from the root, each with its shape,
 * label, icon and classes, and the top-level branch (section) it belongs to.
 */
import type { SourceLine } from "../source.ts";

/** The shapes Mermaid draws mind map nodes with. */
export type MindmapShape =
  | "default"
  | "square"
  | "rounded"
  | "circle"
  | "bang"
  | "cloud"
  | "hexagon";

/** One node of the tree. */
export interface MindmapNode {
  /** Position in reading order (the root is 0). */
  index: number;
  /** The id written before the shape (or the label itself when there is none). */
  id: string;
  /** The label, line breaks as `\n`, markdown (`**bold**`, `*italic*`) still in it. */
  label: string;
  shape: MindmapShape;
  /** The `::icon(…)` classes, such as `fa fa-book`. */
  icon?: string;
  /** The `:::` classes. */
  classes: string[];
  children: MindmapNode[];
  /** 0 for the root, 1 for its children, … */
  depth: number;
  /** The root's child this node descends from, by its order (-1 for the root). */
  section: number;
  at: SourceLine;
}

/** A whole mind map. */
export interface MindmapModel {
  root: MindmapNode;
  /** Every node in reading order (a pre-order walk of the tree). */
  nodes: MindmapNode[];
  notes: string[];
}
