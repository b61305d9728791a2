/**
 * A Mermaid requirement diagram as read: requirements and elements with their fields, the
 * relationships between them, and their styles.
 */
import type { Direction } from "../../layout/spec.ts";
import type { CellIds } from "../cell-ids.ts";
import type { ClassDefs, CssStyle } from "../class-defs.ts";
import type { SourceLine } from "../source.ts";

/** One `Label: value` line of a box (`ID: 1`, `Risk: High`, `Doc Ref: reqs/a`). */
export interface Field {
  label: string;
  value: string;
}

/** A requirement (of any of the six kinds) or an element. */
export interface RequirementNode {
  id: string;
  /** The name the text gives it (quotes removed). */
  name: string;
  /** The stereotype shown above the name: `Requirement`, `Functional Requirement`, `Element`. */
  stereotype: string;
  isElement: boolean;
  fields: Field[];
  classes: string[];
  css: CssStyle[];
  at: SourceLine;
}

/** The seven relationship types. */
export const RELATIONSHIP_TYPES = [
  "contains",
  "copies",
  "derives",
  "satisfies",
  "verifies",
  "refines",
  "traces",
] as const;

/** A relationship from a source to a destination. */
export interface Relationship {
  from: RequirementNode;
  to: RequirementNode;
  type: (typeof RELATIONSHIP_TYPES)[number];
  at: SourceLine;
}

/** A whole requirement diagram. */
export interface RequirementDiagram {
  title?: string;
  direction?: Direction;
  nodes: RequirementNode[];
  relationships: Relationship[];
  classDefs: ClassDefs;
  ids: CellIds;
  /** Things read but not drawn as written, one sentence each. */
  remarks: string[];
}
