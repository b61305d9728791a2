/**
 * Places a state diagram region by region, innermost first: each region is laid out by the
 * layout engine on its own (in its own direction), and a composite state is a node of its
 * parent's layout as large as its laid-out inside, which then moves into it. Transitions may
 * so end on a composite state, and every composite has its own `direction`.
 */

import type { z } from "zod";
import type { WorkBudget } from "../../budget.ts";
import { type LaidOut, layoutGraph } from "../../layout/index.ts";
import type { Direction, GraphEdge, GraphNodeSchema, Theme } from "../../layout/spec.ts";
import { edgeStyle, groupStyle } from "../../layout/themes.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import type { DiagramDocument, DiagramPage } from "../../model/document.ts";
import { mergeStyle } from "../../model/style.ts";
import { measureText } from "../../text/estimate.ts";
import { childElements, createElement, type XmlElement } from "../../xml/nodes.ts";
import { LAYOUT_MARGIN, reparent, touch, vertexCell } from "../cell-edits.ts";
import { routeAround } from "./cross.ts";
import type { Region, StateDiagram, StateEdge, StateNode } from "./model.ts";
import { noteSize, placeNotes } from "./notes.ts";

/** Room inside a composite state: around its inside, and above it for the name. */
const PAD = 20;
const TOP = 36;
/** Room inside each concurrent region's dashed box. */
const REGION_PAD = 14;

/** Laid-out cells whose top-level cells sit on layer "1", offset by the layout's margin. */
interface Placed {
  cells: XmlElement[];
  width: number;
  height: number;
}

/** The label a state shows: its descriptions, one a line, else its id. */
export function stateLabel(node: StateNode): string {
  return node.descriptions.length > 0 ? node.descriptions.join("\n") : node.name;
}

/**
 * Lays out a parsed state diagram and returns its one-page document (named `title`):
 * composite states as containers, concurrent regions as dashed boxes inside them, and
 * transitions between states of different regions routed around them on the top layer.
 *
 * @example
 * const document = await layoutStates(diagram, "down", "default");
 */
export async function layoutStates(
  diagram: StateDiagram,
  direction: Direction,
  theme: Theme,
  title?: string,
  budget?: WorkBudget,
): Promise<DiagramDocument> {
  const byRegion = new Map<Region, StateEdge[]>();
  const cross: StateEdge[] = [];
  for (const edge of diagram.edges) {
    const region = edge.from.region;
    if (region !== edge.to.region) cross.push(edge);
    else if (byRegion.has(region)) byRegion.get(region)?.push(edge);
    else byRegion.set(region, [edge]);
  }
  const context = { diagram, theme, byRegion, title, budget };
  const root = await layoutRegion(diagram.root.regions[0] as Region, direction, context);
  const page = root.document.pages[0];
  if (!page) throw new Error("the layout returned no page");
  page.cells = [
    ...page.cells.filter((c) => c.attrs.parent === undefined || c.attrs.id === "1"),
    ...root.cells,
  ];
  const routed: string[] = [];
  for (const edge of cross) {
    const id = diagram.ids.next("edge");
    routed.push(id);
    const spec: GraphEdge = {
      from: edge.from.id,
      to: edge.to.id,
      kind: edge.note ? "dashed" : "solid",
      arrow: edge.note ? "none" : "forward",
    };
    page.cells.push(
      createElement(
        "mxCell",
        {
          id,
          value: htmlLabel(edge.label ?? ""),
          style: edgeStyle(spec, theme),
          edge: "1",
          parent: "1",
          source: edge.from.id,
          target: edge.to.id,
        },
        [createElement("mxGeometry", { relative: "1", as: "geometry" })],
      ),
    );
  }
  routeAround(page, routed);
  return root.document;
}

interface Context {
  diagram: StateDiagram;
  theme: Theme;
  byRegion: Map<Region, StateEdge[]>;
  /** The page name; only the root region's layout uses it. */
  title?: string | undefined;
  /** What every region's layout is charged to: one diagram, one layout's worth of work. */
  budget?: WorkBudget | undefined;
}

