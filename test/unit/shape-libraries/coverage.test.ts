import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { validateDocument } from "../../../worker/drawio/check/validate.ts";
import { getCellAttribute, isCellElement } from "../../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { getStyleValue } from "../../../worker/drawio/model/style.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";

/**
 * Shapes the corpus uses that draw.io 14.6.12 (our data's release) does not have: the
 * Salesforce library arrived in draw.io after it.
 */
const NEWER_THAN_OUR_DRAWIO = /^mxgraph\.salesforce\./;

/** Every `mxgraph.*` name the corpus uses (prIcon resolved against its shape's package). */
function corpusNames(): Set<string> {
  const names = new Set<string>();
  for (const file of corpusFiles()) {
    for (const page of parseDiagram(file.xml).pages) {
      for (const cell of page.cells) {
        const style = isCellElement(cell) ? getCellAttribute(cell, "style") : undefined;
        if (!style) continue;
        const shape = getStyleValue(style, "shape");
        for (const key of ["shape", "resIcon", "prIcon"]) {
          let value = getStyleValue(style, key);
          if (
            key === "prIcon" &&
            value &&
            !value.startsWith("mxgraph.") &&
            shape?.startsWith("mxgraph.")
          ) {
            value = `${shape.slice(0, shape.lastIndexOf("."))}.${value}`;
          }
          if (value?.startsWith("mxgraph.")) names.add(value);
        }
      }
    }
  }
  return names;
}

describe("the shape index against the corpus", () => {
  const names = corpusNames();
  const catalog = shapeCatalog();
  const missing = [...names].filter((n) => !catalog.knowsShape(n));

  it("knows every mxgraph shape the corpus uses, except those newer than our draw.io", () => {
    expect(names.size).toBeGreaterThan(150);
    expect(missing.filter((n) => !NEWER_THAN_OUR_DRAWIO.test(n))).toEqual([]);
    const coverage = (names.size - missing.length) / names.size;
    console.log(
      `shape coverage of the corpus: ${names.size - missing.length}/${names.size} = ${(coverage * 100).toFixed(1)}% (${missing.length} Salesforce shapes newer than draw.io 14.6.12)`,
    );
  });

  it("warns about exactly those with unknown_shape, and suggests real names", () => {
    const warned = new Set<string>();
    for (const file of corpusFiles()) {
      for (const f of validateDocument(parseDiagram(file.xml), { shapes: catalog })) {
        if (f.code === "unknown_shape") warned.add(f.message.split(" ")[0]?.split("=")[1] ?? "");
      }
    }
    expect([...warned].sort()).toEqual([...missing].sort());
    expect(catalog.suggest("mxgraph.aws4.lambdaFunction")).toContain(
      "mxgraph.aws4.lambda_function",
    );
  });
});
