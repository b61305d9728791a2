import { instance } from "@viz-js/viz";
import { describe, expect, it } from "vitest";
import { dotLayout } from "../../../bench/quality/dot-layout.ts";
import { validateDocument } from "../../../worker/drawio/check/validate.ts";
import { type EdgeRoute, edgeRoutes } from "../../../worker/drawio/geometry/edge-routes.ts";
import { nodeBox } from "../../../worker/drawio/layout/boxes.ts";
import { midpoint } from "../../../worker/drawio/layout/edges/route.ts";
import {
  type GraphSpec,
  type GraphSpecInput,
  GraphSpecSchema,
} from "../../../worker/drawio/layout/spec.ts";
import type { Point, Rect } from "../../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import type { XmlElement } from "../../../worker/drawio/xml/nodes.ts";
import { pageRects } from "../../fixtures/page-rects.ts";

const chainDown: GraphSpecInput = {
  direction: "down",
  nodes: ["a", "b", "c", "d"].map((id) => ({ id, label: `Step ${id}` })),
  edges: [
    { from: "a", to: "b" },
    { from: "b", to: "c" },
    { from: "c", to: "d" },
  ],
};

const chainRight: GraphSpecInput = {
  direction: "right",
  nodes: [
    { id: "a", label: "Order placed", kind: "start" },
    { id: "b", label: "Pay" },
    { id: "c", label: "Paid?", kind: "decision" },
  ],
  edges: [
    { from: "a", to: "b" },
    { from: "b", to: "c", arrow: "both" },
  ],
};

const grouped: GraphSpecInput = {
  direction: "down",
  groups: [{ id: "g", label: "Payments" }],
  nodes: [
    { id: "a", label: "Charge card", group: "g" },
    { id: "b", label: "Accepted?", kind: "decision", group: "g" },
    { id: "c", label: "Done", kind: "end" },
  ],
  edges: [
    { from: "a", to: "b", label: "result" },
    { from: "b", to: "b", label: "retry" },
    { from: "b", to: "c", label: "yes" },
  ],
};

/** The page of a dot layout, read back the way the judge reads it. */
async function laidOut(input: GraphSpecInput) {
  const spec = GraphSpecSchema.parse(input);
  const result = await dotLayout(input);
  const document = parseDiagram(result.xml);
  const page = document.pages[0];
  if (!page) throw new Error("no page");
  const { layout, rect } = pageRects(page);
  return { spec, result, document, layout, rect, routes: edgeRoutes(layout) };
}

/** Signed distance (px) from a shape's outline: negative inside, positive outside. */
function outlineDistance(p: Point, r: Rect, kind: GraphSpec["nodes"][number]["kind"]): number {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const u = (p.x - cx) / (r.width / 2);
  const v = (p.y - cy) / (r.height / 2);
  const half = Math.min(r.width, r.height) / 2;
  if (kind === "decision") return (Math.abs(u) + Math.abs(v) - 1) * half;
  if (kind === "start" || kind === "end") return (Math.hypot(u, v) - 1) * half;
  const dx = Math.max(r.x - p.x, 0, p.x - r.x - r.width);
  const dy = Math.max(r.y - p.y, 0, p.y - r.y - r.height);
  if (dx > 0 || dy > 0) return Math.hypot(dx, dy);
  return -Math.min(p.x - r.x, r.x + r.width - p.x, p.y - r.y, r.y + r.height - p.y);
}

function labelOffset(route: EdgeRoute): Point {
  for (const child of route.edge.geometry?.children ?? []) {
    const el = child as XmlElement;
    if (el.name === "mxPoint" && el.attrs.as === "offset") {
      return { x: Number(el.attrs.x), y: Number(el.attrs.y) };
    }
  }
  return { x: 0, y: 0 };
}

