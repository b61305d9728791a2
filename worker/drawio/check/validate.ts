/**
 * Validating a diagram: ids, parents, links, geometry numbers and cycles that draw.io would refuse
 * or mis-draw.
 */
import { DrawioError } from "../errors.ts";
import {
  geometryOf,
  getCellAttribute,
  isCellElement,
  isEdge,
  isVertex,
  mxCellOf,
  WRAPPER_NAMES,
} from "../model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../model/document.ts";
import { readNumber } from "../model/numbers.ts";
import { parseDiagram } from "../model/parse.ts";
import { RESERVED_IDS } from "../model/reserved-ids.ts";
import { isElement, type XmlElement } from "../xml/nodes.ts";
import { type Finding, FindingList } from "./findings.ts";
import { type ShapeNames, shapeFindings } from "./validate-shapes.ts";

const GEOMETRY_NUMBERS = ["x", "y", "width", "height"] as const;
const POINT_NUMBERS = ["x", "y"] as const;

/**
 * The largest coordinate or size a geometry may have, in either direction: draw.io's canvas has
 * no hard edge, but past ten million pixels nothing can be seen or exported (the real files we
 * know stay under 3,000), and numbers like 1e308 overflow every computation that touches them.
 */
export const COORDINATE_LIMIT = 10_000_000;

/** Why a geometry number is refused, or undefined when it is fine. */
export function geometryNumberProblem(value: string): string | undefined {
  // An empty value is fine: draw.io reads it as 0.
  if (value.trim() === "") return undefined;
  // Read as draw.io reads it (`parseFloat`: "12px" is 12, "0x10" is 0); "abc" and "Infinity"
  // are not finite numbers.
  const n = readNumber(value);
  if (n <= COORDINATE_LIMIT && n >= -COORDINATE_LIMIT) return undefined;
  if (!Number.isFinite(n)) return "which is not a finite number";
  return `which is beyond ±${COORDINATE_LIMIT.toLocaleString("en-US")}`;
}

/**
 * Checks one page for the structural problems that stop draw.io from loading or drawing it.
 * The list is capped ({@link FindingList}); the whole page is still checked, so a cut list
 * ends with a `too_many_findings` that is an error when errors were left out.
 *
 * @example
 * validatePage(doc.pages[0]).filter((f) => f.severity === "error"); // [] for a good page
 */
export function validatePage(page: DiagramPage): Finding[] {
  const list = new FindingList();
  checkPage(page, list);
  return list.toArray();
}

