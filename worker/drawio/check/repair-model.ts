/**
 * The repair passes over a parsed page: nested cells, duplicate and reserved ids, bad geometry
 * numbers, dangling links and missing parents.
 */
import {
  geometryOf,
  getCellAttribute,
  getCellLabel,
  isCellElement,
  isEdge,
  isVertex,
  mxCellOf,
  readRect,
  setCellAttribute,
} from "../model/cell.ts";
import type { DiagramPage } from "../model/document.ts";
import { RESERVED_IDS, safeCellId } from "../model/reserved-ids.ts";
import {
  childElements,
  createElement,
  isElement,
  markChanged,
  type XmlElement,
} from "../xml/nodes.ts";
import { serializeXml } from "../xml/serialize.ts";
import { claimId, lastBefore } from "./repair-ids.ts";
import type { RepairChange } from "./repair-types.ts";
import { geometryNumberProblem } from "./validate.ts";

/**
 * Cell-level fixes on one page, before its root cells are checked: cells written inside other
 * cells are moved out, cells without an id get one, exact repeats are dropped and reused ids
 * renamed (references follow). Records what it changed in `changes`.
 *
 * @example
 * const changes: RepairChange[] = [];
 * repairCells(doc.pages[0], changes);
 * changes.map((c) => c.code); // ["flatten_nested_cell", "rename_duplicate_id"]
 */
export function repairCells(page: DiagramPage, changes: RepairChange[]): void {
  const taken = new Set<string>();
  for (const cell of page.cells) {
    for (const value of [cell.attrs.id, ...REFERENCES.map((k) => getCellAttribute(cell, k))]) {
      if (value !== undefined) taken.add(value);
    }
  }
  const log = logger(changes);
  flattenNestedCells(page, taken, log);
  for (const cell of page.cells) {
    if (!isCellElement(cell) || (cell.attrs.id ?? "").trim() !== "") continue;
    const id = claimId(taken);
    setCellAttribute(cell, "id", id);
    log("assign_missing_id", id, `a <${cell.name}> had no id: gave it id "${id}"`);
  }
  removeDuplicateIds(page, taken, log);
  renameReservedIds(page, taken, log);
  dropInvalidGeometryNumbers(page, log);
}

/**
 * Removes geometry numbers draw.io cannot use (not finite, or beyond the canvas limit): draw.io
 * reads a missing one as 0, which keeps the cell where it can be seen and moved.
 */
function dropInvalidGeometryNumbers(page: DiagramPage, log: Log): void {
  for (const cell of page.cells) {
    const geometry = isCellElement(cell) ? geometryOf(cell) : undefined;
    if (!geometry) continue;
    const points = childElements(geometry).flatMap((child) =>
      child.name === "Array" ? childElements(child) : [child],
    );
    for (const el of [geometry, ...points]) {
      for (const key of ["x", "y", "width", "height"]) {
        const value = el.attrs[key];
        const problem = value === undefined ? undefined : geometryNumberProblem(value);
        if (!problem) continue;
        markChanged(cell);
        markChanged(el);
        delete el.attrs[key];
        const id = cell.attrs.id ?? "";
        log("drop_invalid_geometry", id, `cell "${id}" had ${key} ${problem}: removed it`);
      }
    }
  }
}

/** Renames cells whose id draw.io cannot load (`push`, `constructor`, …); references follow. */
function renameReservedIds(page: DiagramPage, taken: Set<string>, log: Log): void {
  const renames = new Map<string, string>();
  for (const cell of page.cells) {
    const id = cell.attrs.id;
    if (id === undefined || !isCellElement(cell) || !RESERVED_IDS.has(id)) continue;
    const renamed = safeCellId(id, taken);
    taken.add(renamed);
    renames.set(id, renamed);
    markChanged(cell);
    setCellAttribute(cell, "id", renamed);
    log(
      "rename_reserved_id",
      renamed,
      `draw.io cannot load a cell with id "${id}": renamed it "${renamed}"`,
    );
  }
  if (renames.size === 0) return;
  for (const cell of page.cells) {
    for (const key of isCellElement(cell) ? REFERENCES : []) {
      const ref = getCellAttribute(cell, key);
      const renamed = ref === undefined ? undefined : renames.get(ref);
      if (renamed !== undefined) {
        markChanged(cell);
        setCellAttribute(cell, key, renamed);
      }
    }
  }
}

