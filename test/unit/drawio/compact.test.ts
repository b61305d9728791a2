import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../worker/drawio/errors.ts";
import { cellId, getCellAttribute, isEdge, isVertex } from "../../../worker/drawio/model/cell.ts";
import type { DiagramPage } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializePage } from "../../../worker/drawio/model/serialize.ts";
import { labelToText } from "../../../worker/drawio/text/label-text.ts";
import {
  compactPage,
  compactView,
  expandId,
  idPrefixOf,
} from "../../../worker/drawio/views/compact.ts";
import { quoteLabel } from "../../../worker/drawio/views/summary.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";

const SAMPLE = `<mxGraphModel><root>
<mxCell id="0"/>
<mxCell id="1" parent="0"/>
<mxCell id="pool" value="Pool" style="swimlane;html=1;" vertex="1" parent="1"><mxGeometry width="400" height="200" as="geometry"/></mxCell>
<mxCell id="a" value="&lt;b&gt;Start&lt;/b&gt;&lt;br&gt;here &amp;amp;&amp;nbsp;now" style="rounded=1;html=1;fillColor=#dae8fc;" vertex="1" parent="pool"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell>
<object id="b" label="Check" link="https://example.com" tooltip="a tip"><mxCell style="rhombus;" vertex="1" parent="pool"><mxGeometry x="240" y="30" width="80" height="80" as="geometry"/></mxCell></object>
<mxCell id="e1" value="go" style="edgeStyle=orthogonalEdgeStyle;dashed=1;" edge="1" parent="pool" source="a" target="b"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="200" y="70"/></Array></mxGeometry></mxCell>
<mxCell id="e1-label" value="yes" style="edgeLabel;html=1;" vertex="1" connectable="0" parent="e1"><mxGeometry x="-0.2" relative="1" as="geometry"><mxPoint as="offset"/></mxGeometry></mxCell>
<mxCell id="loose" edge="1" parent="1" target="a"><mxGeometry relative="1" as="geometry"><mxPoint x="10" y="20.000000000001" as="sourcePoint"/></mxGeometry></mxCell>
<mxCell id="L2" value="Notes" style="locked=1;" parent="0" visible="0"/>
<mxCell id="n" value="A note that is far too long to be shown in full in the compact view" style="shape=mxgraph.aws4.lambda_function;image=icon.png;" vertex="1" parent="L2"><mxGeometry x="500" y="179.99999999999991" width="100" height="40" as="geometry"/></mxCell>
<mxCell id="orphan" value="lost" vertex="1" parent="nowhere"/>
</root></mxGraphModel>`;

const body = (view: string) => view.split("\n").slice(2);

