/** Names, titles and search words for libraries, categories and entries. */

import type { TemplateCell, TemplateItem } from "./sidebar-templates.ts";
import { shapeOf, styleValue } from "./style-stencils.ts";

/** draw.io library ids that are not already short lower-case names. */
const libraryRenames: Record<string, string> = {
  bpmn2: "bpmn",
  mockups: "mockup",
  threatModeling: "threat_modeling",
};

/**
 * Our library name for a draw.io library or palette id.
 *
 * @example
 * libraryName("entityRelation"); // "entity_relation"
 */
export function libraryName(drawioId: string): string {
  const renamed = libraryRenames[drawioId] ?? drawioId;
  const snake = renamed
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return /^[a-z]/.test(snake) ? snake : `lib_${snake}`;
}

/**
 * The part of a palette title after the library prefix ("AWS / Compute" → "Compute"). BPMN's
 * titles are written 'BPMN 2.0 \ General' in draw.io, which JavaScript reads as two spaces.
 *
 * @example
 * categoryTitle("AWS / Compute"); // "Compute"
 */
export function categoryTitle(title: string): string {
  const parts = title.split(/ \/ | {2,}/);
  return (parts.length > 1 ? parts.slice(1).join(" / ") : title).trim() || "General";
}

/**
 * Search words: draw.io's tag tokenising (lower case, `/ , ( )` as spaces), deduplicated.
 *
 * @example
 * tagWords("AWS Lambda (Compute) lambda"); // "aws lambda compute"
 */
export function tagWords(tags: string): string {
  const seen = new Set<string>();
  for (const word of tags
    .toLowerCase()
    .replace(/[/,()]/g, " ")
    .split(/\s+/)) {
    if (word !== "") seen.add(word);
  }
  return [...seen].join(" ");
}

/**
 * An entry's display name: its title, else its label, shape name, image file name or tags.
 *
 * @example
 * entryName(item, item.top[0]); // "Lambda"
 */
export function entryName(item: TemplateItem, cell: TemplateCell): string {
  const title = item.title.trim();
  if (title !== "") return title;
  if (cell.label !== "" && cell.label.length <= 60) return cell.label;
  const shape = shapeOf(cell.style);
  if (shape !== undefined) {
    const last = shape.slice(shape.lastIndexOf(".") + 1).replace(/_/g, " ");
    if (last !== "") return last;
  }
  // Untitled image entries (clipart people): the file name says what they are.
  const image = styleValue(cell.style, "image");
  if (image !== undefined && !image.startsWith("data:")) {
    const file = image.slice(image.lastIndexOf("/") + 1).replace(/\.\w+$/, "");
    const words = file
      .replace(/_\d+x\d+$/, "")
      .replace(/[_-]+/g, " ")
      .trim();
    if (words !== "") return words;
  }
  return item.tags?.trim() || "Shape";
}

/**
 * A title made from a stencil file path.
 *
 * @example
 * fileTitle("cisco_safe/iot_things_icons"); // "Cisco Safe Iot Things Icons"
 */
export function fileTitle(file: string): string {
  return file
    .split(/[/_\s-]+/)
    .filter((w) => w !== "")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}
