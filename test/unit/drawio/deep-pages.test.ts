import { describe, expect, it } from "vitest";
import { FINDING_LIMITS } from "../../../worker/drawio/check/findings.ts";
import { repairDiagram } from "../../../worker/drawio/check/repair.ts";
import { lintDocument } from "../../../worker/drawio/lint/index.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { compactView } from "../../../worker/drawio/views/compact.ts";

// Issue #31, the paths a page within the limits (10 MB, 50,000 cells) could hang or crash:
// cells nested 50,000 deep overflowed the lint's stack and the compact view's string length,
// and 50,000 cells sharing one id took the repair 142 s.

const model = (cells: string[]) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;

/** `n` vertices, each inside the one before. */
function nestedChain(n: number): string {
  return model(
    Array.from(
      { length: n },
      (_, i) =>
        `<mxCell id="c${i}" value="c${i}" vertex="1" parent="${i ? `c${i - 1}` : "1"}"><mxGeometry x="1" y="1" width="10" height="10" as="geometry"/></mxCell>`,
    ),
  );
}

describe("a page of 50,000 cells nested in each other", () => {
  const doc = parseDiagram(nestedChain(49_990));

  it("is linted without overflowing the stack", () => {
    const findings = lintDocument(doc);
    expect(findings).toHaveLength(FINDING_LIMITS.count + 1);
    expect(findings.at(-1)?.code).toBe("too_many_findings");
  });

  it("has a compact view whose indentation stops at 16 levels, deeper lines naming their parent", () => {
    const lines = compactView(doc).split("\n");
    const deepest = Math.max(...lines.map((l) => /^ */.exec(l)?.[0].length ?? 0));
    expect(deepest).toBe(32);
    const last = lines.find((l) => l.includes('"c49989"'));
    expect(last).toMatch(/^ {32}\S/);
    expect(last).toContain("c49988");
  });
});

describe("repair of 50,000 cells sharing one id", () => {
  it("renames them in one pass and lists 200 of the changes", { timeout: 10_000 }, () => {
    const cells = Array.from(
      { length: 49_990 },
      (_, i) =>
        `<mxCell id="same" value="v${i}" vertex="1" parent="1"><mxGeometry x="${i}" width="10" height="10" as="geometry"/></mxCell>`,
    );
    const started = performance.now();
    const repaired = repairDiagram(model(cells));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(repaired.ok).toBe(true);
    expect(repaired.changes).toHaveLength(FINDING_LIMITS.count + 1);
    expect(repaired.changes.at(-1)).toMatchObject({ code: "too_many_changes" });
    expect(repaired.changes.at(-1)?.message).toMatch(/^49,789 more changes left out/);
    const ids = new Set(repaired.document?.pages[0]?.cells.map((c) => c.attrs.id));
    expect(ids.size).toBe(49_992);
  });
});
