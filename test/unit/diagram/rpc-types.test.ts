import { describe, expect, it } from "vitest";
import type { BatchObject } from "../../../worker/batch/batch-object.ts";
import type { DiagramObject } from "../../../worker/diagram/diagram-object.ts";

// Compiled by `npm run typecheck`: each `@ts-expect-error` must meet an error, so these lines
// prove that the Durable Objects' RPC arguments are typed from their schemas. Never called.
function misspelled(
  diagram: DurableObjectStub<DiagramObject>,
  batch: DurableObjectStub<BatchObject>,
) {
  // @ts-expect-error `fromat` is not a field of read's argument
  void diagram.read({ tenant: "t", fromat: "xml" });
  // @ts-expect-error `ifMatch` is a number
  void diagram.replace({ tenant: "t", xml: "<mxGraphModel/>", ifMatch: "3", author: "api" });
  // @ts-expect-error `index` is missing
  void batch.begin({});
  // @ts-expect-error an item result needs `ok`
  void batch.finish({ index: 0, result: { version: 2 } });
  void diagram.read({ tenant: "t", format: "xml" });
  void batch.begin({ index: 0 });
}

describe("Durable Object RPC arguments", () => {
  it("are typed from their zod schemas (checked by tsc, see above)", () => {
    expect(typeof misspelled).toBe("function");
  });
});
