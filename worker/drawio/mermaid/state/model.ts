/**
 * What a Mermaid state diagram says, as the parser collects it: states in regions, regions in
 * composite states, transitions and notes. Each state lives in the region that names it first.
 */
import type { Direction } from "../../layout/spec.ts";
import { CellIds } from "../cell-ids.ts";
import { ClassDefs, type CssStyle } from "../class-defs.ts";
import { MAX_MERMAID_NODES, mermaidSyntax, type SourceLine, tooManyNodes } from "../source.ts";

/** What a node of a state diagram is drawn as. */
export type StateKind = "state" | "choice" | "fork" | "join" | "start" | "end" | "note";

/** A state, pseudo-state (`[*]`, choice, fork, join) or note. */
export interface StateNode {
  /** Its cell id. */
  id: string;
  /** The Mermaid id (empty for `[*]` and notes). */
  name: string;
  kind: StateKind;
  /** `state "…" as id` and `id : …` texts, in order; a note's text. */
  descriptions: string[];
  classes: string[];
  /** `style id …` statements. */
  css: CssStyle[];
  region: Region;
  /** The inside of a composite state. */
  body?: Composite;
  /** Where it was first named. */
  at: SourceLine;
}

/** One `[*]`-scope: the whole inside of a composite state, or one concurrent part of it. */
export interface Region {
  /** Cell id of its dashed box (used when a composite state has several regions). */
  id: string;
  owner: Composite;
  nodes: StateNode[];
  start?: StateNode;
  end?: StateNode;
}

/** The root diagram or the inside of a composite state. */
export interface Composite {
  node?: StateNode;
  regions: Region[];
  direction?: Direction;
}

/** A transition (or the dashed line from a note to its state). */
export interface StateEdge {
  from: StateNode;
  to: StateNode;
  label?: string;
  note: boolean;
  /** For a note's line: the side of its state the note is on. */
  side?: "left" | "right";
  at: SourceLine;
}

/** A whole state diagram. */
export class StateDiagram {
  readonly ids = new CellIds();
  readonly root: Composite = { regions: [] };
  readonly states = new Map<string, StateNode>();
  /** Every node, in the order they were first named. */
  readonly nodes: StateNode[] = [];
  readonly edges: StateEdge[] = [];
  readonly classDefs = new ClassDefs();
  readonly notes: string[] = [];
  /** States, pseudo-states and composite states (notes are not counted). */
  nodeCount = 0;

  constructor() {
    this.addRegion(this.root);
  }

  addRegion(owner: Composite): Region {
    const region: Region = { id: this.ids.next("region"), owner, nodes: [] };
    owner.regions.push(region);
    return region;
  }

  /** The state of a Mermaid id, created in `region` when it is new. */
  state(name: string, region: Region, at: SourceLine): StateNode {
    const known = this.states.get(name);
    if (known) return known;
    const node = this.add("state", region, at, name);
    this.states.set(name, node);
    return node;
  }

  /** The start (`[*] -->`) or end (`--> [*]`) of a region, created on first use. */
  terminal(kind: "start" | "end", region: Region, at: SourceLine): StateNode {
    const known = region[kind];
    if (known) return known;
    const node = this.add(kind, region, at);
    region[kind] = node;
    return node;
  }

  /**
   * The node a reference names (`[*]` is the region's start when the transition leaves it, its
   * end when it arrives), with its `:::class`. Refuses what cannot be a state id.
   */
  ref(
    name: string,
    region: Region,
    at: SourceLine,
    end: "from" | "to",
    column: number,
    cls?: string,
  ): StateNode {
    if (!/^(\[\*\]|[^\s:{}"-]+)$/u.test(name)) {
      throw mermaidSyntax(
        at,
        `"${name}" is not a state id (no spaces, quotes, braces, - or :)`,
        column,
      );
    }
    const node =
      name === "[*]"
        ? this.terminal(end === "from" ? "start" : "end", region, at)
        : this.state(name, region, at);
    if (cls) node.classes.push(cls);
    return node;
  }

  note(text: string, region: Region, at: SourceLine): StateNode {
    const node = this.add("note", region, at);
    node.descriptions.push(text);
    return node;
  }

  add(kind: StateKind, region: Region, at: SourceLine, name = ""): StateNode {
    if (kind !== "note" && ++this.nodeCount > MAX_MERMAID_NODES) throw tooManyNodes(at);
    const node: StateNode = {
      id: name === "" ? this.ids.next(kind) : this.ids.claim(name),
      name,
      kind,
      descriptions: [],
      classes: [],
      css: [],
      region,
      at,
    };
    region.nodes.push(node);
    this.nodes.push(node);
    return node;
  }
}
