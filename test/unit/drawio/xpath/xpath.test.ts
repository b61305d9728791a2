import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import type { DiagramPage } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { applyOperations } from "../../../../worker/drawio/operations/apply.ts";
import { parseXPath } from "../../../../worker/drawio/xpath/parse.ts";
import { selectCellIds, XPATH_BUDGET } from "../../../../worker/drawio/xpath/select.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../../fixtures/synthetic.ts";
import { domSelect } from "../../../support/dom-xpath.ts";

/** Expressions over every axis, node test, operator and core function. */
const EXPRESSIONS = [
  "//mxCell",
  "//mxCell[@edge='1']",
  "//mxCell[@vertex='1']",
  "//*[contains(@style,'ellipse')]",
  "//object | //UserObject",
  "//object[@label]",
  "//mxGeometry[@width > 100]",
  "//mxCell[@id=//mxCell/@parent]",
  "//*[count(//*)>0]",
  "//mxCell[not(@parent)]",
  "/mxGraphModel/root/mxCell[3]",
  "/mxGraphModel/root/*[last()]",
  "/mxGraphModel/root/*[last() - 1]",
  "/mxGraphModel/root/*[position() mod 2 = 0]",
  "//mxCell[@parent='1'][2]",
  "(//mxCell[@parent='1'])[2]",
  "//mxGeometry/..",
  "//mxPoint/ancestor::mxCell",
  "//mxPoint/ancestor::*[2]",
  "//mxPoint/ancestor-or-self::*[1]",
  "//mxCell[following-sibling::mxCell[1][@edge='1']]",
  "//mxCell[preceding-sibling::*[1][@edge='1']]",
  "id('2')/following-sibling::*[1]",
  "id('2 3 4')",
  "//mxCell[starts-with(@style,'rounded')]",
  "//mxCell[substring-before(@style,';')='text']",
  "//mxCell[substring-after(@style,'fillColor=') != '']",
  "//*[string-length(@value) > 10]",
  "//*[normalize-space(@value) != @value]",
  "//*[translate(@value,'abcdefghijklmnopqrstuvwxyz','ABCDEFGHIJKLMNOPQRSTUVWXYZ') = @value and @value != '']",
  "//mxGeometry[@x and @width][@x + @width > 500]",
  "//mxGeometry[@x][floor(@x div 10) = ceiling(@x div 10)]",
  "//mxGeometry[round(@y) = @y]",
  "//mxGeometry[@x * 2 >= @width]",
  "//mxCell[@source and @target]",
  "//mxCell[@source = preceding::mxCell/@id]",
  "(//mxCell)[1] | (//mxCell)[last()]",
  "//mxCell[@edge='1'] | //object",
  "//mxGeometry[@as='geometry'][@relative='1']",
  "//*[local-name()='mxPoint']",
  "//*[name(..)='object']",
  "//mxCell[sum(mxGeometry/@width) > 50]",
  "//mxCell[descendant::mxPoint]",
  "//*[self::mxCell or self::object][@parent='1']",
  "//mxCell[@id='3']/preceding::*[1]",
  "//mxCell[@id='3']/preceding::*",
  "//mxCell[number(@id) > 5]",
  "//mxCell[@id > 5]",
  "//mxCell[-@id < -5]",
  "//mxCell[boolean(@style)]",
  "//mxCell[@edge = true()]",
  "//mxCell[@edge = 1]",
  "//mxCell[@edge != 1]",
  "//*[@value = //object/@label]",
  "//*[@* = 'geometry']",
  "//@style/..",
  "//mxCell[.//@as]",
  "descendant::mxCell[@vertex]/parent::*",
  "//mxGeometry[@width >= //mxGeometry/@height]",
  "//mxGeometry[@width < //mxGeometry/@x]",
  "//mxCell[contains(concat(';', @style, ';'), ';ellipse;')]",
  "//mxCell[substring(@id, 2, 3) = 'ab']",
  "//mxCell[substring(@style, 0.5, 2.5) = 'ro']",
  "//mxCell[string(number(@id)) = @id]",
  "//*[@parent = '1'][last()]",
  "//mxPoint/following::*[1]",
  "//mxCell[@vertex='1'][not(@id = //mxCell/@source) and not(@id = //mxCell/@target)]",
  "//*[count(*) = 2]",
  "//mxCell[lang('en')]",
  "//node()[self::mxGeometry]/@*[name() = 'width']/..",
  "//Array/mxPoint[position() = last()]",
  "//*[starts-with(name(), 'mx')][3]",
];

const pages = corpusFiles().flatMap(({ name, xml }) =>
  parseDiagram(xml)
    .pages.filter((page) => page.cells.length <= 200)
    .slice(0, 2)
    .map((page, i) => ({ name: `${name} #${i}`, page })),
);

function select(page: DiagramPage, expression: string): string[] | string {
  try {
    return selectCellIds(page, expression);
  } catch (error) {
    return (error as DrawioError).code;
  }
}

