/**
 * How stable "tidy up" is: lays out generated graphs, adds one node to each, runs
 * `relayoutPage` and counts the pairs of the original shapes whose order (left/right,
 * above/below) the re-layout changed. Returns figures and prints nothing; `bench/relayout-order.ts`
 * prints them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { graphSpecs, type NamedSpec } from "../../test/fixtures/graph-specs.ts";
import { qualitySpecs } from "../../test/fixtures/quality-specs.ts";
import type { Direction } from "../../worker/drawio/geometry/direction.ts";
import { edgeRoutes } from "../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../worker/drawio/geometry/page-layout.ts";
import { type LayoutOptions, layoutGraph } from "../../worker/drawio/layout/index.ts";
import { relayoutPage } from "../../worker/drawio/layout/relayout/index.ts";
import { GraphSpecSchema } from "../../worker/drawio/layout/spec.ts";
import { parseFlowchart } from "../../worker/drawio/mermaid/flowchart/parse.ts";
import { flowchartGraph } from "../../worker/drawio/mermaid/flowchart/spec.ts";
import { readMermaid } from "../../worker/drawio/mermaid/source.ts";
import type { DiagramDocument } from "../../worker/drawio/model/document.ts";
import { applyOperations } from "../../worker/drawio/operations/apply.ts";
import { judge } from "../quality/judge.ts";

/** The figures of one laid-out graph. */
export interface RelayoutOrderCase {
  name: string;
  /** Pairs of original shapes. */
  pairs: number;
  /** Pair-axes whose order reversed or was lost. */
  flipped: number;
  /** `flipped / (pairs × 2)`. */
  share: number;
  /** Pair-axes that had an order to lose (centres more than 1 px apart before). */
  compared: number;
  /** Edge crossings of the re-laid page, as the quality judge counts them. */
  crossings: number;
  /** Bends of all edges of the re-laid page, as draw.io draws them. */
  bends: number;
}

/** Options for {@link measureRelayoutOrder}. */
export interface RelayoutOrderOptions {
  /** Only the graphs whose name contains this. */
  only?: string;
  /** Passed to `relayoutPage` (default: its own default). */
  keepOrder?: boolean;
}

/** Graphs between these sizes (nodes) are measured. */
const MIN_NODES = 9;
const MAX_NODES = 300;
/** Centres closer than this along an axis have no order on it. */
const LEVEL = 1;

/**
 * The share of order changes a re-layout makes after one node is added. Every generated spec
 * of the quality bench (`qualitySpecs`, `graphSpecs`) and every Mermaid flowchart fixture with
 * 9–300 nodes is laid out with `layoutGraph`, changed by `addOne` (default {@link addOneBeside})
 * and laid out again with `relayoutPage` in the spec's direction. Over every pair of the
 * original shapes (vertices holding no other vertex; absolute centres before and after), each
 * axis counts as flipped when the centres were more than 1 px apart on it before and are now
 * the other way round or within 1 px. A pair whose centres were within 1 px on an axis before
 * is never flipped on it. A case's share is `flipped / (pairs × 2 axes)`, and `share` is the
 * total over all cases: `Σ flipped / Σ (pairs × 2)`.
 *
 * @example
 * const { share } = await measureRelayoutOrder(); // 0.03
 */
export async function measureRelayoutOrder(
  addOne: (doc: DiagramDocument) => DiagramDocument = addOneBeside,
  options: RelayoutOrderOptions = {},
): Promise<{ share: number; cases: RelayoutOrderCase[] }> {
  const cases: RelayoutOrderCase[] = [];
  for (const { name, spec, layout } of orderSpecs(options.only)) {
    const direction = GraphSpecSchema.parse(spec).direction as Direction;
    const { document } = await layoutGraph(spec, layout);
    const before = shapeCentres(document);
    const { document: relaid } = await relayoutPage(addOne(document), {
      direction,
      ...(options.keepOrder !== undefined ? { keepOrder: options.keepOrder } : {}),
    });
    const counted = orderFlips(before, shapeCentres(relaid));
    const share = counted.pairs === 0 ? 0 : counted.flipped / (counted.pairs * 2);
    cases.push({
      name,
      ...counted,
      share,
      crossings: judge(relaid, direction).crossings,
      bends: bendsOf(relaid),
    });
  }
  const flipped = cases.reduce((sum, c) => sum + c.flipped, 0);
  const axes = cases.reduce((sum, c) => sum + c.pairs * 2, 0);
  return { share: axes === 0 ? 0 : flipped / axes, cases };
}

/**
 * Adds a 120×60 vertex just right of the page's shapes, level with a shape in the middle of
 * the document order and in the same parent (so a lane's step stays in its lane), and an edge
 * from that shape to it: what a person does before asking for a tidy-up.
 *
 * @example
 * const changed = addOneBeside(document);
 */
export function addOneBeside(doc: DiagramDocument): DiagramDocument {
  const page = doc.pages[0];
  if (!page) throw new Error("no page");
  const layout = new PageLayout(page);
  const shapes = [...shapeCentres(doc).keys()];
  const anchor = layout.get(shapes[Math.floor(shapes.length / 2)]);
  const rect = anchor && layout.absoluteRect(anchor);
  if (!anchor || !rect) throw new Error("no shape to connect to");
  let right = Number.NEGATIVE_INFINITY;
  for (const cell of layout.cells) {
    const r = cell.vertex ? layout.absoluteRect(cell) : undefined;
    if (r) right = Math.max(right, r.x + r.width);
  }
  const parent = anchor.parent;
  const origin = (parent && layout.origin(parent)) ?? { x: 0, y: 0 };
  const x = right + 40 - origin.x;
  const y = rect.y + rect.height / 2 - 30 - origin.y;
  const id = "relayout-order-new";
  const vertex = `<mxCell id="${id}" value="New step" style="rounded=1;whiteSpace=wrap;html=1;" vertex="1" parent="${parent?.id ?? "1"}"><mxGeometry x="${x}" y="${y}" width="120" height="60" as="geometry"/></mxCell>`;
  const edge = `<mxCell id="${id}-edge" edge="1" parent="1" source="${anchor.id}" target="${id}"><mxGeometry relative="1" as="geometry"/></mxCell>`;
  return applyOperations(doc, [
    { op: "add", xml: vertex },
    { op: "add", xml: edge },
  ]).document;
}

