import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { isKnownShape } from "../../../../worker/drawio/render/draw-shape.ts";
import { drawCell } from "./one-cell.ts";

const draw = drawCell;

const texts = (svg: string) =>
  Array.from(
    new DOMParser().parseFromString(svg, "image/svg+xml").getElementsByTagName("text"),
  ).map((t) => t.textContent ?? "");

/** Draws a shape and checks what every new shape owes: known, labelled, well-formed. */
function drawn(style: string, w: number, h: number): string {
  const { svg, unknownShapes } = draw(style, w, h);
  expect(unknownShapes).toEqual([]);
  expect(texts(svg)).toEqual(["Label"]);
  return svg;
}

describe("code-drawn shapes", () => {
  it("knows draw.io's code-drawn shapes of the corpus by name", () => {
    const names = [
      "mxgraph.arrows2.arrow",
      "mxgraph.arrows2.uTurnArrow",
      "mxgraph.arrows2.twoWayArrow",
      "mxgraph.arrows2.stylisedArrow",
      "mxgraph.arrows2.bendArrow",
      "mxgraph.arrows2.jumpInArrow",
      "mxgraph.arrows2.sharpArrow",
      "mxgraph.arrows2.sharpArrow2",
      "mxgraph.arrows2.calloutArrow",
      "mxgraph.arrows2.calloutDoubleArrow",
      "mxgraph.arrows2.quadArrow",
      "mxgraph.arrows2.triadArrow",
      "mxgraph.arrows2.tailedArrow",
      "mxgraph.arrows2.stripedArrow",
      "mxgraph.floorplan.window",
      "mxgraph.floorplan.doorLeft",
      "mxgraph.floorplan.doorRight",
      "mxgraph.floorplan.doorDouble",
      "mxgraph.lean_mapping.push_arrow",
      "mxgraph.lean_mapping.manufacturing_process",
      "mxgraph.lean_mapping.inventory_box",
      "mxgraph.lean_mapping.data_box",
      "mxgraph.lean_mapping.schedule",
      "mxgraph.lean_mapping.timeline2",
      "mxgraph.lean_mapping.outside_sources",
      "mxgraph.lean_mapping.physical_pull",
      "mxgraph.bpmn.shape",
      "mxgraph.bpmn.event",
      "mxgraph.bpmn.gateway2",
      "mxgraph.bpmn.task",
      "mxgraph.bpmn.data",
      "component",
      "module",
      "lollipop",
      "startState",
      "endState",
      "umlLifeline",
      "umlFrame",
      "switch",
      "delay",
      "mxgraph.ios.iPin",
      "mxgraph.eip.messageChannel",
      "mxgraph.infographic.circularCallout2",
      "mxgraph.infographic.shadedCube",
      "mxgraph.infographic.ribbonSimple",
      "mxgraph.basic.roundRectCallout",
      "mxgraph.basic.arc",
      "mxgraph.mockup.graphics.iconGrid",
      "mxgraph.mockup.graphics.simpleIcon",
      "mxgraph.mockup.markup.curlyBrace",
      "mxgraph.gcp2.doubleRect",
      "mxgraph.rackGeneral.horCableDuct",
      "mxgraph.floorplan.stairsRest",
      "mxgraph.mockup.graphics.pieChart",
      "mxgraph.mockup.graphics.columnChart",
      "mxgraph.mockup.forms.searchBox",
    ];
    expect(names.filter((name) => !isKnownShape(name))).toEqual([]);
  });

  it("draws arrows2 block arrows with their shaft, head, notch and crosslines", () => {
    const arrow = drawn(
      "shape=mxgraph.arrows2.arrow;dy=0.6;dx=40;notch=10;headCrossline=1;",
      100,
      60,
    );
    // dy is a share of half the height (0.6 × 30 = 18 in from each edge), dx the head's length.
    expect(arrow).toContain('d="M 0 18 L 60 18 L 60 0 L 100 30 L 60 60 L 60 42 L 0 42 L 10 30 Z"');
    expect(arrow).toContain('d="M 60 18 L 60 42" fill="none"');
    // The U-turn: the bend's centre line is (h − arrowHead / 2 + dy) / 2 = 44.75 from the left.
    const turn = drawn("shape=mxgraph.arrows2.uTurnArrow;dy=11;arrowHead=43;dx2=25;", 60, 100);
    expect(turn).toContain(
      'd="M 44.75 0 L 69.75 21.5 L 44.75 43 L 44.75 32.5 A 22.75 22.75 0 0 0 44.75 78 L 60 78 L 60 100 L 44.75 100 A 44.75 44.75 0 0 1 44.75 10.5 Z"',
    );
    // A callout arrow: a box `notch` wide, a shaft 2 × dy high, a head arrowHead taller.
    expect(
      drawn("shape=mxgraph.arrows2.calloutArrow;dy=10;dx=20;notch=60;arrowHead=10;", 100, 60),
    ).toContain(
      'd="M 0 0 L 60 0 L 60 20 L 80 20 L 80 10 L 100 30 L 80 50 L 80 40 L 60 40 L 60 60 L 0 60 Z"',
    );
    // A striped arrow's tail `notch` long is cut into stripes at 16 %, 32 % and 80 % of it.
    expect(drawn("shape=mxgraph.arrows2.stripedArrow;dy=0.6;dx=40;notch=25;", 100, 70)).toContain(
      "Z M 0 49 L 4 49 L 4 21 L 0 21 Z M 8 49 L 20 49 L 20 21 L 8 21 Z",
    );
    // Direction turns the shape drawn in the swapped box about the cell's centre.
    expect(drawn("shape=mxgraph.arrows2.arrow;direction=south;", 60, 100)).toContain(
      "rotate(90,30,50)",
    );
  });

  it("draws floor-plan windows and doors: a wall-thick pane, a frame and the door's swing", () => {
    const window = drawn("shape=mxgraph.floorplan.window;", 100, 10);
    expect(window).toContain('<rect x="0" y="0" width="100" height="10"');
    expect(window).toContain('d="M 0 5 L 100 5"');
    const left = drawn("shape=mxgraph.floorplan.doorLeft;", 80, 85);
    expect(left).toContain('<rect x="0" y="0" width="80" height="5"');
    expect(left).toContain('d="M 80 5 A 80 80 0 0 1 0 85 L 0 5" fill="none"');
    const double = drawn("shape=mxgraph.floorplan.doorDouble;", 160, 85);
    expect(double).toContain("A 80 80 0 0 1 0 85");
    expect(double).toContain("A 80 80 0 0 0 160 85");
  });

  it("draws lean-mapping shapes: push arrow stripes, process title bar, timeline", () => {
    const push = drawn("shape=mxgraph.lean_mapping.push_arrow;strokeColor=#333333;", 100, 30);
    // Three bars and the head filled in the stroke colour.
    expect(push.match(/<rect [^>]*fill="#333333" stroke="none"/g)).toHaveLength(3);
    const process = drawn("shape=mxgraph.lean_mapping.manufacturing_process;fontSize=12;", 100, 70);
    expect(process).toContain('d="M 0 18 L 100 18"');
    const timeline = drawn(
      "shape=mxgraph.lean_mapping.timeline2;dx2=60;dy2=1;dx3=120;dy3=0;dx4=150;dy4=0;dx5=200;dy5=1;dy6=1;",
      260,
      40,
    );
    expect(timeline).toContain(
      'd="M 0 0 L 60 0 L 60 40 L 120 40 L 120 0 L 150 0 L 200 0 L 200 40 L 260 40" fill="none"',
    );
  });

  it("draws BPMN tasks, events and gateways with draw.io's markers and symbols", () => {
    const send = drawn(
      "shape=mxgraph.bpmn.task;rectStyle=rounded;size=10;taskMarker=send;",
      120,
      80,
    );
    expect(send).toContain('d="M 0 10 A 10 10 0 0 1 10 0 L 110 0');
    // A send marker is a solid letter: filled with the stroke colour, edged with the fill.
    expect(send).toContain('d="M 4 4 L 22 4 L 22 17 L 4 17 Z" fill="#000000" stroke="#ffffff"');
    const end = drawn("shape=mxgraph.bpmn.event;outline=end;symbol=terminate;", 40, 40);
    expect(end).toContain('rx="20" ry="20" fill="#ffffff" stroke="#000000" stroke-width="3"');
    expect(end).toContain('rx="18" ry="18" fill="#000000"');
    const gateway = drawn("shape=mxgraph.bpmn.gateway2;gwType=exclusive;", 50, 50);
    expect(gateway).toContain('d="M 25 0 L 50 25 L 25 50 L 0 25 Z"');
    expect(gateway).toContain('d="M 17.5 12.5 L 25 22 L 32.5 12.5');
    // The first BPMN shape: a gateway's symbol in its middle half (10 to 30), fill and stroke
    // swapped.
    const parallel = drawn(
      "shape=mxgraph.bpmn.shape;background=gateway;outline=none;symbol=parallelGw;fillColor=#eeeeee;",
      40,
      40,
    );
    expect(parallel).toContain('d="M 17.6 10 L 22.4 10 L 22.4 17.6 L 30 17.6');
    expect(parallel).toContain('fill="#000000" stroke="#eeeeee"');
    const data = drawn("shape=mxgraph.bpmn.data;size=15;isCollection=1;", 40, 60);
    expect(data).toContain("M 16.4 48 L 16.4 60 M 20 48 L 20 60");
  });

  it("draws UML shapes: component jetties, a dashed lifeline under its header, states", () => {
    const component = drawn("shape=component;", 120, 60);
    expect(component).toContain(
      'd="M 16 0 L 120 0 L 120 60 L 16 60 L 16 48 L 0 48 L 0 36 L 16 36 L 16 24 L 0 24 L 0 12 L 16 12 Z"',
    );
    const lifeline = drawn("shape=umlLifeline;", 100, 300);
    expect(lifeline).toContain('<rect x="0" y="0" width="100" height="40"');
    expect(lifeline).toContain(
      'd="M 50 40 L 50 300" fill="none" stroke="#000000" stroke-miterlimit="10" stroke-dasharray="3 3"',
    );
    // The lifeline's label sits in its header, not halfway down the line.
    const y = Number(/<text[^>]* y="([\d.]+)"/.exec(lifeline)?.[1]);
    expect(y).toBeLessThan(40);
    const start = drawn("shape=startState;fillColor=#000000;", 30, 30);
    expect(start).toContain('rx="11" ry="11" fill="#000000"');
  });

  it("draws library shapes with their own gradients and shading", () => {
    const channel = drawn("shape=mxgraph.eip.messageChannel;", 100, 20);
    expect(channel).toContain('id="mx-gradient-e6e6e6-1-808080-1-s-0"');
    expect(channel).toContain('fill="url(#mx-gradient-e6e6e6-1-808080-1-s-0)"');
    const cube = drawn(
      "shape=mxgraph.infographic.shadedCube;isoAngle=15;fillColor=#FFB570;",
      80,
      90,
    );
    expect(cube.match(/fill-opacity="0.2"/g)).toHaveLength(2);
    const arc = drawn("shape=mxgraph.basic.arc;startAngle=0;endAngle=0.25;", 100, 100);
    expect(arc).toContain('d="M 50 0 A 50 50 0 0 1 100 50" fill="none"');
    const grid = drawn("shape=mxgraph.mockup.graphics.iconGrid;gridSize=2,2;", 100, 100);
    expect(grid.match(/<rect /g)).toHaveLength(4);
    // A pie's slices run counter-clockwise from the top: a quarter ends at the left.
    const pie = drawn(
      "shape=mxgraph.mockup.graphics.pieChart;parts=1,3;partColors=#111111,#222222;",
      100,
      100,
    );
    expect(pie).toContain('d="M 50 50 L 0 50 A 50 50 0 0 1 50 0 Z" fill="#111111"');
    // The search box writes its hint as draw.io does: plain text, middle-aligned.
    const search = draw("shape=mxgraph.mockup.forms.searchBox;textSize=12;", 150, 25).svg;
    expect(texts(search)).toEqual(["Search", "Label"]);
    expect(search).toContain(
      '<text x="4.5" y="17" fill="#666666" font-family="Arial,Helvetica" font-size="12px">Search</text>',
    );
    expect(texts(draw("shape=mxgraph.mockup.forms.searchBox;mainText=;", 150, 25).svg)).toEqual([
      "Label",
    ]);
    const double = drawn("shape=mxgraph.gcp2.doubleRect;", 120, 70);
    expect(double).toContain('<rect x="8" y="8" width="112" height="62" rx="1" ry="1"');
    // A duct 160 wide spans four 33-wide gaps (five slot pairs), centred: the first 14 in.
    const duct = drawn("shape=mxgraph.rackGeneral.horCableDuct;", 160, 15);
    expect(duct.match(/<rect [^>]*width="3" height="7"/g)).toHaveLength(5);
    expect(duct).toContain('<rect x="14" y="0" width="3" height="7"');
    const stairs = drawn("shape=mxgraph.floorplan.stairsRest;", 160, 60);
    expect(stairs).toContain(
      'd="M 25 0 L 25 60 M 50 0 L 50 60 M 75 0 L 75 60 M 100 0 L 100 60 M 125 0 L 125 60"',
    );
  });
});
