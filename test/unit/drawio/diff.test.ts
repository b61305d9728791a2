import { describe, expect, it } from "vitest";
import {
  cellId,
  geometryOf,
  getCellAttribute,
  isVertex,
  setCellAttribute,
} from "../../../worker/drawio/model/cell.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { mergeStyle } from "../../../worker/drawio/model/style.ts";
import {
  diffDocuments,
  diffPages,
  formatDiff,
  formatDocumentDiff,
} from "../../../worker/drawio/views/diff.ts";
import { cloneElement, type XmlElement } from "../../../worker/drawio/xml/nodes.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

const BASE = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="Start" style="rounded=1;html=1;fillColor=#dae8fc;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell>
<object id="b" label="Check" link="https://example.com"><mxCell style="ellipse;" vertex="1" parent="1"><mxGeometry x="240" y="30" width="80" height="80" as="geometry"/></mxCell></object>
<mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel>`;

const page = (xml: string) => parseDiagram(xml).pages[0] as DiagramPage;

/** A copy of the page whose cells can be changed without touching the original. */
function copyOf(original: DiagramPage): DiagramPage {
  return { ...original, cells: original.cells.map(cloneElement) };
}

function cell(p: DiagramPage, id: string): XmlElement {
  return p.cells.find((c) => cellId(c) === id) as XmlElement;
}

describe("diffPages", () => {
  it("finds no changes between equal pages, parsed or copied", () => {
    const before = page(BASE);
    for (const after of [page(BASE), copyOf(before), before]) {
      const diff = diffPages(before, after);
      expect(diff).toEqual({ added: [], removed: [], changed: [] });
      expect(formatDiff(diff)).toBe("no changes");
    }
  });

  it("reports a label change as plain text", () => {
    const before = page(BASE);
    const after = copyOf(before);
    setCellAttribute(cell(after, "a"), "value", "<b>Begin</b>");
    setCellAttribute(cell(after, "b"), "label", "Check &amp; go");
    const diff = diffPages(before, after);
    expect(diff.changed).toEqual([
      { id: "a", changes: [{ field: "label", before: "Start", after: "<b>Begin</b>" }] },
      { id: "b", changes: [{ field: "label", before: "Check", after: "Check &amp; go" }] },
    ]);
    expect(formatDiff(diff).split("\n")).toEqual([
      '~ a: label "Start" → "Begin"',
      '~ b: label "Check" → "Check & go"',
    ]);
  });

  it("reports one entry per changed style key, and shape changes", () => {
    const before = page(BASE);
    const after = copyOf(before);
    const a = cell(after, "a");
    setCellAttribute(
      a,
      "style",
      mergeStyle(getCellAttribute(a, "style"), { fillColor: "#f00", dashed: 1 }),
    );
    setCellAttribute(cell(after, "b"), "style", "rhombus;");
    setCellAttribute(cell(after, "e"), "style", "endArrow=none;");
    expect(formatDiff(diffPages(before, after)).split("\n")).toEqual([
      "~ a: fillColor #dae8fc → #f00; dashed unset → 1",
      "~ b: shape ellipse → rhombus",
      "~ e: endArrow unset → none",
    ]);
  });

  it("joins moves and resizes into x,y and wxh pairs", () => {
    const before = page(BASE);
    const after = copyOf(before);
    Object.assign((geometryOf(cell(after, "a")) as XmlElement).attrs, { x: "60", y: "40.0" });
    Object.assign((geometryOf(cell(after, "b")) as XmlElement).attrs, { x: "0", width: "100" });
    expect(formatDiff(diffPages(before, after)).split("\n")).toEqual([
      "~ a: x 40 → 60",
      "~ b: x 240 → 0; width 80 → 100",
    ]);
    Object.assign((geometryOf(cell(after, "a")) as XmlElement).attrs, { y: "50", height: "70" });
    expect(formatDiff(diffPages(before, after)).split("\n")[0]).toBe(
      "~ a: at 40,40 → 60,50; height 60 → 70",
    );
    Object.assign((geometryOf(cell(after, "a")) as XmlElement).attrs, { width: "10" });
    expect(formatDiff(diffPages(before, after)).split("\n")[0]).toBe(
      "~ a: at 40,40 → 60,50; size 120x60 → 10x70",
    );
  });

  it("reports added and removed cells in the compact-view line format", () => {
    const before = page(BASE);
    const after = copyOf(before);
    after.cells = after.cells.filter((c) => cellId(c) !== "e");
    after.cells.push(
      ...page(
        '<mxCell id="c" value="New" style="text;" vertex="1" parent="a"><mxGeometry x="5" y="5" width="50" height="20" as="geometry"/></mxCell>',
      ).cells.slice(2),
    );
    const diff = diffPages(before, after);
    expect(diff.added.map((s) => s.id)).toEqual(["c"]);
    expect(diff.removed.map((s) => s.id)).toEqual(["e"]);
    expect(formatDiff(diff).split("\n")).toEqual(['+ c text "New" 5,5 50x20 in=a', "- e: a -> b"]);
  });

  it("reports parent, terminals, waypoints, wrapper properties and vertex↔edge", () => {
    const before = page(BASE);
    const after = copyOf(before);
    const e = cell(after, "e");
    setCellAttribute(e, "target", "a");
    setCellAttribute(e, "parent", "b");
    (geometryOf(e) as XmlElement).children.push({
      name: "Array",
      attrs: { as: "points" },
      children: [{ name: "mxPoint", attrs: { x: "1", y: "2" }, children: [] }],
    });
    setCellAttribute(cell(after, "b"), "link", "https://example.org/other");
    const a = cell(after, "a");
    setCellAttribute(a, "edge", "1");
    delete a.attrs.vertex;
    expect(formatDiff(diffPages(before, after)).split("\n")).toEqual([
      "~ a: kind vertex → edge",
      "~ b: link https://example.com → https://example.org/other",
      "~ e: parent 1 → b; target b → a; points unset → 1,2",
    ]);
  });

  it("diffs 5,000-cell pages in a few milliseconds", () => {
    const before = page(syntheticDiagram({ cells: 5000 }));
    const after = copyOf(before);
    setCellAttribute(after.cells[100] as XmlElement, "value", "changed");
    diffPages(before, after);
    const started = performance.now();
    const diff = diffPages(before, after);
    const elapsed = performance.now() - started;
    expect(diff.changed).toHaveLength(1);
    expect(elapsed).toBeLessThan(100);
  });
});

describe("diffDocuments", () => {
  const file = (pages: string[]) =>
    parseDiagram(
      `<mxfile>${pages.map((p) => `<diagram ${p}><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel></diagram>`).join("")}</mxfile>`,
    );

  it("matches pages by id, then by name, and reports the rest as added or removed", () => {
    const before = file(['id="p1" name="One"', 'id="p2" name="Two"', 'id="x" name="Three"']);
    const after = file(['id="p1" name="First"', 'id="y" name="Three"', 'id="p4" name="Four"']);
    const diff = diffDocuments(before, after);
    expect(diff.addedPages.map((p) => p.name)).toEqual(["Four"]);
    expect(diff.removedPages.map((p) => p.name)).toEqual(["Two"]);
    expect(diff.pages.map((p) => [p.before.name, p.after.name])).toEqual([
      ["One", "First"],
      ["Three", "Three"],
    ]);
    expect(formatDocumentDiff(diff).split("\n")).toEqual([
      '+ page 2 "Four"',
      '- page 1 "Two"',
      'page 0 "First" (was "One")',
    ]);
    expect(formatDocumentDiff(diffDocuments(before, before))).toBe("no changes");
  });

  it("pairs bare models (given the same default page id)", () => {
    const diff = diffDocuments(parseDiagram(BASE), parseDiagram(BASE.replace("Start", "Go")));
    expect(formatDocumentDiff(diff).split("\n")).toEqual([
      'page 0 "Page-1"',
      '~ a: label "Start" → "Go"',
    ]);
  });
});

describe("diffs of the real corpus", () => {
  it("finds nothing in a copy and exactly the mutations made to it", () => {
    for (const { name, xml } of corpusFiles()) {
      for (const before of parseDiagram(xml).pages) {
        const after = copyOf(before);
        expect(diffPages(before, after), name).toEqual({ added: [], removed: [], changed: [] });
        const vertices = after.cells.filter((c) => isVertex(c) && geometryOf(c));
        if (vertices.length < 3) continue;
        const [relabel, moved, removed] = vertices.slice(-3) as [
          XmlElement,
          XmlElement,
          XmlElement,
        ];
        setCellAttribute(relabel, relabel.name === "mxCell" ? "value" : "label", "Mutated label");
        setCellAttribute(
          relabel,
          "style",
          mergeStyle(getCellAttribute(relabel, "style"), { fillColor: "#123456" }),
        );
        const geometry = geometryOf(moved) as XmlElement;
        geometry.attrs.x = String(Number(geometry.attrs.x ?? 0) + 17);
        after.cells = after.cells.filter((c) => c !== removed);
        const diff = diffPages(before, after);
        expect(
          diff.removed.map((s) => s.id),
          name,
        ).toEqual([cellId(removed)]);
        expect(diff.added, name).toEqual([]);
        const fields = (id: string | undefined) =>
          diff.changed.find((c) => c.id === id)?.changes.map((c) => c.field);
        expect(fields(cellId(moved)), name).toEqual(["x"]);
        expect(fields(cellId(relabel))?.sort(), name).toEqual(["label", "style.fillColor"]);
        expect(diff.changed.length, name).toBeLessThanOrEqual(2);
      }
    }
  });
});
