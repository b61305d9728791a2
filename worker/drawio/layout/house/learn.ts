/**
 * A house style learned from hand edits across a team's diagrams: a value counts when enough
 * diagrams agree on it, and values most box kinds share become every box's.
 */
import { DIRECTIONS, type Direction } from "../../geometry/direction.ts";
import {
  HOUSE_KINDS,
  type HouseKind,
  type HouseNodeValues,
  type HouseTheme,
  HouseThemeSchema,
  type StyleObservation,
} from "./schema.ts";
import { HOUSE_EDGE_KEYS, HOUSE_NODE_KEYS, houseEdgeValue, houseNodeValue } from "./values.ts";

/** Options for {@link learnHouseTheme}. */
export interface LearnOptions {
  /** The fewest diagrams that must agree on a value (default 2). */
  minDiagrams?: number;
  /** The share of the diagrams that observed a target and key which must agree (default 2/3). */
  minShare?: number;
}

/** One observation from one diagram, as the caller keeps them. */
export type DiagramObservation = StyleObservation & { diagram: string };

/** A row's value in the house style's form, or undefined for a target or value it does not keep. */
function normalValue(row: StyleObservation): string | undefined {
  if (row.target === "diagram") {
    return row.key === "direction" && DIRECTIONS.includes(row.value as Direction)
      ? row.value
      : undefined;
  }
  if (row.target === "edge") return houseEdgeValue(row.key, row.value);
  return HOUSE_KINDS.includes(row.target) ? houseNodeValue(row.key, row.value) : undefined;
}

/** Each diagram's value, per target and key (the last row of a diagram wins). */
function valuesByDiagram(rows: readonly DiagramObservation[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const value = normalValue(row);
    if (value === undefined) continue;
    const id = `${row.target}\u0000${row.key}`;
    let diagrams = out.get(id);
    if (!diagrams) {
      diagrams = new Map();
      out.set(id, diagrams);
    }
    diagrams.set(row.diagram, value);
  }
  return out;
}

/** The value enough diagrams agree on, if any. */
function agreed(
  diagrams: ReadonlyMap<string, string> | undefined,
  minDiagrams: number,
  minShare: number,
): string | undefined {
  if (!diagrams) return undefined;
  const counts = new Map<string, number>();
  for (const value of diagrams.values()) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  // A hair of slack, so that 2 of 3 diagrams make 2/3 despite floating point.
  if (!best || best[1] < minDiagrams || best[1] < minShare * diagrams.size - 1e-9) return undefined;
  return best[0];
}

/**
 * Moves to `node` each value that at least two kinds learned and more than half of the kinds
 * that learned the key share; those kinds drop it, the others keep theirs (a kind's value is
 * over `node`'s).
 */
function pool(kinds: Partial<Record<HouseKind, HouseNodeValues>>): HouseNodeValues {
  const node: Record<string, string> = {};
  for (const key of HOUSE_NODE_KEYS) {
    const votes = new Map<string, number>();
    let learned = 0;
    for (const values of Object.values(kinds)) {
      const value = values[key];
      if (value === undefined) continue;
      learned++;
      votes.set(value, (votes.get(value) ?? 0) + 1);
    }
    for (const [value, n] of votes) {
      if (n < 2 || n * 2 <= learned) continue;
      node[key] = value;
      for (const values of Object.values(kinds)) if (values[key] === value) delete values[key];
    }
  }
  return node;
}

/** The values learned for `keys`, or undefined when none is. */
function learnValues(
  keys: readonly string[],
  learn: (key: string) => string | undefined,
): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = learn(key);
    if (value !== undefined) values[key] = value;
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/**
 * Learns a house style from hand-edit observations, one row per diagram, target and key (a
 * diagram's latest value; a later row of the same diagram replaces an earlier one). A value is
 * learned for a target and key when at least `minDiagrams` diagrams (2) set it and they are at
 * least `minShare` (2/3) of the diagrams that set that key there: one diagram never decides.
 * Values are put in the house style's form first; rows it refuses (a named colour, an unknown
 * target or key) are left out.
 *
 * Pooling: a node value learned for two or more kinds, and by more than half of the kinds that
 * learned that key, goes to `node` (every box, kinds never edited included); kinds that learned
 * another value keep it, over `node`. So a team that recolours all its boxes teal gets teal
 * decisions too, and a team that recolours only decisions gets only decisions.
 *
 * @example
 * learnHouseTheme([
 *   { diagram: "a", target: "process", key: "fillColor", value: "#b2dfdb" },
 *   { diagram: "b", target: "process", key: "fillColor", value: "#b2dfdb" },
 * ]); // { kinds: { process: { fillColor: "#b2dfdb" } } }
 */
export function learnHouseTheme(
  observations: readonly DiagramObservation[],
  options: LearnOptions = {},
): HouseTheme {
  const minDiagrams = options.minDiagrams ?? 2;
  const minShare = options.minShare ?? 2 / 3;
  const byKey = valuesByDiagram(observations);
  const learn = (target: string, key: string) =>
    agreed(byKey.get(`${target}\u0000${key}`), minDiagrams, minShare);

  const theme: HouseTheme = {};
  const direction = learn("diagram", "direction") as Direction | undefined;
  if (direction !== undefined) theme.direction = direction;

  const kinds: Partial<Record<HouseKind, HouseNodeValues>> = {};
  for (const kind of HOUSE_KINDS) {
    const values = learnValues(HOUSE_NODE_KEYS, (key) => learn(kind, key));
    if (values) kinds[kind] = values;
  }
  const node = pool(kinds);
  if (Object.keys(node).length > 0) theme.node = node;
  for (const kind of HOUSE_KINDS) {
    if (kinds[kind] && Object.keys(kinds[kind]).length === 0) delete kinds[kind];
  }
  if (Object.keys(kinds).length > 0) theme.kinds = kinds;

  const edge = learnValues(HOUSE_EDGE_KEYS, (key) => learn("edge", key));
  if (edge) theme.edge = edge;
  return HouseThemeSchema.parse(theme);
}
