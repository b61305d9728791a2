/**
 * What placing new shapes works with: the shapes to place, the links between them, and where
 * they went (with what had to grow or move around them).
 */
import type { Point, Rect } from "../model/cell.ts";

/** A shape to place: a new node, or a new group sized from its members. */
export interface NewShape {
  id: string;
  width: number;
  height: number;
  /** The existing container, or the new group, it goes into; undefined for the layer. */
  parent: string | undefined;
  /** For a new group: its style (for the header its members keep clear of). */
  groupStyle?: string;
}

/** A connection between two shapes, new or existing, by id. */
export interface NewLink {
  source: string;
  target: string;
}

/** Options for `placeShapes`. */
export interface PlaceOptions {
  /**
   * Shift existing shapes along the flow to open a gap where a new shape belongs but has no
   * room, instead of placing it beside.
   */
  makeRoom?: boolean;
}

/** Where the new shapes go, and what had to change around them. */
export interface Placement {
  /** New shapes: absolute boxes. */
  rects: Map<string, Rect>;
  /** Existing containers grown (and lanes of a pool moved with them): their new absolute boxes. */
  grown: Map<string, Rect>;
  /** Existing shapes moved by `make_room`: how far. */
  moved: Map<string, Point>;
  /** What could not be done as asked, for the reader. */
  notes: string[];
}
