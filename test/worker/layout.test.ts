import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { api, createDiagram, expectProblem } from "./api.ts";

const GRAPH = {
  direction: "right",
  title: "Checkout",
  nodes: [
    { id: "cart", label: "Cart", group: "shop" },
    { id: "pay", label: "Pay?", kind: "decision", group: "shop" },
    { id: "fn", label: "Charge card", kind: "icon", shape: "mxgraph.aws4.lambda_function" },
    { id: "db", label: "Orders", kind: "database" },
  ],
  edges: [
    { from: "cart", to: "pay" },
    { from: "pay", to: "fn", label: "yes" },
    { from: "pay", to: "cart", label: "no", kind: "dashed" },
    { from: "fn", to: "db" },
  ],
  groups: [{ id: "shop", label: "Shop", kind: "swimlane" }],
};

describe("POST /v1/layout", () => {
  it("lays out a graph without storing it: valid, no overlaps, no edges through shapes", async () => {
    const res = await api("/v1/layout", { method: "POST", body: { graph: GRAPH } });
    expect(res.status).toBe(200);
    expect(res.json.findings).toEqual([]);
    const geometry = res.json.lint.filter(
      (f: { code: string }) => f.code === "overlap" || f.code === "edge_crosses_vertex",
    );
    expect(geometry).toEqual([]);
    const doc = parseDiagram(res.json.xml);
    const ids = doc.pages[0]?.cells.map((c) => c.attrs.id);
    expect(ids).toEqual(expect.arrayContaining(["cart", "pay", "fn", "db", "shop"]));
    const again = await api("/v1/layout", { method: "POST", body: { graph: GRAPH } });
    expect(again.json.xml).toBe(res.json.xml);
  });

  it("lays a group out in its own direction, or says in lint why it could not", async () => {
    const graph = (edges: { from: string; to: string }[]) => ({
      direction: "down",
      nodes: [{ id: "start" }, { id: "a", group: "row" }, { id: "b", group: "row" }],
      edges: [{ from: "a", to: "b" }, ...edges],
      groups: [{ id: "row", label: "Row", direction: "right" }],
    });
    const kept = await api("/v1/layout", { method: "POST", body: { graph: graph([]) } });
    expect(kept.status).toBe(200);
    expect(kept.json.lint).toEqual([]);
    const crossed = await api("/v1/layout", {
      method: "POST",
      body: { graph: graph([{ from: "start", to: "a" }]) },
    });
    expect(crossed.status).toBe(200);
    expect(crossed.json.lint).toEqual([
      expect.objectContaining({
        code: "direction_not_applied",
        severity: "warning",
        cellId: "row",
        message: expect.stringContaining("edge 1 (start → a) crosses its border"),
      }),
    ]);
  });

  it("names every bad reference, duplicate and group cycle in one 422", async () => {
    const bad = {
      nodes: [
        { id: "a", label: "A", group: "nowhere" },
        { id: "a", label: "again" },
      ],
      edges: [{ from: "a", to: "ghost" }],
      groups: [
        { id: "g1", parent: "g2" },
        { id: "g2", parent: "g1" },
      ],
    };
    const problem = expectProblem(
      await api("/v1/layout", { method: "POST", body: { graph: bad } }),
      422,
      "invalid_graph",
    );
    const codes = problem.problems.map((p: { code: string }) => p.code).sort();
    expect(codes).toEqual(
      expect.arrayContaining(["duplicate_id", "group_cycle", "unknown_group", "unknown_node"]),
    );
    expectProblem(
      await api("/v1/layout", { method: "POST", body: { graph: { nodes: [] } } }),
      422,
      "invalid_request",
    );
  });
});

describe("POST /v1/layout within its bounds (issue #31)", () => {
  it("refuses a star of 1,999 leaves before laying it out", async () => {
    // It took ELK 4–7 s, holding up every other request of the isolate.
    const nodes = Array.from({ length: 2_000 }, (_, i) => ({ id: `n${i}`, label: `node ${i}` }));
    const edges = nodes.slice(1).map((n) => ({ from: "n0", to: n.id }));
    const started = Date.now();
    const res = await api("/v1/layout", { method: "POST", body: { graph: { nodes, edges } } });
    const problem = expectProblem(res, 422, "layout_too_expensive");
    expect(problem.detail).toMatch(/layout work .* over the limit of 4,500/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("diagrams from graphs, and tidying up", () => {
  it("creates a diagram from a graph", async () => {
    const res = await api("/v1/diagrams", { method: "POST", body: { graph: GRAPH } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: "Checkout",
      version: 1,
      stats: { vertices: 5, edges: 4 },
    });
    const both = await api("/v1/diagrams", {
      method: "POST",
      body: { graph: GRAPH, xml: "<mxGraphModel/>" },
    });
    expectProblem(both, 422, "invalid_request");
  });

  it("re-lays out a stored diagram as a new version, keeping every cell", async () => {
    const messy =
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
      '<mxCell id="a" value="A" style="fillColor=#f00;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="120" height="60" as="geometry"/></mxCell>' +
      '<mxCell id="b" value="B" vertex="1" parent="1"><mxGeometry x="30" y="20" width="120" height="60" as="geometry"/></mxCell>' +
      '<mxCell id="c" value="C" vertex="1" parent="1"><mxGeometry x="60" y="40" width="120" height="60" as="geometry"/></mxCell>' +
      '<mxCell id="e1" value="go" style="endArrow=open;edgeStyle=orthogonalEdgeStyle;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>' +
      '<mxCell id="e2" edge="1" parent="1" source="b" target="c"><mxGeometry relative="1" as="geometry"/></mxCell>' +
      "</root></mxGraphModel>";
    const id = await createDiagram(messy);
    const before = await api(`/v1/diagrams/${id}/layout`, { method: "POST", body: {} });
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ version: 2 });
    expect(before.json.moved.sort()).toEqual(["a", "b", "c"]);
    expect(before.json.routed.sort()).toEqual(["e1", "e2"]);
    const lint = await api("/v1/validate", {
      method: "POST",
      body: { xml: (await api(`/v1/diagrams/${id}`)).json.xml },
    });
    expect(lint.json.valid).toBe(true);
    const head = parseDiagram((await api(`/v1/diagrams/${id}`)).json.xml);
    const a = head.pages[0]?.cells.find((c) => c.attrs.id === "a");
    expect(a?.attrs.style).toBe("fillColor=#f00;");
    const e1 = head.pages[0]?.cells.find((c) => c.attrs.id === "e1");
    expect(e1?.attrs.style).toContain("endArrow=open");
    expect(e1?.attrs.style).not.toContain("edgeStyle");
    expectProblem(
      await api(`/v1/diagrams/${id}/layout`, { method: "POST", body: { container_id: "nope" } }),
      404,
      "cell_not_found",
    );
    expectProblem(
      await api(`/v1/diagrams/${id}/layout`, {
        method: "POST",
        body: {},
        headers: { "if-match": '"1"' },
      }),
      412,
      "version_mismatch",
    );
  });
});
