import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { applyOperations } from "../../../../worker/drawio/operations/apply.ts";
import { splitText } from "../../../../worker/durable/chunks/chunking.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import { syntheticDiagram } from "../../../fixtures/synthetic.ts";

describe("splitText", () => {
  it("always joins back to the input, on every corpus file and on edge cases", () => {
    const inputs = [
      "",
      "x",
      "<a/>".repeat(10_000),
      "é😀".repeat(50_000),
      `<a v="${"😀".repeat(70_000)}"/>`,
      ...corpusFiles().map((f) => f.xml),
    ];
    for (const text of inputs) {
      const chunks = splitText(text);
      expect(chunks.join("")).toBe(text);
      for (const chunk of chunks.slice(0, -1)) {
        expect(chunk.length).toBeLessThanOrEqual(64 * 1024 + 1);
        // No chunk ends inside a surrogate pair, so each encodes to UTF-8 on its own.
        const last = chunk.charCodeAt(chunk.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }
    }
  });

  it("keeps every chunk but one or two when one cell of a large diagram changes", () => {
    const doc = parseDiagram(syntheticDiagram({ cells: 2000 }));
    const before = splitText(serializeDiagram(doc));
    const target = doc.pages[0]?.cells[1000]?.attrs.id ?? "";
    const { document } = applyOperations(doc, [{ op: "set_label", id: target, value: "changed" }]);
    const after = splitText(serializeDiagram(document));
    const known = new Set(before);
    const fresh = after.filter((c) => !known.has(c));
    expect(before.length).toBeGreaterThan(20);
    expect(fresh.length).toBeLessThanOrEqual(2);
    const average = before.reduce((n, c) => n + c.length, 0) / before.length;
    expect(average).toBeGreaterThan(4_000);
    expect(average).toBeLessThan(20_000);
  });
});