/**
 * Fixes references on one page whose root cell and layers are known: drops edges to cells that
 * do not exist (with their labels), gives cells without a valid parent, or in a parent cycle,
 * the default layer, and adds a geometry to vertices without one.
 *
 * @example
 * repairLinks(page, { rootId: "0", layers: ["1"], layer: "1" }, changes);
 */
export function repairLinks(page: DiagramPage, frame: PageFrame, changes: RepairChange[]): void {
  const log = logger(changes);
  dropDanglingEdges(page, log);
  fixParents(page, frame.rootId, frame.layer, log);
  addMissingGeometry(page, new Set(frame.layers), log);
}

/** A page's root cell id, its layer ids and the layer that takes cells without a parent. */
type PageFrame = { rootId: string; layers: string[]; layer: string };

type Log = (code: string, cellId: string | undefined, message: string) => void;

function logger(changes: RepairChange[]): Log {
  return (code, cellId, message) =>
    changes.push(cellId === undefined ? { code, message } : { code, message, cellId });
}

function describe(cell: XmlElement): string {
  const label = getCellLabel(cell).replace(/<[^>]*>|^\s+|\s+$/g, "");
  const short = label.length > 30 ? `${label.slice(0, 30)}…` : label;
  const id = cell.attrs.id ? `"${cell.attrs.id}"` : "without an id";
  return `${id}${short ? ` ("${short}")` : ""}`;
}

const REFERENCES = ["parent", "source", "target"] as const;

/** Moves cells written inside other cells to the top level, right after the enclosing cell. */
function flattenNestedCells(page: DiagramPage, taken: Set<string>, log: Log): void {
  const out: XmlElement[] = [];
  for (const cell of page.cells) {
    out.push(cell);
    if (!isCellElement(cell)) continue;
    const nested: Array<[XmlElement, XmlElement]> = [];
    extractNested(cell, cell, nested);
    if (nested.length > 0) markChanged(cell);
    for (const [child, enclosing] of nested) {
      if (!enclosing.attrs.id) {
        enclosing.attrs.id = claimId(taken);
        log("assign_missing_id", enclosing.attrs.id, `gave cell "${enclosing.attrs.id}" an id`);
      }
      const adopt = getCellAttribute(child, "parent") === undefined;
      if (adopt) setCellAttribute(child, "parent", enclosing.attrs.id);
      out.push(child);
      const how = adopt ? ` with parent="${enclosing.attrs.id}"` : "";
      const where = `was written inside cell "${enclosing.attrs.id}"`;
      const message = `cell ${describe(child)} ${where}: moved it out${how}`;
      log("flatten_nested_cell", child.attrs.id, message);
    }
  }
  page.cells = out;
}

function extractNested(el: XmlElement, enclosing: XmlElement, found: XmlElement[][]): void {
  // The one <mxCell> inside an <object>/<UserObject> wrapper belongs there.
  const inner = el === enclosing && el.name !== "mxCell" ? mxCellOf(el) : undefined;
  for (let i = 0; i < el.children.length; i++) {
    const child = el.children[i];
    if (!child || !isElement(child)) continue;
    if (child !== inner && isCellElement(child)) {
      el.children.splice(i--, 1);
      found.push([child, enclosing]);
      extractNested(child, child, found);
    } else {
      extractNested(child, enclosing, found);
    }
  }
}

/**
 * True for a cell that is neither vertex nor edge and has no geometry: the root cell or a layer.
 *
 * @example
 * isStructural(parseXml('<mxCell id="1" parent="0"/>')[0] as XmlElement); // true
 */
export function isStructural(cell: XmlElement): boolean {
  return !isVertex(cell) && !isEdge(cell) && !geometryOf(cell);
}