/** {@link validatePage} into a list the caller holds. */
function checkPage(page: DiagramPage, list: FindingList): void {
  const byId = new Map<string, XmlElement>();
  const error = (code: Finding["code"], message: string, cellId?: string) =>
    list.add(
      cellId === undefined
        ? { code, severity: "error", message }
        : { code, severity: "error", message, cellId },
    );
  const warn = (code: Finding["code"], message: string, cellId?: string) =>
    list.add(
      cellId === undefined
        ? { code, severity: "warning", message }
        : { code, severity: "warning", message, cellId },
    );

  const roots: string[] = [];
  for (const cell of page.cells) {
    if (!isCellElement(cell)) {
      warn(
        "unknown_element",
        `<${cell.name}> under <root> is not a cell and is ignored by draw.io`,
      );
      continue;
    }
    const id = cell.attrs.id;
    if (id === undefined || id.trim() === "") {
      error("empty_id", `a <${cell.name}> has no id: give every cell a unique, non-empty id`);
      continue;
    }
    if (RESERVED_IDS.has(id)) {
      error(
        "reserved_id",
        `draw.io cannot open a diagram with a cell id "${id}" (a built-in JavaScript name): rename it, e.g. "${id}_"`,
        id,
      );
    }
    if (byId.has(id)) {
      error("duplicate_id", `id "${id}" is used by more than one cell: ids must be unique`, id);
    } else {
      byId.set(id, cell);
    }
    reportNestedCells(cell, id, error);
    if (cell.name !== "mxCell" && mxCellOf(cell) === cell) {
      error(
        "wrapper_without_cell",
        `<${cell.name} id="${id}"> has no <mxCell> inside: draw.io needs <${cell.name} id="${id}" label="…"><mxCell vertex="1" parent="1" style="…"><mxGeometry … as="geometry"/></mxCell></${cell.name}>`,
        id,
      );
    }
    if (getCellAttribute(cell, "parent") === undefined) roots.push(id);
  }

  const rootId = roots[0];
  if (rootId === undefined) {
    error(
      "missing_root",
      'there is no root cell: start with <mxCell id="0"/> and <mxCell id="1" parent="0"/>',
    );
  }
  for (const extra of roots.slice(1)) {
    error(
      "missing_parent",
      `cell "${extra}" has no parent: set parent="1" (the default layer) or a container id`,
      extra,
    );
  }
  let layers = 0;

  for (const cell of page.cells) {
    const id = cell.attrs.id;
    if (!id || !isCellElement(cell) || byId.get(id) !== cell) continue;
    const parent = getCellAttribute(cell, "parent");
    if (parent !== undefined) {
      if (!byId.has(parent)) {
        error("unknown_parent", `cell "${id}" names parent "${parent}", which does not exist`, id);
      } else if (parent === rootId) {
        layers++;
        if (isVertex(cell) || isEdge(cell)) {
          warn(
            "cell_on_root",
            `cell "${id}" sits directly on the root cell: set parent="1" (a layer)`,
            id,
          );
        }
      }
    }
    const vertex = isVertex(cell);
    const edge = isEdge(cell);
    if (vertex && edge) warn("vertex_and_edge", `cell "${id}" is marked both vertex and edge`, id);
    const geometry = geometryOf(cell);
    if (vertex && !geometry) {
      error(
        "missing_geometry",
        `vertex "${id}" has no <mxGeometry as="geometry">: add one with x, y, width and height`,
        id,
      );
    }
    if (geometry) checkGeometry(geometry, id, error);
    if (edge) {
      for (const end of ["source", "target"] as const) {
        const ref = getCellAttribute(cell, end);
        if (ref !== undefined && ref !== "" && !byId.has(ref)) {
          error(
            end === "source" ? "unknown_source" : "unknown_target",
            `edge "${id}" has ${end} "${ref}", which does not exist`,
            id,
          );
        }
      }
    }
  }
  if (rootId !== undefined && layers === 0) {
    error("missing_root", `there is no layer: add <mxCell id="1" parent="${rootId}"/>`);
  }
  reportCycles(page.cells, byId, error);
}

function reportNestedCells(
  cell: XmlElement,
  id: string,
  error: (code: Finding["code"], message: string, cellId?: string) => void,
): void {
  const inner = mxCellOf(cell);
  visitNested(cell, inner === cell ? undefined : inner, id, error);
  if (inner !== cell) visitNested(inner, undefined, id, error);
}

function visitNested(
  el: XmlElement,
  allowedInner: XmlElement | undefined,
  id: string,
  error: (code: Finding["code"], message: string, cellId?: string) => void,
): void {
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    if (c.name === undefined || c === allowedInner) continue;
    if (c.name === "mxCell" || WRAPPER_NAMES.has(c.name)) {
      const nestedId = c.attrs.id ?? "?";
      error(
        "nested_cell",
        `cell "${nestedId}" is written inside cell "${id}": cells must be siblings under <root>, with parent="${id}" to nest them`,
        nestedId === "?" ? id : nestedId,
      );
    } else if (c.children.length > 0) {
      visitNested(c, undefined, id, error);
    }
  }
}

type Report = (code: Finding["code"], message: string, cellId?: string) => void;

