import { expect, inject } from "vitest";
import type { RecordedRequest, ScriptStep } from "../fixtures/model-server/index.ts";

/**
 * The scripted model server the agent tests' Worker talks to (see `test/fixtures/model-server/`), on the port
 * its global setup (test/worker/global-setup.ts) was given.
 */
const LLM = inject("llmUrl");

/** Queues the model's next answers (and forgets what it was sent before). */
export async function script(steps: ScriptStep[]): Promise<void> {
  const res = await fetch(`${LLM}/__script`, { method: "POST", body: JSON.stringify(steps) });
  expect(res.status).toBe(200);
}

/** The requests the model was sent since the last {@link script}. */
export async function sentToModel(): Promise<
  Array<{ model: string; messages: unknown[]; tools?: unknown[] }>
> {
  return (await (await fetch(`${LLM}/__requests`)).json()) as Array<{
    model: string;
    messages: unknown[];
    tools?: unknown[];
  }>;
}

/**
 * Resolves once the model has been called `count` times since the last {@link script}: the
 * turn is running (it holds its diagram) and waiting for the model.
 */
export async function modelCalled(count = 1): Promise<void> {
  const res = await fetch(`${LLM}/__wait?count=${count}`);
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * The requests the model was sent since the last {@link script}, each with its protocol and
 * the protocol-neutral view of it.
 */
export async function modelRequests(): Promise<RecordedRequest[]> {
  return (await (await fetch(`${LLM}/__requests`)).json()) as RecordedRequest[];
}

/**
 * The summary and title jobs the summary model was sent since the last {@link script}: the
 * server answers them by rule (`- summary: …`, `Scripted title`) and lists them apart.
 */
export async function modelJobs(): Promise<RecordedRequest[]> {
  return (await (await fetch(`${LLM}/__jobs`)).json()) as RecordedRequest[];
}
