/**
 * Numbers read as draw.io reads them (`parseFloat`), in geometry, waypoints, offsets, terminal
 * pins and styles, and the checks that refuse what no drawing can hold.
 */
import { describe, expect, it } from "vitest";
import { geometryNumberProblem, validateXml } from "../../../worker/drawio/check/validate.ts";
import { PageLayout } from "../../../worker/drawio/geometry/page-layout.ts";
import { readRect, readWaypoints } from "../../../worker/drawio/model/cell.ts";
import { clampedNumber, finiteNumber, readNumber } from "../../../worker/drawio/model/numbers.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { createElement } from "../../../worker/drawio/xml/nodes.ts";

const model = (cells: string) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;

describe("numbers as draw.io reads them", () => {
  it("reads like parseFloat: hex is 0, units and spaces are ignored, exponents count", () => {
    expect(readNumber("0x10")).toBe(0);
    expect(readNumber(" 12px")).toBe(12);
    expect(readNumber("1e3")).toBe(1000);
    expect(readNumber("-.5")).toBe(-0.5);
    expect(readNumber("abc")).toBeNaN();
    expect(readNumber("")).toBeNaN();
    expect(finiteNumber("Infinity", 7)).toBe(7);
    expect(finiteNumber("1e999", 7)).toBe(7);
    expect(clampedNumber("1e39", 0, 100)).toBe(100);
    expect(clampedNumber("-1e39", 0, 100)).toBe(-100);
  });

  it('places x="0x10" at 0, where draw.io puts it (Number() read 16)', () => {
    const geometry = createElement("mxGeometry", {
      x: "0x10",
      y: "12px",
      width: "1e2",
      height: "",
    });
    expect(readRect(geometry)).toEqual({ x: 0, y: 12, width: 100, height: 0 });
    const points = createElement("Array", { as: "points" }, [
      createElement("mxPoint", { x: "0x20", y: "5.5pt" }),
    ]);
    expect(readWaypoints(createElement("mxGeometry", {}, [points]))).toEqual([{ x: 0, y: 5.5 }]);
    const page = parseDiagram(
      model(
        '<mxCell id="a" vertex="1" parent="1"><mxGeometry x="0x10" y="0x10" width="10" height="10" as="geometry"/></mxCell>',
      ),
    ).pages[0];
    if (!page) throw new Error("no page");
    const layout = new PageLayout(page);
    const cell = layout.get("a");
    expect(cell && layout.absoluteRect(cell)).toEqual({ x: 0, y: 0, width: 10, height: 10 });
  });

  it("keeps validation's rules for what is not a finite number, read the same way", () => {
    expect(geometryNumberProblem("0x10")).toBeUndefined();
    expect(geometryNumberProblem("12px")).toBeUndefined();
    expect(geometryNumberProblem("")).toBeUndefined();
    expect(geometryNumberProblem(" ")).toBeUndefined();
    expect(geometryNumberProblem("Infinity")).toMatch(/not a finite number/);
    expect(geometryNumberProblem("-Infinity")).toMatch(/not a finite number/);
    expect(geometryNumberProblem("1e400")).toMatch(/not a finite number/);
    expect(geometryNumberProblem("abc")).toMatch(/not a finite number/);
    expect(geometryNumberProblem("2e7")).toMatch(/beyond/);
    const result = validateXml(
      model(
        '<mxCell id="a" vertex="1" parent="1"><mxGeometry x="Infinity" width="10" height="10" as="geometry"/></mxCell>',
      ),
    );
    expect(result.findings.map((f) => f.code)).toContain("invalid_geometry");
  });
});
