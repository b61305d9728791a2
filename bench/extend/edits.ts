/**
 * The edits of the `extend` bench: for one page, one edit of each kind the page allows (append
 * after a shape, insert into a link, link two unconnected shapes, add inside a container or
 * lane, a chain of three), with targets picked by a seeded random source.
 */
import type { NodeKind } from "../../worker/drawio/layout/spec.ts";
import type { DiagramPage } from "../../worker/drawio/model/document.ts";
import { type PageTargets, pageTargets } from "./page-targets.ts";

/** The kinds of edit, in the order they are reported. */
export const EDIT_KINDS = [
  "append",
  "insert",
  "insert-replace",
  "link",
  "container",
  "chain",
] as const;

export type EditKind = (typeof EDIT_KINDS)[number];

/** A new node of an edit, as `add_graph` takes it. */
export interface NewNode {
  id: string;
  label: string;
  kind: NodeKind;
  /** An existing container or lane to put the node in. */
  group?: string;
}

/** A new edge; its ends name existing cells or new nodes. */
export interface NewEdge {
  from: string;
  to: string;
  label?: string;
}

/** One edit: what `add_graph` adds, and an existing edge the batch deletes first. */
export interface Edit {
  kind: EditKind;
  graph: { nodes: NewNode[]; edges: NewEdge[]; groups: [] };
  /** An existing edge deleted before the graph is added (insert-replace). */
  deleteEdge?: string;
}

const NODES: ReadonlyArray<[string, NodeKind]> = [
  ["Cache", "database"],
  ["Audit log", "document"],
  ["Billing", "service"],
  ["Notifications", "queue"],
  ["Search index", "database"],
  ["Rate limiter", "process"],
  ["Fraud check", "decision"],
  ["Metrics", "service"],
  ["Archive", "database"],
  ["Review", "process"],
  ["Approve", "process"],
  ["Send receipt", "process"],
  ["Retry queue", "queue"],
  ["Feature flags", "service"],
  ["Backup", "database"],
  ["Report", "document"],
];
const EDGE_LABELS = ["reads", "writes", "notifies", "calls", "logs to", "syncs", "checks"];

/** A seeded source of numbers in [0, 1). */
export type Random = () => number;

/**
 * One edit of each kind the page allows: the page needs three connected shapes; an insert a
 * link, a link an unconnected pair, a container edit a container or lane with shapes inside.
 *
 * @example
 * const edits = pageEdits(page, rng(7)); // [{ kind: "append", graph: { nodes: [...], ... } }, …]
 */
export function pageEdits(page: DiagramPage, random: Random): Edit[] {
  const targets = pageTargets(page);
  if (targets.connected.length < 3) return [];
  const taken = new Set(targets.layout.cells.map((c) => c.id));
  const node = newNodes(random, taken);
  const label = () => pick(random, EDGE_LABELS);
  const edits: Edit[] = [];
  const anchor = pick(random, targets.connected).id;
  const appended = node();
  edits.push(graphEdit("append", [appended], [{ from: anchor, to: appended.id, label: label() }]));
  const link = targets.links.length > 0 ? pick(random, targets.links) : undefined;
  if (link) {
    for (const kind of ["insert", "insert-replace"] as const) {
      const x = node();
      const edit = graphEdit(
        kind,
        [x],
        [
          { from: link.source.id, to: x.id },
          { from: x.id, to: link.target.id },
        ],
      );
      if (kind === "insert-replace") edit.deleteEdge = link.id;
      edits.push(edit);
    }
  }
  const pair = unlinkedPair(targets, random);
  if (pair) edits.push(graphEdit("link", [], [{ from: pair[0], to: pair[1], label: label() }]));
  const holder = targets.holders.length > 0 ? pick(random, targets.holders) : undefined;
  if (holder) {
    const inside = { ...node(), group: holder.cell.id };
    const child = pick(random, holder.children).id;
    edits.push(graphEdit("container", [inside], [{ from: inside.id, to: child }]));
  }
  const start = pick(random, targets.connected).id;
  const chain = [node(), node(), node()];
  const [a, b, c] = chain.map((n) => n.id) as [string, string, string];
  edits.push(
    graphEdit("chain", chain, [
      { from: start, to: a, label: label() },
      { from: a, to: b },
      { from: b, to: c },
    ]),
  );
  return edits;
}

function graphEdit(kind: EditKind, nodes: NewNode[], edges: NewEdge[]): Edit {
  return { kind, graph: { nodes, edges, groups: [] } };
}

/** Makes new nodes with realistic labels and ids free on the page (`ext-cache`, `ext-cache-2`). */
function newNodes(random: Random, taken: Set<string>): () => NewNode {
  return () => {
    const [label, kind] = pick(random, NODES);
    const base = `ext-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return { id, label, kind };
  };
}

/**
 * Two connected shapes with no link between them, neither inside the other; undefined when
 * twenty draws find none.
 */
function unlinkedPair(targets: PageTargets, random: Random): [string, string] | undefined {
  const linked = new Set(targets.links.flatMap((l) => [key(l.source.id, l.target.id)]));
  const { connected, layout } = targets;
  for (let attempt = 0; attempt < 20; attempt++) {
    const a = pick(random, connected);
    const b = pick(random, connected);
    if (a === b || linked.has(key(a.id, b.id))) continue;
    if (layout.ancestors(a).includes(b) || layout.ancestors(b).includes(a)) continue;
    return [a.id, b.id];
  }
  return undefined;
}

function key(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
