/**
 * A kanban board's draw.io cells: each column a swimlane with its title, its cards stacked in
 * it as rounded boxes holding their text, ticket (a link with `ticketBaseUrl`) and assignee,
 * and the priority as a coloured stripe down the card's left edge.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { vertexCell, withCellData } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { KanbanItem, KanbanModel } from "./parse.ts";

/** Mermaid's column colours (its default theme's sections), repeated past twelve columns. */
const COLUMN_FILLS = [
  "#ffff78",
  "#d7ff86",
  "#c286ff",
  "#ff86ff",
  "#ff86c2",
  "#ff8686",
  "#ffc286",
  "#c2ff86",
  "#86ffc2",
  "#86ffff",
  "#86c2ff",
  "#8686ff",
] as const;

/** The stripe colour of each priority Mermaid marks (Medium has none). */
const STRIPES: Record<string, string> = {
  "Very High": "#ff0000",
  High: "#ffa500",
  Low: "#0000ff",
  "Very Low": "#add8e6",
};

const MARGIN = 20;
const GAP = 10;
const HEADER = 34;
const PAD = 8;
const META = 18;

/** The drawn board: its cells and page size. */
export interface KanbanDrawing {
  cells: XmlElement[];
  width: number;
  height: number;
}

/**
 * Draws the board, columns left to right in source order and cards top to bottom, each column
 * `columnWidth` wide and as tall as its cards (all as tall as the tallest, as Mermaid draws them).
 *
 * @example
 * kanbanCells(parseKanban(source), 200, "https://jira/browse/#TICKET#").cells.length;
 */
export function kanbanCells(
  model: KanbanModel,
  columnWidth: number,
  ticketUrl?: string,
): KanbanDrawing {
  const ids = new CellIds();
  const cardWidth = columnWidth - 2 * PAD;
  const heights = model.columns.map((column) =>
    column.cards.map((card) => cardHeight(card, cardWidth)),
  );
  const tallest = Math.max(
    60,
    ...heights.map((h) => HEADER + PAD + h.reduce((sum, x) => sum + x + PAD, 0)),
  );
  const cells: XmlElement[] = [];
  for (const [i, column] of model.columns.entries()) {
    const id = ids.claim(`column-${column.id}`);
    const fill = COLUMN_FILLS[i % COLUMN_FILLS.length];
    const rect = {
      x: MARGIN + i * (columnWidth + GAP),
      y: MARGIN,
      width: columnWidth,
      height: tallest,
    };
    cells.push(
      vertexCell(
        id,
        htmlLabel(column.text),
        `swimlane;html=1;whiteSpace=wrap;startSize=${HEADER};rounded=1;arcSize=4;fillColor=${fill};swimlaneFillColor=${fill};strokeColor=${fill};fontStyle=1;fontSize=13;fontColor=#131300;`,
        PLACED_LAYER,
        rect,
      ),
    );
    let y = HEADER + PAD;
    for (const [k, card] of column.cards.entries()) {
      const height = heights[i]?.[k] ?? 40;
      cells.push(...cardCells(card, ids, id, { x: PAD, y, width: cardWidth, height }, ticketUrl));
      y += height + PAD;
    }
  }
  const width = MARGIN * 2 + model.columns.length * (columnWidth + GAP) - GAP;
  return { cells, width: Math.max(width, 2 * MARGIN), height: tallest + 2 * MARGIN };
}

function cardHeight(card: KanbanItem, width: number): number {
  const text = measureText(card.text, width - 20);
  const meta = card.meta.ticket !== undefined || card.meta.assigned !== undefined ? META : 0;
  return Math.max(36, text.height + 16 + meta);
}

/** One card: the box with its text, then its ticket, assignee and priority stripe inside it. */
function cardCells(
  card: KanbanItem,
  ids: CellIds,
  parent: string,
  rect: { x: number; y: number; width: number; height: number },
  ticketUrl?: string,
): XmlElement[] {
  const id = ids.claim(card.id);
  const out = [
    vertexCell(
      id,
      htmlLabel(card.text),
      "rounded=1;arcSize=8;whiteSpace=wrap;html=1;align=left;verticalAlign=top;spacingLeft=10;spacingRight=8;spacingTop=4;fillColor=#ffffff;strokeColor=#9370db;container=1;collapsible=0;",
      parent,
      rect,
    ),
  ];
  const { ticket, assigned, priority } = card.meta;
  const half = (rect.width - 16) / 2;
  const y = rect.height - META - 2;
  if (ticket !== undefined) {
    const cell = vertexCell(
      ids.next(`${id}-ticket`),
      htmlLabel(ticket),
      "text;html=1;align=left;verticalAlign=middle;fontSize=11;fontColor=#555555;",
      id,
      { x: 8, y, width: half, height: META },
    );
    const url = ticketUrl?.replaceAll("#TICKET#", ticket);
    out.push(url === undefined ? cell : withCellData(cell, { link: url }));
  }
  if (assigned !== undefined) {
    out.push(
      vertexCell(
        ids.next(`${id}-assigned`),
        htmlLabel(assigned),
        "text;html=1;align=right;verticalAlign=middle;fontSize=11;fontColor=#555555;",
        id,
        { x: 8 + half, y, width: half, height: META },
      ),
    );
  }
  if (priority !== undefined) {
    const colour = STRIPES[priority] ?? "none";
    const stripe = vertexCell(
      ids.next(`${id}-priority`),
      "",
      `rounded=0;fillColor=${colour};strokeColor=none;`,
      id,
      { x: 1, y: 3, width: 4, height: rect.height - 6 },
    );
    out.push(withCellData(stripe, { tooltip: `Priority: ${priority}`, priority }));
  }
  return out;
}
