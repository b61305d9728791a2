/** The XPath data model over a draw.io page: nodes made on demand, string-values, order. */
import type { DiagramPage } from "../model/document.ts";
import { isElement, type XmlElement, type XmlNode } from "../xml/nodes.ts";

/**
 * A node of the XPath data model, made on demand over the page's own elements: nothing is
 * serialised or parsed, and a query pays only for the nodes it reaches.
 */
export class XNode {
  readonly kind: "root" | "element" | "attribute" | "text";
  readonly parent: XNode | null;
  #index: number;
  readonly depth: number;
  /** Element or attribute name; "" for the root and text. */
  readonly name: string;
  /** Attribute value or text; undefined for the root and elements. */
  readonly value: string | undefined;
  readonly element: XmlElement | undefined;
  #children: XNode[] | undefined;
  #attributes: XNode[] | undefined;
  #attributeByName: Map<string, XNode> | undefined;

  constructor(
    kind: XNode["kind"],
    parent: XNode | null,
    index: number,
    name: string,
    value: string | undefined,
    element: XmlElement | undefined,
  ) {
    this.kind = kind;
    this.parent = parent;
    this.#index = index;
    this.depth = parent ? parent.depth + 1 : 0;
    this.name = name;
    this.value = value;
    this.element = element;
  }

  /** Element and text children, in document order. */
  children(): XNode[] {
    if (this.#children) return this.#children;
    const source: readonly XmlNode[] = this.element?.children ?? [];
    this.#children = source.map((child, i) =>
      isElement(child)
        ? new XNode("element", this, i, child.name, undefined, child)
        : new XNode("text", this, i, "", child.text, undefined),
    );
    return this.#children;
  }

  /** Position among the parent's children (or attributes, for an attribute). */
  get index(): number {
    if (this.#index < 0 && this.parent?.element) {
      this.#index = Object.keys(this.parent.element.attrs).indexOf(this.name);
    }
    return this.#index;
  }

  /** The attribute node with this name, if the element has it (made alone, on demand). */
  attribute(name: string): XNode | undefined {
    const attrs = this.element?.attrs;
    if (this.kind !== "element" || !attrs || !Object.hasOwn(attrs, name)) return undefined;
    this.#attributeByName ??= new Map();
    let node = this.#attributeByName.get(name);
    if (!node) {
      node = new XNode("attribute", this, -1, name, attrs[name], undefined);
      this.#attributeByName.set(name, node);
    }
    return node;
  }

  /** Attribute nodes, in document order (none unless an element). */
  attributes(): XNode[] {
    if (this.#attributes) return this.#attributes;
    const attrs = this.kind === "element" && this.element ? this.element.attrs : {};
    this.#attributes = Object.keys(attrs).map((name) => this.attribute(name) as XNode);
    return this.#attributes;
  }
}

/**
 * The document node of a page as XPath sees it: `/mxGraphModel/root/*`, one child of `root`
 * per cell (an `<mxCell>` or its `<object>`/`<UserObject>` wrapper).
 *
 * @example
 * pageDocument(page).children()[0]?.name; // "mxGraphModel"
 */
export function pageDocument(page: DiagramPage): XNode {
  const root: XmlElement = { name: "root", attrs: {}, children: page.cells };
  const model: XmlElement = { name: "mxGraphModel", attrs: page.modelAttributes, children: [root] };
  const document: XmlElement = { name: "", attrs: {}, children: [model] };
  return new XNode("root", null, 0, "", undefined, document);
}

/** The string-value of a node (XPath 1.0 §5). */
export function stringValue(node: XNode, spend: (units: number) => void): string {
  if (node.value !== undefined) return node.value;
  let out = "";
  const walk = (n: XNode) => {
    for (const child of n.children()) {
      spend(1);
      if (child.kind === "text") out += child.value;
      else walk(child);
    }
  };
  walk(node);
  return out;
}

/** Orders two nodes of one document: negative when `a` comes first. */
export function compareOrder(a: XNode, b: XNode): number {
  if (a === b) return 0;
  let x = a;
  let y = b;
  while (x.depth > y.depth) x = x.parent as XNode;
  while (y.depth > x.depth) y = y.parent as XNode;
  if (x === y) return a.depth < b.depth ? -1 : 1;
  while (x.parent !== y.parent) {
    x = x.parent as XNode;
    y = y.parent as XNode;
  }
  // Attributes come before the children of their element.
  const xAttr = x.kind === "attribute" ? 0 : 1;
  const yAttr = y.kind === "attribute" ? 0 : 1;
  return xAttr !== yAttr ? xAttr - yAttr : x.index - y.index;
}

/** The cell a node belongs to (the child of `<root>` it is in), if any. */
export function cellOf(node: XNode): XNode | undefined {
  if (node.depth < 3) return undefined;
  let n = node;
  while (n.depth > 3) n = n.parent as XNode;
  return n.kind === "element" ? n : undefined;
}
