/**
 * The small XML tree the draw.io library works on: elements with ordered attributes and
 * children. Text is kept only where it carries content (compressed `<diagram>` pages, CDATA).
 */
export interface XmlElement {
  name: string;
  /** Attributes in document order (attribute names never look like array indices in XML). */
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** A text run (already entity-decoded). */
export interface XmlText {
  text: string;
}

export type XmlNode = XmlElement | XmlText;

const SOURCE: unique symbol = Symbol("source");
type WithSource = XmlElement & { [SOURCE]?: string | undefined };

/**
 * The exact source text an element was parsed from, while it is unchanged. Serializers reuse it
 * so that writing back a large, barely edited diagram costs almost nothing. Code that changes an
 * element in place must call {@link markChanged} (or change a {@link cloneElement} copy).
 */
export function sourceOf(el: XmlElement): string | undefined {
  return (el as WithSource)[SOURCE];
}

/** Remembers the source text of a freshly parsed element. */
export function rememberSource(el: XmlElement, text: string): void {
  (el as WithSource)[SOURCE] = text;
}

/** Forgets the source text of an element that is about to change. */
export function markChanged(el: XmlElement): void {
  (el as WithSource)[SOURCE] = undefined;
}

/** True when the node is an element (not text). */
export function isElement(node: XmlNode): node is XmlElement {
  return (node as XmlElement).name !== undefined;
}

/**
 * Creates an element.
 *
 * @example
 * const geo = createElement("mxGeometry", { width: "120", height: "60", as: "geometry" });
 */
export function createElement(
  name: string,
  attrs: Record<string, string> = {},
  children: XmlNode[] = [],
): XmlElement {
  return { name, attrs: { ...attrs }, children };
}

/** The element children of a node, in order. */
export function childElements(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of el.children) if (isElement(child)) out.push(child);
  return out;
}

/** The first child element with the given name, if any. */
export function firstChild(el: XmlElement, name: string): XmlElement | undefined {
  for (const child of el.children) {
    if (isElement(child) && child.name === name) return child;
  }
  return undefined;
}

/** All text directly inside the element, concatenated. */
export function textContent(el: XmlElement): string {
  let out = "";
  for (const child of el.children) if (!isElement(child)) out += child.text;
  return out;
}

/** A deep copy of an element (attributes and all descendants). */
export function cloneElement(el: XmlElement): XmlElement {
  const children: XmlNode[] = new Array(el.children.length);
  for (let i = 0; i < el.children.length; i++) {
    const child = el.children[i] as XmlNode;
    children[i] = isElement(child) ? cloneElement(child) : { text: child.text };
  }
  return { name: el.name, attrs: { ...el.attrs }, children };
}
