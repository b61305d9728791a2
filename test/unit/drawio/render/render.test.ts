import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { layoutGraph } from "../../../../worker/drawio/layout/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { htmlLines, labelText } from "../../../../worker/drawio/render/labels/lines.ts";
import { breakPieces } from "../../../../worker/drawio/text/line-breaks.ts";
import { textWidth } from "../../../../worker/drawio/text/metrics.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import { graphSpecs } from "../../../fixtures/graph-specs.ts";

const model = (cells: string, attrs = "") =>
  `<mxGraphModel${attrs}><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
const vertex = (id: string, value: string, style: string, x = 0, y = 0, w = 120, h = 60) =>
  `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;

const render = (xml: string, options = {}) => renderSvg(parseDiagram(xml), options);

/** The text of every `<text>` of an SVG, joined per element. */
function texts(svg: string): string[] {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  return Array.from(doc.getElementsByTagName("text")).map((t) => t.textContent ?? "");
}

/** An SVG is standalone: well-formed, no script, no foreignObject, nothing fetched. */
function expectStandalone(svg: string): void {
  const errors: string[] = [];
  new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") errors.push(message);
    },
  }).parseFromString(svg, "image/svg+xml");
  expect(errors).toEqual([]);
  expect(svg).not.toMatch(/<script|foreignObject|on[a-z]+=|javascript:/i);
  for (const [, ref] of svg.matchAll(/(?:href|src)="([^"]*)"/g)) expect(ref).toMatch(/^(data:|#)/);
  for (const [, url] of svg.matchAll(/url\(([^)]*)\)/g)) expect(url).toMatch(/^#/);
}

