/**
 * What a re-layout is asked for and gives back ({@link relayoutPage}'s options and result), and
 * the page's cells as both the planning and the writing back read them.
 */
import type { DiagramDocument } from "../../model/document.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import type { Direction } from "../spec.ts";

/** Options for {@link relayoutPage}. */
export interface RelayoutOptions {
  /** Page index (default 0). */
  page?: number;
  /** Lay out only the inside of this container (default: the whole page). */
  containerId?: string;
  direction?: Direction;
  /**
   * Keep the arrangement a person made (default true): where the drawing already flows in
   * `direction`, shapes keep their order in each layer and at most 5 % of the pairs of shapes
   * turn round, so a tidy-up after a small change moves the new part and leaves the rest.
   * `false` lays the whole page out afresh, as a first layout would: for a page so tangled
   * that its order is not worth keeping.
   */
  keepOrder?: boolean;
}

/** What {@link relayoutPage} did. */
export interface RelayoutResult {
  document: DiagramDocument;
  /** Vertices given a new position (or size). */
  moved: string[];
  /** Edges given a new route. */
  routed: string[];
}

/** The cells of the page being tidied, by id, and how they nest. */
export interface PageCells {
  cells: Map<string, XmlElement>;
  parentOf: (id: string) => string | undefined;
  /** Whether a cell is a layer (a child of the root cell). */
  isLayer: (id: string) => boolean;
  /** The container whose inside is laid out, or undefined for the whole page. */
  scope: string | undefined;
}
