/**
 * Mermaid entity-relationship diagrams (`erDiagram`) as editable draw.io ER tables joined by
 * crow's-foot connectors: the er folder's front door, `convertErDiagram`.
 */
import type { WorkBudget } from "../../budget.ts";
import { DrawioError } from "../../errors.ts";
import { clearEdgeLabels, layoutGraph } from "../../layout/index.ts";
import type { Direction, GraphSpecInput } from "../../layout/spec.ts";
import type { DiagramPage } from "../../model/document.ts";
import { childElements, type XmlElement } from "../../xml/nodes.ts";
import { drawPageTitle, pageTitleColour } from "../page-title.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { type Box, drawConnector } from "./connectors.ts";
import type { Entity, ErDiagram, Relationship } from "./model.ts";
import { parseErDiagram } from "./parse.ts";
import { attachToRows, type RowPlace } from "./row-ports.ts";
import { drawTable } from "./table-cells.ts";
import { type TableSize, tableSize } from "./table-size.ts";

/**
 * Converts a Mermaid ER diagram: each entity (bare, `"quoted"`, or aliased `p["Person"]`) as
 * draw.io's ER table with its name as header and a row per attribute (keys `PK, FK, UK`, type
 * as written such as `string[]` or `varchar(99)`, name — a primary key's bold and underlined —
 * and the quoted comment); each relationship as a connector between the tables with draw.io's
 * crow's-foot markers for the cardinality at each end (symbols `|o` `||` `}o` `}|` and their
 * mirrors, or words such as `zero or more`, `only one`, `1+`), solid when identifying (`--`,
 * `to`) and dashed when not (`..`, `optionally to`), its label on the line; an end on a table's
 * side joins the foreign key row naming the other entity, or the primary key it refers to. A self-relationship
 * loops out of the table's side. `classDef`, `class`, `:::` and `style` colour the tables.
 * Placed by the layout engine; direction: `options.direction`, else `direction`, else down.
 *
 * Counted: `nodes` are the entities, `edges` the relationships; `counts` holds `entities`,
 * `attributes` (rows) and `relationships`.
 *
 * @example
 * const { document } = await convertErDiagram(readMermaid("erDiagram\n  CUSTOMER ||--o{ ORDER : places"), {});
 */
export async function convertErDiagram(
  source: MermaidSource,
  options: MermaidOptions,
  budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const diagram = parseErDiagram(source);
  const config = erConfig(source);
  if (diagram.entities.size === 0) {
    throw mermaidSyntax(
      source.header,
      "the ER diagram has no entities: add one, such as CUSTOMER ||--o{ ORDER : places",
    );
  }
  const entities = [...diagram.entities.values()];
  const sizes = new Map(entities.map((e) => [e.id, tableSize(e)]));
  for (const entity of entities) checkTableSize(entity, sizes.get(entity.id) as TableSize);
  const laid = await layoutGraph(
    specOf(diagram, sizes, options, source.title, config.direction),
    budget ? { budget } : {},
  );
  const page = laid.document.pages[0];
  if (!page) throw new Error("the layout returned no page");
  drawPage(page, diagram, sizes, options);
  if (source.title !== undefined)
    drawPageTitle(
      page,
      source.title,
      laid.width,
      pageTitleColour(options.theme),
      diagram.ids.claim("title"),
    );
  const notes = [...diagram.remarks, ...config.notes];
  for (const entity of entities) {
    for (const name of entity.classes) {
      if (!diagram.classDefs.has(name))
        notes.push(`class ${name} is used on ${entity.name} but never defined with classDef`);
    }
  }
  const parents = diagram.relationships.filter(
    (r) => r.fromCardinality === "mdParent" || r.toCardinality === "mdParent",
  );
  for (const r of parents) {
    notes.push(
      `line ${r.at.line}: the parent marker u has no draw.io counterpart; that end is drawn without a marker`,
    );
  }
  const attributes = entities.reduce((sum, e) => sum + e.attributes.length, 0);
  return {
    // Lines moved onto their rows may have left their labels beside another line.
    document: clearEdgeLabels(laid.document).document,
    notes,
    nodes: entities.length,
    edges: diagram.relationships.length,
    counts: { entities: entities.length, attributes, relationships: diagram.relationships.length },
  };
}

const LAYOUT_DIRECTIONS: Record<string, Direction> = {
  TB: "down",
  TD: "down",
  BT: "up",
  LR: "right",
  RL: "left",
};

/**
 * The `er` settings of the config: `layoutDirection` is taken when the text says no
 * `direction`; the others are Mermaid's measures and colours, noted as not carried over.
 */
