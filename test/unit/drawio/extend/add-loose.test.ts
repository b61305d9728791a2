import { describe, expect, it } from "vitest";
import { PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { isPlacedVertex } from "../../../../worker/drawio/lint/overlaps.ts";
import type { Rect } from "../../../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { applyOperations } from "../../../../worker/drawio/operations/apply.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import { boxes, HAND_LAID, page, problems } from "./extend-helpers.ts";

describe("add without a place", () => {
  const doc = parseDiagram(HAND_LAID);

  it("places a vertex added without geometry near the shapes its edges join", () => {
    const result = applyOperations(doc, [
      {
        op: "add",
        xml: '<mxCell id="q" value="Queue" style="rounded=1;html=1;" vertex="1" parent="1"/>',
      },
      {
        op: "add",
        xml: '<mxCell id="e9" edge="1" parent="1" source="db" target="q"><mxGeometry relative="1" as="geometry"/></mxCell>',
      },
    ]);
    const b = boxes(result.document);
    const q = b.get("q") as Rect;
    expect(q.y).toBeGreaterThan(380);
    expect(problems(doc, result.document, ["q", "e9"])).toEqual([]);
  });

  it("routes an edge added between existing shapes without waypoints", () => {
    const result = applyOperations(doc, [
      {
        op: "add",
        xml: '<mxCell id="e9" edge="1" parent="1" source="web" target="svc2"><mxGeometry relative="1" as="geometry"/></mxCell>',
      },
    ]);
    expect(serializeDiagram(result.document)).toMatch(/id="e9"[^>]*exitPerimeter=0/);
    expect(problems(doc, result.document, ["e9"])).toEqual([]);
  });
});

describe("add_graph on real draw.io files", () => {
  const files = corpusFiles();

  it("appends after a connected shape of every corpus page without overlap or moving anything", () => {
    let tried = 0;
    const failures: string[] = [];
    for (const file of files) {
      const doc = parseDiagram(file.xml);
      const layout = new PageLayout(page(doc));
      const anchor = layout.cells.find(
        (c) =>
          c.edge &&
          layout.get(c.element.attrs.source)?.vertex &&
          isPlacedVertex(layout, layout.get(c.element.attrs.source) as never),
      )?.element.attrs.source;
      if (anchor === undefined) continue;
      tried++;
      const result = applyOperations(doc, [
        {
          op: "add_graph",
          graph: {
            nodes: [{ id: "df-new", label: "Audit log" }],
            edges: [{ from: anchor, to: "df-new" }],
          },
        },
      ]);
      const found = problems(doc, result.document, ["df-new"]);
      if (found.length > 0) failures.push(`${file.name}: ${found.join("; ")}`);
    }
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });
});
