/**
 * Batch items whose model drops the connection: retried as a 5xx is (the item again, later),
 * and an item whose model never answers fails with that cause.
 */
import { describe, expect, it } from "vitest";
import { createBatch, waitForBatch } from "./helpers.ts";

describe("batch items and a dropped connection to the model", () => {
  it.each([
    {
      how: "whose model server went away twice",
      prompt: "[drop:2] Dropped then drawn",
      attempts: 3,
    },
    { how: "whose answer was cut off mid-stream", prompt: "[cut:1] Cut then drawn", attempts: 2 },
  ])("retries an item $how, then it succeeds", async ({ prompt, attempts }) => {
    const id = await createBatch({ items: [{ prompt }] });
    const done = await waitForBatch(id);
    expect(done.items[0], JSON.stringify(done.items[0])).toMatchObject({
      status: "succeeded",
      attempts,
      version: 2,
    });
  });

  it("fails an item whose model server always drops the connection, saying so", async () => {
    const id = await createBatch({ items: [{ prompt: "[drop:always] Never answered" }] });
    const done = await waitForBatch(id);
    expect(done.items[0]).toMatchObject({
      status: "failed",
      attempts: 5,
      error: { code: "retries_exhausted", status: 503 },
    });
    expect(done.items[0].error.detail).toMatch(
      /^gave up after 5 attempts; the last attempt failed: .*the connection to the model server at http:\/\/127\.0\.0\.1:\d+ was lost before it answered: Network connection lost/,
    );
  });
});