function erConfig(source: MermaidSource): { direction?: Direction; notes: string[] } {
  const er = source.config.er;
  if (typeof er !== "object" || er === null) return { notes: [] };
  const settings = er as Record<string, unknown>;
  const named = LAYOUT_DIRECTIONS[String(settings.layoutDirection ?? "").toUpperCase()];
  const ignored = Object.keys(settings).filter((k) => k !== "layoutDirection" || !named);
  const notes =
    ignored.length === 0
      ? []
      : [
          `the er config's ${ignored.map((k) => `\`${k}\``).join(", ")} ${ignored.length === 1 ? "is" : "are"} not carried over: the tables are sized to their texts in draw.io's ER style`,
        ];
  return { notes, ...(named ? { direction: named } : {}) };
}

/** The tallest (or widest) table the layout engine places, in px. */
const MAX_TABLE = 2_000;

/** Refuses a table too tall for one box of the layout (some 75 attribute rows). */
function checkTableSize(entity: Entity, size: TableSize): void {
  if (size.height <= MAX_TABLE && size.width <= MAX_TABLE) return;
  const { at } = entity;
  throw new DrawioError(
    "mermaid_too_large",
    `line ${at.line}: the table of ${entity.name} (${entity.attributes.length.toLocaleString("en-US")} attributes) would be ${Math.max(size.height, size.width).toLocaleString("en-US")} px, over the ${MAX_TABLE.toLocaleString("en-US")} px one table may take; split the entity or shorten its texts`,
    { line: at.line, column: at.column, text: at.text },
  );
}

/** The graph spec: a box the size of each table, a line per relationship. */
function specOf(
  diagram: ErDiagram,
  sizes: ReadonlyMap<string, TableSize>,
  options: MermaidOptions,
  title: string | undefined,
  configured: Direction | undefined,
): GraphSpecInput {
  return {
    direction: options.direction ?? diagram.direction ?? configured ?? "down",
    theme: options.theme ?? "default",
    ...(title === undefined ? {} : { title }),
    nodes: [...diagram.entities.values()].map((e) => {
      const size = sizes.get(e.id) as TableSize;
      return { id: e.id, label: "", kind: "process", width: size.width, height: size.height };
    }),
    edges: diagram.relationships.map((r) => ({
      from: r.from.id,
      to: r.to.id,
      ...(r.label ? { label: r.label } : {}),
      kind: r.identifying ? "solid" : "dashed",
      arrow: "none",
    })),
  };
}

/** Rewrites the laid-out page: tables with their rows after each box, markers on each line. */
function drawPage(
  page: DiagramPage,
  diagram: ErDiagram,
  sizes: ReadonlyMap<string, TableSize>,
  options: MermaidOptions,
): void {
  const byId = new Map<string, Entity>([...diagram.entities.values()].map((e) => [e.id, e]));
  const boxes = new Map<string, Box>();
  const out: XmlElement[] = [];
  const pairs: [XmlElement, Relationship][] = [];
  let edgeIndex = 0;
  for (const cell of page.cells) {
    out.push(cell);
    const entity = byId.get(cell.attrs.id ?? "");
    if (entity && cell.attrs.vertex === "1") {
      boxes.set(entity.id, rectOf(cell));
      const css = diagram.classDefs.styleOf(entity.classes, entity.css);
      const context = { theme: options.theme ?? "default", ids: diagram.ids, css };
      out.push(...drawTable(cell, entity, sizes.get(entity.id) as TableSize, context));
    } else if (cell.attrs.edge === "1") {
      const relationship = diagram.relationships[edgeIndex++];
      if (!relationship) continue;
      if (cell.attrs.source !== relationship.from.id || cell.attrs.target !== relationship.to.id) {
        throw new Error(
          `edge ${cell.attrs.id} is not the relationship of line ${relationship.at.line}`,
        );
      }
      drawConnector(cell, relationship, boxes.get(relationship.from.id));
      pairs.push([cell, relationship]);
    }
  }
  page.cells = out;
  attachToRows(pairs, boxes, rowPlaces(out, byId));
}

/** Each table's rows (its direct children), in order, with their place inside it. */
function rowPlaces(
  cells: readonly XmlElement[],
  tables: ReadonlyMap<string, Entity>,
): Map<string, RowPlace[]> {
  const rows = new Map<string, RowPlace[]>();
  for (const cell of cells) {
    const parent = cell.attrs.parent ?? "";
    if (!tables.has(parent)) continue;
    const rect = rectOf(cell);
    const list = rows.get(parent) ?? [];
    list.push({ id: cell.attrs.id ?? "", y: rect.y, height: rect.height });
    rows.set(parent, list);
  }
  return rows;
}

function rectOf(cell: XmlElement): Box {
  const g = childElements(cell).find((c) => c.name === "mxGeometry")?.attrs ?? {};
  return {
    x: Number(g.x ?? 0),
    y: Number(g.y ?? 0),
    width: Number(g.width ?? 0),
    height: Number(g.height ?? 0),
  };
}
