import { describe, expect, it } from "vitest";
import { validateDocument } from "../../worker/drawio/check/validate.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import { fromDiagramsNetUrl, toDiagramsNetUrl } from "../../worker/drawio/model/urls.ts";
import { applyOperations } from "../../worker/drawio/operations/apply.ts";

const XML =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="Ünïcode &amp; more" style="rounded=1;" vertex="1" parent="1"><mxGeometry x="10" y="10" width="120" height="60" as="geometry"/></mxCell><mxCell id="b" value="B" vertex="1" parent="1"><mxGeometry x="200" y="10" width="120" height="60" as="geometry"/></mxCell><mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell></root></mxGraphModel>';

describe("the draw.io library inside workerd", () => {
  it("parses, edits by id and XPath, compresses and links", () => {
    const doc = parseDiagram(XML);
    expect(validateDocument(doc)).toEqual([]);
    const { document, deleted } = applyOperations(doc, [
      { op: "set_style", select: "//mxCell[@vertex='1']", style: { fillColor: "#dae8fc" } },
      { op: "delete", id: "b" },
    ]);
    expect(deleted.sort()).toEqual(["b", "e"]);
    const compressed = serializeDiagram(document, { compressed: true });
    const back = parseDiagram(compressed);
    expect(back.pages[0]?.cells.map((c) => c.attrs.id)).toEqual(["0", "1", "a"]);
    expect(back.pages[0]?.cells[2]?.attrs).toMatchObject({
      value: "Ünïcode & more",
      style: "rounded=1;fillColor=#dae8fc;",
    });
    expect(fromDiagramsNetUrl(toDiagramsNetUrl(compressed))).toBe(compressed);
  });
});
