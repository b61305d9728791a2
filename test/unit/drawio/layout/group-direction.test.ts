import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { type GraphSpecInput, layoutGraph } from "../../../../worker/drawio/layout/index.ts";
import { lintDocument } from "../../../../worker/drawio/lint/index.ts";
import { pageRects } from "../../../fixtures/page-rects.ts";

/** Lays a spec out and checks it as the layout tests do: valid, no overlap, no edge through a shape. */
async function laidOut(spec: GraphSpecInput) {
  const result = await layoutGraph(spec);
  expect(validateDocument(result.document)).toEqual([]);
  const lint = lintDocument(result.document).filter(
    (f) => f.code === "overlap" || f.code === "edge_crosses_vertex",
  );
  expect(lint.map((f) => f.message)).toEqual([]);
  const page = result.document.pages[0];
  if (!page) throw new Error("no page");
  const { rect, centre } = pageRects(page);
  const edges = page.cells.filter((c) => c.attrs.edge === "1");
  return { ...result, rect, centre, edges };
}

const chain = (ids: string[]) => ids.slice(1).map((to, k) => ({ from: ids[k] as string, to }));

describe("a group's own direction", () => {
  it("lays a right-running group out as a row inside a top-down chart", async () => {
    const { centre, rect, notes, edges } = await laidOut({
      direction: "down",
      nodes: [
        { id: "start" },
        { id: "a", label: "Pick", group: "row" },
        { id: "b", label: "Pack", group: "row" },
        { id: "c", label: "Ship", group: "row" },
        { id: "end" },
      ],
      edges: [...chain(["a", "b", "c"]), { from: "start", to: "end" }],
      groups: [{ id: "row", label: "Warehouse", direction: "right" }],
    });
    expect(notes).toEqual([]);
    const [a, b, c] = ["a", "b", "c"].map(centre) as [
      { x: number; y: number },
      { x: number; y: number },
      { x: number; y: number },
    ];
    expect(b.y).toBe(a.y);
    expect(c.y).toBe(a.y);
    expect(b.x).toBeGreaterThan(a.x);
    expect(c.x).toBeGreaterThan(b.x);
    // The outer flow still runs down, and the group holds its row.
    expect(centre("end").y).toBeGreaterThan(centre("start").y);
    const row = rect("row");
    for (const id of ["a", "b", "c"]) {
      const r = rect(id);
      expect(r.x).toBeGreaterThanOrEqual(row.x);
      expect(r.x + r.width).toBeLessThanOrEqual(row.x + row.width);
    }
    expect(edges).toHaveLength(3);
  });

  it("follows the parent's direction when an edge crosses the border, and says which", async () => {
    const { centre, notes } = await laidOut({
      direction: "down",
      nodes: [{ id: "start" }, { id: "a", group: "row" }, { id: "b", group: "row" }],
      edges: [{ from: "start", to: "a" }, ...chain(["a", "b"])],
      groups: [{ id: "row", direction: "right" }],
    });
    expect(centre("b").y).toBeGreaterThan(centre("a").y);
    expect(notes).toEqual([
      {
        code: "direction_not_applied",
        severity: "warning",
        cellId: "row",
        message:
          'group "row" is laid out down like its parent, not right: edge 0 (start → a) crosses its border, and a group keeps its own direction only when no edge does',
      },
    ]);
  });

  it("gives nested groups their own, their parent's or the diagram's direction", async () => {
    const { centre, notes } = await laidOut({
      direction: "down",
      nodes: [
        { id: "top" },
        { id: "a", group: "outer" },
        { id: "b", group: "outer" },
        { id: "c", group: "inner" },
        { id: "d", group: "inner" },
        { id: "e", group: "column" },
        { id: "f", group: "column" },
        { id: "bottom" },
      ],
      // b → c crosses into "inner", whose direction is then "right" like "outer".
      edges: [...chain(["a", "b", "c", "d"]), ...chain(["e", "f"]), { from: "top", to: "bottom" }],
      groups: [
        { id: "outer", direction: "right" },
        { id: "inner", parent: "outer", direction: "up" },
        { id: "column", parent: "outer", direction: "down" },
      ],
    });
    const p = Object.fromEntries(["a", "b", "c", "d", "e", "f"].map((id) => [id, centre(id)]));
    expect(p.b?.y).toBe(p.a?.y);
    expect(p.b?.x).toBeGreaterThan(p.a?.x ?? 0);
    expect(p.d?.y).toBe(p.c?.y);
    expect(p.d?.x).toBeGreaterThan(p.c?.x ?? 0);
    expect(p.f?.x).toBe(p.e?.x);
    expect(p.f?.y).toBeGreaterThan(p.e?.y ?? 0);
    expect(notes.map((n) => n.cellId)).toEqual(["inner"]);
    expect(notes[0]?.message).toContain("edge 1 (b → c) crosses its border");
  });

  it("routes edges into a group nested in one with its own direction", async () => {
    const { centre, edges, notes } = await laidOut({
      direction: "down",
      nodes: [
        { id: "x", group: "row" },
        { id: "y", group: "inner" },
        { id: "z", group: "inner" },
        { id: "after" },
      ],
      edges: [...chain(["x", "y", "z"])],
      groups: [
        { id: "row", direction: "right", label: "A row" },
        { id: "inner", parent: "row", label: "Inside" },
      ],
    });
    expect(notes).toEqual([]);
    expect(edges).toHaveLength(2);
    for (const edge of edges) expect(edge.attrs.style).toContain("exitX=");
    expect(centre("z").x).toBeGreaterThan(centre("y").x);
    expect(centre("y").x).toBeGreaterThan(centre("x").x);
  });

  it("sizes an icon's label for its group's direction", async () => {
    const spec = (direction?: "right"): GraphSpecInput => ({
      direction: "down",
      nodes: [{ id: "i", kind: "icon", label: "A long icon label", group: "g" }, { id: "o" }],
      groups: [{ id: "g", ...(direction ? { direction } : {}) }],
    });
    const down = await laidOut(spec());
    const right = await laidOut(spec("right"));
    // Beside the icon when the flow is vertical, below it when horizontal.
    expect(right.rect("g").height).toBeGreaterThan(down.rect("g").height);
  });

  it("ignores a lane's direction in a swimlane pool", async () => {
    const { notes } = await laidOut({
      nodes: [
        { id: "a", group: "l1" },
        { id: "b", group: "l2" },
      ],
      edges: [{ from: "a", to: "b" }],
      groups: [
        { id: "l1", kind: "swimlane" },
        { id: "l2", kind: "swimlane", direction: "right" },
      ],
    });
    expect(notes.map((n) => n.message)).toEqual([
      `group "l2" keeps the pool's direction (down), not its own (right): the lanes of a pool all follow the diagram`,
    ]);
  });

  it("joins an edge standing for the group (groupEnds) to its border when it has its own run", async () => {
    const spec: GraphSpecInput = {
      nodes: [{ id: "in" }, { id: "a", group: "g" }, { id: "b", group: "g" }],
      edges: [{ from: "in", to: "a" }, ...chain(["a", "b"])],
      groups: [{ id: "g", direction: "right" }],
    };
    const joined = await layoutGraph(spec, { groupEnds: [{ to: "g" }] });
    const targets = (doc: typeof joined.document) =>
      doc.pages[0]?.cells.filter((c) => c.attrs.edge === "1").map((c) => c.attrs.target);
    expect(joined.notes).toEqual([]);
    expect(targets(joined.document)).toEqual(["g", "b"]);
    const plain = await layoutGraph(spec);
    expect(plain.notes.map((n) => n.code)).toEqual(["direction_not_applied"]);
    expect(targets(plain.document)).toEqual(["a", "b"]);
  });

  it("is the same layout for the same spec", async () => {
    const spec: GraphSpecInput = {
      nodes: [{ id: "a", group: "g" }, { id: "b", group: "g" }, { id: "c" }],
      edges: chain(["a", "b"]),
      groups: [{ id: "g", direction: "left" }],
    };
    expect((await layoutGraph(spec)).xml).toBe((await layoutGraph(spec)).xml);
  });
});
