import type { DiagramDocument } from "../../../worker/drawio/model/document.ts";
import { isElement, type XmlElement, type XmlNode } from "../../../worker/drawio/xml/nodes.ts";

/** A plain, comparable copy of an XML tree (no hidden source text). */
export interface PlainElement {
  name: string;
  attrs: Record<string, string>;
  children: Array<PlainElement | string>;
}

export function plain(node: XmlElement): PlainElement {
  return {
    name: node.name,
    attrs: { ...Object.fromEntries(Object.entries(node.attrs)) },
    children: node.children.map((c: XmlNode) => (isElement(c) ? plain(c) : c.text)),
  };
}

/** Every page of a document as plain trees, for deep equality. */
export function plainPages(doc: DiagramDocument) {
  return doc.pages.map((p) => ({
    attributes: { ...p.attributes },
    modelAttributes: { ...p.modelAttributes },
    cells: p.cells.map(plain),
  }));
}
