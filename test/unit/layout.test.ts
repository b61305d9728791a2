import { describe, expect, it } from "vitest";
import { layoutGraph } from "../../worker/drawio/layout/index.ts";
import { lintDocument } from "../../worker/drawio/lint.ts";
import { parseDiagram } from "../../worker/drawio/parse.ts";
import { validateDocument } from "../../worker/drawio/validate.ts";
import { graphSpecs } from "../fixtures/graph-specs.ts";

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
