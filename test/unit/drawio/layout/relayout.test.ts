import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { relayoutPage } from "../../../../worker/drawio/layout/index.ts";
import { lintDocument } from "../../../../worker/drawio/lint/index.ts";
import { cellId, isCellElement, isEdge } from "../../../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";

/** Every page of the corpus that is a graph (has at least one edge). */
function graphPages() {
  return corpusFiles().flatMap((file) => {
    const doc = parseDiagram(file.xml);
    return doc.pages
      .map((page, index) => ({ name: `${file.name} p${index}`, doc, index, page }))
      .filter(({ page }) => page.cells.some((c) => isCellElement(c) && isEdge(c)));
  });
}

describe("re-layout of the corpus", () => {
  const pages = graphPages();

  it("covers the graphs of the corpus", () => {
    expect(pages.length).toBeGreaterThanOrEqual(80);
  });

  it.each(pages.map((p) => [p.name, p] as const))(
    "%s: keeps every cell, and nothing overlaps",
    async (_name, { doc, index, page }) => {
      const { document } = await relayoutPage(doc, { page: index });
      // Written out and read back, as it would be stored.
      const after = parseDiagram(serializeDiagram(document)).pages[index];
      if (!after) throw new Error("page lost");
      const ids = (cells: typeof page.cells) => cells.map((c) => cellId(c) ?? c.name);
      expect(ids(after.cells)).toEqual(ids(page.cells));
      const single = { ...document, pages: [after] };
      expect(validateDocument(single).filter((f) => f.severity === "error")).toEqual([]);
      expect(lintDocument(single).filter((f) => f.code === "overlap")).toEqual([]);
    },
  );

  it("leaves the input document untouched and is deterministic", async () => {
    const { doc } =
      pages[0] ??
      (() => {
        throw new Error("no pages");
      })();
    const before = serializeDiagram(doc);
    const a = serializeDiagram((await relayoutPage(doc)).document);
    const b = serializeDiagram((await relayoutPage(doc)).document);
    expect(serializeDiagram(doc)).toBe(before);
    expect(a).toBe(b);
  });

  it("lays out one container's inside, leaving the rest where it was", async () => {
    const cell = (id: string, parent: string, x: number, y: number, extra = "") =>
      `<mxCell id="${id}" value="${id}" vertex="1" parent="${parent}" ${extra}><mxGeometry x="${x}" y="${y}" width="100" height="50" as="geometry"/></mxCell>`;
    const xml =
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
      '<mxCell id="box" value="Box" style="swimlane;startSize=30;" vertex="1" parent="1"><mxGeometry x="300" y="200" width="150" height="120" as="geometry"/></mxCell>' +
      cell("a", "box", 10, 40) +
      cell("b", "box", 20, 50) +
      cell("c", "box", 30, 60) +
      cell("out", "1", 0, 0) +
      '<mxCell id="e1" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>' +
      '<mxCell id="e2" edge="1" parent="box" source="b" target="c"><mxGeometry relative="1" as="geometry"/></mxCell>' +
      '<mxCell id="e3" edge="1" parent="1" source="out" target="a"><mxGeometry relative="1" as="geometry"/></mxCell>' +
      "</root></mxGraphModel>";
    const { document, moved, routed } = await relayoutPage(parseDiagram(xml), {
      containerId: "box",
    });
    expect(moved.sort()).toEqual(["a", "b", "c"]);
    expect(routed.sort()).toEqual(["e1", "e2"]);
    const page = parseDiagram(serializeDiagram(document)).pages[0];
    const geometry = (id: string) =>
      page?.cells
        .find((c) => c.attrs.id === id)
        ?.children.find((g) => "name" in g && g.name === "mxGeometry");
    expect(geometry("out")).toMatchObject({ attrs: { x: "0", y: "0" } });
    expect(geometry("box")).toMatchObject({ attrs: { x: "300", y: "200" } });
    const box = geometry("box") as { attrs: Record<string, string> };
    expect(Number(box.attrs.height)).toBeGreaterThan(150);
    expect(
      lintDocument({ ...document, pages: page ? [page] : [] }).filter((f) => f.code === "overlap"),
    ).toEqual([]);
    await expect(relayoutPage(parseDiagram(xml), { containerId: "nope" })).rejects.toThrow(
      /no container "nope"/,
    );
  });
});