/**
 * Adds one node the way a conversation does: `add_graph` with a new step linked from the same
 * mid-graph shape as {@link addOneBeside}, in its container when it has one, placed by the
 * engine.
 *
 * @example
 * await measureRelayoutOrder(addOneByAddGraph);
 */
export function addOneByAddGraph(doc: DiagramDocument): DiagramDocument {
  const page = doc.pages[0];
  if (!page) throw new Error("no page");
  const layout = new PageLayout(page);
  const shapes = [...shapeCentres(doc).keys()];
  const anchor = layout.get(shapes[Math.floor(shapes.length / 2)]);
  if (!anchor) throw new Error("no shape to connect to");
  const parent = anchor.parent?.vertex ? anchor.parent.id : undefined;
  const id = "relayout-order-new";
  const node = { id, label: "New step", ...(parent === undefined ? {} : { group: parent }) };
  return applyOperations(doc, [
    { op: "add_graph", graph: { nodes: [node], edges: [{ from: anchor.id, to: id }] } },
  ]).document;
}

/**
 * Over every pair of the shapes of `before`, the axes on which their order was lost (see
 * {@link measureRelayoutOrder}). Shapes missing from `after` are left out.
 *
 * @example
 * orderFlips(new Map([["a", { x: 0, y: 0 }], ["b", { x: 50, y: 0 }]]), after); // { pairs: 1, … }
 */
export function orderFlips(
  before: ReadonlyMap<string, { x: number; y: number }>,
  after: ReadonlyMap<string, { x: number; y: number }>,
): { pairs: number; compared: number; flipped: number } {
  const ids = [...before.keys()].filter((id) => after.has(id));
  const side = (d: number) => (Math.abs(d) <= LEVEL ? 0 : Math.sign(d));
  let compared = 0;
  let flipped = 0;
  for (let i = 0; i < ids.length; i++) {
    const a0 = before.get(ids[i] as string) as { x: number; y: number };
    const a1 = after.get(ids[i] as string) as { x: number; y: number };
    for (let j = i + 1; j < ids.length; j++) {
      const b0 = before.get(ids[j] as string) as { x: number; y: number };
      const b1 = after.get(ids[j] as string) as { x: number; y: number };
      for (const axis of ["x", "y"] as const) {
        const was = side(b0[axis] - a0[axis]);
        if (was === 0) continue;
        compared++;
        if (side(b1[axis] - a1[axis]) !== was) flipped++;
      }
    }
  }
  return { pairs: (ids.length * (ids.length - 1)) / 2, compared, flipped };
}

/** The bends of every edge of the first page, as draw.io draws its route. */
function bendsOf(doc: DiagramDocument): number {
  const page = doc.pages[0];
  if (!page) return 0;
  return edgeRoutes(new PageLayout(page)).reduce((n, r) => n + Math.max(0, r.points.length - 2), 0);
}

/** Absolute centres of the first page's shapes (vertices holding no other vertex), in order. */
function shapeCentres(doc: DiagramDocument): Map<string, { x: number; y: number }> {
  const page = doc.pages[0];
  if (!page) throw new Error("no page");
  const layout = new PageLayout(page);
  const holders = new Set(layout.cells.flatMap((c) => (c.vertex && c.parent ? [c.parent] : [])));
  const centres = new Map<string, { x: number; y: number }>();
  for (const cell of layout.cells) {
    if (!cell.vertex || cell.relative || holders.has(cell)) continue;
    const r = layout.absoluteRect(cell);
    if (r) centres.set(cell.id, { x: r.x + r.width / 2, y: r.y + r.height / 2 });
  }
  return centres;
}

/** A graph to measure, with the layout options it needs. */
type OrderSpec = NamedSpec & { layout?: LayoutOptions };

/** The graphs measured: generated specs and Mermaid flowcharts of 9–300 nodes. */
function orderSpecs(only: string | undefined): OrderSpec[] {
  return [...qualitySpecs(), ...graphSpecs(), ...flowchartSpecs()].filter(
    ({ name, spec }) =>
      spec.nodes.length >= MIN_NODES &&
      spec.nodes.length <= MAX_NODES &&
      (spec.edges?.length ?? 0) > 0 &&
      (only === undefined || name.includes(only)),
  );
}

/** The Mermaid flowchart fixtures as specs (`mermaid/<file>`). */
function flowchartSpecs(): OrderSpec[] {
  const dir = new URL("../../test/fixtures/mermaid/flowchart/", import.meta.url);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".mmd"))
    .sort()
    .map((file) => {
      const text = readFileSync(new URL(file, dir), "utf8");
      const { model, direction } = parseFlowchart(readMermaid(text));
      const { spec, options } = flowchartGraph(model, direction, "default");
      return { name: `mermaid/${file.replace(/\.mmd$/, "")}`, spec, layout: options };
    });
}
