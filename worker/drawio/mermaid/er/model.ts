/**
 * What an entity-relationship diagram holds once read: entities with their attributes,
 * relationships with a cardinality at each end, and the diagram's styles and direction.
 */
import type { Direction } from "../../layout/spec.ts";
import type { CellIds } from "../cell-ids.ts";
import type { ClassDefs, CssStyle } from "../class-defs.ts";
import type { SourceLine } from "../source.ts";

/** How many of an entity one of the other may relate to, as Mermaid names it. */
export type Cardinality = "zeroOrOne" | "onlyOne" | "zeroOrMore" | "oneOrMore" | "mdParent";

/** One attribute row: `type name PK, FK "comment"`. */
export interface Attribute {
  type: string;
  name: string;
  /** `PK`, `FK`, `UK` as written (upper-cased), in order. */
  keys: string[];
  comment: string;
}

/** One entity: its Mermaid name, its cell id, the text shown, attributes and styles. */
export interface Entity {
  name: string;
  id: string;
  /** The alias (`p[Person]`) when there is one, else the name. */
  label: string;
  attributes: Attribute[];
  /** `:::` and `class` names, in order. */
  classes: string[];
  /** `style` lines' CSS, in order. */
  css: CssStyle[];
  at: SourceLine;
}

/** One relationship line: `A ||--o{ B : label`. */
export interface Relationship {
  from: Entity;
  to: Entity;
  /** The cardinality written beside the first entity (drawn at the source end). */
  fromCardinality: Cardinality;
  /** The cardinality written beside the second entity (drawn at the target end). */
  toCardinality: Cardinality;
  /** `--` / `to` (solid) versus `..` / `optionally to` (dashed). */
  identifying: boolean;
  label: string;
  at: SourceLine;
}

/** A whole diagram as read. */
export interface ErDiagram {
  entities: Map<string, Entity>;
  relationships: Relationship[];
  direction?: Direction;
  classDefs: ClassDefs;
  ids: CellIds;
  /** What was read but is not drawn as written, one sentence each. */
  remarks: string[];
}
