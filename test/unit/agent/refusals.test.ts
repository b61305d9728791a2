/**
 * Refusals as the real providers report them, through the agent loop: OpenAI's `refusal`
 * delta and Anthropic's `stop_reason: "refusal"` both end the turn `refused`.
 */
import { createServer, type Server } from "node:http";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { runAgentLoop } from "../../../worker/agent/loop.ts";
import { modelFetch } from "../../../worker/agent/model-fetch.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import { serverOrigin } from "../../fixtures/free-port.ts";

const REFUSAL = "I can't help with that request.";

/** OpenAI Chat Completions: the refusal streams in `delta.refusal`, then `stop`. */
const OPENAI = [
  { id: "c", choices: [{ index: 0, delta: { role: "assistant", refusal: "" } }] },
  { id: "c", choices: [{ index: 0, delta: { refusal: REFUSAL } }] },
  { id: "c", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
].map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);

/** Anthropic Messages: no content, and `stop_reason: "refusal"`. */
const ANTHROPIC = [
  {
    type: "message_start",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-test",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    },
  },
  {
    type: "message_delta",
    delta: { stop_reason: "refusal", stop_sequence: null },
    usage: { output_tokens: 1 },
  },
  { type: "message_stop" },
].map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);

let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "text/event-stream");
      const events = req.url === "/v1/messages" ? ANTHROPIC : [...OPENAI, "data: [DONE]\n\n"];
      res.end(events.join(""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = serverOrigin(server);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function turn(model: Parameters<typeof runAgentLoop>[0]["model"]) {
  return runAgentLoop({
    model,
    document: emptyDocument(),
    prompt: "Draw something",
    shapes: shapeCatalog(),
    limits: { totalMs: 10_000, stepMs: 10_000, maxRetries: 0 },
  });
}

describe("refusals through the real providers", () => {
  it("OpenAI's refusal delta: the model declined, in its words", async () => {
    const openai = createOpenAI({ apiKey: "k", baseURL: `${origin}/v1`, fetch: modelFetch });
    const result = await turn(openai.chat("gpt-test"));
    expect(result).toMatchObject({
      status: "unchanged",
      outcome: "refused",
      text: `The model declined: ${REFUSAL}`,
    });
  });

  it("Anthropic's refusal stop reason: the model declined, and the reason is named", async () => {
    const anthropic = createAnthropic({ apiKey: "k", baseURL: `${origin}/v1`, fetch: modelFetch });
    const result = await turn(anthropic("claude-test"));
    expect(result).toMatchObject({
      status: "unchanged",
      outcome: "refused",
      text: "The model declined to answer (refusal); nothing changed.",
    });
  });
});
