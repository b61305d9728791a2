/**
 * A model server that drops the connection: the turn retries the call as it retries a 5xx (the
 * AI SDK's backoff, `maxRetries`), and a model that keeps dropping fails with that cause.
 */
import { describe, expect, it } from "vitest";
import { api, createDiagram, SMALL_XML } from "../worker/api.ts";
import { script, sentToModel } from "./model-script.ts";

const RENAME = {
  tools: [
    { name: "edit_diagram", args: { operations: [{ op: "set_label", id: "a", value: "Go" }] } },
  ],
};

/** Sends the renaming request to a new diagram and returns the answer. */
async function rename() {
  const id = await createDiagram(SMALL_XML);
  return api(`/v1/diagrams/${id}/messages`, { method: "POST", body: { prompt: "Rename Start" } });
}

describe("a dropped connection to the model", () => {
  it("is retried: the turn succeeds after the server went away twice", async () => {
    await script([{ drop: "before" }, { drop: "before" }, RENAME, { text: "Renamed it." }]);
    const res = await rename();
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json).toMatchObject({ status: "changed", version: 2 });
    expect(await sentToModel()).toHaveLength(4);
  });

  it("fails the turn with the cause once the retries are spent", async () => {
    // The default 2 retries: three calls, each dropped.
    await script([{ drop: "before" }, { drop: "before" }, { drop: "before" }, RENAME]);
    const res = await rename();
    expect(await sentToModel()).toHaveLength(3);
    expect(res.status, res.text.slice(0, 300)).toBe(502);
    expect(res.json.code).toBe("turn_failed");
    expect(res.json.detail).toMatch(
      /^Failed after 3 attempts\. Last error: .*the connection to the model server at http:\/\/127\.0\.0\.1:\d+ was lost before it answered: Network connection lost/,
    );
  });

  it("fails a turn whose answer is cut off mid-stream, naming the cause", async () => {
    // Nothing retries a stream half read within the turn; a batch item is tried again later.
    await script([{ drop: "during" }, RENAME, { text: "Renamed it." }]);
    const res = await rename();
    expect(await sentToModel()).toHaveLength(1);
    expect(res.status, res.text.slice(0, 300)).toBe(502);
    expect(res.json.detail).toMatch(
      /the connection to the model server at http:\/\/127\.0\.0\.1:\d+ was lost while it answered: Network connection lost/,
    );
  });
});
