/**
 * The shapes draw.io draws in code (arrows2, floor plan, lean mapping, BPMN, UML, library
 * shapes, the Mermaid converters' pie slices, C4 person and block arrows) drawn by `renderSvg` beside draw.io's own export of the same cells, pixel by pixel.
 * Each family is one page of a few cells; the side-by-side pictures go to
 * /tmp/drawforge-render-test/. Skips without Chromium.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { renderSvg } from "../../worker/drawio/render/index.ts";
import { findChromium, type LaunchedDrawio, launchDrawio } from "./drawio.ts";
import { compareWithDrawio } from "./render-compare.ts";

const OUT = "/tmp/drawforge-render-test";

/** A style, a size and a label for one cell. */
type Cell = [style: string, width: number, height: number, label?: string];

const FAMILIES: Readonly<Record<string, Cell[]>> = {
  arrows: [
    ["shape=mxgraph.arrows2.arrow;dy=0.6;dx=40;notch=15;headCrossline=1;", 100, 70, "Go"],
    ["shape=mxgraph.arrows2.uTurnArrow;dy=11;arrowHead=43;dx2=25;", 60, 100],
    ["shape=mxgraph.arrows2.bendArrow;dy=15;dx=38;notch=10;arrowHead=55;", 100, 100],
    ["shape=mxgraph.arrows2.quadArrow;dy=10;dx=20;arrowHead=10;", 100, 100],
  ],
  mermaid: [
    ["shape=mxgraph.basic.pie;startAngle=0;endAngle=0.3;fillColor=#dae8fc;", 80, 80],
    ["shape=mxgraph.basic.pie;startAngle=0.3;endAngle=0.95;strokeWidth=2;", 80, 80],
    ["shape=mxgraph.basic.pie;startAngle=0;endAngle=0.5;", 80, 80],
    ["shape=mxgraph.c4.person;fillColor=#08427b;fontColor=#ffffff;", 110, 110, "User"],
    ["shape=sumEllipse;strokeWidth=2;fillColor=#f8cecc;", 30, 30],
    ["shape=singleArrow;", 80, 50, "Go"],
    ["shape=singleArrow;direction=north;arrowWidth=0.5;arrowSize=0.3;", 50, 80],
    ["shape=doubleArrow;", 100, 50],
    ["shape=doubleArrow;direction=south;", 50, 80],
    ["shape=mxgraph.basic.layered_rect;dx=6;", 100, 60, "Stack"],
  ],
  floorplan: [
    ["shape=mxgraph.floorplan.window;", 100, 10],
    ["shape=mxgraph.floorplan.doorLeft;", 80, 85],
    ["shape=mxgraph.floorplan.doorDouble;", 160, 85],
  ],
  lean: [
    ["shape=mxgraph.lean_mapping.push_arrow;strokeWidth=2;", 100, 30],
    ["shape=mxgraph.lean_mapping.manufacturing_process;fontSize=12;", 100, 70, "Press"],
    ["shape=mxgraph.lean_mapping.inventory_box;", 60, 50],
    ["shape=mxgraph.lean_mapping.outside_sources;", 100, 70],
  ],
  bpmn: [
    ["shape=mxgraph.bpmn.task;rectStyle=rounded;size=10;taskMarker=send;", 120, 80, "Send"],
    ["shape=mxgraph.bpmn.event;outline=boundInt;symbol=timer;", 50, 50],
    ["shape=mxgraph.bpmn.event;outline=end;symbol=terminate;", 50, 50],
    ["shape=mxgraph.bpmn.gateway2;gwType=exclusive;", 50, 50],
    ["shape=mxgraph.bpmn.shape;background=gateway;outline=none;symbol=parallelGw;", 50, 50],
  ],
  uml: [
    ["shape=component;align=left;spacingLeft=36;", 120, 60, "Component"],
    ["shape=lollipop;", 10, 40],
    ["shape=umlLifeline;", 100, 200, ":Object"],
    ["shape=umlFrame;", 200, 120, "frame"],
  ],
  sequence: [
    ["shape=umlBoundary;whiteSpace=wrap;", 100, 80, "Boundary"],
    ["shape=umlControl;whiteSpace=wrap;", 80, 90, "Control"],
    ["shape=umlEntity;whiteSpace=wrap;", 80, 80, "Entity"],
    ["shape=umlDestroy;strokeWidth=2;", 30, 30],
    ["shape=umlLifeline;participant=umlBoundary;verticalAlign=top;spacingTop=40;", 50, 160, "B"],
    ["shape=umlLifeline;participant=umlControl;verticalAlign=top;spacingTop=40;", 40, 160, "C"],
    ["shape=umlLifeline;participant=umlEntity;verticalAlign=top;spacingTop=40;", 40, 160, "E"],
    ["shape=umlLifeline;participant=umlActor;verticalAlign=top;spacingTop=40;", 30, 160, "A"],
  ],
  boxes: [
    ["shape=partialRectangle;top=0;bottom=0;fillColor=#dae8fc;", 100, 60, "Sides"],
    ["shape=partialRectangle;left=0;right=0;top=0;strokeWidth=2;", 100, 60, "Bottom"],
    ["shape=partialRectangle;right=0;fillColor=none;", 80, 40],
    ["shape=internalStorage;", 100, 80, "Storage"],
    ["shape=internalStorage;dx=10;dy=30;rounded=1;", 100, 80],
  ],
  library: [
    ["shape=mxgraph.eip.messageChannel;strokeColor=#666666;strokeWidth=2;", 100, 20],
    [
      "shape=mxgraph.infographic.shadedCube;isoAngle=15;fillColor=#FFB570;strokeColor=none;",
      80,
      90,
    ],
    ["shape=mxgraph.basic.roundRectCallout;dx=30;dy=15;size=5;", 120, 80, "Note"],
    ["shape=mxgraph.mockup.graphics.iconGrid;strokeColor=#999999;", 100, 100],
  ],
};

