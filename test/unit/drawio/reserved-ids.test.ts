import { describe, expect, it } from "vitest";
import { repairDiagram } from "../../../worker/drawio/check/repair.ts";
import { validateXml } from "../../../worker/drawio/check/validate.ts";

const XML =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
  '<mxCell id="map" value="Group" style="container=1;" vertex="1" parent="1"><mxGeometry width="200" height="100" as="geometry"/></mxCell>' +
  '<mxCell id="push" value="Push" vertex="1" parent="map"><mxGeometry x="10" y="30" width="80" height="40" as="geometry"/></mxCell>' +
  '<mxCell id="e" edge="1" parent="1" source="push" target="map"><mxGeometry relative="1" as="geometry"/></mxCell>' +
  "</root></mxGraphModel>";

describe("ids draw.io cannot load", () => {
  it("are errors for the validator", () => {
    const result = validateXml(XML);
    expect(result.valid).toBe(false);
    expect(result.findings.filter((f) => f.code === "reserved_id").map((f) => f.cellId)).toEqual([
      "map",
      "push",
    ]);
  });

  it("are renamed by repair, references following", () => {
    const repaired = repairDiagram(XML);
    expect(repaired.ok).toBe(true);
    expect(
      repaired.changes.filter((c) => c.code === "rename_reserved_id").map((c) => c.cellId),
    ).toEqual(["map_", "push_"]);
    expect(repaired.xml).toContain('id="push_" value="Push" vertex="1" parent="map_"');
    expect(repaired.xml).toContain('source="push_" target="map_"');
  });
});
