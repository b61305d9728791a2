/**
 * A flowchart as it is read: nodes, links, subgraphs and classes in the order the text declares
 * them, with Mermaid's rules for which subgraph holds a node and which label wins.
 */
import { DrawioError } from "../../errors.ts";
import { type CssStyle, readCss } from "../class-defs.ts";
import { checkDepth, MAX_MERMAID_NODES, type SourceLine, tooManyNodes } from "../source.ts";
import { type Emphasis, labelText } from "./labels.ts";
import { readQuoted, type Scanner } from "./scan.ts";

/** The most links and subgraphs a graph spec holds. */
const MAX_EDGES = 5_000;
const MAX_GROUPS = 500;

/** draw.io style keys and values. */
export type DrawioStyle = Record<string, string | number>;

export type Stroke = "normal" | "thick" | "dotted" | "invisible";
export type LinkEnd = "none" | "arrow" | "circle" | "cross";

/** One link as written (`-->`, `-. text .->`, `x--x`, …). */
export interface Link {
  stroke: Stroke;
  start: LinkEnd;
  end: LinkEnd;
  /** Extra ranks asked for (`--->` is 1). */
  extra: number;
  label?: string;
  /** Bold and italic of the label, when it has any. */
  emphasis?: Emphasis;
  id?: string;
}

export interface FlowNode {
  id: string;
  label: string;
  /** Bold and italic of the label, when it has any. */
  emphasis?: Emphasis;
  /** The Mermaid shape's short name. */
  shape: string;
  /** Whether the text gave it a label (otherwise its id is its label). */
  labelled: boolean;
  classes: string[];
  /** `style` statements, in order. */
  style: CssStyle[];
}

export interface FlowEdge {
  from: string;
  to: string;
  link: Link;
  classes: string[];
  /** `linkStyle` statements naming it, in order. */
  style: CssStyle[];
}

export interface FlowGroup {
  id: string;
  title: string;
  parent?: string;
  /** Node ids written inside it, in order (those no inner subgraph took become its members). */
  mentions: string[];
  /** `direction` written inside it. */
  direction?: string;
  classes: string[];
  at: SourceLine;
}

/** A `class` statement, resolved once everything is declared. */
export interface ClassUse {
  ids: string[];
  classes: string[];
  s: Scanner;
  at: number;
}

/** Notes without repeats, in the order first given. */
export class Notes {
  readonly #seen = new Set<string>();
  add(note: string): void {
    this.#seen.add(note);
  }
  list(): string[] {
    return [...this.#seen];
  }
}

/** Everything read so far. */
export class FlowModel {
  readonly nodes = new Map<string, FlowNode>();
  readonly edges: FlowEdge[] = [];
  readonly groups = new Map<string, FlowGroup>();
  /** Which subgraph holds each node (the first one closed that mentions it). */
  readonly member = new Map<string, string>();
  readonly open: FlowGroup[] = [];
  readonly classDefs = new Map<string, CssStyle>();
  readonly classUses: ClassUse[] = [];
  readonly edgeIds = new Map<string, number[]>();
  readonly notes = new Notes();
  /** `linkStyle default` statements, in order. */
  readonly defaultLinkStyle: CssStyle[] = [];
  title?: string;
  #anonymous = 0;

  /** A label's plain text; emphasis it loses is noted. */
  text(raw: string, markdown: boolean): string {
    const label = labelText(raw, markdown);
    if (label.formatted) this.plainOnly();
    return label.text;
  }

  /** A label's plain text and its bold and italic; other emphasis it loses is noted. */
  rich(raw: string, markdown: boolean): { text: string; emphasis?: Emphasis } {
    const { text, formatted, emphasis } = labelText(raw, markdown);
    if (formatted && emphasis === undefined) this.plainOnly();
    return emphasis === undefined ? { text } : { text, emphasis };
  }

  /** Notes that a label's emphasis is shown as plain words. */
  plainOnly(): void {
    this.notes.add(
      "underline, strike-through and other emphasis than bold and italic is kept as plain text (as are subgraph titles' and part-bold link labels'): draw.io shows the words",
    );
  }

  /**
   * A label at the scanner's position: quoted (and the blanks after it), or raw text up to the
   * offset `end` gives (-1 when it never ends: then `unfinished` is thrown).
   */
  label(s: Scanner, end: (from: number) => number, unfinished: () => Error): string {
    const { text, emphasis } = this.richLabel(s, end, unfinished);
    if (emphasis) this.plainOnly();
    return text;
  }

