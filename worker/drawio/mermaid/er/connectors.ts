/**
 * Relationships as draw.io's ER connectors: crow's-foot markers from draw.io's ER sidebar at
 * each end (`ERmandOne`, `ERzeroToOne`, `ERzeroToMany`, `ERoneToMany`), solid when identifying
 * and dashed when not, and a loop beside the table for an entity related to itself.
 */
import type { Point } from "../../model/cell.ts";
import { getStyleValue, mergeStyle } from "../../model/style.ts";
import { childElements, createElement, type XmlElement } from "../../xml/nodes.ts";
import { touch } from "../cell-edits.ts";
import type { Cardinality, Relationship } from "./model.ts";

/** draw.io's marker for each Mermaid cardinality; a parent (`u`) has none in draw.io. */
export const MARKERS: Record<Cardinality, string> = {
  zeroOrOne: "ERzeroToOne",
  onlyOne: "ERmandOne",
  zeroOrMore: "ERzeroToMany",
  oneOrMore: "ERoneToMany",
  mdParent: "none",
};

/** A table's place on the page. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far a self-relationship's loop stands out from its table. */
const LOOP = 36;

/**
 * Restyles a laid-out connector as the relationship: markers at both ends (the first entity's
 * cardinality at the source), dashed unless identifying, and for a self-relationship a loop
 * out of the side of the table and back in.
 *
 * @example
 * drawConnector(edgeCell, relationship, { x: 40, y: 40, width: 180, height: 120 });
 */
export function drawConnector(
  cell: XmlElement,
  relationship: Relationship,
  table: Box | undefined,
): void {
  touch(cell);
  const changes: Record<string, string> = {
    startArrow: MARKERS[relationship.fromCardinality],
    startFill: "0",
    endArrow: MARKERS[relationship.toCardinality],
    endFill: "0",
    startSize: "10",
    endSize: "10",
  };
  if (!relationship.identifying) changes.dashed = "1";
  cell.attrs.style = mergeStyle(cell.attrs.style, changes);
  if (relationship.from === relationship.to && table) selfLoop(cell, table);
}

/**
 * A loop beside the table, far enough out for both markers and never across the table: out of
 * the side and back into the same side when the table is tall enough for two markers there,
 * else out of the side and back in through the top corner.
 */
function selfLoop(cell: XmlElement, table: Box): void {
  const style = cell.attrs.style ?? "";
  const left = Number(getStyleValue(style, "exitX") ?? 1) <= 0;
  const side = left ? 0 : 1;
  const x = left ? table.x - LOOP : table.x + table.width + LOOP;
  const tall = table.height >= 3 * LOOP;
  const corner = Math.min(LOOP, table.width / 4);
  const entry = tall
    ? { entryX: String(side), entryY: "0.7" }
    : { entryX: String(left ? corner / table.width : 1 - corner / table.width), entryY: "0" };
  cell.attrs.style = mergeStyle(style, {
    exitX: String(side),
    exitY: tall ? "0.3" : "0.5",
    ...entry,
    align: left ? "right" : "left",
  });
  const points: Point[] = tall
    ? [
        { x, y: table.y + table.height * 0.3 },
        { x, y: table.y + table.height * 0.7 },
      ]
    : [
        { x, y: table.y + table.height / 2 },
        { x, y: table.y - LOOP },
        { x: left ? table.x + corner : table.x + table.width - corner, y: table.y - LOOP },
      ];
  const geometry = childElements(cell).find((c) => c.name === "mxGeometry");
  if (!geometry) return;
  geometry.children = childElements(geometry).filter((c) => c.attrs.as !== "points");
  const waypoints = points.map((p) =>
    createElement("mxPoint", { x: String(Math.round(p.x)), y: String(Math.round(p.y)) }),
  );
  geometry.children.push(createElement("Array", { as: "points" }, waypoints));
}
