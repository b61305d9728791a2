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
  table: { x: number; y: number; width: number; height: number } | undefined,
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
 * A loop out of the table's side, far enough for both markers: out of the upper part of the
 * side and back into the lower part, never across the table.
 */
function selfLoop(
  cell: XmlElement,
  table: { x: number; y: number; width: number; height: number },
): void {
  const style = cell.attrs.style ?? "";
  const left = Number(getStyleValue(style, "exitX") ?? 1) <= 0;
  const side = left ? 0 : 1;
  const x = left ? table.x - LOOP : table.x + table.width + LOOP;
  const top = table.y + table.height * 0.3;
  const bottom = table.y + table.height * 0.7;
  cell.attrs.style = mergeStyle(style, {
    exitX: String(side),
    exitY: "0.3",
    entryX: String(side),
    entryY: "0.7",
    align: left ? "right" : "left",
  });
  const points: Point[] = [
    { x, y: top },
    { x, y: bottom },
  ];
  const geometry = childElements(cell).find((c) => c.name === "mxGeometry");
  if (!geometry) return;
  geometry.children = childElements(geometry).filter((c) => c.attrs.as !== "points");
  geometry.children.push(
    createElement(
      "Array",
      { as: "points" },
      points.map((p) =>
        createElement("mxPoint", { x: String(Math.round(p.x)), y: String(Math.round(p.y)) }),
      ),
    ),
  );
}