describe("renderSvg", () => {
  it("draws a page as a standalone SVG cropped to what is drawn, as draw.io's export", () => {
    const { svg, width, height, unknownShapes } = render(
      model(vertex("a", "Pay", "rounded=1;whiteSpace=wrap;html=1;", 100, 40)),
    );
    expectStandalone(svg);
    // A 120×60 box with a 1 px stroke: 121×61, the box at the origin, as draw.io writes it.
    expect([width, height]).toEqual([121, 61]);
    expect(svg).toContain('viewBox="-0.5 -0.5 121 61"');
    expect(svg).toContain('<rect x="100" y="40" width="120" height="60" rx="9" ry="9"');
    expect(svg).toContain("translate(-100,-40)");
    expect(unknownShapes).toEqual([]);
    expect(texts(svg)).toEqual(["Pay"]);
  });

  it("draws every generated layout with every label, and every shape but library icons", {
    timeout: 120_000,
  }, async () => {
    for (const { name, spec } of graphSpecs()) {
      const { xml } = await layoutGraph(spec);
      const { svg, unknownShapes } = render(xml);
      expectStandalone(svg);
      // Library icons are draw.io stencils, not drawn yet: they come out as their box, named.
      expect(
        unknownShapes.filter((shape) => !/^mxgraph\.[a-z0-9_]+\./.test(shape)),
        name,
      ).toEqual([]);
      const drawn = texts(svg).join("\n");
      for (const node of spec.nodes) {
        // Each piece between two places a line may break (words; CJK characters) is drawn whole.
        for (const word of breakPieces(node.label ?? "")
          .flatMap((p) => p.split(/\s+/))
          .filter(Boolean)) {
          expect(drawn, `${name}: ${node.label}`).toContain(word);
        }
      }
    }
  });

  it("draws every corpus page it can parse as standalone SVG, with every label's text", () => {
    for (const file of corpusFiles()) {
      const doc = parseDiagram(file.xml);
      for (let page = 0; page < doc.pages.length; page++) {
        const { svg } = renderSvg(doc, { page });
        expectStandalone(svg);
      }
    }
  });

  it("wraps a long label inside its box with Helvetica's advances", () => {
    const label = "A label long enough to need three lines in a narrow box";
    const { svg } = render(model(vertex("a", label, "whiteSpace=wrap;html=1;", 0, 0, 100, 80)));
    const lines = texts(svg);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join(" ")).toBe(label);
    for (const line of lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(102);
  });

  it("reduces HTML labels to lines with bold and italic, and escapes text", () => {
    const value = "&lt;b&gt;Bold&lt;/b&gt; and &lt;i&gt;it&lt;/i&gt;&lt;br&gt;x &amp;lt; y";
    const { svg } = render(model(vertex("a", value, "html=1;")));
    expect(texts(svg)).toEqual(["Bold and it", "x < y"]);
    expect(svg).toContain('<tspan font-weight="bold">Bold</tspan>');
    expect(svg).toContain('<tspan font-style="italic"> it</tspan>');
    expect(labelText("<div>a</div><div>b</div>", true)).toBe("a\nb");
  });

  it("draws HTML font colours and sizes, each line as tall as its largest text", () => {
    const value =
      "&lt;font color=&quot;#1a5ba3&quot;&gt;&lt;span style=&quot;font-size: 24px ; white-space: nowrap&quot;&gt;Storage&lt;/span&gt;&lt;/font&gt;&lt;br&gt;" +
      "&lt;div style=&quot;color: rgb(255, 0, 0)&quot;&gt;red &lt;font size=&quot;1&quot;&gt;small&lt;/font&gt;&lt;/div&gt;";
    const { svg } = render(model(vertex("a", value, "html=1;", 0, 0, 160, 100)));
    expect(texts(svg)).toEqual(["Storage", "red small"]);
    expect(svg).toMatch(/<text [^>]*fill="#1a5ba3"[^>]*font-size="24px"[^>]*>Storage<\/text>/);
    expect(svg).toContain('<tspan fill="rgb(255, 0, 0)">red</tspan>');
    expect(svg).toContain('<tspan fill="rgb(255, 0, 0)" font-size="10px"> small</tspan>');
    // The second line starts 1.2 × 24 px below the first; its baseline sits for 12 px text.
    const ys = [...svg.matchAll(/<text [^>]*y="([\d.]+)"/g)].map((m) => Number(m[1]));
    const offset = (size: number) => ((1.2 - 0.905 - 0.212) / 2 + 0.905) * size;
    expect((ys[1] ?? 0) - (ys[0] ?? 0)).toBeCloseTo(24 * 1.2 + offset(12) - offset(24), 1);
  });

  it("draws arrowheads as draw.io does, pulling the line back from the tip", () => {
    const xml = model(
      `${vertex("a", "", "", 100, 80, 120, 60)}${vertex("b", "", "", 100, 190, 120, 60)}` +
        '<mxCell id="e" style="rounded=0;html=1;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>',
    );
    const { svg } = render(xml);
    // The reference export: line to 183.63, classic arrow tip at 188.88 (before the crop's shift).
    expect(svg).toContain('d="M 160 140 L 160 183.63"');
    expect(svg).toContain('d="M 160 188.88 L 156.5 181.88 L 160 183.63 L 163.5 181.88 Z"');
  });

  it("draws a curved edge as draw.io does: through the middle of each segment", () => {
    const xml = model(
      `${vertex("a", "", "", 0, 0, 40, 40)}${vertex("b", "", "", 200, 200, 40, 40)}` +
        '<mxCell id="e" style="curved=1;endArrow=none;html=1;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="100" y="20"/><mxPoint x="100" y="220"/></Array></mxGeometry></mxCell>',
    );
    const { svg } = render(xml);
    expect(svg).toContain('d="M 40 20 Q 100 20 100 120 Q 100 220 200 220"');
  });

  it("puts the label of an edge without relative geometry halfway between its ends", () => {
    // Old files write x/y on such an edge's geometry; draw.io ignores them there.
    const edge = (geometry: string) =>
      model(
        `${vertex("a", "", "", 0, 0, 40, 40)}${vertex("b", "", "", 200, 0, 40, 40)}` +
          `<mxCell id="e" value="1..*" style="endArrow=none;" edge="1" parent="1" source="a" target="b"><mxGeometry ${geometry} as="geometry"/></mxCell>`,
      );
    const absolute = render(edge('x="519.36" y="180"'));
    expect(absolute.width).toBe(241);
    expect(absolute.svg).toMatch(/<text x="119.5" [^>]*>1\.\.\*<\/text>/);
    // Relative: x = −1 … 1 along the line, y across it.
    const relative = render(edge('x="-0.5" y="10" relative="1"'));
    expect(relative.svg).toMatch(/<text x="79.5" [^>]*>1\.\.\*<\/text>/);
  });

  it("draws draw.io's stencils of the packages it ships, scaled to the box", () => {
    const shapes = [
      "mxgraph.flowchart.document",
      "mxgraph.basic.star",
      "mxgraph.cisco19.router",
      "mxgraph.signs.transportation.airplane_1",
      "mxgraph.networks.server",
    ];
    const cells = shapes
      .map((shape, i) =>
        vertex(`s${i}`, "", `shape=${shape};fillColor=#dae8fc;`, i * 100, 0, 80, 80),
      )
      .join("");
    const { svg, unknownShapes } = render(model(cells));
    expectStandalone(svg);
    expect(unknownShapes).toEqual([]);
    // Each stencil paints at least one path in the cell's fill, inside its box.
    expect(svg.match(/fill="#dae8fc"/g)?.length ?? 0).toBeGreaterThanOrEqual(shapes.length);
  });

  it("draws a shape it does not know as its box with its label, and names it", () => {
    const { svg, unknownShapes } = render(
      model(vertex("a", "Mystery", "shape=mxgraph.nowhere.thing;fillColor=#ffcc00;")),
    );
    expect(unknownShapes).toEqual(["mxgraph.nowhere.thing"]);
    expect(svg).toContain('fill="#ffcc00"');
    expect(texts(svg)).toEqual(["Mystery"]);
  });

  it("skips hidden layers and cells, draws the page asked for, and refuses a missing one", () => {
    const hidden =
      '<mxCell id="h" parent="0" visible="0"/>' +
      vertex("a", "Shown", "") +
      '<mxCell id="b" value="Hidden" style="" vertex="1" parent="h"><mxGeometry x="200" width="80" height="40" as="geometry"/></mxCell>';
    expect(texts(render(model(hidden)).svg)).toEqual(["Shown"]);
    const file =
      '<mxfile><diagram id="p1" name="One">' +
      model(vertex("a", "First", "")) +
      '</diagram><diagram id="p2" name="Two">' +
      model(vertex("a", "Second", "")) +
      "</diagram></mxfile>";
    expect(texts(render(file, { page: 1 }).svg)).toEqual(["Second"]);
    expect(texts(render(file, { page: "Two" }).svg)).toEqual(["Second"]);
    expect(() => render(file, { page: 5 })).toThrow(DrawioError);
  });

  it("routes orthogonal edges between pinned sides as draw.io does: an L, or a Z between facing sides", () => {
    const edge = (id: string, s: string, t: string, ends: string) =>
      `<mxCell id="${id}" style="edgeStyle=orthogonalEdgeStyle;rounded=0;${ends}" edge="1" parent="1" source="${s}" target="${t}"><mxGeometry relative="1" as="geometry"/></mxCell>`;
    const xml = model(
      vertex("A", "A", "", 0, 0, 100, 50) +
        vertex("B", "B", "", 200, 120, 100, 50) +
        vertex("E", "E", "", 450, 0, 100, 50) +
        edge("ab", "A", "B", "exitX=1;exitY=0.5;entryX=0.5;entryY=0;") +
        edge("be", "B", "E", "exitX=1;exitY=0.5;entryX=0;entryY=0.5;"),
    );
    const { svg } = render(xml);
    // Out of A's east side, one bend, into B's top.
    expect(svg).toMatch(/d="M 100 25 L 250 25 L 250 1\d\d(\.\d+)?"/);
    // Out of B's east side to E's west side: through the middle (x 375).
    expect(svg).toMatch(/d="M 300 145 L 375 145 L 375 25 L 4\d\d(\.\d+)? 25"/);
  });

  it("turns an orthogonal edge's last bend so it arrives level with its pinned end, as draw.io does", () => {
    // A route out of A's east side, up through a waypoint, into E's west side lower than it.
    const xml = model(
      vertex("A", "A", "", 0, 200, 100, 50) +
        vertex("E", "E", "", 300, 0, 100, 100) +
        '<mxCell id="ae" style="edgeStyle=orthogonalEdgeStyle;rounded=0;exitX=1;exitY=0.5;exitPerimeter=0;entryX=0;entryY=0.6;entryPerimeter=0;" edge="1" parent="1" source="A" target="E"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="150" y="225"/><mxPoint x="150" y="50"/></Array></mxGeometry></mxCell>',
    );
    const { svg } = render(xml);
    // Up the vertical run to the end's height, then level into E (not down onto it).
    expect(svg).toMatch(/d="M 100 225 L 150 225 L 150 60 L 29\d(\.\d+)? 60"/);
  });

  it("resolves inherit and swimlane colours, and hatches hand-drawn fills", () => {
    const lane =
      '<mxCell id="lane" value="To do" style="swimlane;fillColor=#a0522d;" vertex="1" parent="1"><mxGeometry width="200" height="200" as="geometry"/></mxCell>';
    const card = (id: string, style: string) =>
      `<mxCell id="${id}" value="${id}" style="${style}" vertex="1" parent="lane"><mxGeometry x="20" y="40" width="100" height="50" as="geometry"/></mxCell>`;
    const { svg } = render(
      model(
        lane +
          card("c1", "fillColor=swimlane;") +
          card("c2", "fillColor=inherit;strokeColor=swimlane;"),
      ),
    );
    expect(svg).not.toMatch(/="(swimlane|inherit)"/);
    expect(svg).toMatch(/<rect [^>]*fill="#a0522d" stroke="#000000"/);
    expect(svg).toMatch(/<rect [^>]*fill="#a0522d" stroke="#a0522d"/);
    const sketch = render(
      model(vertex("a", "Pay", "sketch=1;fillColor=#dae8fc;hachureGap=8;")),
    ).svg;
    expect(sketch).toMatch(/<pattern id="(df-hachure-[^"]+)"[^>]*width="8"/);
    expect(sketch).toMatch(/fill="url\(#df-hachure-/);
    const solid = render(
      model(vertex("a", "Pay", "sketch=1;fillColor=#dae8fc;fillStyle=solid;")),
    ).svg;
    expect(solid).not.toContain("<pattern");
  });

  it("fills in placeholders from the cell's object and its ancestors' when asked", () => {
    const xml = model(
      '<object label="Team" id="lane" owner="Ana"><mxCell style="swimlane;" vertex="1" parent="1"><mxGeometry width="300" height="200" as="geometry"/></mxCell></object>' +
        '<object label="%title% (%owner%) %nothing%" title="Task 1" placeholders="1" id="c"><mxCell style="html=1;" vertex="1" parent="lane"><mxGeometry x="20" y="40" width="200" height="50" as="geometry"/></mxCell></object>' +
        '<object label="%title%" title="kept" id="d"><mxCell style="html=1;" vertex="1" parent="lane"><mxGeometry x="20" y="120" width="200" height="50" as="geometry"/></mxCell></object>',
    );
    expect(texts(render(xml).svg)).toEqual(["Team", "Task 1 (Ana) %nothing%", "%title%"]);
  });

  it("draws headings large and bold, and keeps the margins of headings and paragraphs", () => {
    const plain = { bold: false, italic: false, underline: false };
    // draw.io's "Text box": a heading and a paragraph, with the browser's margins (in em).
    const textbox = htmlLines("<h1>Heading</h1><p>Lorem ipsum</p>", plain, 12);
    expect(textbox.lines).toEqual([
      [{ ...plain, bold: true, size: 24, text: "Heading" }],
      [{ ...plain, text: "Lorem ipsum" }],
    ]);
    // 0.67 em of 24 px above and below the heading (collapsed with the paragraph's 1 em of 12).
    expect(textbox.gaps.map((g) => Math.round(g * 100) / 100)).toEqual([16.08, 16.08, 12]);
    // A style's margins win; class shapes write `margin:0px;margin-top:4px`.
    const styled = htmlLines(
      '<p style="margin:0px;margin-top:4px">Order</p><p style="margin: 0 0 2px">+ id</p>',
      plain,
      12,
    );
    expect(styled.gaps).toEqual([4, 0, 2]);
    expect(htmlLines("a<br>b<div>c</div>", plain, 12).gaps).toEqual([0, 0, 0, 0]);
    // In the picture: the paragraph's baseline 16.08 + 28.8 + 16.08 px below the heading's top.
    const value = "&lt;h1&gt;Heading&lt;/h1&gt;&lt;p&gt;Lorem ipsum&lt;/p&gt;";
    const { svg } = render(
      model(vertex("a", value, "text;html=1;whiteSpace=wrap;verticalAlign=top;", 0, 0, 200, 120)),
    );
    expect(svg).toMatch(/<text [^>]*font-size="24px" font-weight="bold">Heading<\/text>/);
    const ys = [...svg.matchAll(/<text [^>]*y="([\d.]+)"/g)].map((m) => Number(m[1]));
    const offset = (size: number) => ((1.2 - 0.905 - 0.212) / 2 + 0.905) * size;
    expect((ys[1] ?? 0) - (ys[0] ?? 0)).toBeCloseTo(28.8 + 16.08 + offset(12) - offset(24), 1);
  });

  it("turns a shape's label margins with its direction, as draw.io's UML nodes show", () => {
    const node = (direction: string) =>
      render(
        model(
          vertex(
            "n",
            "Server",
            `shape=cube;size=10;direction=${direction};boundedLbl=1;verticalAlign=top;align=left;spacingLeft=5;html=1;`,
            0,
            0,
            200,
            100,
          ),
        ),
      ).svg;
    const at = (svg: string) => {
      const m = /<text x="([\d.]+)" y="([\d.]+)"/.exec(svg);
      return [Number(m?.[1]), Number(m?.[2])];
    };
    // East: the depth (10 px) is the left and top margin; south turns it to the top and right.
    const [ex, ey] = at(node("east"));
    const [sx, sy] = at(node("south"));
    expect(sx).toBeCloseTo((ex ?? 0) - 10, 0);
    expect(sy).toBeCloseTo(ey ?? 0, 0);
    expect(node("south")).toMatch(/width="201px" height="101px"/);
  });

  it("draws UML class boxes written in HTML: a centred title, rules, left-aligned members", () => {
    const value =
      "&lt;p style=&quot;margin:0px;margin-top:4px;text-align:center;&quot;&gt;&lt;b&gt;Order&lt;/b&gt;&lt;/p&gt;&lt;hr size=&quot;1&quot;/&gt;" +
      "&lt;p style=&quot;margin:0px;margin-left:4px;&quot;&gt;+id: int&lt;/p&gt;";
    const { svg } = render(
      model(
        vertex("c", value, "verticalAlign=top;align=left;overflow=fill;html=1;", 0, 0, 200, 80),
      ),
    );
    // overflow=fill: the label is the cell's box, from its top, with no spacing. The title
    // centred on it (100, less draw.io's half-pixel shift), the member 4 px in (its margin).
    expect(svg).toMatch(/<text x="99\.5" [^>]*text-anchor="middle"[^>]*>Order<\/text>/);
    expect(svg).toMatch(/<text x="3\.5" [^>]*>\+id: int<\/text>/);
    // The rule across the cell, in the greys of a browser's <hr>.
    expect(svg).toMatch(/<path d="M -0\.5 [\d.]+ L 199\.5 [\d.]+" fill="none" stroke="#9a9a9a"\/>/);
    const lines = htmlLines(
      "<p>a</p><hr><p>b</p>",
      { bold: false, italic: false, underline: false },
      12,
    );
    expect(lines.rules).toEqual([false, true, false]);
    expect(lines.gaps).toEqual([12, 12, 12, 12]);
  });

  it("crops to a turned shape's corners, as draw.io's export does", () => {
    const flat = render(model(vertex("a", "", "triangle;")));
    const turned = render(model(vertex("a", "", "triangle;rotation=90;")));
    expect([flat.width, flat.height]).toEqual([121, 61]);
    expect([turned.width, turned.height]).toEqual([61, 121]);
    const tilted = render(model(vertex("a", "", "rotation=45;", 0, 0, 100, 100)));
    expect(tilted.width).toBe(Math.ceil(101 * Math.SQRT2));
  });

  it("crops to the drawing with its shadow, as draw.io's export does", () => {
    const plain = render(model(vertex("a", "Pay", "")));
    const shadowed = render(model(vertex("a", "Pay", "shadow=1;")));
    expect([shadowed.width - plain.width, shadowed.height - plain.height]).toEqual([2, 3]);
  });

  it("scales, adds a border and draws dark", () => {
    const xml = model(vertex("a", "Pay", ""));
    const scaled = render(xml, { scale: 2, border: 10 });
    expect([scaled.width, scaled.height]).toEqual([262, 142]);
    const dark = render(xml, { theme: "dark" }).svg;
    expect(dark).toContain("background-color: #121212");
    expect(dark).toContain('fill="#121212" stroke="#ffffff"');
    // An author's light fill turns dark (draw.io's rule), and the default text on it light.
    const pastel = render(model(vertex("a", "Pay", "fillColor=#dae8fc;")), { theme: "dark" }).svg;
    expect(pastel).toContain('fill="#1d293b"');
    expect(pastel).toMatch(/<text[^>]*fill="#ffffff"/);
  });

  it("draws a 1,000-cell diagram in well under a second", async () => {
    const { syntheticDiagram } = await import("../../../fixtures/synthetic.ts");
    const doc = parseDiagram(syntheticDiagram({ cells: 1_000 }));
    const start = performance.now();
    const { svg } = renderSvg(doc);
    expect(performance.now() - start).toBeLessThan(1_000);
    expectStandalone(svg);
  });
});
