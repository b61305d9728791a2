import { expect, inject } from "vitest";
import { type ApiResponse, api } from "../worker/api.ts";
import type { Received } from "./receiver.ts";

/** A response body as the tests read it. */
type Json = ApiResponse["json"];

/** The webhook receiver of test/batch/global-setup.ts, on a port the system chose. */
export const RECEIVER = inject("receiverUrl");

/** Polls a batch until it has completed (or was cancelled and every item ended). */
export async function waitForBatch(id: string, timeoutMs = 60_000, auth?: string): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(`/v1/batches/${id}?limit=100`, auth ? { auth } : {});
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    if (res.json.completed_at) return res.json;
    if (Date.now() > until)
      throw new Error(`batch ${id} did not finish: ${res.text.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the receiver got for `name`, waiting until at least `count` requests arrived. */
export async function receivedFor(name: string, count: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${RECEIVER}/__received/${name}`)).json()) as Received[];
    if (list.length >= count || Date.now() > until) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * What the receiver got for `name`, one request per `webhook-id` (the first), waiting until
 * `count` distinct events arrived. Webhooks are delivered at least once: an attempt whose answer
 * came after the sender's timeout (1 s in these tests) is sent again with the same id, and a
 * receiver drops the copy. A copy must carry the same event, which this checks.
 */
export async function deliveredFor(name: string, count: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${RECEIVER}/__received/${name}`)).json()) as Received[];
    const first = new Map<string, Received>();
    for (const hook of list) {
      const id = hook.headers["webhook-id"] ?? "";
      const seen = first.get(id);
      if (seen) expect(hook.body, `the copy of ${id} carries another event`).toBe(seen.body);
      else first.set(id, hook);
    }
    if (first.size >= count || Date.now() > until) return [...first.values()];
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Creates a batch and returns its id. */
export async function createBatch(body: unknown, init: { auth?: string; key?: string } = {}) {
  const res = await api("/v1/batches", {
    method: "POST",
    body,
    ...(init.auth ? { auth: init.auth } : {}),
    ...(init.key ? { headers: { "idempotency-key": init.key } } : {}),
  });
  expect(res.status, res.text.slice(0, 300)).toBe(202);
  return res.json.id as string;
}

/** Every item of a batch, through all pages. */
export async function allItems(id: string): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(`/v1/batches/${id}?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
    items.push(...res.json.items);
    cursor = res.json.next_cursor;
  } while (cursor);
  return items;
}