/**
 * Drops exact repeats (of the root cells too) and renames other reused ids. A reference to a
 * reused id means the latest cell with that id before the referencing cell, else the first one.
 */
function removeDuplicateIds(page: DiagramPage, taken: Set<string>, log: Log): void {
  const definitions = new Map<string, Array<{ index: number; id: string }>>();
  const first = new Map<string, XmlElement>();
  const kept: Array<{ cell: XmlElement; index: number }> = [];
  let duplicates = false;
  page.cells.forEach((cell, index) => {
    const id = cell.attrs.id;
    const original = id === undefined ? undefined : first.get(id);
    if (id === undefined || !original || !isCellElement(cell)) {
      if (id !== undefined && isCellElement(cell)) {
        first.set(id, cell);
        definitions.set(id, [{ index, id }]);
      }
      kept.push({ cell, index });
      return;
    }
    duplicates = true;
    const list = definitions.get(id) as Array<{ index: number; id: string }>;
    const sameParent = getCellAttribute(original, "parent") === getCellAttribute(cell, "parent");
    if (sameParent && isStructural(original) && isStructural(cell)) {
      list.push({ index, id });
      log("remove_duplicate_root", id, `removed a repeated <mxCell id="${id}"/>`);
    } else if (serializeXml(original) === serializeXml(cell)) {
      list.push({ index, id });
      const message = `removed a second, identical copy of cell ${describe(cell)}`;
      log("remove_duplicate_cell", id, message);
    } else {
      const renamed = claimId(taken, id);
      setCellAttribute(cell, "id", renamed);
      list.push({ index, id: renamed });
      kept.push({ cell, index });
      const message = `id "${id}" was used twice: renamed the later cell ${describe(cell)}`;
      log("rename_duplicate_id", renamed, message);
    }
  });
  if (!duplicates) return;
  for (const { cell, index } of kept) {
    for (const key of isCellElement(cell) ? REFERENCES : []) {
      const ref = getCellAttribute(cell, key);
      const list = ref === undefined ? undefined : definitions.get(ref);
      if (!list || list.length < 2) continue;
      const target = lastBefore(list, index) ?? list[0];
      if (target && target.id !== ref) setCellAttribute(cell, key, target.id);
    }
  }
  page.cells = kept.map((k) => k.cell);
}

/** Drops edges whose source or target does not exist, with the labels that sit on them. */
function dropDanglingEdges(page: DiagramPage, log: Log): void {
  for (;;) {
    const ids = new Set(page.cells.map((c) => c.attrs.id));
    const children = new Map<string, XmlElement[]>();
    for (const c of page.cells) {
      const parent = getCellAttribute(c, "parent");
      if (parent === undefined) continue;
      const list = children.get(parent);
      if (list) list.push(c);
      else children.set(parent, [c]);
    }
    const doomed = new Set<string>();
    for (const cell of page.cells) {
      if (!isCellElement(cell) || !isEdge(cell)) continue;
      const missing = (["source", "target"] as const).filter((end) => {
        const ref = getCellAttribute(cell, end);
        return ref !== undefined && ref !== "" && !ids.has(ref);
      });
      if (missing.length === 0) continue;
      const id = cell.attrs.id as string;
      const labels = children.get(id) ?? [];
      for (const gone of [cell, ...labels]) doomed.add(gone.attrs.id as string);
      const what = missing.map((end) => `${end} "${getCellAttribute(cell, end)}"`).join(" and ");
      const extra = labels.length > 0 ? ` and its label ${labels.map(describe).join(", ")}` : "";
      const message = `removed edge ${describe(cell)}${extra}: its ${what} does not exist`;
      log("drop_dangling_edge", id, message);
    }
    if (doomed.size === 0) return;
    page.cells = page.cells.filter((c) => !doomed.has(c.attrs.id as string));
  }
}

