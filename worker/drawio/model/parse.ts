/**
 * Reads draw.io XML in any form it is handed in (an `<mxfile>`, a bare `<mxGraphModel>`, or
 * loose cells) into a diagram document.
 */

import { DrawioError } from "../errors.ts";
import { isElement, textContent, type XmlElement, type XmlNode } from "../xml/nodes.ts";
import { parseXml } from "../xml/parse.ts";
import { isCellElement } from "./cell.ts";
import { decompressDiagram } from "./compression.ts";
import type { DiagramDocument, DiagramPage } from "./document.ts";
import { defaultPageAttributes, emptyPage } from "./document.ts";

/**
 * Parses draw.io XML in any form: an `<mxfile>` with one or many pages (compressed or not), a
 * bare `<mxGraphModel>` (or `<root>`), or a bare list of `<mxCell>`/`<object>`/`<UserObject>`
 * elements as language models write them (wrapped, with root cells `0` and `1` added when
 * missing). Everything draw.io wrote is kept.
 *
 * Throws {@link DrawioError} with a stable code when the input is not a diagram.
 *
 * @example
 * const doc = parseDiagram('<mxCell id="2" value="Hi" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell>');
 * doc.form; // "cells"
 * doc.pages[0].cells.map((c) => c.attrs.id); // ["0", "1", "2"]
 */
export function parseDiagram(input: string): DiagramDocument {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.trim() === "") throw new DrawioError("empty_input", "the input is empty");
  const nodes = parseXmlOrThrow(text);
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    if (isElement(node)) elements.push(node);
    else {
      throw new DrawioError(
        "not_a_diagram",
        `text outside of any element: "${node.text.trim().slice(0, 40)}"`,
      );
    }
  }
  const first = elements[0];
  if (!first) throw new DrawioError("not_a_diagram", "the input contains no XML elements");

  if (elements.length === 1 && !isCellElement(first)) {
    switch (first.name) {
      case "mxfile":
        return { form: "mxfile", attributes: first.attrs, pages: pagesOf(first) };
      case "diagram":
        return { form: "mxfile", attributes: {}, pages: [parsePage(first)] };
      case "mxGraphModel":
        return {
          form: "model",
          attributes: {},
          pages: [pageFromModel(first, defaultPageAttributes(), false)],
        };
      case "root":
        return {
          form: "model",
          attributes: {},
          pages: [
            pageFromModel(
              { name: "mxGraphModel", attrs: {}, children: [first] },
              defaultPageAttributes(),
              false,
            ),
          ],
        };
    }
  }
  const stranger = elements.find((el) => !isCellElement(el));
  if (stranger) {
    throw new DrawioError(
      "not_a_diagram",
      `expected <mxfile>, <mxGraphModel> or a list of <mxCell> elements, found <${stranger.name}>`,
    );
  }
  return {
    form: "cells",
    attributes: {},
    pages: [
      {
        attributes: defaultPageAttributes(),
        modelAttributes: {},
        cells: withRootCells(elements),
        compressed: false,
      },
    ],
  };
}

/** Remember the source of cells (top-level elements, or children of <root>). */
function keepCellSource(el: XmlElement, parent: XmlElement | undefined): boolean {
  return isCellElement(el) && (parent === undefined || parent.name === "root");
}

function parseXmlOrThrow(text: string): XmlNode[] {
  // Throws a DrawioError (malformed_xml, unescaped_character) with line and column.
  return parseXml(text, { keepSource: keepCellSource });
}

function pagesOf(mxfile: XmlElement): DiagramPage[] {
  const pages: DiagramPage[] = [];
  for (const child of mxfile.children) {
    if (isElement(child) && child.name === "diagram") pages.push(parsePage(child));
  }
  if (pages.length === 0) pages.push(emptyPage());
  return pages;
}

function parsePage(diagram: XmlElement): DiagramPage {
  for (const child of diagram.children) {
    if (isElement(child) && child.name === "mxGraphModel") {
      return pageFromModel(child, diagram.attrs, false);
    }
  }
  const content = textContent(diagram).trim();
  if (content === "") return emptyPage(diagram.attrs);
  let xml: string;
  try {
    xml = decompressDiagram(content);
  } catch (error) {
    throw new DrawioError(
      "invalid_compressed_content",
      `page "${diagram.attrs.name ?? diagram.attrs.id ?? "?"}" has content that is neither XML nor draw.io compressed data (${(error as Error).message})`,
    );
  }
  const model = parseXmlOrThrow(xml).find(
    (node): node is XmlElement => isElement(node) && node.name === "mxGraphModel",
  );
  if (!model) {
    throw new DrawioError(
      "invalid_compressed_content",
      `page "${diagram.attrs.name ?? "?"}" decompressed to something that is not an <mxGraphModel>`,
    );
  }
  return pageFromModel(model, diagram.attrs, true);
}

function pageFromModel(
  model: XmlElement,
  attributes: Record<string, string>,
  compressed: boolean,
): DiagramPage {
  const cells: XmlElement[] = [];
  for (const child of model.children) {
    if (!isElement(child)) continue;
    if (child.name === "root") {
      for (const cell of child.children) if (isElement(cell)) cells.push(cell);
    } else if (isCellElement(child)) {
      // Cells written straight under <mxGraphModel> without <root>.
      cells.push(child);
    }
  }
  return { attributes, modelAttributes: model.attrs, cells, compressed };
}

/** Adds the root cell `0` and the default layer `1` when a bare cell list lacks them. */
function withRootCells(cells: XmlElement[]): XmlElement[] {
  const ids = new Set(cells.map((c) => c.attrs.id));
  const head: XmlElement[] = [];
  if (!ids.has("0")) head.push({ name: "mxCell", attrs: { id: "0" }, children: [] });
  if (!ids.has("1")) head.push({ name: "mxCell", attrs: { id: "1", parent: "0" }, children: [] });
  return head.length === 0 ? cells : [...head, ...cells];
}