describe("XPath: the same cells as the DOM approach", () => {
  it("runs on enough of the corpus", () => {
    expect(pages.length).toBeGreaterThan(60);
  });

  it.each(EXPRESSIONS)("%s", (expression) => {
    let differences = 0;
    const shown: string[] = [];
    for (const { name, page } of pages) {
      const ours = select(page, expression);
      const theirs = domSelect(page, expression);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        differences++;
        if (shown.length < 3)
          shown.push(
            `${name}: ours ${JSON.stringify(ours).slice(0, 200)} theirs ${JSON.stringify(theirs).slice(0, 200)}`,
          );
      }
    }
    expect(shown).toEqual([]);
    expect(differences).toBe(0);
  });

  it("finds cells in at least two thirds of the expressions on some page", () => {
    const productive = EXPRESSIONS.filter((e) =>
      pages.some(({ page }) => {
        const ids = select(page, e);
        return Array.isArray(ids) && ids.length > 0;
      }),
    );
    expect(productive.length).toBeGreaterThan((EXPRESSIONS.length * 2) / 3);
  });
});

// Where the `xpath` package departs from XPath 1.0, checked by hand instead: `id()` of a
// node-set (it joins the nodes, not their string-values), arithmetic on a missing attribute
// (NaN, which it treats as 0) and the `following` axis (empty where it should not be).
describe("XPath: where the DOM approach is wrong", () => {
  const page = parseDiagram(
    `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
    <mxCell id="g" value="Group" vertex="1" parent="1"><mxGeometry y="10" width="400" height="300" as="geometry"/></mxCell>
    <mxCell id="a" value="A" vertex="1" parent="g"><mxGeometry x="600" width="80" height="40" as="geometry"/></mxCell>
    <mxCell id="b" value="B" vertex="1" parent="1"><mxGeometry x="20" width="80" height="40" as="geometry"/></mxCell>
    <mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
    </root></mxGraphModel>`,
  ).pages[0] as DiagramPage;
  it.each([
    ["id(//mxCell[@edge='1']/@target)", ["b"], []],
    ["id(//@source | //@target)", ["a", "b"], []],
    ["//mxGeometry[@x + @width > 300]", ["a"], ["g", "a"]],
    ["//mxGeometry[floor(@x div 10) = ceiling(@x div 10)]", ["a", "b"], ["g", "a", "b", "e"]],
    ["id('g')/following::mxCell[1]", ["a"], []],
  ])("%s → %j (the DOM approach: %j)", (expression, ours, theirs) => {
    expect(selectCellIds(page, expression)).toEqual(ours);
    expect(domSelect(page, expression)).toEqual(theirs);
  });
});

describe("XPath: values", () => {
  const page = parseDiagram(
    `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
    <mxCell id="a" value=" Hello   World " style="rounded=1;" vertex="1" parent="1"><mxGeometry x="10.5" y="-3" width="80" height="40" as="geometry"/></mxCell>
    </root></mxGraphModel>`,
  ).pages[0] as DiagramPage;
  const cases: Array<[string, boolean]> = [
    ["//mxCell[normalize-space(@value) = 'Hello World']", true],
    ["//mxCell[string-length(@value) = 15]", true],
    ["//mxCell[translate('bar','abc','ABC') = 'BAr']", true],
    ["//mxCell[substring('12345', 1.5, 2.6) = '234']", true],
    ["//mxCell[substring('12345', 0, 3) = '12']", true],
    ["//mxCell[substring('12345', 0 div 0, 3) = '']", true],
    ["//mxCell[substring('12345', -42, 1 div 0) = '12345']", true],
    ["//mxCell[string(1 div 0) = 'Infinity' and string(-1 div 0) = '-Infinity']", true],
    ["//mxCell[string(0 div 0) = 'NaN' and string(-0) = '0' and string(1.50) = '1.5']", true],
    [
      "//mxCell[round(2.5) = 3 and round(-2.5) = -2 and floor(-1.5) = -2 and ceiling(1.2) = 2]",
      true,
    ],
    ["//mxCell[5 mod 2 = 1 and -5 mod 2 = -1 and 7 div 2 = 3.5]", true],
    ["//mxCell[number(' 12 ') = 12 and string(number('1e3')) = 'NaN']", true],
    ["//mxGeometry[@x = 10.5 and @y < 0 and @y = -3]", true],
    ["//mxCell[concat('a', 1, true()) = 'a1true']", true],
    ["//mxCell[count(//mxCell) = 3 and sum(//@width | //@height) = 120]", true],
    ["//*[name() = 'mxGeometry']/@*[1][name() = 'x']", true],
    ["//mxCell[@missing = @missing]", false],
    ["//mxCell[@missing != 'x']", false],
  ];
  it.each(cases)("%s → %s", (expression, matches) => {
    expect(selectCellIds(page, expression).length > 0).toBe(matches);
    expect((domSelect(page, expression) as string[]).length > 0).toBe(matches);
  });
});

