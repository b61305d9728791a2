/** The ids an `add_graph` names, checked against the page before anything is placed. */

import { DrawioError, type OperationErrorCode } from "../errors.ts";
import { getCellAttribute } from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { safeCellId } from "../model/reserved-ids.ts";
import type { Scene } from "./scene.ts";
import type { AddGraph } from "./spec.ts";

/**
 * New ids by graph id, after checking every reference: ids new and unique, ends and parents
 * existing (or new), parents containers, groups not nested in a cycle. Ids draw.io cannot load
 * are renamed.
 */
export function newIds(scene: Scene, graph: AddGraph): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set(scene.layout.cells.map((c) => c.id));
  const claim = (id: string, what: string) => {
    if (taken.has(id) || ids.has(id)) {
      refuse("duplicate_id", `${what} "${id}" is already taken: choose an id no cell has`, id);
    }
    const safe = safeCellId(id, taken);
    taken.add(safe);
    ids.set(id, safe);
  };
  for (const g of graph.groups) claim(g.id, "group id");
  for (const n of graph.nodes) claim(n.id, "node id");
  const groups = new Set(graph.groups.map((g) => g.id));
  const checkParent = (parent: string | undefined, child: string) => {
    if (parent === undefined || groups.has(parent)) return;
    const cell = scene.cell(parent);
    if (!cell)
      refuse("unknown_parent", `"${child}" names parent "${parent}", which does not exist`, parent);
    if (!cell?.vertex || !scene.isContainer(parent)) {
      refuse(
        "not_a_container",
        `"${child}" names parent "${parent}", which is not a container, group or swimlane`,
        parent,
      );
    }
  };
  for (const n of graph.nodes) {
    if (n.group !== undefined && n.parent !== undefined && n.group !== n.parent) {
      refuse("invalid_operation", `node "${n.id}" names two parents: give group or parent`, n.id);
    }
    checkParent(n.group ?? n.parent, n.id);
  }
  const parentOf = new Map(graph.groups.map((g) => [g.id, g.parent]));
  for (const g of graph.groups) {
    checkParent(g.parent, g.id);
    const seen = new Set([g.id]);
    for (let p = g.parent; p !== undefined && groups.has(p); p = parentOf.get(p)) {
      if (seen.has(p))
        refuse("parent_cycle", `groups nest in a cycle: ${[...seen, p].join(" → ")}`, g.id);
      seen.add(p);
    }
  }
  for (const e of graph.edges) {
    for (const [end, code] of [
      [e.from, "unknown_source"],
      [e.to, "unknown_target"],
    ] as const) {
      if (ids.has(end) && !groups.has(end)) continue;
      const cell = scene.cell(end);
      if (groups.has(end) || (cell?.vertex && scene.rect(end))) continue;
      refuse(
        code,
        cell
          ? `edge end "${end}" is ${cell.edge ? "an edge" : "not a placed shape"}: edges join shapes`
          : `edge end "${end}" is neither a new node nor an existing cell`,
        end,
      );
    }
  }
  return ids;
}

function refuse(code: OperationErrorCode, message: string, target: string): never {
  throw new DrawioError(code, message, { operation: { index: -1, op: "add_graph", target } });
}

/** The layer new top-level shapes go on: that of the first existing cell the graph names. */
export function defaultLayer(scene: Scene, graph: AddGraph, page: DiagramPage): string {
  const named = [
    ...graph.edges.flatMap((e) => [e.from, e.to]),
    ...graph.nodes.flatMap((n) => [n.group ?? n.parent ?? ""]),
    ...graph.groups.map((g) => g.parent ?? ""),
  ];
  for (const id of named) {
    const layer = scene.cell(id) ? scene.layerOf(id) : undefined;
    if (layer !== undefined) return layer;
  }
  const root = page.cells.find((c) => getCellAttribute(c, "parent") === undefined)?.attrs.id;
  const first = page.cells.find(
    (c) => root !== undefined && getCellAttribute(c, "parent") === root,
  );
  return first?.attrs.id ?? "1";
}