describe("dotLayout", () => {
  it.each([
    ["chain down", chainDown],
    ["chain right", chainRight],
    ["group, labels, self loop", grouped],
  ] as const)("%s: valid, our box sizes, edge ends on the outlines", async (_name, input) => {
    const { spec, document, rect, routes } = await laidOut(input);
    expect(validateDocument(document)).toEqual([]);
    for (const node of spec.nodes) {
      const { shape } = nodeBox(node, spec.direction);
      expect(rect(node.id)).toMatchObject({ width: shape.width, height: shape.height });
    }
    expect(routes).toHaveLength(spec.edges.length);
    spec.edges.forEach((edge, i) => {
      const route = routes[i] as EdgeRoute;
      expect(route.ends.map((end) => end.cell?.id)).toEqual([edge.from, edge.to]);
      expect(route.ends.every((end) => end.pinned && !end.perimeter)).toBe(true);
      const kindOf = (id: string) => spec.nodes.find((n) => n.id === id)?.kind ?? "process";
      const first = outlineDistance(route.points[0] as Point, rect(edge.from), kindOf(edge.from));
      const last = outlineDistance(route.points.at(-1) as Point, rect(edge.to), kindOf(edge.to));
      if (edge.from === edge.to) {
        expect(first).toBeLessThanOrEqual(2);
        expect(last).toBeLessThanOrEqual(2);
      } else {
        expect(Math.abs(first)).toBeLessThanOrEqual(2);
        expect(Math.abs(last)).toBeLessThanOrEqual(2);
      }
      // Sampled curve points are close together; the first and last legs may be arrowheads.
      for (let k = 2; k < route.points.length - 1; k++) {
        const p = route.points[k - 1] as Point;
        const q = route.points[k] as Point;
        expect(Math.hypot(q.x - p.x, q.y - p.y)).toBeLessThanOrEqual(6.1);
      }
    });
  });

  it("follows the direction", async () => {
    const down = await laidOut(chainDown);
    const ys = ["a", "b", "c", "d"].map((id) => down.rect(id).y);
    expect(ys).toEqual([...ys].sort((p, q) => p - q));
    expect(new Set(ys).size).toBe(4);
    const right = await laidOut(chainRight);
    const xs = ["a", "b", "c"].map((id) => right.rect(id).x);
    expect(xs).toEqual([...xs].sort((p, q) => p - q));
    expect(new Set(xs).size).toBe(3);
  });

  it("keeps grouped nodes inside their group and puts labels where dot put them", async () => {
    const { result, rect, routes } = await laidOut(grouped);
    const group = rect("g");
    for (const id of ["a", "b"]) {
      const r = rect(id);
      expect(r.x).toBeGreaterThanOrEqual(group.x);
      expect(r.y).toBeGreaterThanOrEqual(group.y);
      expect(r.x + r.width).toBeLessThanOrEqual(group.x + group.width);
      expect(r.y + r.height).toBeLessThanOrEqual(group.y + group.height);
    }
    const c = rect("c");
    expect(c.y).toBeGreaterThan(group.y + group.height);

    // dot's own label centres, flipped and moved to the 40 px margin.
    const viz = await instance();
    const json = viz.renderJSON(result.dot, { format: "json0" }) as {
      bb: string;
      edges: { id: string; lp: string }[];
    };
    const [llx, , , ury] = json.bb.split(",").map(Number) as [number, number, number, number];
    routes.forEach((route, i) => {
      const lp = json.edges
        .find((e) => e.id === `e${i}`)
        ?.lp.split(",")
        .map(Number);
      if (!lp) throw new Error(`dot wrote no label for e${i}`);
      const want = { x: (lp[0] as number) - llx + 40, y: ury - (lp[1] as number) + 40 };
      const mid = midpoint(route.points);
      const offset = labelOffset(route);
      // draw.io rounds the distance along the line to a whole pixel.
      expect(Math.abs(mid.x + offset.x - want.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(mid.y + offset.y - want.y)).toBeLessThanOrEqual(1);
    });
  });

  it("is deterministic", async () => {
    expect((await dotLayout(grouped)).xml).toBe((await dotLayout(grouped)).xml);
  });
});
