/**
 * Mermaid sankey diagrams (`sankey-beta`, `sankey`) as editable draw.io: the sankey folder's
 * front door, `convertSankey`. Nodes stand in columns by their depth, as tall as their flow;
 * links are curved connectors as wide as their value.
 */
import type { WorkBudget } from "../../budget.ts";
import { measureText } from "../../text/estimate.ts";
import { CellIds } from "../cell-ids.ts";
import { configRecord, positiveNumber, titleCell } from "../chart-parts.ts";
import { chartText, pageBackground } from "../colours.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { NODE_WIDTH, type SankeyFrame, sankeyCells } from "./cells.ts";
import { placeColumns } from "./columns.ts";
import { parseSankey } from "./parse.ts";
import { linkEnds, placeNodes } from "./place.ts";

const MARGIN = 20;
const TITLE = 36;

/**
 * Converts a sankey diagram read by `readMermaid`. `nodes` counts the nodes, `edges` the links;
 * `counts` are `{ nodes, links, total }` (the total is the flow out of every source, rounded).
 *
 * @example
 * const { counts } = await convertSankey(readMermaid("sankey-beta\nA,B,10\nA,C,5"), {});
 * // counts: { nodes: 3, links: 2, total: 15 }
 */
export async function convertSankey(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const sankey = parseSankey(source);
  budget?.charge(sankey.nodes.length + sankey.links.length);
  const config = configRecord(source.config.sankey);
  const count = placeColumns(sankey);
  const showValues = config.showValues !== false;
  // One line of label (15 px) fits between two slim nodes.
  const padding = 16;
  const columnSizes = new Array<number>(count).fill(0);
  for (const n of sankey.nodes) columnSizes[n.column] = (columnSizes[n.column] ?? 0) + 1;
  const height = Math.max(
    positiveNumber(config.height, 5000) ?? 400,
    Math.max(...columnSizes) * (padding + 16),
  );
  const widest = Math.max(0, ...sankey.nodes.map((n) => measureText(n.name, 1000).width));
  const step =
    count > 1
      ? Math.max(
          ((positiveNumber(config.width, 5000) ?? 600) - NODE_WIDTH) / (count - 1),
          Math.min(widest, 220) + 40,
        )
      : 0;
  const { columns, scale } = placeNodes(sankey, count, { height, padding });
  const prefix = typeof config.prefix === "string" ? config.prefix : "";
  const suffix = typeof config.suffix === "string" ? config.suffix : "";
  const top = MARGIN + (sankey.title === undefined ? 0 : TITLE);
  const left = MARGIN;
  const frame: SankeyFrame = {
    left,
    top,
    step,
    padding,
    columns,
    ends: linkEnds(sankey, scale),
    linkColour: linkColour(config.linkColor),
    textColour: chartText(options.theme, "#1f1f1f"),
    ...(showValues
      ? { valueText: (v: number) => `${prefix}${Math.round(v * 100) / 100}${suffix}` }
      : {}),
  };
  const ids = new CellIds();
  const width =
    left +
    (count - 1) * step +
    NODE_WIDTH +
    MARGIN +
    (count === 1 ? Math.min(widest, 220) + 20 : 0);
  const cells = sankeyCells(sankey, frame, ids);
  if (sankey.title !== undefined) {
    const rect = { x: MARGIN, y: MARGIN - 6, width: width - 2 * MARGIN, height: TITLE - 8 };
    const look = { colour: frame.textColour, bold: true };
    cells.unshift(titleCell(ids.next("title"), sankey.title, rect, look));
  }
  const notes = [...sankey.notes];
  if (config.linkColor === "gradient" || config.linkColor === undefined) {
    notes.push(
      "Mermaid paints each link in a gradient from its source's colour to its target's; draw.io lines take one colour, so each link takes its source's",
    );
  }
  if (options.direction !== undefined)
    notes.push("a sankey diagram flows left to right; the direction was not applied");
  const document = placedDocument(
    cells,
    width,
    top + height + MARGIN,
    pageBackground(options.theme),
  );
  if (sankey.title !== undefined)
    (document.pages[0] as { attributes: Record<string, string> }).attributes.name = sankey.title;
  const total = sankey.nodes
    .filter((n) => n.incoming.length === 0)
    .reduce((s, n) => s + n.value, 0);
  return {
    document,
    notes,
    nodes: sankey.nodes.length,
    edges: sankey.links.length,
    counts: { nodes: sankey.nodes.length, links: sankey.links.length, total: Math.round(total) },
    ...(sankey.title === undefined ? {} : { title: sankey.title }),
  };
}

function linkColour(value: unknown): string {
  if (value === "target") return "target";
  if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value)) return value;
  return "source";
}
