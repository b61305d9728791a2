import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import type { DiagramPage } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { certainCost } from "../../../../worker/drawio/xpath/certain-cost.ts";
import { parseXPath } from "../../../../worker/drawio/xpath/parse.ts";
import { selectCellIds } from "../../../../worker/drawio/xpath/select.ts";
import { pageDocument, type XNode } from "../../../../worker/drawio/xpath/tree.ts";

// Issue #31: //mxCell[following-sibling::*[last()]] on 50,000 cells was refused, but only once
// it had spent its whole budget walking siblings (seconds on a busy Worker). What a predicate
// certainly walks from every node it tests is now added up first, and refused without a walk.

/** `n` sibling cells, as a flat page of plain boxes is. */
function flatPage(n: number): DiagramPage {
  const cells = Array.from(
    { length: n },
    (_, i) =>
      `<mxCell id="v${i}" value="c${i}" vertex="1" parent="1"><mxGeometry x="${i}" width="20" height="20" as="geometry"/></mxCell>`,
  );
  const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
  return parseDiagram(xml).pages[0] as DiagramPage;
}

function outcome(page: DiagramPage, expression: string): string {
  try {
    return `${selectCellIds(page, expression).length} cells`;
  } catch (error) {
    if (!(error instanceof DrawioError)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

describe("XPath: refusing what certainly costs too much, before walking", () => {
  const page = flatPage(50_000);

  it.each([
    "//mxCell[following-sibling::*[last()]]",
    "//mxCell[preceding-sibling::*[last()]]",
    "//mxCell[following-sibling::mxCell[@edge='1']]",
    "//*[following::*[preceding::*]]",
    "//*[count(preceding::*) > 0]",
    "//mxCell/following-sibling::*",
    "//mxCell[following-sibling::* or @vertex='1']",
  ])("refuses %s without running it", (expression) => {
    expect(outcome(page, expression)).toMatch(
      /^xpath_too_expensive: .* reach at least [\d,]+ nodes, .* so it was not run/,
    );
  });

  it("charges every call and operator: sixty nested not() on every node are refused", () => {
    const expression = `//*[${"not(".repeat(60)}@id${")".repeat(60)}]`;
    expect(outcome(page, expression)).toMatch(/^xpath_too_expensive/);
    expect(outcome(flatPage(500), expression)).toBe("502 cells");
  });

  it.each([
    ["//mxCell[@id='v7']/following-sibling::*[1]", "1 cells"],
    ["//mxCell[@id='v49998']/following-sibling::*", "1 cells"],
    ["//mxCell[@vertex='1' and @id='v3'][following-sibling::*]", "1 cells"],
    ["//mxCell[@id='v9']/preceding-sibling::*[last()]", "1 cells"],
  ])("still answers %s, which walks from few nodes", (expression, answer) => {
    expect(outcome(page, expression)).toBe(answer);
  });

  it("answers the same expressions on a small page", () => {
    expect(outcome(flatPage(300), "//mxCell[following-sibling::*[last()]]")).toBe("301 cells");
  });
});

describe("certainCost", () => {
  const doc = pageDocument(flatPage(10));
  const root = doc.children()[0]?.children()[0] as XNode;
  const cell = root.children()[5] as XNode;

  it("counts the siblings after and before a node, and the first step only", () => {
    expect(certainCost(parseXPath("following-sibling::*"), cell)).toBe(6);
    expect(certainCost(parseXPath("preceding-sibling::*"), cell)).toBe(5);
    expect(certainCost(parseXPath("following-sibling::*/following-sibling::*"), cell)).toBe(6);
  });

  it("counts only what is evaluated whatever the values", () => {
    expect(certainCost(parseXPath("@id = 'x' and following-sibling::*"), cell)).toBe(0);
    expect(certainCost(parseXPath("following-sibling::* or @id"), cell)).toBe(6);
    expect(certainCost(parseXPath("count(preceding-sibling::*) = count(following::*)"), cell)).toBe(
      11,
    );
    expect(certainCost(parseXPath("//mxCell"), cell)).toBe(0);
  });
});
