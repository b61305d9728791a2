/**
 * Renders diagrams with the real draw.io app in headless Chromium and checks that every label
 * is drawn. Skips (with one line saying why) when no Chromium is installed.
 */
import { deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutGraph } from "../../worker/drawio/layout/index.ts";
import { graphSpecs } from "../fixtures/graph-specs.ts";
import { findChromium, hasLabel, type LaunchedDrawio, launchDrawio } from "./drawio.ts";

const chromiumPath = findChromium();
if (chromiumPath === undefined) {
  console.warn(
    "browser tests skipped: install Debian's chromium (apt-get install -y chromium) " +
      "or set CHROMIUM_PATH",
  );
}

/** A page body wrapped in the root and default layer every draw.io model starts with. */
function model(cells: string): string {
  return (
    '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
    `${cells}</root></mxGraphModel>`
  );
}

function vertex(id: string, value: string, style: string, x: number, y: number, parent = "1") {
  return (
    `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="${parent}">` +
    `<mxGeometry x="${x}" y="${y}" width="120" height="60" as="geometry"/></mxCell>`
  );
}

function edge(id: string, source: string, target: string, value = ""): string {
  return (
    `<mxCell id="${id}" value="${value}" edge="1" source="${source}" target="${target}" ` +
    'parent="1" style="edgeStyle=orthogonalEdgeStyle;html=1;">' +
    '<mxGeometry relative="1" as="geometry"/></mxCell>'
  );
}

/** draw.io's compressed page format: raw deflate of the URI-encoded XML, in base64. */
function compress(xml: string): string {
  return deflateRawSync(Buffer.from(encodeURIComponent(xml), "utf8")).toString("base64");
}

const FLOWCHART = `<mxfile host="drawforge"><diagram id="flow" name="Flow">${model(
  vertex("start", "Start", "ellipse;whiteSpace=wrap;html=1;", 40, 20) +
    vertex("decide", "Décision ✓", "rhombus;whiteSpace=wrap;html=1;", 40, 120) +
    vertex("tokyo", "東京", "rounded=1;whiteSpace=wrap;html=1;", 240, 120) +
    edge("e1", "start", "decide") +
    edge("e2", "decide", "tokyo", "oui"),
)}</diagram></mxfile>`;

const MULTI_PAGE =
  '<mxfile host="drawforge">' +
  `<diagram id="p1" name="Overview">${model(
    vertex("a", "Page one box", "whiteSpace=wrap;html=1;", 0, 0) +
      vertex("b", "Second box", "whiteSpace=wrap;html=1;", 200, 0) +
      edge("ab", "a", "b"),
  )}</diagram>` +
  // The second page is compressed, as older draw.io files are.
  `<diagram id="p2" name="Details">${compress(
    model(vertex("c", "Zweite Seite ü", "shape=cylinder3;whiteSpace=wrap;html=1;", 0, 0)),
  )}</diagram>` +
  "</mxfile>";

const CONTAINER = model(
  '<mxCell id="box" value="Container 📦" style="swimlane;whiteSpace=wrap;html=1;" ' +
    'vertex="1" parent="1"><mxGeometry x="20" y="20" width="400" height="260" as="geometry"/>' +
    "</mxCell>" +
    '<mxCell id="inner" value="Inner group" style="rounded=0;whiteSpace=wrap;html=1;' +
    'container=1;collapsible=0;" vertex="1" parent="box">' +
    '<mxGeometry x="20" y="40" width="360" height="200" as="geometry"/></mxCell>' +
    vertex("x", "Inside A", "whiteSpace=wrap;html=1;", 20, 40, "inner") +
    vertex("y", "Inside &amp; B", "whiteSpace=wrap;html=1;", 200, 40, "inner") +
    '<mxCell id="xy" edge="1" source="x" target="y" parent="inner" style="html=1;">' +
    '<mxGeometry relative="1" as="geometry"/></mxCell>' +
    vertex("outside", "Outside", "whiteSpace=wrap;html=1;", 480, 120),
);

const HAND_WRITTEN = [
  { name: "flowchart", xml: FLOWCHART, labels: ["Start", "Décision ✓", "東京", "oui"] },
  { name: "container", xml: CONTAINER, labels: ["Container 📦", "Inside A", "Inside & B"] },
];

describe.skipIf(chromiumPath === undefined)("draw.io (real app in Chromium)", () => {
  let drawio: LaunchedDrawio | undefined;

  beforeAll(async () => {
    drawio = await launchDrawio();
  });

  afterAll(async () => {
    await drawio?.close();
  });

  function session(): LaunchedDrawio {
    if (drawio === undefined) throw new Error("draw.io did not start");
    return drawio;
  }

  it.each(HAND_WRITTEN)("draws every label of the $name diagram", async ({ xml, labels }) => {
    const svg = await session().renderSvg(xml);
    expect(svg.startsWith("<svg")).toBe(true);
    for (const label of labels) expect(hasLabel(svg, label), label).toBe(true);
  });

  it("draws each page of a multi-page file, the compressed one too", async () => {
    const pages = await session().renderPages(MULTI_PAGE);
    expect(pages).toHaveLength(2);
    expect(hasLabel(pages[0] ?? "", "Page one box")).toBe(true);
    expect(hasLabel(pages[0] ?? "", "Second box")).toBe(true);
    expect(hasLabel(pages[1] ?? "", "Zweite Seite ü")).toBe(true);
    // draw.io's svg export draws the current page only: the first one after a load.
    const first = await session().renderSvg(MULTI_PAGE);
    expect(hasLabel(first, "Page one box")).toBe(true);
    expect(hasLabel(first, "Zweite Seite ü")).toBe(false);
  });

  it("fails loudly on a file draw.io cannot open", async () => {
    await expect(session().renderSvg("<mxfile><diagram>")).rejects.toThrow(/could not open/);
    // And the editor still works afterwards.
    expect(hasLabel(await session().renderSvg(FLOWCHART), "東京")).toBe(true);
  });

  it("opens every generated layout and draws every node and edge label", async () => {
    for (const { name, spec } of graphSpecs()) {
      const { xml } = await layoutGraph(spec);
      const svg = await session()
        .renderSvg(xml)
        .catch((error: unknown) => {
          throw new Error(`${name}: ${(error as Error).message}`);
        });
      const labels = [
        ...spec.nodes.map((node) => node.label ?? ""),
        ...(spec.edges ?? []).map((edge) => edge.label ?? ""),
        ...(spec.groups ?? []).map((group) => group.label ?? ""),
      ];
      const missing = labels.filter((label) => label !== "" && !hasLabel(svg, label));
      expect(missing, `${name}: labels missing from draw.io's SVG`).toEqual([]);
    }
  });
});
