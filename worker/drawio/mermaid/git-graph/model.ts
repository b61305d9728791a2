/**
 * What a Mermaid git graph says once read: its commits in Mermaid's order, the branches they
 * sit on and how they join (first parent, merged branch, cherry-picked commit).
 */
import type { SourceLine } from "../source.ts";

/** How a commit is drawn: Mermaid's symbols. */
export type CommitKind = "normal" | "reverse" | "highlight" | "merge" | "cherryPick";

/** One commit, merge commit or cherry-picked commit. */
export interface Commit {
  /** Its id: the one given (`id: "x"`) or a stable generated one (`3-5f2a9c1`). */
  id: string;
  /** Whether the id was given in the text (merge commits show their id only then). */
  givenId: boolean;
  /** Position in Mermaid's order (0, 1, …). */
  seq: number;
  branch: string;
  kind: CommitKind;
  /** The symbol drawn: the kind, or a merge's `type:` override. */
  symbol: Exclude<CommitKind, "merge" | "cherryPick"> | "merge" | "cherryPick";
  /** Tags drawn beside the commit (`tag: "v1.0"`, or Mermaid's `cherry-pick:<id>`). */
  tags: string[];
  /** How many tags the text declared (`tag:`), as opposed to Mermaid's automatic one. */
  declaredTags: number;
  /** Parents by index into the commit list: first the branch's previous head, then the other. */
  parents: number[];
  message?: string;
  at: SourceLine;
}

/** One branch: its name, Mermaid's sort key and where it was declared. */
export interface Branch {
  name: string;
  /** `order:` given, or undefined (Mermaid then sorts by declaration). */
  order?: number;
  /** Declaration index (main is 0). */
  index: number;
}

/** The orientation of the graph: commits run left to right, top to bottom or bottom to top. */
export type Orientation = "LR" | "TB" | "BT";

/** A git graph as read. */
export interface GitModel {
  orientation: Orientation;
  commits: Commit[];
  /** Branches in Mermaid's lane order (main first unless `order:` says otherwise). */
  branches: Branch[];
  title?: string;
  notes: string[];
}
