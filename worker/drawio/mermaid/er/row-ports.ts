/**
 * Connectors moved from a table's side onto the rows they are about, as draw.io's ER diagrams
 * join tables: a relationship that meets a table on its left or right side ends on the foreign
 * key row naming the other entity (`customerId` for CUSTOMER), and on the other table's only
 * primary key row when that table is the one referenced. Other ends stay on the table.
 */
import { getStyleValue, mergeStyle } from "../../model/style.ts";
import { childElements, createElement, type XmlElement } from "../../xml/nodes.ts";
import type { Box } from "./connectors.ts";
import type { Entity, Relationship } from "./model.ts";

/** A table row's id and place inside its table. */
export interface RowPlace {
  id: string;
  y: number;
  height: number;
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The foreign key row of `entity` that names `other`, by index. */
function foreignKey(entity: Entity, other: Entity): number {
  const names = [squash(other.name), squash(other.label)].filter((n) => n.length >= 2);
  return entity.attributes.findIndex(
    (a) => a.keys.includes("FK") && names.some((n) => squash(a.name).includes(n)),
  );
}

/** The row an end of the relationship is about, by index: a foreign key, or the key it refers to. */
function rowOf(entity: Entity, other: Entity): number {
  const own = foreignKey(entity, other);
  if (own >= 0) return own;
  const primary = entity.attributes.flatMap((a, i) => (a.keys.includes("PK") ? [i] : []));
  return foreignKey(other, entity) >= 0 && primary.length === 1 ? (primary[0] as number) : -1;
}

/**
 * Moves the side ends of laid-out connectors onto their rows: the end's cell becomes the row,
 * pinned to the middle of the same side, and the route's first (or last) horizontal leg moves
 * to the row's height. Ends on a table's top or bottom, and routes that do not start with a
 * horizontal leg, stay as laid out.
 *
 * @example
 * attachToRows(pairs, boxes, rowsByTable);
 */
export function attachToRows(
  pairs: readonly (readonly [XmlElement, Relationship])[],
  boxes: ReadonlyMap<string, Box>,
  rows: ReadonlyMap<string, readonly RowPlace[]>,
): void {
  for (const [cell, relationship] of pairs) {
    if (relationship.from === relationship.to) continue;
    const geometry = childElements(cell).find((c) => c.name === "mxGeometry");
    if (!geometry) continue;
    const ends = [
      ["exit", "source", relationship.from, relationship.to],
      ["entry", "target", relationship.to, relationship.from],
    ] as const;
    const sides = ends.map(([prefix]) => Number(getStyleValue(cell.attrs.style, `${prefix}X`)));
    let array = childElements(geometry).find((c) => c.name === "Array" && c.attrs.as === "points");
    for (const [index, [prefix, attribute, entity, other]] of ends.entries()) {
      const side = sides[index] as number;
      const box = boxes.get(entity.id);
      const row = rows.get(entity.id)?.[rowOf(entity, other)];
      if (!box || !row || (side !== 0 && side !== 1)) continue;
      const oldY = box.y + Number(getStyleValue(cell.attrs.style, `${prefix}Y`)) * box.height;
      const newY = box.y + row.y + row.height / 2;
      if (!array && sides.every((s) => s === 0 || s === 1))
        array = straightRoute(cell, geometry, boxes, relationship);
      const points = array ? childElements(array) : [];
      const next = index === 0 ? points[0] : points[points.length - 1];
      if (!next || Math.abs(Number(next.attrs.y) - oldY) > 1) continue;
      next.attrs.y = String(Math.round(newY));
      cell.attrs[attribute] = row.id;
      cell.attrs.style = mergeStyle(cell.attrs.style, { [`${prefix}Y`]: "0.5" });
    }
  }
}

/** Two bends halfway for a straight connector between two sides, so each end can move. */
function straightRoute(
  cell: XmlElement,
  geometry: XmlElement,
  boxes: ReadonlyMap<string, Box>,
  relationship: Relationship,
): XmlElement | undefined {
  const from = boxes.get(relationship.from.id);
  const to = boxes.get(relationship.to.id);
  if (!from || !to) return undefined;
  const style = cell.attrs.style;
  const end = (box: Box, prefix: string) => ({
    x: box.x + Number(getStyleValue(style, `${prefix}X`)) * box.width,
    y: box.y + Number(getStyleValue(style, `${prefix}Y`)) * box.height,
  });
  const a = end(from, "exit");
  const b = end(to, "entry");
  if (Math.abs(a.y - b.y) > 1) return undefined;
  const mid = Math.round((a.x + b.x) / 2);
  const array = createElement("Array", { as: "points" }, [
    createElement("mxPoint", { x: String(mid), y: String(Math.round(a.y)) }),
    createElement("mxPoint", { x: String(mid), y: String(Math.round(b.y)) }),
  ]);
  geometry.children.push(array);
  return array;
}
