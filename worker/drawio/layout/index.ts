/**
 * @module layout
 * Graph spec → laid-out draw.io page (`layoutGraph`), the spec's schema and checks, and
 * re-laying out a drawn page (`relayoutPage`).
 */
import type { ElkNode } from "elkjs/lib/elk-api.js";
import type { WorkBudget } from "../budget.ts";
import type { Finding } from "../check/findings.ts";
import type { DiagramDocument } from "../model/document.ts";
import type { LibraryShapes } from "../shapes/library-style.ts";
import { checkSpec } from "./check.ts";
import { checkLayoutSize } from "./cost.ts";
import { runElk } from "./elk.ts";
import { elkPlan, unwrapGroups } from "./elk-graph.ts";
import { finishPage } from "./finish.ts";
import type { GroupEnds } from "./group-directions.ts";
import { laidOutDocument, writeLaidOut } from "./laid-out-document.ts";
import { drawLayered } from "./layers/draw.ts";
import { joinChains, layeredPlan } from "./layers/plan.ts";
import { libraryCellStyle, withLibraryShapes } from "./library-nodes.ts";
import { layoutPool, poolOf } from "./pool/index.ts";
import { type GraphSpec, type GraphSpecInput, GraphSpecSchema } from "./spec.ts";
import { themeBackground } from "./themes.ts";
import { toCells } from "./to-cells.ts";

export type { SpecProblem } from "./check.ts";
export { checkSpec } from "./check.ts";
export { LAYOUT_LIMITS } from "./cost.ts";
export { clearEdgeLabels } from "./edges/label-placement.ts";
export type { RelayoutOptions, RelayoutResult } from "./relayout/index.ts";
export { relayoutPage } from "./relayout/index.ts";
export * from "./spec.ts";

/** The result of {@link layoutGraph}. */
export interface LaidOut {
  /** An uncompressed `<mxfile>` with one page. */
  xml: string;
  document: DiagramDocument;
  width: number;
  height: number;
  /**
   * What the layout could not do as the spec asked (`direction_not_applied`: a group's own
   * direction, when an edge crosses its border), as warnings.
   */
  notes: Finding[];
}

/** Options for {@link layoutGraph}. */
export interface LayoutOptions {
  /**
   * Library shapes (a `ShapeCatalog`). With them, a node whose `shape` (or `style`) names one
   * (`mxgraph.aws4.api_gateway`, `mxgraph.kubernetes.pod`, `mxgraph.azure2.virtual_machine`…)
   * is drawn with draw.io's exact style for it, and an icon takes its proportions.
   */
  shapes?: LibraryShapes;
  /**
   * For converters (not the HTTP API): per edge, the groups its ends stand for, such as a Mermaid
   * link to a subgraph written as an edge to a node inside it. An end joins its group's border
   * when the group is laid out in its own direction, and stays on its node otherwise.
   */
  groupEnds?: GroupEnds;
  /**
   * For converters: HTML labels (only `<b>`, `<i>`, `<br>` and escaped text) by node id, written
   * instead of the node's label, which still sizes the node. For emphasis in part of a label.
   */
  richLabels?: ReadonlyMap<string, string>;
  /**
   * For converters that lay out several graphs for one request (a Mermaid state diagram lays
   * out each composite state): one budget all their ELK runs are charged to, in the units of
   * `LAYOUT_LIMITS`, instead of each run's own limit. Its error is the converter's.
   */
  budget?: WorkBudget;
}

/**
 * Lays out a graph spec (layered, orthogonal routing: our own engine for a graph without
 * groups, ELK with groups as compound nodes) and writes it as draw.io XML. Deterministic: the
 * same spec always gives the same XML. Throws the schema's `ZodError` for a malformed spec, an
 * `invalid_graph` `DrawioError` for unknown references, duplicate ids or group cycles, and
 * `layout_too_expensive` (before any layout work) for a graph over `LAYOUT_LIMITS`.
 *
 * @example
 * const { xml } = await layoutGraph({ nodes: [{ id: "a", label: "Cart" }, { id: "b", label: "Pay" }],
 *   edges: [{ from: "a", to: "b" }] });
 * await layoutGraph({ nodes: [{ id: "gw", kind: "icon", shape: "mxgraph.aws4.api_gateway" }] },
 *   { shapes: shapeCatalog() });
 */
export async function layoutGraph(
  input: GraphSpecInput,
  options: LayoutOptions = {},
): Promise<LaidOut> {
  const parsed = GraphSpecSchema.parse(input);
  checkSpec(parsed);
  checkLayoutSize(parsed.nodes.length + parsed.groups.length, parsed.edges.length);
  const spec = options.shapes ? withLibraryShapes(parsed, options.shapes) : parsed;
  const pool = poolOf(spec);
  const plan = elkPlan(spec, { pool: pool !== undefined, ends: options.groupEnds ?? [] });
  let laid: ElkNode;
  if (pool) laid = layoutPool(spec, plan, pool, options.budget);
  else if (spec.groups.length === 0) {
    // Without groups, the whole layout is ours (`layers/`): layers, order, places and routes.
    const layered = layeredPlan(spec, plan, options.budget);
    laid = joinChains(drawLayered(plan.root, layered, plan.nodes, spec.direction), layered);
  } else laid = unwrapGroups(await runElk(plan.root, options.budget));
  const taken = new Set([...spec.nodes.map((n) => n.id), ...spec.groups.map((g) => g.id)]);
  const root = taken.has("0") || taken.has("1") ? "__root" : "0";
  const layer = root === "0" ? "1" : "__layer";
  const { shapes } = options;
  const restyle =
    shapes && ((style: string) => libraryCellStyle(style, shapes, spec.theme) ?? style);
  const cells = toCells(
    spec,
    plan,
    laid,
    {
      layer,
      lanesAsRows: pool !== undefined && isRows(spec),
      ...(options.richLabels ? { html: options.richLabels } : {}),
    },
    restyle,
  );
  const width = Math.ceil((laid.width ?? 0) + 80);
  const height = Math.ceil((laid.height ?? 0) + 80);
  const drawn = laidOutDocument({
    cells,
    root,
    layer,
    width,
    height,
    title: spec.title,
    background: themeBackground(spec.theme),
  });
  const { document } = finishPage(drawn);
  const xml = writeLaidOut(document);
  return { xml, document, width, height, notes: plan.directions.notes };
}

/** Lanes of a pool laid out along `right`/`left` are rows, their headers on the left. */
function isRows(spec: GraphSpec): boolean {
  return spec.direction === "right" || spec.direction === "left";
}
