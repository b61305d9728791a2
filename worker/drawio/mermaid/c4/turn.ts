/**
 * `Rel_U`, `Rel_D`, `Rel_L` and `Rel_R` as the layout can follow them: a relationship that asks
 * for its target against the diagram's flow (`Rel_U` in a top-down diagram) is laid out from
 * target to source, then its connector is turned back so that it still runs source → target.
 */
import type { Direction } from "../../layout/spec.ts";
import { parseStyle, serializeStyle } from "../../model/style.ts";
import { childElements, type XmlElement } from "../../xml/nodes.ts";
import type { C4Relation } from "./model.ts";

const AGAINST: Record<Direction, C4Relation["kind"]> = {
  down: "up",
  up: "down",
  right: "left",
  left: "right",
};
const ALONG: Record<Direction, C4Relation["kind"]> = {
  down: "down",
  up: "up",
  right: "right",
  left: "left",
};

/** Whether the layout takes the relationship from target to source. */
export function laidBackwards(relation: C4Relation, direction: Direction): boolean {
  return relation.kind === AGAINST[direction];
}

/** Whether the layout cannot follow the relationship's direction (across the flow). */
export function acrossFlow(relation: C4Relation, direction: Direction): boolean {
  const kinds = ["up", "down", "left", "right"];
  return (
    kinds.includes(relation.kind) &&
    relation.kind !== AGAINST[direction] &&
    relation.kind !== ALONG[direction]
  );
}

/**
 * Turns a laid-out connector around: source and target, exit and entry, and its waypoints
 * swap ends; the route and the label stay where the layout put them.
 *
 * @example
 * turnAround(cell); // source="b" target="a" → source="a" target="b"
 */
export function turnAround(cell: XmlElement): void {
  const { source, target } = cell.attrs;
  if (target !== undefined) cell.attrs.source = target;
  if (source !== undefined) cell.attrs.target = source;
  const swapped = parseStyle(cell.attrs.style).map(([key, value]): [string, string | null] => {
    if (key.startsWith("exit")) return [`entry${key.slice(4)}`, value];
    if (key.startsWith("entry")) return [`exit${key.slice(5)}`, value];
    return [key, value];
  });
  cell.attrs.style = serializeStyle(swapped);
  const geometry = childElements(cell).find((c) => c.name === "mxGeometry");
  if (!geometry) return;
  for (const part of childElements(geometry)) {
    if (part.name === "Array" && part.attrs.as === "points") part.children.reverse();
    else if (part.attrs.as === "sourcePoint") part.attrs.as = "targetPoint";
    else if (part.attrs.as === "targetPoint") part.attrs.as = "sourcePoint";
  }
}
