import { DOMParser } from "@xmldom/xmldom";
import * as xpath from "xpath";
import type { DiagramPage } from "../../worker/drawio/model/document.ts";
import { serializePage } from "../../worker/drawio/model/serialize.ts";

interface DomNode {
  nodeType: number;
  nodeName: string;
  parentNode: DomNode | null;
  ownerElement?: DomNode | null;
  getAttribute?: (name: string) => string | null;
}

/**
 * The DOM approach to selecting cells, as the service did it before its own evaluator: the page
 * serialised, parsed by `@xmldom/xmldom`, the expression run by the `xpath` package. The peer
 * for the XPath tests (same answers) and benchmark (its cost). Returns the selected cell ids in
 * document order, or the value the expression computes.
 *
 * @example
 * domSelect(page, "//mxCell[@edge='1']"); // ["e1", "e2"]
 */
export function domSelect(
  page: DiagramPage,
  expression: string,
): string[] | string | number | boolean {
  const doc = new DOMParser().parseFromString(serializePage(page), "text/xml");
  const result = xpath.select(expression, doc as unknown as Node) as unknown;
  if (!Array.isArray(result)) return result as string | number | boolean;
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const node of result as DomNode[]) {
    const id = cellId(node);
    if (id !== undefined && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  return ids;
}

function cellId(start: DomNode): string | undefined {
  let node: DomNode | null = start.nodeType === 2 ? (start.ownerElement ?? null) : start;
  while (node && node.nodeType !== 1) node = node.parentNode;
  while (node?.parentNode) {
    if (node.parentNode.nodeName === "root") return node.getAttribute?.("id") ?? undefined;
    node = node.parentNode;
  }
  return undefined;
}
