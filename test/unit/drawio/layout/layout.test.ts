import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { layoutGraph, NODE_KINDS } from "../../../../worker/drawio/layout/index.ts";
import { lintDocument } from "../../../../worker/drawio/lint/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { graphSpecs } from "../../../fixtures/graph-specs.ts";

const specs = graphSpecs();

describe("layoutGraph on the generated specs", () => {
  it("has at least 50 specs", () => {
    expect(specs.length).toBeGreaterThanOrEqual(50);
  });

  it.each(specs.map((s) => [s.name, s] as const))(
    "%s: valid, no overlapping vertices, no edge through an unrelated vertex",
    async (_name, { spec }) => {
      const { xml } = await layoutGraph(spec);
      const doc = parseDiagram(xml);
      expect(validateDocument(doc)).toEqual([]);
      const lint = lintDocument(doc);
      expect(lint.filter((f) => f.code === "overlap").map((f) => f.message)).toEqual([]);
      expect(lint.filter((f) => f.code === "edge_crosses_vertex").map((f) => f.message)).toEqual(
        [],
      );
      const cells = doc.pages[0]?.cells ?? [];
      expect(cells.filter((c) => c.attrs.vertex === "1")).toHaveLength(
        spec.nodes.length + (spec.groups?.length ?? 0),
      );
      expect(cells.filter((c) => c.attrs.edge === "1")).toHaveLength(spec.edges?.length ?? 0);
    },
  );
});

describe("layoutGraph details", () => {
  const cellsOf = async (spec: Parameters<typeof layoutGraph>[0]) =>
    (await layoutGraph(spec)).document.pages[0]?.cells ?? [];

  it("writes labels as text even though draw.io reads them as HTML", async () => {
    const cells = await cellsOf({
      nodes: [
        { id: "a", label: "<b>not bold</b> & co\nline two" },
        { id: "b", label: "B" },
      ],
      edges: [{ from: "a", to: "b", label: "<br>" }],
    });
    expect(cells.find((c) => c.attrs.id === "a")?.attrs.value).toBe(
      "&lt;b&gt;not bold&lt;/b&gt; &amp; co<br>line two",
    );
    expect(cells.find((c) => c.attrs.edge === "1")?.attrs.value).toBe("&lt;br&gt;");
  });

  it("gives ids draw.io cannot load another name, and keeps the root ids free", async () => {
    const cells = await cellsOf({
      nodes: [{ id: "push", group: "map" }, { id: "1" }, { id: "constructor" }],
      edges: [{ from: "push", to: "1" }],
      groups: [{ id: "map", label: "Map" }],
    });
    const ids = cells.map((c) => c.attrs.id);
    expect(ids).toEqual(expect.arrayContaining(["push_", "map_", "constructor_", "1", "__root"]));
    expect(ids).not.toContain("push");
    expect(cells.find((c) => c.attrs.id === "push_")?.attrs.parent).toBe("map_");
    expect(cells.find((c) => c.attrs.edge === "1")?.attrs).toMatchObject({
      source: "push_",
      target: "1",
    });
  });

  it("draws each theme: soft fills, black on white, dark", async () => {
    const spec = { nodes: [{ id: "a", label: "A", kind: "decision" as const }] };
    const style = async (theme: "default" | "minimal" | "dark") => {
      const { xml, document } = await layoutGraph({ ...spec, theme });
      return {
        xml,
        style: document.pages[0]?.cells.find((c) => c.attrs.id === "a")?.attrs.style ?? "",
      };
    };
    expect((await style("default")).style).toContain("fillColor=#fff2cc");
    expect((await style("minimal")).style).toContain("fillColor=none;strokeColor=#000000");
    const dark = await style("dark");
    expect(dark.style).toContain("fontColor=#f7fafc");
    expect(dark.xml).toContain('background="#1a202c"');
  });

  it("maps every kind to a draw.io shape", async () => {
    const kinds = NODE_KINDS;
    const cells = await cellsOf({
      nodes: kinds.map((kind) => ({
        id: kind,
        label: kind,
        kind,
        ...(kind === "icon" ? { shape: "mxgraph.aws4.lambda_function" } : {}),
      })),
    });
    const styleOf = (id: string) => cells.find((c) => c.attrs.id === id)?.attrs.style ?? "";
    expect(styleOf("decision")).toMatch(/^rhombus;/);
    expect(styleOf("database")).toContain("shape=cylinder3");
    expect(styleOf("actor")).toContain("shape=umlActor");
    expect(styleOf("icon")).toContain("shape=mxgraph.aws4.lambda_function");
    expect(styleOf("icon")).toContain("verticalLabelPosition=middle");
    expect(styleOf("text")).toMatch(/^text;/);
  });
});
