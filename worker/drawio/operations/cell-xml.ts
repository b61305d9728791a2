/**
 * The one cell an `add` or `update` gives as XML: reading it, and checking its parent, source
 * and target against the page.
 */

import {
  geometryOf,
  getCellAttribute,
  isCellElement,
  isEdge,
  isVertex,
  mxCellOf,
} from "../model/cell.ts";
import { isElement, type XmlElement } from "../xml/nodes.ts";
import { parseXml } from "../xml/parse.ts";
import type { OperationErrorCode } from "./operation-error.ts";
import type { Workspace } from "./workspace.ts";

/** Reports a failure of the current operation (never returns). */
export type Fail = (code: OperationErrorCode, detail: string) => never;

/**
 * Parses the XML of exactly one cell (an `<mxCell>`, or an `<object>`/`<UserObject>` wrapping
 * one) given to `add` or `update`.
 */
export function parseCellXml(xml: string, fail: Fail): XmlElement {
  let nodes: ReturnType<typeof parseXml>;
  try {
    nodes = parseXml(xml.trim());
  } catch (error) {
    return fail("invalid_xml", (error as Error).message);
  }
  const elements = nodes.filter(isElement);
  if (elements.length !== nodes.length || elements.length !== 1) {
    return fail("invalid_xml", "give exactly one cell element, with nothing around it");
  }
  const el = elements[0] as XmlElement;
  if (!isCellElement(el)) {
    return fail("invalid_xml", `expected <mxCell>, <object> or <UserObject>, got <${el.name}>`);
  }
  const inner = mxCellOf(el);
  if (el.name !== "mxCell" && inner === el) {
    return fail("invalid_xml", `<${el.name}> must contain an <mxCell>`);
  }
  const nested = findNestedCell(el, inner);
  if (nested) {
    return fail(
      "invalid_xml",
      `cell "${nested.attrs.id ?? "?"}" is written inside another cell: add it as its own operation with a parent attribute`,
    );
  }
  return el;
}

function findNestedCell(el: XmlElement, inner: XmlElement): XmlElement | undefined {
  for (const child of el.children) {
    if (!isElement(child) || child === inner) continue;
    if (isCellElement(child)) return child;
    const deeper = findNestedCell(child, inner);
    if (deeper) return deeper;
  }
  if (inner !== el) {
    for (const child of inner.children) {
      if (isElement(child) && isCellElement(child)) return child;
    }
  }
  return undefined;
}

/**
 * Checks that a cell about to be stored has valid references and, if it is a vertex, a geometry
 * (unless `placeLater`: the engine gives it one at the end of the batch).
 */
export function checkCellReferences(
  ws: Workspace,
  el: XmlElement,
  id: string,
  fail: Fail,
  placeLater = false,
): void {
  const parent = getCellAttribute(el, "parent");
  if (parent !== undefined) {
    if (!ws.has(parent)) fail("unknown_parent", `parent "${parent}" does not exist`);
    if (ws.wouldCycle(id, parent)) {
      fail("parent_cycle", `making "${parent}" the parent of "${id}" creates a cycle`);
    }
  }
  if (isVertex(el) && !geometryOf(el) && !placeLater) {
    fail("missing_geometry", `vertex "${id}" needs <mxGeometry x y width height as="geometry"/>`);
  }
  if (isEdge(el)) checkTerminals(ws, el, fail);
}

/** Checks that an edge's source and target exist. */
export function checkTerminals(ws: Workspace, el: XmlElement, fail: Fail): void {
  for (const end of ["source", "target"] as const) {
    const ref = getCellAttribute(el, end);
    if (ref !== undefined && ref !== "" && !ws.has(ref)) {
      fail(
        end === "source" ? "unknown_source" : "unknown_target",
        `${end} "${ref}" does not exist`,
      );
    }
  }
}
