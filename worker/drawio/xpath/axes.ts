/** The XPath axes: walking from a node along each axis, charging the budget per node reached. */
import type { Axis, NodeTest } from "./syntax.ts";
import type { XNode } from "./tree.ts";

/**
 * The nodes on an axis from `node` that pass `test`, in the axis's proximity order (reverse
 * document order for the reverse axes). `spend` is charged once per node the walk reaches,
 * so a walk stops as soon as the budget runs out.
 */
export function axisNodes(
  node: XNode,
  axis: Axis,
  test: NodeTest,
  spend: (units: number) => void,
): XNode[] {
  const w: Walk = {
    out: [],
    test,
    principal: axis === "attribute" ? "attribute" : "element",
    spend,
  };
  switch (axis) {
    case "self":
      visit(w, node);
      break;
    case "child":
      spend(node.children().length);
      for (const child of node.children()) keep(w, child);
      break;
    case "attribute":
      attributeAxis(w, node);
      break;
    case "descendant-or-self":
      visit(w, node);
      descend(w, node);
      break;
    case "descendant":
      descend(w, node);
      break;
    case "parent":
      if (node.parent) visit(w, node.parent);
      break;
    case "ancestor-or-self":
      for (let n: XNode | null = node; n; n = n.parent) visit(w, n);
      break;
    case "ancestor":
      for (let n = node.parent; n; n = n.parent) visit(w, n);
      break;
    case "following-sibling":
    case "preceding-sibling": {
      if (node.kind === "attribute" || !node.parent) break;
      const siblings = node.parent.children();
      if (axis === "following-sibling") {
        for (let i = node.index + 1; i < siblings.length; i++) visit(w, siblings[i] as XNode);
      } else {
        for (let i = node.index - 1; i >= 0; i--) visit(w, siblings[i] as XNode);
      }
      break;
    }
    case "following": {
      let n: XNode = node;
      if (n.kind === "attribute") {
        n = n.parent as XNode;
        descend(w, n);
      }
      for (; n.parent; n = n.parent) {
        const siblings = n.parent.children();
        for (let i = n.index + 1; i < siblings.length; i++) {
          const sibling = siblings[i] as XNode;
          visit(w, sibling);
          if (sibling.kind === "element") descend(w, sibling);
        }
      }
      break;
    }
    case "preceding": {
      let n: XNode = node.kind === "attribute" ? (node.parent as XNode) : node;
      for (; n.parent; n = n.parent) {
        const siblings = n.parent.children();
        for (let i = n.index - 1; i >= 0; i--) {
          const sibling = siblings[i] as XNode;
          if (sibling.kind === "element") descendReverse(w, sibling);
          visit(w, sibling);
        }
      }
      break;
    }
    case "namespace":
      break;
  }
  return w.out;
}

/** One walk along an axis: what it keeps, and what it charges. */
interface Walk {
  out: XNode[];
  test: NodeTest;
  principal: "element" | "attribute";
  spend: (units: number) => void;
}

function visit(w: Walk, node: XNode): void {
  w.spend(1);
  keep(w, node);
}

function keep(w: Walk, node: XNode): void {
  const test = w.test;
  let ok: boolean;
  switch (test.type) {
    case "node":
      ok = true;
      break;
    case "text":
      ok = node.kind === "text";
      break;
    case "any":
      ok = node.kind === w.principal;
      break;
    case "name":
      ok = node.kind === w.principal && node.name === test.name;
      break;
    default:
      ok = false;
  }
  if (ok) w.out.push(node);
}

function descend(w: Walk, node: XNode): void {
  const children = node.children();
  w.spend(children.length);
  for (const child of children) {
    keep(w, child);
    if (child.kind === "element") descend(w, child);
  }
}

function descendReverse(w: Walk, node: XNode): void {
  const children = node.children();
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i] as XNode;
    if (child.kind === "element") descendReverse(w, child);
    visit(w, child);
  }
}

/** The attribute axis; a named attribute is looked up, not searched for. */
function attributeAxis(w: Walk, node: XNode): void {
  if (w.test.type === "name") {
    w.spend(1);
    const attribute = node.attribute(w.test.name);
    if (attribute) w.out.push(attribute);
    return;
  }
  const attributes = node.attributes();
  w.spend(attributes.length);
  for (const attribute of attributes) keep(w, attribute);
}