  /** {@link label}, with the label's bold and italic. */
  richLabel(
    s: Scanner,
    end: (from: number) => number,
    unfinished: () => Error,
  ): { text: string; emphasis?: Emphasis } {
    if (s.peek() === '"') {
      const quoted = readQuoted(s);
      s.skipSpaces();
      return this.rich(quoted.text, quoted.markdown);
    }
    const from = s.pos;
    const to = end(from);
    if (to < 0) throw unfinished();
    s.pos = to;
    return this.rich(s.text.slice(from, to), false);
  }

  /** A style list (`fill:#f9f,stroke:#333`) starting at offset `at`; what draw.io lacks is noted. */
  css(text: string, s: Scanner, at: number): CssStyle {
    if (text.trim() === "") throw s.fail("expected styles such as fill:#f9f,stroke:#333", at);
    // Mermaid escapes a comma inside a value (`stroke-dasharray: 9\,5`); a blank says the same.
    const { style, unsupported } = readCss(text.replaceAll("\\,", "  "), s.where(at), 0);
    for (const css of unsupported) {
      this.notes.add(`the style ${css} has no draw.io counterpart and is left out`);
    }
    return style;
  }

  /**
   * A node written at offset `at` of `s`: created on first mention (and counted), noted as
   * mentioned in the open subgraph (unless `mention` is false: a `style` line places nothing).
   * Undefined when the id is a subgraph's.
   */
  node(id: string, s: Scanner, at: number, mention = true): FlowNode | undefined {
    if (mention) this.open[this.open.length - 1]?.mentions.push(id);
    if (this.groups.has(id)) return undefined;
    let node = this.nodes.get(id);
    if (node === undefined) {
      if (this.nodes.size >= MAX_MERMAID_NODES) throw tooManyNodes(s.where(at));
      node = { id, label: id, shape: "rect", labelled: false, classes: [], style: [] };
      this.nodes.set(id, node);
    }
    return node;
  }

  /** Links every source to every target (`A & B --> C & D` is four links). */
  link(from: readonly string[], to: readonly string[], link: Link, s: Scanner, at: number): void {
    for (const a of from) {
      for (const b of to) {
        if (this.edges.length >= MAX_EDGES) throw tooLarge(s.where(at), "links", MAX_EDGES);
        if (link.id !== undefined) {
          const ids = this.edgeIds.get(link.id) ?? [];
          ids.push(this.edges.length);
          this.edgeIds.set(link.id, ids);
        }
        this.edges.push({ from: a, to: b, link, classes: [], style: [] });
      }
    }
  }

  /** Opens `subgraph` (an id, a title, either or none). */
  openGroup(id: string | undefined, title: string, s: Scanner): void {
    if (this.groups.size >= MAX_GROUPS) throw tooLarge(s.where(0), "subgraphs", MAX_GROUPS);
    checkDepth(s.where(0), this.open.length + 1, "subgraphs");
    let groupId = id;
    while (groupId === undefined || this.groups.has(groupId)) {
      if (groupId !== undefined) throw s.fail(`there is already a subgraph called "${groupId}"`);
      groupId = `subGraph${this.#anonymous++}`;
      if (this.groups.has(groupId) || this.nodes.has(groupId)) groupId = undefined;
    }
    const written = this.nodes.get(groupId);
    if (written?.labelled || (written && written.shape !== "rect")) {
      throw s.fail(
        `"${groupId}" is already a node with a label or shape; a subgraph needs its own id`,
      );
    }
    // A node written before the subgraph was declared is a reference to it.
    this.nodes.delete(groupId);
    const parent = this.open[this.open.length - 1]?.id;
    const group: FlowGroup = {
      id: groupId,
      title,
      mentions: [],
      classes: [],
      at: s.where(0),
      ...(parent === undefined ? {} : { parent }),
    };
    this.groups.set(groupId, group);
    this.open.push(group);
  }

  /** `end`: the subgraph takes every node it mentions that no subgraph holds yet. */
  closeGroup(s: Scanner, at: number): void {
    const group = this.open.pop();
    if (group === undefined) throw s.fail("this end closes no subgraph", at);
    for (const id of group.mentions) {
      const inner = this.groups.get(id);
      // A closed top-level subgraph named inside another moves into it, as in Mermaid.
      if (inner) {
        if (inner.parent === undefined && inner !== group && !this.open.includes(inner)) {
          inner.parent = group.id;
        }
      } else if (!this.member.has(id)) {
        this.member.set(id, group.id);
      }
    }
  }
}

function tooLarge(at: SourceLine, what: string, limit: number): DrawioError {
  return new DrawioError(
    "mermaid_too_large",
    `line ${at.line}: the diagram declares over ${limit.toLocaleString("en-US")} ${what}, more than one diagram may have; split it`,
    { line: at.line, column: at.column, text: at.text },
  );
}