describe("compactView", () => {
  it("writes a header, a legend and one line per cell, containers indented", () => {
    const view = compactView(parseDiagram(SAMPLE));
    const [head, legend] = view.split("\n");
    expect(head).toBe('# page 0 "Page-1" · 5 vertices, 2 edges, 2 layers');
    expect(legend).toMatch(/^# vertex: id shape "label" x,y wxh/);
    expect(body(view)).toEqual([
      "layer 1",
      'pool swimlane "Pool" 0,0 400x200',
      '  a rounded "Start / here & now" 40,40 120x60 fill=#dae8fc',
      '  b rhombus "Check" 240,30 80x80 {link=https://example.com tooltip="a tip"}',
      '  e1: a -> b "go" [e1-label:"yes"] dashed pts=1',
      "loose: (10,20) -> a",
      'layer L2 "Notes" locked hidden',
      'n mxgraph.aws4.lambda_function "A note that is far too long to be shown in full in the comp…" 500,180 100x40 img',
      'orphan rect "lost" in=nowhere',
    ]);
  });

  it("truncates labels to maxLabel and names a vertex's parent when it sits on the root", () => {
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="x" value="abcdefghij" vertex="1" parent="0"><mxGeometry width="1" height="1" as="geometry"/></mxCell>
      </root></mxGraphModel>`;
    expect(body(compactView(parseDiagram(xml), { maxLabel: 5 }))).toEqual([
      "layer 1",
      'x rect "abcd…" 0,0 1x1 in=0',
    ]);
  });

  it("shows the requested page and names the others", () => {
    const xml = `<mxfile><diagram id="p1" name="Overview"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel></diagram>
      <diagram id="p2" name="Auth &quot;flow&quot;"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="v" value="Login" vertex="1" parent="1"><mxGeometry width="80" height="40" as="geometry"/></mxCell></root></mxGraphModel></diagram></mxfile>`;
    const doc = parseDiagram(xml);
    const view = compactView(doc, { page: 1 });
    expect(view.split("\n")[0]).toBe(
      '# page 1 "Auth \\"flow\\"" (of 2; others: 0 "Overview") · 1 vertex, 0 edges, 1 layer',
    );
    expect(view).toContain('v rect "Login" 0,0 80x40');
    expect(compactPage(doc.pages[0] as DiagramPage).split("\n")[0]).toBe(
      '# page "Overview" · 0 vertices, 0 edges, 1 layer',
    );
    expect(() => compactView(doc, { page: 2 })).toThrow(DrawioError);
  });

  it("abbreviates a shared generated id prefix only when asked", () => {
    const cells = [1, 2, 3]
      .map(
        (n) =>
          `<mxCell id="Qx7rT-${n}" value="n${n}" vertex="1" parent="1"><mxGeometry width="9" height="9" as="geometry"/></mxCell>`,
      )
      .join("");
    const edge = '<mxCell id="Qx7rT-4" edge="1" parent="1" source="Qx7rT-1" target="Qx7rT-2"/>';
    const doc = parseDiagram(cells + edge);
    const page = doc.pages[0] as DiagramPage;
    expect(idPrefixOf(page)).toBe("Qx7rT-");
    expect(compactView(doc)).toContain("Qx7rT-4: Qx7rT-1 -> Qx7rT-2");
    const short = compactView(doc, { abbreviateIds: true }).split("\n");
    expect(short[2]).toBe('# ~N stands for the id "Qx7rT-N" (tools accept both)');
    expect(short).toContain("~4: ~1 -> ~2");
    expect(expandId("~4", "Qx7rT-")).toBe("Qx7rT-4");
    expect(expandId("plain", "Qx7rT-")).toBe("plain");
  });

  it("never throws on odd pages: no root, cycles, no style, no geometry, no ids", () => {
    const odd: DiagramPage = {
      attributes: {},
      modelAttributes: {},
      compressed: false,
      cells: [
        { name: "mxCell", attrs: { id: "p", parent: "q", vertex: "1" }, children: [] },
        { name: "mxCell", attrs: { id: "q", parent: "p", vertex: "1" }, children: [] },
        { name: "object", attrs: {}, children: [] },
        { name: "mxCell", attrs: { edge: "1" }, children: [] },
      ],
    };
    expect(body(compactPage(odd))).toEqual(["p rect in=q", "q rect in=p", ": ? -> ? in=?"]);
  });
});

describe("labelToText", () => {
  it("strips tags, decodes entities and turns line breaks into ' / '", () => {
    expect(labelToText("<div>One</div><div>Two&nbsp;&amp;&#160;three</div>", true)).toBe(
      "One / Two & three",
    );
    expect(labelToText("a &lt;tag&gt; &#x41; &hellip; &unknown;", true)).toBe(
      "a <tag> A … &unknown;",
    );
    expect(labelToText("  spaced\n\n  out  ", false)).toBe("spaced / out");
    expect(labelToText("<b>kept</b>", false)).toBe("<b>kept</b>");
  });

  it("quotes labels as JSON strings, cut at a character count", () => {
    expect(quoteLabel('say "hi"', 60)).toBe('"say \\"hi\\""');
    expect(quoteLabel("ééééé", 3)).toBe('"éé…"');
  });
});

describe("the compact view of the real corpus", () => {
  const pages = corpusFiles().flatMap(({ name, xml }) => {
    const doc = parseDiagram(xml);
    return doc.pages.map((page, index) => ({ name, doc, page, index }));
  });

  it("names every vertex and edge at the start of a line, except labels folded into edges", () => {
    for (const { doc, page, index } of pages) {
      const starts = new Set(
        compactView(doc, { page: index })
          .split("\n")
          .map((line) => /^\s*(\S+?):? /.exec(`${line} `)?.[1]),
      );
      const kinds = new Map(page.cells.map((c) => [cellId(c), isEdge(c)]));
      for (const cell of page.cells) {
        if (!isVertex(cell) && !isEdge(cell)) continue;
        if (isVertex(cell) && kinds.get(getCellAttribute(cell, "parent")) === true) continue;
        expect(starts.has(cellId(cell)), `${cellId(cell)} on page ${index}`).toBe(true);
      }
    }
  });

  it("is deterministic", () => {
    for (const { doc, index } of pages.slice(0, 20)) {
      expect(compactView(doc, { page: index })).toBe(compactView(doc, { page: index }));
    }
  });

  it("costs at most 0.30 of the page's XML tokens at the median (0.2 with abbreviated ids)", () => {
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2
        ? (sorted[mid] as number)
        : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    };
    const full: number[] = [];
    const short: number[] = [];
    for (const { doc, page, index } of pages) {
      const xml = countTokens(serializePage(page));
      full.push(countTokens(compactView(doc, { page: index })) / xml);
      short.push(countTokens(compactView(doc, { page: index, abbreviateIds: true })) / xml);
    }
    expect(pages.length).toBeGreaterThan(100);
    expect(median(full)).toBeLessThanOrEqual(0.3);
    expect(median(short)).toBeLessThanOrEqual(0.2);
  });
});
