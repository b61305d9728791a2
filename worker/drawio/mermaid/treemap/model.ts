/**
 * The treemap as read from Mermaid: a forest of sections holding leaves with values, the
 * `classDef` styles, the title and what was read but not drawn.
 */
import type { ClassDefs } from "../class-defs.ts";
import type { SourceLine } from "../source.ts";

/** One item of the hierarchy: a section (with children) or a leaf (with a value). */
export interface TreeItem {
  label: string;
  /** The leaf's value; undefined for a section. */
  value?: number;
  /** The value the item is drawn with: a leaf's own (at least 0), a section's total. */
  total: number;
  classes: string[];
  children: TreeItem[];
  at: SourceLine;
}

/** A treemap diagram. */
export interface Treemap {
  title?: string;
  roots: TreeItem[];
  classDefs: ClassDefs;
  sections: number;
  leaves: number;
  notes: string[];
}