async function layoutRegion(
  region: Region,
  direction: Direction,
  context: Context,
): Promise<Placed & { document: DiagramDocument }> {
  const inside = new Map<string, Placed>();
  for (const node of region.nodes) {
    const placed = node.body && (await placeComposite(node, direction, context));
    if (placed) inside.set(node.id, placed);
  }
  const edges = context.byRegion.get(region) ?? [];
  const { title } = context;
  const spec = (skip: ReadonlySet<StateNode>) => ({
    direction,
    theme: context.theme,
    ...(title === undefined || region !== context.diagram.root.regions[0] ? {} : { title }),
    nodes: region.nodes
      .filter((node) => !skip.has(node))
      .map((node) => specNode(node, direction, inside.get(node.id), edges)),
    edges: edges
      .filter((e) => !skip.has(e.from) && !skip.has(e.to))
      .map((e) => ({
        from: e.from.id,
        to: e.to.id,
        ...(e.label ? { label: e.label } : {}),
        kind: e.note ? ("dashed" as const) : ("solid" as const),
        arrow: e.note ? ("none" as const) : ("forward" as const),
      })),
  });
  // Notes go beside their states where there is room, else into the layout with the rest.
  const lines = edges.filter((e) => e.side !== undefined);
  const noteOf = (e: StateEdge) => (e.side === "left" ? e.from : e.to);
  let beside = new Set(lines.map(noteOf));
  let laid: LaidOut;
  let size: { width: number; height: number };
  for (let attempt = 0; ; attempt++) {
    if (attempt === 2) beside = new Set();
    laid = await layoutGraph(spec(beside), context.budget ? { budget: context.budget } : {});
    size = { width: laid.width - 2 * LAYOUT_MARGIN, height: laid.height - 2 * LAYOUT_MARGIN };
    if (beside.size === 0) break;
    const page = laid.document.pages[0] as DiagramPage;
    const asked = lines.filter((e) => beside.has(noteOf(e)));
    const { failed, size: placed } = placeNotes(page, asked, context.theme, size);
    if (placed) {
      size = placed;
      break;
    }
    for (const e of failed) beside.delete(noteOf(e));
  }
  const cells = (laid.document.pages[0]?.cells ?? []).filter(
    (c) => c.attrs.parent !== undefined && c.attrs.id !== "1",
  );
  const nested: XmlElement[] = [];
  const composites = new Map(region.nodes.map((n) => [n.id, n]));
  for (const cell of cells) {
    const id = cell.attrs.id ?? "";
    if (cell.attrs.edge === "1") {
      touch(cell);
      cell.attrs.id = context.diagram.ids.next("edge");
    }
    const placed = inside.get(id);
    const node = composites.get(id);
    if (!placed || !node) continue;
    touch(cell);
    cell.attrs.value = htmlLabel(stateLabel(node));
    cell.attrs.style = mergeStyle(groupStyle("container", context.theme), {
      align: "center",
      spacingLeft: 0,
    });
    // The layout takes boxes up to 2,000 px; a larger composite still holds all it contains.
    const geometry = childElements(cell).find((c) => c.name === "mxGeometry");
    if (geometry && (placed.width > 2000 || placed.height > 2000)) {
      geometry.attrs.width = String(placed.width);
      geometry.attrs.height = String(placed.height);
      context.diagram.notes.push(
        `state ${node.name} is over 2,000 px: shapes beside it may overlap it`,
      );
    }
    nested.push(...placed.cells);
  }
  return {
    document: laid.document,
    cells: [...cells, ...nested],
    ...size,
  };
}

/** A composite state's inside, placed relative to its own top-left corner. */
async function placeComposite(
  node: StateNode,
  outer: Direction,
  context: Context,
): Promise<Placed | undefined> {
  const body = node.body;
  const regions = body?.regions.filter((r) => r.nodes.length > 0) ?? [];
  if (!body || regions.length === 0) return undefined;
  const direction = body.direction ?? outer;
  const laid: Placed[] = [];
  for (const region of regions) laid.push(await layoutRegion(region, direction, context));
  const title = measureText(stateLabel(node), 400);
  const minWidth = Math.max(120, title.width + 2 * PAD);
  if (laid.length === 1) {
    const only = laid[0] as Placed;
    const width = Math.max(minWidth, only.width + 2 * PAD);
    reparent(
      only.cells,
      "1",
      node.id,
      (width - only.width) / 2 - LAYOUT_MARGIN,
      TOP - LAYOUT_MARGIN,
    );
    return { ...only, width, height: TOP + only.height + PAD };
  }
  const across = direction === "down" || direction === "up";
  const outerW = Math.max(...laid.map((p) => p.width)) + 2 * REGION_PAD;
  const outerH = Math.max(...laid.map((p) => p.height)) + 2 * REGION_PAD;
  const cells: XmlElement[] = [];
  let offset = 0;
  laid.forEach((placed, i) => {
    const region = regions[i] as Region;
    const w = across ? placed.width + 2 * REGION_PAD : outerW;
    const h = across ? outerH : placed.height + 2 * REGION_PAD;
    const rect = {
      x: PAD + (across ? offset : 0),
      y: TOP + (across ? 0 : offset),
      width: w,
      height: h,
    };
    offset += across ? w : h;
    cells.push(vertexCell(region.id, "", regionStyle(context.theme), node.id, rect));
    reparent(
      placed.cells,
      "1",
      region.id,
      (w - placed.width) / 2 - LAYOUT_MARGIN,
      (h - placed.height) / 2 - LAYOUT_MARGIN,
    );
    cells.push(...placed.cells);
  });
  const width = Math.max(minWidth, (across ? offset : outerW) + 2 * PAD);
  const height = TOP + (across ? outerH : offset) + PAD;
  return { cells, width, height };
}

function regionStyle(theme: Theme): string {
  const stroke = theme === "dark" ? "#718096" : "#999999";
  return `rounded=0;dashed=1;fillColor=none;strokeColor=${stroke};html=1;container=1;collapsible=0;`;
}

type SpecNode = z.input<typeof GraphNodeSchema>;

function specNode(
  node: StateNode,
  direction: Direction,
  placed: Placed | undefined,
  edges: readonly StateEdge[],
): SpecNode {
  const base = { id: node.id, label: "" };
  switch (node.kind) {
    case "start":
    case "end":
      return { ...base, kind: node.kind, width: 30, height: 30 };
    case "choice":
      return { ...base, kind: "decision", width: 34, height: 34 };
    case "fork":
    case "join": {
      const degree = edges.filter((e) => e.from === node || e.to === node).length;
      const long = Math.max(80, 36 * degree);
      const along = direction === "down" || direction === "up";
      return { ...base, width: along ? long : 10, height: along ? 10 : long };
    }
    case "note":
      return { ...base, kind: "note", label: stateLabel(node), ...noteSize(stateLabel(node)) };
    default:
      return placed
        ? { ...base, width: Math.min(2000, placed.width), height: Math.min(2000, placed.height) }
        : { ...base, label: stateLabel(node) };
  }
}
