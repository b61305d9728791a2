/**
 * Which groups of a spec are laid out in a direction of their own, and which follow their parent.
 */
import type { Finding } from "../check/findings.ts";
import type { Direction, GraphSpec } from "./spec.ts";

/**
 * Per spec edge, the groups its ends stand for (a converter's link to a subgraph, drawn to a
 * node inside it). Such an end joins the group's own border when that group is laid out on its
 * own; otherwise it stays on the spec's node.
 */
export type GroupEnds = ReadonlyArray<{ from?: string; to?: string } | undefined>;

/** Which groups are laid out in a direction of their own, and what every group follows. */
export interface GroupDirections {
  /** The direction each group's members are laid out in, by group id. */
  of: Map<string, Direction>;
  /** Groups laid out on their own, in their own direction (no edge crosses their border). */
  own: Set<string>;
  /** What the layout could not honour, one warning per group. */
  notes: Finding[];
}

/**
 * Decides each group's direction. A group's own `direction` applies when it differs from the
 * direction it would inherit and no edge joins one of its members (at any depth) to a node
 * outside it: ELK lays such a group out on its own, and an edge across its border could not be
 * routed there; an edge that ends on the group itself (`ends`) does not cross it. Otherwise the
 * group follows its parent, and a note names the edge that crosses.
 * A swimlane pool is laid out as one piece, so its groups all follow the diagram.
 *
 * @example
 * groupDirections(spec, false).of.get("checkout"); // "right"
 */
export function groupDirections(
  spec: GraphSpec,
  pool: boolean,
  ends: GroupEnds = [],
): GroupDirections {
  const byId = new Map(spec.groups.map((g) => [g.id, g]));
  const of = new Map<string, Direction>();
  const own = new Set<string>();
  const notes: Finding[] = [];
  const inside = membersByGroup(spec);
  const resolve = (id: string): Direction => {
    const known = of.get(id);
    if (known) return known;
    const group = byId.get(id);
    const inherited = group?.parent === undefined ? spec.direction : resolve(group.parent);
    let direction = inherited;
    if (group?.direction !== undefined && group.direction !== inherited) {
      // An end on group `end` is on its border, outside it and its groups, once it has its own run.
      const onBorder = (end: string | undefined) =>
        end !== undefined && (end === id || (own.has(end) && holds(byId, end, id)));
      const crossing = pool ? undefined : crossingEdge(spec, inside.get(id), ends, onBorder);
      if (pool) {
        notes.push(
          note(
            id,
            `group "${id}" keeps the pool's direction (${inherited}), not its own (${group.direction}): the lanes of a pool all follow the diagram`,
          ),
        );
      } else if (crossing !== undefined) {
        const edge = spec.edges[crossing];
        notes.push(
          note(
            id,
            `group "${id}" is laid out ${inherited} like its parent, not ${group.direction}: edge ${crossing} (${edge?.from} → ${edge?.to}) crosses its border, and a group keeps its own direction only when no edge does`,
          ),
        );
      } else {
        direction = group.direction;
        own.add(id);
      }
    }
    of.set(id, direction);
    return direction;
  };
  for (const group of spec.groups) resolve(group.id);
  return { of, own, notes };
}

/** The direction a node is laid out in: its group's, or the diagram's. */
export function nodeDirection(
  spec: GraphSpec,
  directions: GroupDirections,
  group: string | undefined,
): Direction {
  return (group === undefined ? undefined : directions.of.get(group)) ?? spec.direction;
}

/** The nodes inside each group, at any depth. */
function membersByGroup(spec: GraphSpec): Map<string, Set<string>> {
  const parents = new Map(spec.groups.map((g) => [g.id, g.parent]));
  const inside = new Map<string, Set<string>>();
  for (const node of spec.nodes) {
    const seen = new Set<string>();
    for (let g = node.group; g !== undefined && !seen.has(g); g = parents.get(g)) {
      seen.add(g);
      const set = inside.get(g) ?? new Set<string>();
      set.add(node.id);
      inside.set(g, set);
    }
  }
  return inside;
}

/** The index of the first edge with exactly one end inside, if any. */
function crossingEdge(
  spec: GraphSpec,
  inside: Set<string> | undefined,
  ends: GroupEnds,
  onBorder: (group: string | undefined) => boolean,
): number | undefined {
  if (!inside) return undefined;
  const k = spec.edges.findIndex((e, i) => {
    const from = !onBorder(ends[i]?.from) && inside.has(e.from);
    const to = !onBorder(ends[i]?.to) && inside.has(e.to);
    return from !== to;
  });
  return k < 0 ? undefined : k;
}

/** True when group `outer` is `inner` or holds it at any depth. */
export function holds(
  groups: ReadonlyMap<string, { parent?: string | undefined }>,
  outer: string,
  inner: string,
): boolean {
  const seen = new Set<string>();
  for (
    let g: string | undefined = inner;
    g !== undefined && !seen.has(g);
    g = groups.get(g)?.parent
  ) {
    if (g === outer) return true;
    seen.add(g);
  }
  return false;
}

function note(cellId: string, message: string): Finding {
  return { code: "direction_not_applied", severity: "warning", message, cellId };
}
