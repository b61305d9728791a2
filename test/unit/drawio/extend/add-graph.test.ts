import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { AddGraphSchema, extendPage } from "../../../../worker/drawio/extend/index.ts";
import type { Rect } from "../../../../worker/drawio/model/cell.ts";
import type { DiagramDocument } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { applyOperations } from "../../../../worker/drawio/operations/apply.ts";
import { boxes, centre, HAND_LAID, inside, page, problems } from "./extend-helpers.ts";

function refusal(doc: DiagramDocument, ops: unknown[]) {
  try {
    applyOperations(doc, ops);
  } catch (error) {
    if (error instanceof DrawioError)
      return { code: error.code, ...error.operation, message: error.message };
    throw error;
  }
  throw new Error("the batch was applied");
}

describe("add_graph", () => {
  const doc = parseDiagram(HAND_LAID);

  it("appends a node after the shape it hangs off, along the flow, moving nothing", () => {
    const result = applyOperations(doc, [
      {
        op: "add_graph",
        graph: {
          nodes: [{ id: "audit", label: "Audit log" }],
          edges: [{ from: "db", to: "audit" }],
        },
      },
    ]);
    const b = boxes(result.document);
    const db = b.get("db") as Rect;
    const audit = b.get("audit") as Rect;
    expect(audit.y).toBeGreaterThan(db.y + db.height); // below: this page flows down
    expect(Math.abs(centre(audit).x - centre(db).x)).toBeLessThan(200);
    expect(result.changed).toEqual(expect.arrayContaining(["audit", "e-db-audit"]));
    expect(result.moved).toEqual([]);
    expect(problems(doc, result.document, result.changed)).toEqual([]);
    expect(validateDocument(result.document).filter((f) => f.severity === "error")).toEqual([]);
  });

  it("puts a node inserted into a link between its two ends when there is room", () => {
    const result = applyOperations(doc, [
      { op: "delete", id: "e1" },
      {
        op: "add_graph",
        graph: {
          nodes: [{ id: "cache", label: "Cache", kind: "database" }],
          edges: [
            { from: "api", to: "cache", label: "reads" },
            { from: "cache", to: "db" },
          ],
        },
      },
    ]);
    const b = boxes(result.document);
    const [api, db, cache] = ["api", "db", "cache"].map((id) => b.get(id) as Rect) as [
      Rect,
      Rect,
      Rect,
    ];
    expect(cache.y).toBeGreaterThan(api.y + api.height);
    expect(cache.y + cache.height).toBeLessThan(db.y);
    expect(problems(doc, result.document, result.changed)).toEqual([]);
  });

  it("places a node beside a link too short to hold it", () => {
    const result = applyOperations(doc, [
      {
        op: "add_graph",
        graph: {
          nodes: [{ id: "auth", label: "Auth" }],
          edges: [
            { from: "web", to: "auth" },
            { from: "auth", to: "api" },
          ],
        },
      },
    ]);
    expect(problems(doc, result.document, result.changed)).toEqual([]);
  });

  it("links two existing shapes with a labelled edge and no new node", () => {
    const result = applyOperations(doc, [
      { op: "add_graph", graph: { edges: [{ from: "web", to: "svc2", label: "places orders" }] } },
    ]);
    expect(result.changed).toEqual(["e-web-svc2"]);
    expect(problems(doc, result.document, result.changed)).toEqual([]);
  });

  it("adds a node inside a container, and grows a full one", () => {
    const roomy = applyOperations(doc, [
      {
        op: "add_graph",
        graph: {
          nodes: [{ id: "pay", label: "Payments", group: "backend" }],
          edges: [{ from: "svc1", to: "pay" }],
        },
      },
    ]);
    const b = boxes(roomy.document);
    expect(inside(b.get("backend") as Rect, b.get("pay") as Rect)).toBe(true);
    expect(problems(doc, roomy.document, roomy.changed, ["backend"])).toEqual([]);

    const full = applyOperations(doc, [
      {
        op: "add_graph",
        graph: {
          nodes: ["a", "b", "c"].map((id) => ({ id, label: `Worker ${id}`, group: "backend" })),
          edges: [
            { from: "svc2", to: "a" },
            { from: "a", to: "b" },
            { from: "b", to: "c" },
          ],
        },
      },
    ]);
    const f = boxes(full.document);
    for (const id of ["a", "b", "c"])
      expect(inside(f.get("backend") as Rect, f.get(id) as Rect)).toBe(true);
    expect(f.get("backend")?.height).toBeGreaterThan(250);
    expect(full.changed).toContain("backend");
    expect(problems(doc, full.document, full.changed, ["backend"])).toEqual([]);
  });

  it("grows a full container over a neighbour only when it is hemmed in, and says so", () => {
    const hemmed = parseDiagram(
      HAND_LAID.replace('x="1100" y="40" width="80"', 'x="800" y="40" width="80"'),
    );
    const graph = {
      nodes: ["a", "b", "c"].map((id) => ({ id, label: `Worker ${id}`, group: "backend" })),
      edges: [
        { from: "svc2", to: "a" },
        { from: "a", to: "b" },
        { from: "b", to: "c" },
      ],
    };
    const placed = extendPage(page(hemmed), AddGraphSchema.parse(graph));
    expect(placed.notes).toEqual(['"backend" grew to hold "c" and now touches a shape beside it']);
    const result = applyOperations(hemmed, [{ op: "add_graph", graph }]);
    const b = boxes(result.document);
    for (const id of ["a", "b", "c"])
      expect(inside(b.get("backend") as Rect, b.get(id) as Rect)).toBe(true);
    expect(problems(hemmed, result.document, ["a", "b", "c"], ["backend"])).toEqual([]);
  });

  it("grows the lanes of a pool together", () => {
    const result = applyOperations(doc, [
      {
        op: "add_graph",
        graph: {
          nodes: ["s1", "s2", "s3"].map((id) => ({ id, label: `Step ${id}`, group: "lane1" })),
          edges: [
            { from: "l1b", to: "s1" },
            { from: "s1", to: "s2" },
            { from: "s2", to: "s3" },
          ],
        },
      },
    ]);
    const b = boxes(result.document);
    for (const id of ["s1", "s2", "s3"])
      expect(inside(b.get("lane1") as Rect, b.get(id) as Rect)).toBe(true);
    const [lane1, lane2, pool] = ["lane1", "lane2", "pool"].map((id) => b.get(id) as Rect) as [
      Rect,
      Rect,
      Rect,
    ];
    expect(lane1.width).toBe(lane2.width);
    expect(inside(pool, lane1) && inside(pool, lane2)).toBe(true);
    expect(lane2.y).toBeGreaterThanOrEqual(lane1.y + lane1.height - 0.5);
    expect(problems(doc, result.document, result.changed, ["pool", "lane1", "lane2"])).toEqual([]);
  });

  it("places a chain of three new nodes hung off one shape", () => {
    const result = applyOperations(doc, [
      {
        op: "add_graph",
        graph: {
          nodes: [
            { id: "n1", label: "Validate" },
            { id: "n2", label: "Enrich" },
            { id: "n3", label: "Store" },
          ],
          edges: [
            { from: "db", to: "n1" },
            { from: "n1", to: "n2" },
            { from: "n2", to: "n3" },
          ],
        },
      },
    ]);
    expect(problems(doc, result.document, result.changed)).toEqual([]);
  });

  it("lays a new group out around its members", () => {
    const result = applyOperations(doc, [
      {
        op: "add_graph",
        graph: {
          groups: [{ id: "obs", label: "Observability", kind: "zone" }],
          nodes: [
            { id: "logs", label: "Logs", group: "obs" },
            { id: "metrics", label: "Metrics", group: "obs" },
          ],
          edges: [
            { from: "api", to: "logs" },
            { from: "api", to: "metrics" },
          ],
        },
      },
    ]);
    const b = boxes(result.document);
    for (const id of ["logs", "metrics"])
      expect(inside(b.get("obs") as Rect, b.get(id) as Rect)).toBe(true);
    expect(problems(doc, result.document, result.changed)).toEqual([]);
  });

  it("with make_room, shifts what is in the way along the flow and says what moved", () => {
    const tight =
      parseDiagram(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="A" vertex="1" parent="1"><mxGeometry x="100" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="b" value="B" vertex="1" parent="1"><mxGeometry x="100" y="140" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="c" value="C" vertex="1" parent="1"><mxGeometry x="100" y="240" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="ab" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="bc" edge="1" parent="1" source="b" target="c"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`);
    const graph = {
      nodes: [{ id: "x", label: "X" }],
      edges: [
        { from: "a", to: "x" },
        { from: "x", to: "b" },
      ],
    };
    const kept = applyOperations(tight, [
      { op: "delete", id: "ab" },
      { op: "add_graph", graph },
    ]);
    expect(kept.moved).toEqual([]);
    const made = applyOperations(tight, [
      { op: "delete", id: "ab" },
      { op: "add_graph", graph, make_room: true },
    ]);
    expect(made.moved).toEqual(["b", "c"]);
    const b = boxes(made.document);
    const [a, x, bb] = ["a", "x", "b"].map((id) => b.get(id) as Rect) as [Rect, Rect, Rect];
    expect(x.y).toBeGreaterThan(a.y + a.height);
    expect(bb.y).toBeGreaterThan(x.y + x.height);
    expect(Math.abs(centre(x).x - centre(a).x)).toBeLessThan(1);
  });

  it("follows a diagram that flows right", () => {
    const right =
      parseDiagram(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="A" vertex="1" parent="1"><mxGeometry x="40" y="100" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="b" value="B" vertex="1" parent="1"><mxGeometry x="240" y="100" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="ab" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`);
    const result = applyOperations(right, [
      {
        op: "add_graph",
        graph: { nodes: [{ id: "c", label: "C" }], edges: [{ from: "b", to: "c" }] },
      },
    ]);
    const b = boxes(result.document);
    expect((b.get("c") as Rect).x).toBeGreaterThan(360);
    expect(Math.abs(centre(b.get("c") as Rect).y - 130)).toBeLessThan(1);
  });

  it("draws new nodes in the page's dark theme", () => {
    const dark = parseDiagram(
      HAND_LAID.replace("<mxGraphModel>", '<mxGraphModel background="#1a202c">'),
    );
    const result = applyOperations(dark, [
      {
        op: "add_graph",
        graph: { nodes: [{ id: "n", label: "N" }], edges: [{ from: "db", to: "n" }] },
      },
    ]);
    const xml = serializeDiagram(result.document);
    expect(xml).toMatch(/id="n"[^>]*fontColor=#f7fafc|fontColor=#f7fafc[^>]*id="n"/);
  });

  it.each([
    [
      "an edge to an unknown id",
      { edges: [{ from: "api", to: "nope" }] },
      "unknown_target",
      "nope",
    ],
    [
      "an edge from an unknown id",
      { edges: [{ from: "nope", to: "api" }] },
      "unknown_source",
      "nope",
    ],
    ["a node whose id is taken", { nodes: [{ id: "api", label: "again" }] }, "duplicate_id", "api"],
    [
      "a parent that is not a container",
      { nodes: [{ id: "n", group: "api" }] },
      "not_a_container",
      "api",
    ],
    [
      "a parent that does not exist",
      { nodes: [{ id: "n", group: "zzz" }] },
      "unknown_parent",
      "zzz",
    ],
    [
      "groups nested in a cycle",
      {
        groups: [
          { id: "g1", parent: "g2" },
          { id: "g2", parent: "g1" },
        ],
      },
      "parent_cycle",
      "g1",
    ],
    ["an edge to an edge", { edges: [{ from: "api", to: "e1" }] }, "unknown_target", "e1"],
  ])(
    "refuses %s, naming the operation and the id, and changes nothing",
    (_, graph, code, target) => {
      const before = serializeDiagram(doc);
      const r = refusal(doc, [
        { op: "set_label", id: "api", value: "x" },
        { op: "add_graph", graph },
      ]);
      expect(r).toMatchObject({ code, index: 1, op: "add_graph", target });
      expect(r.message).toContain("operation 1 (add_graph");
      expect(serializeDiagram(doc)).toBe(before);
    },
  );

  it("refuses, before any work, an addition too costly to place on a large or deeply nested page", () => {
    let cells = "";
    for (let i = 0; i < 600; i++) {
      const parent = i === 0 ? "1" : `c${i - 1}`;
      cells += `<mxCell id="c${i}" style="container=1;" vertex="1" parent="${parent}"><mxGeometry x="2" y="2" width="${5000 - i * 4}" height="${5000 - i * 4}" as="geometry"/></mxCell>`;
    }
    const nested = parseDiagram(
      `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`,
    );
    const nodes = Array.from({ length: 20 }, (_, i) => ({ id: `n${i}`, group: "c599" }));
    const started = performance.now();
    const r = refusal(nested, [{ op: "add_graph", graph: { nodes } }]);
    expect(r).toMatchObject({ code: "extend_too_expensive", index: 0, op: "add_graph" });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses an empty graph as an invalid operation", () => {
    expect(refusal(doc, [{ op: "add_graph", graph: {} }]).code).toBe("invalid_operation");
  });
});
