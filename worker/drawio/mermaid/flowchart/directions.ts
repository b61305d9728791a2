/**
 * `direction` inside subgraphs, by Mermaid's rule: a subgraph keeps its own direction only
 * when none of its nodes is linked to anything outside it (links to and from the subgraph
 * itself are fine); otherwise it follows its parent's.
 */
import type { Direction } from "../../layout/spec.ts";
import type { FlowModel } from "./model.ts";
import { DIRECTIONS } from "./parse.ts";

/** Mermaid's name of each layout direction, for notes. */
const WRITTEN: Readonly<Record<Direction, string>> = {
  down: "TB",
  up: "BT",
  right: "LR",
  left: "RL",
};

/** What the layout gets from subgraph directions. */
export interface SubgraphDirections {
  /** The direction each subgraph holding nodes is laid out in (its own or its parent's). */
  of: Map<string, Direction>;
  /** The subgraphs whose own direction applies: the spec's group `direction`. */
  own: Map<string, Direction>;
}

/**
 * Decides the direction of every subgraph that holds nodes (`members`), outermost first, and
 * notes each `direction` Mermaid's rule leaves unapplied. Links to and from a subgraph with its
 * own direction join its border (the layout's `groupEnds`); should the layout still find a link
 * across the border (from inside the subgraph to itself), it says so in a note of its own.
 *
 * @example
 * subgraphDirections(model, members, "down").own.get("row"); // "right"
 */
export function subgraphDirections(
  model: FlowModel,
  members: ReadonlyMap<string, readonly string[]>,
  direction: Direction,
): SubgraphDirections {
  const of = new Map<string, Direction>();
  const own = new Map<string, Direction>();
  const resolve = (id: string): Direction => {
    const known = of.get(id);
    if (known) return known;
    const group = model.groups.get(id);
    const parent = group?.parent;
    const inherited = parent !== undefined && members.has(parent) ? resolve(parent) : direction;
    const written = group?.direction;
    const wanted = written === undefined ? undefined : DIRECTIONS[written];
    let chosen = inherited;
    if (written !== undefined && wanted !== undefined && wanted !== inherited) {
      const why = linkedOutside(model, id, new Set(members.get(id)));
      if (why) {
        model.notes.add(
          `direction ${written} inside subgraph "${id}" is not applied, as in Mermaid: its node ${why.inside} is linked to ${why.outside}, outside it, so it follows its parent's direction (${WRITTEN[inherited]})`,
        );
      } else {
        chosen = wanted;
        own.set(id, wanted);
      }
    }
    of.set(id, chosen);
    return chosen;
  };
  for (const id of members.keys()) resolve(id);
  return { of, own };
}

/** The first link of one of the subgraph's nodes to a node or subgraph outside it. */
function linkedOutside(
  model: FlowModel,
  group: string,
  inside: ReadonlySet<string>,
): { inside: string; outside: string } | undefined {
  const within = (id: string) => inside.has(id) || holds(model, group, id);
  for (const edge of model.edges) {
    for (const [a, b] of [
      [edge.from, edge.to],
      [edge.to, edge.from],
    ] as const) {
      if (model.nodes.has(a) && inside.has(a) && !within(b)) return { inside: a, outside: b };
    }
  }
  return undefined;
}

/** True when subgraph `id` is `group` or nested in it. */
function holds(model: FlowModel, group: string, id: string): boolean {
  const seen = new Set<string>();
  for (let g: string | undefined = id; g !== undefined && !seen.has(g); ) {
    if (g === group) return true;
    seen.add(g);
    g = model.groups.get(g)?.parent;
  }
  return false;
}
