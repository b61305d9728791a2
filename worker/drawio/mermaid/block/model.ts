/**
 * A block diagram as read: a tree of grid items (blocks, composite blocks, spaces) in reading
 * order, the edges between blocks, and the styles they ask for.
 */
import type { ClassDefs, CssStyle } from "../class-defs.ts";
import type { SourceLine } from "../source.ts";

/** The outlines a block can take (Mermaid's bracket forms). */
export type BlockShape =
  | "square"
  | "round"
  | "stadium"
  | "subroutine"
  | "cylinder"
  | "circle"
  | "double-circle"
  | "asymmetric"
  | "rhombus"
  | "hexagon"
  | "lean-right"
  | "lean-left"
  | "trapezoid"
  | "trapezoid-top"
  | "arrow";

/** One leaf block of the grid. */
export interface Block {
  kind: "block";
  id: string;
  label: string;
  shape: BlockShape;
  /** Columns it spans. */
  span: number;
  /** Block arrows: the directions written in `(…)` (`right`, `x`, `down` …). */
  directions: string[];
  classes: string[];
  css: CssStyle[];
  at: SourceLine;
}

/** A composite block (`block:id:2 … end`), a grid of its own. */
export interface Composite {
  kind: "composite";
  id: string;
  label: string;
  span: number;
  /** Its columns; undefined for `columns auto` (every child on one row). */
  columns: number | undefined;
  children: Item[];
  classes: string[];
  css: CssStyle[];
  at: SourceLine;
}

/** An empty cell of the grid (`space`, `space:3`). */
export interface Space {
  kind: "space";
  span: number;
}

/** Anything that takes cells of a grid. */
export type Item = Block | Composite | Space;

/** A connector between two blocks (or composite blocks). */
export interface BlockEdge {
  from: string;
  to: string;
  label: string;
  /** Arrowheads at the start and end: "none", "block", "cross" or "oval". */
  startArrow: string;
  endArrow: string;
  line: "solid" | "dotted" | "thick";
  at: SourceLine;
}

/** The whole diagram. */
export interface BlockDiagram {
  root: Composite;
  /** Blocks and composites by id. */
  byId: Map<string, Block | Composite>;
  edges: BlockEdge[];
  spaces: number;
  classDefs: ClassDefs;
  /** What was read but not drawn faithfully. */
  notes: string[];
}
