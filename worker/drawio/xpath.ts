import { DOMParser } from "@xmldom/xmldom";
import * as xpath from "xpath";
import type { DiagramPage } from "./model.ts";
import { serializePage } from "./serialize.ts";

/** Raised when an XPath expression cannot be evaluated. */
export class XPathError extends Error {
  override readonly name = "XPathError";
  readonly expression: string;

  constructor(expression: string, message: string) {
    super(`invalid XPath ${JSON.stringify(expression)}: ${message}`);
    this.expression = expression;
  }
}

interface DomNode {
  nodeType: number;
  nodeName: string;
  parentNode: DomNode | null;
  ownerElement?: DomNode | null;
  getAttribute?: (name: string) => string | null;
}

const ATTRIBUTE_NODE = 2;
const ELEMENT_NODE = 1;

/**
 * Evaluates an XPath 1.0 expression against a page's `<mxGraphModel>` and returns the ids of
 * the cells it selects, in document order without repeats. A match inside a cell (its
 * `<mxGeometry>`, an attribute, the `<mxCell>` inside an `<object>`) selects that cell.
 *
 * @example
 * selectCellIds(page, "//mxCell[@edge='1']");                // every edge
 * selectCellIds(page, "//*[contains(@style,'ellipse')]");     // ellipses
 * selectCellIds(page, "//object[@owner='ops']");              // wrapped cells by property
 */
export function selectCellIds(page: DiagramPage, expression: string): string[] {
  const doc = new DOMParser().parseFromString(serializePage(page), "text/xml");
  let result: unknown;
  try {
    result = xpath.select(expression, doc as unknown as Node);
  } catch (error) {
    throw new XPathError(expression, (error as Error).message);
  }
  if (!Array.isArray(result)) {
    throw new XPathError(expression, "it must select nodes, not compute a value");
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const node of result as DomNode[]) {
    const id = cellIdOfNode(node);
    if (id !== undefined && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  return ids;
}

function cellIdOfNode(start: DomNode): string | undefined {
  let node: DomNode | null =
    start.nodeType === ATTRIBUTE_NODE ? (start.ownerElement ?? null) : start;
  while (node && node.nodeType !== ELEMENT_NODE) node = node.parentNode;
  while (node?.parentNode) {
    if (node.parentNode.nodeName === "root") return node.getAttribute?.("id") ?? undefined;
    node = node.parentNode;
  }
  return undefined;
}
