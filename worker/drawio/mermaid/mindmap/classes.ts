/**
 * Mermaid mind map classes (`:::urgent large`): the site's own CSS, which a draw.io file cannot
 * carry. A class named after a colour (`:::red`, `:::bg-green`, `:::text-white`) is applied as
 * that colour; the others are kept on the cell (`mermaidClass=…`) and noted.
 */
import { mergeStyle } from "../../model/style.ts";
import type { MindmapNode } from "./model.ts";

/** CSS colour names a class may be named after. */
const COLOURS = new Set([
  "red",
  "green",
  "blue",
  "yellow",
  "orange",
  "purple",
  "pink",
  "gray",
  "grey",
  "black",
  "white",
  "brown",
  "cyan",
  "magenta",
  "teal",
  "navy",
  "lime",
  "gold",
  "silver",
  "maroon",
  "olive",
  "violet",
  "indigo",
  "coral",
  "salmon",
  "crimson",
  "khaki",
  "lavender",
  "turquoise",
  "tomato",
  "orchid",
]);

/**
 * The style with the colours the classes name, and every class kept as `mermaidClass`.
 *
 * @example
 * classColour(["red", "large"], "rounded=1;"); // "rounded=1;fillColor=red;mermaidClass=red large;"
 */
export function classColour(classes: readonly string[], style: string): string {
  if (classes.length === 0) return style;
  const changes: Record<string, string> = {};
  for (const name of classes) {
    const m = /^(?:(bg|fill|text|border|stroke)-)?([a-z]+)$/i.exec(name);
    const colour = m?.[2]?.toLowerCase();
    if (colour === undefined || !COLOURS.has(colour)) continue;
    const kind = m?.[1]?.toLowerCase();
    const key =
      kind === "text"
        ? "fontColor"
        : kind === "border" || kind === "stroke"
          ? "strokeColor"
          : "fillColor";
    changes[key] = colour;
  }
  changes.mermaidClass = classes.join(" ");
  return mergeStyle(style, changes);
}

/** The notes for classes that name no colour: their CSS is the site's, not in the text. */
export function classNotes(nodes: readonly MindmapNode[]): string[] {
  const unknown = new Set<string>();
  for (const node of nodes) {
    for (const name of node.classes) {
      const colour = /^(?:(?:bg|fill|text|border|stroke)-)?([a-z]+)$/i
        .exec(name)?.[1]
        ?.toLowerCase();
      if (colour === undefined || !COLOURS.has(colour)) unknown.add(name);
    }
  }
  if (unknown.size === 0) return [];
  const names = [...unknown]
    .slice(0, 10)
    .map((n) => `:::${n}`)
    .join(", ");
  return [
    `the classes ${names} are styles of the page Mermaid is shown on, not of the text: they are kept on each node as mermaidClass but draw nothing`,
  ];
}
