import { describe, expect, it } from "vitest";
import { checkCompleteness, scanMarkup } from "../../../worker/drawio/check/completeness.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

const START =
  '<mxCell id="a" value="Start" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell>';
const END =
  '<mxCell id="b" value="End" vertex="1" parent="1"><mxGeometry x="40" y="160" width="120" height="60" as="geometry"/></mxCell>';
const EDGE =
  '<mxCell id="e1" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="100" y="130"/></Array></mxGeometry></mxCell>';
const HEAD = '<mxGraphModel dx="800" dy="600"><root><mxCell id="0"/><mxCell id="1" parent="0"/>';
const TAIL = "</root></mxGraphModel>";
const FULL = `${HEAD}${START}${END}${EDGE}${TAIL}`;

/** The offset just after `cell` in `text`. */
function endOf(text: string, cell: string): number {
  return text.indexOf(cell) + cell.length;
}

describe("checkCompleteness", () => {
  it("accepts a complete document and points after its last cell", () => {
    expect(checkCompleteness(FULL)).toEqual({
      complete: true,
      lastCompleteOffset: endOf(FULL, EDGE),
    });
  });

  it("accepts a complete mxfile with an uncompressed page", () => {
    const text = `<mxfile host="app.diagrams.net"><diagram id="p" name="Page-1">${FULL}</diagram></mxfile>`;
    expect(checkCompleteness(text).complete).toBe(true);
  });

  it("accepts a complete fragment without wrapper tags", () => {
    const text = `\n  ${START}\n  ${END}\n  ${EDGE}\n`;
    expect(checkCompleteness(text)).toEqual({
      complete: true,
      lastCompleteOffset: endOf(text, EDGE),
    });
  });

  it("accepts raw HTML and stray quotes in labels as complete", () => {
    const text = `<mxCell id="h" value="<b>Bold</b> <font color="red">x</font> say "hi"" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell>`;
    expect(checkCompleteness(text)).toEqual({ complete: true, lastCompleteOffset: text.length });
  });

  it("detects a cut in the middle of an attribute value", () => {
    const text = `${HEAD}${START}<mxCell id="b" value="En`;
    expect(checkCompleteness(text)).toEqual({
      complete: false,
      reason: 'ends inside the value="…" attribute of <mxCell>',
      lastCompleteOffset: endOf(text, START),
    });
  });

  it("detects a cut in the middle of a tag", () => {
    const text = `${START}\n<mxCell id="b" value="End" vertex="1"`;
    const result = checkCompleteness(text);
    expect(result).toEqual({
      complete: false,
      reason: "ends inside the <mxCell> tag",
      lastCompleteOffset: endOf(text, START),
    });
  });

  it("detects a cut between cells while the wrappers are still open", () => {
    const text = `${HEAD}${START}${END}\n    `;
    expect(checkCompleteness(text)).toEqual({
      complete: false,
      reason: "ends with <mxGraphModel>, <root> never closed",
      lastCompleteOffset: endOf(text, END),
    });
    expect(scanMarkup(text).openAtLastComplete).toEqual(["mxGraphModel", "root"]);
  });

  it("detects a cut inside a nested <mxGeometry>", () => {
    const cut = `${HEAD}${START}${END}<mxCell id="e1" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"><Array as="points">`;
    expect(checkCompleteness(cut)).toEqual({
      complete: false,
      reason: 'ends inside cell "e1", which is never closed',
      lastCompleteOffset: endOf(cut, END),
    });
    const midPoint = `${HEAD}${START}${END}${EDGE.slice(0, EDGE.indexOf('y="130"') + 4)}`;
    expect(checkCompleteness(midPoint).reason).toBe('ends inside the y="…" attribute of <mxPoint>');
    expect(scanMarkup(midPoint).openCellId).toBe("e1");
  });

  it("detects a cut inside an end tag, a comment and a CDATA section", () => {
    expect(checkCompleteness(`${HEAD}${START}</roo`).reason).toBe("ends inside an end tag");
    expect(checkCompleteness(`${START}<!-- edges follow`).reason).toBe("ends inside a comment");
    expect(checkCompleteness(`${START}<![CDATA[<b>`).reason).toBe("ends inside a CDATA section");
  });

  it("reports offset 0 when no cell was completed", () => {
    expect(checkCompleteness('<mxGraphModel><root><mxCell id="0"')).toEqual({
      complete: false,
      reason: "ends inside the <mxCell> tag",
      lastCompleteOffset: 0,
    });
  });

  it("counts wrapped <object> cells and ignores prose around a fragment", () => {
    const wrapped = `<object label="Svc" id="s"><mxCell vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell></object>`;
    const text = `Here it is:\n${wrapped}\nHope this helps!`;
    expect(checkCompleteness(text)).toEqual({
      complete: true,
      lastCompleteOffset: endOf(text, wrapped),
    });
    expect(scanMarkup(text).lastCellId).toBe("s");
  });

  it("finds every corpus file and a 1,000-cell diagram complete", () => {
    for (const { xml } of corpusFiles()) expect(checkCompleteness(xml).complete).toBe(true);
    const big = syntheticDiagram({ cells: 1000 });
    expect(checkCompleteness(big)).toEqual({
      complete: true,
      lastCompleteOffset: big.lastIndexOf("</mxCell>") + "</mxCell>".length,
    });
  });
});