function checkGeometry(geometry: XmlElement, id: string, error: Report): void {
  checkNumbers(geometry, GEOMETRY_NUMBERS, id, error);
  // The geometry's points: its ends and offset, and the waypoints of its <Array>. Walked in
  // place, with no arrays or closures made: this runs for every cell of every validation.
  for (const child of geometry.children) {
    if (!isElement(child)) continue;
    if (child.name === "mxPoint") checkNumbers(child, POINT_NUMBERS, id, error);
    else if (child.name === "Array") {
      for (const point of child.children) {
        if (isElement(point) && point.name === "mxPoint") {
          checkNumbers(point, POINT_NUMBERS, id, error);
        }
      }
    }
  }
}

/** Reports the first of `keys` on `el` that is not a usable geometry number. */
function checkNumbers(el: XmlElement, keys: readonly string[], id: string, error: Report): void {
  for (const key of keys) {
    const value = el.attrs[key];
    if (value === undefined) continue;
    const problem = geometryNumberProblem(value);
    if (problem) {
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      error(
        "invalid_geometry",
        `cell "${id}" has ${key}="${shown}" on <${el.name}>, ${problem}`,
        id,
      );
      return;
    }
  }
}

function reportCycles(
  cells: XmlElement[],
  byId: Map<string, XmlElement>,
  error: (code: Finding["code"], message: string, cellId?: string) => void,
): void {
  // 1 = on the current path, 2 = known to reach the root (or a dead end reported elsewhere)
  const state = new Map<string, number>();
  const path: string[] = [];
  for (const cell of cells) {
    const start = cell.attrs.id;
    if (!start || state.get(start) === 2) continue;
    const parent = getCellAttribute(cell, "parent");
    // Cells usually follow their parent: then the answer is already known.
    if (parent === undefined || state.get(parent) === 2) {
      state.set(start, 2);
      continue;
    }
    path.length = 0;
    let id: string | undefined = start;
    while (id !== undefined && byId.has(id) && state.get(id) !== 2) {
      if (state.get(id) === 1) {
        const loop = path.slice(path.indexOf(id)).map((c) => `"${c}"`);
        error(
          "parent_cycle",
          `cells ${loop.join(" → ")} are each other's parents: break the cycle`,
          id,
        );
        break;
      }
      state.set(id, 1);
      path.push(id);
      id = getCellAttribute(byId.get(id) as XmlElement, "parent");
    }
    for (const p of path) state.set(p, 2);
  }
}

/**
 * Validates every page of a document; findings carry the page index when there are several.
 * One capped list for the whole document ({@link FindingList}).
 *
 * @example
 * validateDocument(parseDiagram(xml));
 */
export function validateDocument(doc: DiagramDocument, options: ValidateOptions = {}): Finding[] {
  const list = new FindingList();
  const multi = doc.pages.length > 1;
  doc.pages.forEach((page, index) => {
    if (multi) list.page = index;
    checkPage(page, list);
    if (options.shapes) shapeFindings(page, options.shapes, list);
  });
  return list.toArray();
}

/** Options for {@link validateDocument} and {@link validateXml}. */
export interface ValidateOptions {
  /** Known draw.io shapes: with them, unknown `shape=mxgraph.…` names are reported. */
  shapes?: ShapeNames;
}

/** The result of {@link validateXml}: findings, and the parsed document when it parsed. */
export interface ValidationResult {
  valid: boolean;
  findings: Finding[];
  document?: DiagramDocument;
}

/**
 * Parses and validates XML text in any form {@link parseDiagram} accepts. Unparseable input
 * becomes a finding (`malformed_xml`, `unescaped_character`, `not_a_diagram`) instead of a throw.
 *
 * @example
 * validateXml("<mxCell id='2' parent='9'/>").findings[0].code; // "unknown_parent"
 */
export function validateXml(xml: string, options: ValidateOptions = {}): ValidationResult {
  let document: DiagramDocument;
  try {
    document = parseDiagram(xml);
  } catch (e) {
    if (!(e instanceof DrawioError)) throw e;
    const code =
      e.code === "malformed_xml" || e.code === "unescaped_character" ? e.code : "not_a_diagram";
    return { valid: false, findings: [{ code, severity: "error", message: e.message }] };
  }
  const findings = validateDocument(document, options);
  return { valid: !findings.some((f) => f.severity === "error"), findings, document };
}