/** Gives cells without a parent, with an unknown parent or in a parent cycle the layer. */
function fixParents(page: DiagramPage, rootId: string, layer: string, log: Log): void {
  const byId = new Map<string, XmlElement>();
  for (const cell of page.cells) if (isCellElement(cell)) byId.set(cell.attrs.id as string, cell);
  for (const cell of page.cells) {
    const id = cell.attrs.id as string;
    const parent = getCellAttribute(cell, "parent");
    if (!isCellElement(cell) || id === rootId || (parent && byId.has(parent))) continue;
    setCellAttribute(cell, "parent", layer);
    const why = parent ? `named parent "${parent}", which does not exist` : "had no parent";
    const message = `cell ${describe(cell)} ${why}: set parent="${layer}" (a layer)`;
    log(parent ? "reparent_unknown_parent" : "set_missing_parent", id, message);
  }
  const order = new Map(page.cells.map((c, i) => [c.attrs.id as string, i]));
  const done = new Set<string>();
  for (const cell of page.cells) {
    const path: string[] = [];
    let id = cell.attrs.id;
    while (id !== undefined && byId.has(id) && !done.has(id)) {
      if (path.includes(id)) {
        const cycle = path.slice(path.indexOf(id));
        const first = cycle.reduce((a, b) => ((order.get(a) ?? 0) <= (order.get(b) ?? 0) ? a : b));
        setCellAttribute(byId.get(first) as XmlElement, "parent", layer);
        const names = cycle.map((c) => `"${c}"`).join(" → ");
        const what =
          cycle.length > 1
            ? `cells ${names} were each other's parents`
            : `cell ${names} was its own parent`;
        log("break_parent_cycle", first, `${what}: moved "${first}" to layer "${layer}"`);
        break;
      }
      path.push(id);
      id = getCellAttribute(byId.get(id) as XmlElement, "parent");
    }
    for (const p of path) done.add(p);
  }
}

const GAP = 40;
const WIDTH = 120;
const HEIGHT = 60;
const PER_ROW = 5;

/** Adds a default geometry to vertices without one, in rows below their lowest sibling. */
function addMissingGeometry(page: DiagramPage, layers: Set<string>, log: Log): void {
  const missing = page.cells.filter((c) => isCellElement(c) && isVertex(c) && !geometryOf(c));
  if (missing.length === 0) return;
  const edges = new Set(page.cells.filter((c) => isEdge(c)).map((c) => c.attrs.id));
  // Vertices on any layer share one coordinate space; inside a container they are relative.
  const groupOf = (cell: XmlElement) => {
    const parent = getCellAttribute(cell, "parent") ?? "";
    return layers.has(parent) ? "" : parent;
  };
  const slots = new Map<string, { x: number; y: number; used: number }>();
  for (const cell of page.cells) {
    const geometry = isCellElement(cell) && isVertex(cell) ? geometryOf(cell) : undefined;
    if (!geometry || geometry.attrs.relative === "1") continue;
    const rect = readRect(geometry);
    const slot = slots.get(groupOf(cell));
    const bottom = rect.y + rect.height + GAP;
    if (!slot) slots.set(groupOf(cell), { x: rect.x, y: bottom, used: 0 });
    else {
      slot.x = Math.min(slot.x, rect.x);
      slot.y = Math.max(slot.y, bottom);
    }
  }
  for (const cell of missing) {
    let attrs: Record<string, string> = { relative: "1", as: "geometry" };
    let where = "on its edge";
    if (!edges.has(getCellAttribute(cell, "parent"))) {
      const slot = slots.get(groupOf(cell)) ?? { x: GAP, y: GAP, used: 0 };
      slots.set(groupOf(cell), slot);
      const x = slot.x + (slot.used % PER_ROW) * (WIDTH + GAP);
      const y = slot.y + Math.floor(slot.used++ / PER_ROW) * (HEIGHT + GAP);
      attrs = { x: `${x}`, y: `${y}`, width: `${WIDTH}`, height: `${HEIGHT}`, as: "geometry" };
      where = `at x=${x}, y=${y} (${WIDTH}×${HEIGHT}), below the other shapes`;
    }
    mxCellOf(cell).children.push(createElement("mxGeometry", attrs));
    markChanged(cell);
    const message = `vertex ${describe(cell)} had no <mxGeometry>: placed it ${where}`;
    log("add_missing_geometry", cell.attrs.id, message);
  }
}
