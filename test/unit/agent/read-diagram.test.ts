import { describe, expect, it } from "vitest";
import { WorkingCopy } from "../../../worker/agent/working-copy.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { syntheticDiagram } from "../../fixtures/synthetic.ts";

describe("read_diagram's XPath view", () => {
  const doc = parseDiagram(syntheticDiagram({ cells: 20_000 }));
  it("lists the cells an XPath selects", () => {
    const outcome = new WorkingCopy(doc).read("xpath", "//mxCell[@edge='1'][1]");
    expect(outcome.ok).toBe(true);
    expect(JSON.parse(outcome.message).length).toBeGreaterThan(0);
  });

  it("is bound by the same cost as operations, and says so", () => {
    const outcome = new WorkingCopy(doc).read("xpath", "//*[count(preceding::*) > 0]");
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining("too expensive") });
  });
});
