/** Writes a diagram document, one page or one cell back to draw.io XML, compressed or not. */

import { DrawioError } from "../errors.ts";
import { sourceOf, type XmlElement } from "../xml/nodes.ts";
import { escapeAttribute, writeXml } from "../xml/serialize.ts";
import { compressDiagram } from "./compression.ts";
import type { DiagramDocument, DiagramPage } from "./document.ts";

/** Options for {@link serializeDiagram}. */
export interface SerializeOptions {
  /** `mxfile` (default) writes every page; `model` writes one page's bare `<mxGraphModel>`. */
  format?: "mxfile" | "model";
  /** Write page content compressed, as draw.io does by default (mxfile only; default false). */
  compressed?: boolean;
  /** The page for `format: "model"` (index; default 0). */
  page?: number;
}

/**
 * Writes a document back to XML, keeping every attribute, wrapper, layer and page.
 *
 * @example
 * serializeDiagram(doc);                       // <mxfile …><diagram …><mxGraphModel …>…
 * serializeDiagram(doc, { compressed: true }); // <mxfile …><diagram …>7VpNc…</diagram>…
 * serializeDiagram(doc, { format: "model" });  // <mxGraphModel …>…</mxGraphModel>
 */
export function serializeDiagram(doc: DiagramDocument, options: SerializeOptions = {}): string {
  if (options.format === "model") {
    const index = options.page ?? 0;
    const page = doc.pages[index];
    if (!page) throw new DrawioError("page_not_found", `there is no page ${index}`);
    return serializePage(page);
  }
  const compressed = options.compressed ?? false;
  const fileAttrs = { ...doc.attributes };
  if ("compressed" in fileAttrs) fileAttrs.compressed = String(compressed);
  const parts: string[] = [`<mxfile${attributesXml(fileAttrs)}>`];
  for (const page of doc.pages) {
    parts.push(`<diagram${attributesXml(page.attributes)}>`);
    parts.push(compressed ? compressDiagram(serializePage(page)) : serializePage(page));
    parts.push("</diagram>");
  }
  parts.push("</mxfile>");
  return parts.join("");
}

/**
 * Writes one page as a bare `<mxGraphModel>`.
 *
 * @example
 * serializePage(doc.pages[0]); // '<mxGraphModel dx="…"><root><mxCell id="0"/>…</root></mxGraphModel>'
 */
export function serializePage(page: DiagramPage): string {
  const parts: string[] = [`<mxGraphModel${attributesXml(page.modelAttributes)}><root>`];
  for (const cell of page.cells) parts.push(serializeCell(cell));
  parts.push("</root></mxGraphModel>");
  return parts.join("");
}

/**
 * Writes one cell (an `<mxCell>` or a wrapper) as XML.
 *
 * @example
 * serializeCell(cell); // '<mxCell id="2" value="A" vertex="1" parent="1">…</mxCell>'
 */
export function serializeCell(cell: XmlElement): string {
  const source = sourceOf(cell);
  if (source !== undefined) return source;
  const parts: string[] = [];
  writeXml(cell, parts);
  return parts.join("");
}

function attributesXml(attrs: Record<string, string>): string {
  let out = "";
  for (const key in attrs) out += ` ${key}="${escapeAttribute(attrs[key] as string)}"`;
  return out;
}