describe("XPath: refusals", () => {
  const page = parseDiagram(syntheticDiagram({ cells: 50 })).pages[0] as DiagramPage;
  it.each([
    ["//mxCell[@id='a'", 'expected "]" at the end'],
    ["//", "a step is missing at the end"],
    ["count(//mxCell)", "must select nodes, not compute a value"],
    ["//mxCell[$x]", "variables are not supported"],
    ["//svg:rect", "namespace prefixes are not supported"],
    ["//mxCell[frobnicate()]", "there is no function frobnicate()"],
    ["//mxCell[concat('a')]", "concat() takes 2 or more argument(s), not 1"],
    ["sideways::mxCell", "there is no axis sideways"],
    ["//mxCell[1]]", 'unexpected "]"'],
    ["'a' | //mxCell", "needs a node-set"],
    ["//mxCell[@id='a']#", "unexpected character"],
    [`${"(".repeat(200)}//mxCell${")".repeat(200)}`, "nests more than 64 levels deep"],
    [`//mxCell[@id='${"x".repeat(10_001)}']`, "the most is 10000"],
  ])("%s", (expression, message) => {
    let error: unknown;
    try {
      selectCellIds(page, expression);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DrawioError);
    expect((error as DrawioError).code).toBe("invalid_xpath");
    expect((error as DrawioError).message).toContain(message);
  });

  it("parses `*`, `div`, `mod` and names by their place in the expression", () => {
    expect(parseXPath("div/mod")).toMatchObject({
      kind: "path",
      steps: [{ test: { name: "div" } }, { test: { name: "mod" } }],
    });
    expect(parseXPath("2 * 3")).toMatchObject({ kind: "arith", op: "*" });
    expect(parseXPath("*[* * 2]")).toMatchObject({
      kind: "path",
      steps: [{ test: { type: "any" }, predicates: [{ kind: "arith", op: "*" }] }],
    });
  });
});

describe("XPath: a cost bound on 50,000 cells", () => {
  const page = parseDiagram(syntheticDiagram({ cells: 50_000 })).pages[0] as DiagramPage;
  const manyIds = Array.from({ length: 1_500 }, (_, i) => `n${i + 2}`).join(" ");
  const hostile = [
    "//*[count(preceding::*) > 0]",
    "//*[.//*[.//*[.//*[.//*]]]]/following::*",
    "//descendant::*/descendant::*/descendant::*/descendant::*/descendant::*",
    "//mxCell[following-sibling::mxCell[@edge='1']]",
    "//*[string-length(string(/)) >= 0]",
    "//*[count(ancestor::*/following-sibling::*) > 1]",
    "//*[@id = //@parent][count(following::*) > 0]",
    `//*[id('${manyIds}')/following::*]`,
  ];
  it.each(hostile)("stops %s with xpath_too_expensive", (expression) => {
    expect(select(page, expression)).toBe("xpath_too_expensive");
  });

  const answered = [
    "//mxCell[@id=//mxCell/@parent]",
    "//*[count(//*)>0]",
    "//mxCell[@edge='1']",
    "//*[count(.//*) > 0]",
    `id('${manyIds}')`,
    "id(//@parent)",
    "//mxGeometry[@width >= //mxGeometry/@height]",
  ];
  it.each(answered)("answers %s: page-wide subexpressions are evaluated once", (expression) => {
    expect(Array.isArray(select(page, expression))).toBe(true);
    expect((select(page, expression) as string[]).length).toBeGreaterThan(0);
  });

  it("stops within the budget, however big the page", () => {
    expect(select(page, "//*[count(preceding::*) > 0]")).toBe("xpath_too_expensive");
    const small = parseDiagram(syntheticDiagram({ cells: 200 })).pages[0] as DiagramPage;
    expect(Array.isArray(select(small, "//*[count(preceding::*) > 0]"))).toBe(true);
    expect(
      selectCellIds(small, "//*[count(preceding::*) > 0]", { budget: XPATH_BUDGET }).length,
    ).toBeGreaterThan(0);
    expect(() => selectCellIds(small, "//*[count(preceding::*) > 0]", { budget: 100 })).toThrow(
      /too expensive/,
    );
  });

  it("names the operation that was too expensive and changes nothing", () => {
    const doc = parseDiagram(syntheticDiagram({ cells: 50_000 }));
    const before = JSON.stringify(doc);
    let error: unknown;
    try {
      applyOperations(doc, [
        { op: "set_label", id: "n2", value: "renamed" },
        { op: "delete", select: "//*[count(preceding::*) > 0]" },
      ]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DrawioError);
    expect(error).toMatchObject({
      code: "xpath_too_expensive",
      operation: { index: 1, op: "delete" },
    });
    expect(JSON.stringify(doc)).toBe(before);
  });
});
