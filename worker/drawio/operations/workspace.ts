/**
 * The working copy of a page while a batch runs: cells by id, copied on first write, so that a
 * refused batch leaves the document as it was.
 */

import { getCellAttribute, isEdge } from "../model/cell.ts";
import { cloneElement, type XmlElement } from "../xml/nodes.ts";

/**
 * The working copy of one page while a batch runs. Cells are copied on first write, so the
 * original page is never touched and an abandoned batch leaves no trace.
 */
export class Workspace {
  private cells: Array<XmlElement | null>;
  private readonly positions = new Map<string, number>();
  private readonly owned = new Set<XmlElement>();
  /** Counts changes, so that what was derived from the cells knows when it is out of date. */
  revision = 0;

  constructor(cells: readonly XmlElement[]) {
    this.cells = cells.slice();
    this.reindex();
  }

  private reindex(): void {
    this.positions.clear();
    this.cells.forEach((cell, i) => {
      const id = cell?.attrs.id;
      if (id !== undefined && !this.positions.has(id)) this.positions.set(id, i);
    });
  }

  /** The cell with this id, if it exists. */
  get(id: string): XmlElement | undefined {
    const at = this.positions.get(id);
    return at === undefined ? undefined : (this.cells[at] ?? undefined);
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  /** The cell with this id, safe to change in place (copied on first write). */
  writable(id: string): XmlElement {
    const at = this.positions.get(id) as number;
    const cell = this.cells[at] as XmlElement;
    this.revision++;
    if (this.owned.has(cell)) return cell;
    const copy = cloneElement(cell);
    this.owned.add(copy);
    this.cells[at] = copy;
    return copy;
  }

  /** Puts a new element in place of the cell with this id. */
  replace(id: string, el: XmlElement): void {
    const at = this.positions.get(id) as number;
    this.revision++;
    this.owned.add(el);
    this.cells[at] = el;
  }

  /** Appends a new cell. */
  append(el: XmlElement): void {
    this.revision++;
    this.owned.add(el);
    this.cells.push(el);
    const id = el.attrs.id;
    if (id !== undefined && !this.positions.has(id)) this.positions.set(id, this.cells.length - 1);
  }

  /** Removes the cells with these ids. */
  remove(ids: ReadonlySet<string>): void {
    this.revision++;
    for (const id of ids) {
      const at = this.positions.get(id);
      if (at !== undefined) this.cells[at] = null;
      this.positions.delete(id);
    }
  }

  /** Replaces every cell (used after a raw text edit of the page). */
  reset(cells: readonly XmlElement[]): void {
    this.revision++;
    this.cells = cells.slice();
    for (const cell of cells) this.owned.add(cell);
    this.reindex();
  }

  /** The live cells in document order. */
  list(): XmlElement[] {
    const out: XmlElement[] = [];
    for (const cell of this.cells) if (cell) out.push(cell);
    return out;
  }

  /** The id of the root cell (the first cell without a parent). */
  rootId(): string | undefined {
    for (const cell of this.cells) {
      if (cell && getCellAttribute(cell, "parent") === undefined) return cell.attrs.id;
    }
    return undefined;
  }

  /** Ids of the layers: the children of the root cell. */
  layerIds(): string[] {
    const root = this.rootId();
    const out: string[] = [];
    for (const cell of this.cells) {
      if (cell && root !== undefined && getCellAttribute(cell, "parent") === root) {
        out.push(cell.attrs.id as string);
      }
    }
    return out;
  }

  /**
   * The ids to delete with `ids`: their descendants, every edge attached to any of them, and
   * those edges' own children (labels), to a fixed point.
   */
  cascade(ids: Iterable<string>): Set<string> {
    const children = new Map<string, string[]>();
    const attached = new Map<string, string[]>();
    const link = (map: Map<string, string[]>, key: string | undefined, id: string) => {
      if (key === undefined) return;
      const list = map.get(key);
      if (list) list.push(id);
      else map.set(key, [id]);
    };
    for (const cell of this.cells) {
      const id = cell?.attrs.id;
      if (!cell || id === undefined) continue;
      link(children, getCellAttribute(cell, "parent"), id);
      if (isEdge(cell)) {
        link(attached, getCellAttribute(cell, "source"), id);
        link(attached, getCellAttribute(cell, "target"), id);
      }
    }
    const out = new Set<string>();
    const queue = [...ids];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (out.has(id)) continue;
      out.add(id);
      for (const next of children.get(id) ?? []) queue.push(next);
      for (const next of attached.get(id) ?? []) queue.push(next);
    }
    return out;
  }

  /** True when making `parent` the parent of `id` would create a cycle. */
  wouldCycle(id: string, parent: string): boolean {
    let current: string | undefined = parent;
    for (let guard = 0; current !== undefined && guard <= this.positions.size; guard++) {
      if (current === id) return true;
      const cell = this.get(current);
      current = cell ? getCellAttribute(cell, "parent") : undefined;
    }
    return false;
  }
}
