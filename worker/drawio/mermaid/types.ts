/**
 * What every Mermaid converter takes and gives: the conversion options and the converted
 * diagram (its document, notes and counts).
 */
import type { Direction, Theme } from "../layout/spec.ts";
import type { DiagramDocument } from "../model/document.ts";
import type { LibraryShapes } from "../shapes/library-style.ts";

/** How to convert. */
export interface MermaidOptions {
  /** Overrides the direction the Mermaid text gives (`flowchart LR` → "right"). */
  direction?: Direction;
  /** The layout engine's theme (default "default"). */
  theme?: Theme;
  /**
   * Library shapes (a `ShapeCatalog`): with them, an architecture diagram's `service db(logos:aws-rds)`
   * is drawn with draw.io's own icon for the name. Without, such icons fall back to basic shapes.
   */
  shapes?: LibraryShapes;
}

/** What one diagram type's converter returns. */
export interface ConvertedDiagram {
  /** The draw.io diagram: one page of real, editable cells; `serializeDiagram` writes its file. */
  document: DiagramDocument;
  /**
   * What was read but has no draw.io counterpart, one sentence each (`click` lines, `%%{init}%%`
   * themes, …), so nothing is left out without a word.
   */
  notes: string[];
  /** How many nodes (states, classes, participants) and edges (messages) the text declared. */
  nodes: number;
  edges: number;
  /**
   * What the type counts besides nodes and edges, by name, as the source declares them
   * (`{ entities: 3, attributes: 9, relationships: 2 }`, `{ commits: 12, branches: 3 }`).
   */
  counts?: Record<string, number>;
  /** The diagram's own `title` statement (gantt, pie, …), which names the page. */
  title?: string;
}
