/**
 * A Mermaid C4 diagram as read: its elements (people, systems, containers, components), the
 * boundaries and deployment nodes that hold them, the relationships between them, and the
 * style updates the text asks for.
 */
import type { Direction } from "../../layout/spec.ts";
import type { SourceLine } from "../source.ts";

/** What an element is in C4 terms. */
export type ElementKind = "person" | "system" | "container" | "component";
/** How an element is drawn: a person, a box, a database cylinder or a queue pipe. */
export type ElementShape = "person" | "box" | "db" | "queue";

/** A person, software system, container or component. */
export interface C4Element {
  /** The cell id. */
  id: string;
  /** The alias the text names it by. */
  alias: string;
  kind: ElementKind;
  shape: ElementShape;
  external: boolean;
  name: string;
  technology: string;
  description: string;
  /** The alias of the boundary that holds it. */
  boundary?: string;
  /** `UpdateElementStyle` colours as draw.io style keys. */
  style: Record<string, string>;
  at: SourceLine;
}

/** What a boundary is: a plain or typed boundary, or a deployment node. */
export type BoundaryKind = "boundary" | "enterprise" | "system" | "container" | "node";

/** A boundary or deployment node: a dashed box holding elements and other boundaries. */
export interface C4Boundary {
  id: string;
  alias: string;
  kind: BoundaryKind;
  name: string;
  /** The type line (`Boundary(b, "Name", "type")`, a node's technology), or the kind's own word. */
  type: string;
  description: string;
  parent?: string;
  at: SourceLine;
}

/** Which way a relationship points, as written (`Rel_U`, `BiRel`, `Rel_Back`…). */
export type RelationKind = "rel" | "birel" | "back" | "up" | "down" | "left" | "right" | "index";

/** A relationship between two elements. */
export interface C4Relation {
  from: C4Element;
  to: C4Element;
  kind: RelationKind;
  label: string;
  technology: string;
  description: string;
  /** `RelIndex`'s index. */
  index?: string;
  /** `UpdateRelStyle` colours as draw.io style keys. */
  style: Record<string, string>;
  at: SourceLine;
}

/** A whole C4 diagram. */
export interface C4Diagram {
  /** `C4Context`, `C4Container`, `C4Component`, `C4Dynamic` or `C4Deployment`. */
  flavour: string;
  title?: string;
  direction?: Direction;
  elements: C4Element[];
  boundaries: C4Boundary[];
  relations: C4Relation[];
  /** Things read but not drawn as written, one sentence each. */
  remarks: string[];
}
