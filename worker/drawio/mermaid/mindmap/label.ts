/**
 * A mind map node's label: as HTML for draw.io (markdown bold and italic kept, the icon as a
 * small prefix) and as plain text for measuring.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import { markdownHtml, markdownPlain } from "../markdown.ts";
import type { MindmapNode } from "./model.ts";

/**
 * The label as draw.io's HTML: escaped, markdown spans as `<b>`/`<i>`, the icon's name first.
 *
 * @example
 * nodeHtml({ label: "**Root**", icon: "fa fa-book", … }); // '<font …>[fa-book]</font><br><b>Root</b>'
 */
export function nodeHtml(node: Pick<MindmapNode, "label" | "icon">): string {
  const text = markdownHtml(node.label);
  const icon = iconName(node.icon);
  if (icon === undefined) return text;
  return `<font style="font-size: 10px;">[${htmlLabel(icon)}]</font><br>${text}`;
}

/** The label as it reads, markdown marks taken out and the icon's line first, for measuring. */
export function nodePlainText(node: Pick<MindmapNode, "label" | "icon">): string {
  const text = markdownPlain(node.label);
  const icon = iconName(node.icon);
  return icon === undefined ? text : `[${icon}]\n${text}`;
}

/** The icon's own name from its classes: `fa fa-book` → `fa-book`, `mdi mdi-skull` → `mdi-skull`. */
export function iconName(icon: string | undefined): string | undefined {
  if (icon === undefined || icon === "") return undefined;
  const parts = icon.split(/\s+/);
  return parts.find((p) => p.includes("-")) ?? parts[parts.length - 1];
}
