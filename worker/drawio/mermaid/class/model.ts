/**
 * What a Mermaid class diagram says, as the parser collects it: classes with their members,
 * namespaces, relations and notes.
 */
import type { Direction } from "../../layout/spec.ts";
import { CellIds } from "../cell-ids.ts";
import { ClassDefs, type CssStyle } from "../class-defs.ts";
import { MAX_MERMAID_NODES, type SourceLine, tooManyNodes } from "../source.ts";
import { generics, type Member } from "./members.ts";

/** A class box, or the circle of a lollipop interface (`bar ()-- foo`). */
export interface ClassNode {
  id: string;
  /** The Mermaid name (without its generic part). */
  name: string;
  /** `Name<T>` for `Name~T~`, or the `["label"]` given. */
  title: string;
  interface: boolean;
  annotations: string[];
  attributes: Member[];
  methods: Member[];
  classes: string[];
  css: CssStyle[];
  /** The namespace group id it belongs to. */
  group?: string;
  at: SourceLine;
}

/** The end markers of a relation, by Mermaid's relation types. */
export type Marker =
  | "none"
  | "extension"
  | "composition"
  | "aggregation"
  | "dependency"
  | "lollipop";

/** A relation between two classes. */
export interface Relation {
  from: ClassNode;
  to: ClassNode;
  /** The markers at the `from` and `to` ends. */
  start: Marker;
  end: Marker;
  dashed: boolean;
  label?: string;
  /** Cardinalities at the `from` and `to` ends (`"1" --> "*"`). */
  startText?: string;
  endText?: string;
  at: SourceLine;
}

/** A note, on a class (`note for A "…"`) or on its own (`note "…"`). */
export interface ClassNote {
  id: string;
  text: string;
  target?: ClassNode;
  group?: string;
}

/** A namespace: a group, nested by dots (`A.B`) or by blocks. */
export interface Namespace {
  id: string;
  label: string;
  parent?: string;
}

/** A whole class diagram. */
export class ClassDiagram {
  readonly ids = new CellIds();
  readonly classes = new Map<string, ClassNode>();
  /** Classes and interfaces in the order they were first named. */
  readonly nodes: ClassNode[] = [];
  readonly relations: Relation[] = [];
  readonly notes: ClassNote[] = [];
  /** Namespaces by full name (`Company.Engineering`). */
  readonly namespaces = new Map<string, Namespace>();
  readonly classDefs = new ClassDefs();
  /** What was read but not drawn, one sentence each. */
  readonly remarks: string[] = [];
  direction?: Direction;

  /** The class of a Mermaid name (`Square~Shape~` names `Square`), created when new. */
  class(name: string, at: SourceLine, group?: string): ClassNode {
    const generic = /^(.*?)~(.*)~$/.exec(name);
    const bare = generic ? (generic[1] as string) : name;
    const known = this.classes.get(bare);
    if (known) {
      if (generic && known.title === known.name) known.title = generics(name);
      return known;
    }
    const node = this.add(bare, at, group, false);
    if (generic) node.title = generics(name);
    this.classes.set(bare, node);
    return node;
  }

  /** A lollipop interface: a circle of its own for each relation that draws one. */
  lollipop(name: string, at: SourceLine, group?: string): ClassNode {
    return this.add(name, at, group, true);
  }

  /** The group of a namespace (and of each namespace its dotted name passes through). */
  namespace(fullName: string, label: string | undefined, parent?: string): Namespace {
    let parentName = parent;
    let found: Namespace | undefined;
    const parts = fullName.split(".");
    parts.forEach((part, i) => {
      const name = [...(parentName === undefined ? [] : [parentName]), part].join(".");
      let ns = this.namespaces.get(name);
      if (!ns) {
        const parentNs = parentName === undefined ? undefined : this.namespaces.get(parentName);
        ns = {
          id: this.ids.claim(`ns_${name}`),
          label: part,
          ...(parentNs ? { parent: parentNs.id } : {}),
        };
        this.namespaces.set(name, ns);
      }
      if (i === parts.length - 1 && label !== undefined) ns.label = label;
      parentName = name;
      found = ns;
    });
    return found as Namespace;
  }

  private add(
    name: string,
    at: SourceLine,
    group: string | undefined,
    lollipop: boolean,
  ): ClassNode {
    if (this.nodes.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    const node: ClassNode = {
      id: lollipop ? this.ids.next("interface") : this.ids.claim(name),
      name,
      title: name,
      interface: lollipop,
      annotations: [],
      attributes: [],
      methods: [],
      classes: [],
      css: [],
      ...(group === undefined ? {} : { group }),
      at,
    };
    this.nodes.push(node);
    return node;
  }
}