/** The cells of a family side by side, 40 apart, as a draw.io file. */
function page(cells: readonly Cell[]): string {
  let x = 20;
  const xml = cells.map(([style, w, h, label = ""], i) => {
    const cell = `<mxCell id="c${i}" value="${label}" style="${style}html=1;" vertex="1" parent="1"><mxGeometry x="${x}" y="20" width="${w}" height="${h}" as="geometry"/></mxCell>`;
    x += w + 40;
    return cell;
  });
  return `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${xml.join("")}</root></mxGraphModel>`;
}

/** Edge markers, each at both ends of a level edge and of a slanted, thicker one. */
const MARKERS = [
  "cross",
  "async",
  "openAsync",
  "dash",
  "box",
  "circle",
  "circlePlus",
  "halfCircle",
];

/** The markers' edges one under another between small boxes, fills and sizes varied. */
function markerPage(): string {
  const cells = MARKERS.flatMap((kind, i) => {
    const y = 20 + i * 40;
    const dot = (id: string, x: number, top: number) =>
      `<mxCell id="${id}" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="${x}" y="${top}" width="10" height="10" as="geometry"/></mxCell>`;
    const edge = (id: string, from: string, to: string, style: string) =>
      `<mxCell id="${id}" style="endArrow=${kind};startArrow=${kind};${style}html=1;" edge="1" parent="1" source="${from}" target="${to}"><mxGeometry relative="1" as="geometry"/></mxCell>`;
    return [
      dot(`a${i}`, 10, y - 5),
      dot(`b${i}`, 160, y - 5),
      dot(`c${i}`, 210, y - 15),
      dot(`d${i}`, 340, y + 15),
      edge(`e${i}`, `a${i}`, `b${i}`, i % 2 ? "startFill=0;" : ""),
      edge(`s${i}`, `c${i}`, `d${i}`, "endSize=10;strokeWidth=2;"),
    ];
  });
  return `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
}

describe.skipIf(findChromium() === undefined)("code-drawn shapes beside draw.io's", () => {
  let drawio: LaunchedDrawio;
  beforeAll(async () => {
    drawio = await launchDrawio();
    mkdirSync(OUT, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await drawio?.close();
  });

  const pages: Array<[string, string]> = [
    ...Object.entries(FAMILIES).map(([family, cells]): [string, string] => [family, page(cells)]),
    ["markers", markerPage()],
  ];
  for (const [family, xml] of pages) {
    it(`${family}: differs from draw.io's export in under 1 % of the drawn pixels`, async () => {
      const ours = renderSvg(parseDiagram(xml)).svg;
      const file = `${OUT}/shapes-${family}.png`;
      const c = await compareWithDrawio(drawio, `shapes-${family}`, ours, xml, file);
      expect(c.inkMismatch).toBeLessThan(0.01);
    }, 60_000);
  }
});
