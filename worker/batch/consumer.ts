/**
 * The Worker's queue handler: runs batch items, fails dead-lettered ones, and delivers signed
 * webhooks on the Standard Webhooks retry schedule.
 */
import { z } from "zod";
import type { Bindings } from "../bindings.ts";
import { unwrap } from "../durable/outcome.ts";
import { problemObject } from "../http/problem.ts";
import { publicUrlProblem } from "../http/public-url.ts";
import type { ItemMessage, WebhookMessage } from "./batch-object.ts";
import { runItem } from "./run-item.ts";
import { signWebhook } from "./signing.ts";

/**
 * The Standard Webhooks retry schedule, in seconds after each failed attempt: 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h (eight attempts in all, the queue's `max_retries = 7`).
 */
export const WEBHOOK_SCHEDULE_S = [5, 300, 1800, 7200, 18000, 36000, 36000];
/** Attempts of one webhook delivery. */
export const WEBHOOK_ATTEMPTS = WEBHOOK_SCHEDULE_S.length + 1;
/** How long a receiver has to answer. */
const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * The queue consumer: batch items, their dead letters, and webhook deliveries. Messages are
 * handled concurrently (each item runs in its own diagram object); each is acked or retried
 * on its own.
 */
export async function consumeQueue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const handler = batch.queue.includes("webhooks")
    ? deliver
    : batch.queue.endsWith("-dlq")
      ? deadLetter
      : item;
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await handler(message, env);
      } catch (error) {
        // Unexpected (a Durable Object reset, a bug): try again later rather than lose it.
        console.error(`queue ${batch.queue}: message ${message.id} failed`, error);
        message.retry({ delaySeconds: delay(env, 30 * message.attempts) });
      }
    }),
  );
}

/** Seconds to wait, scaled by `RETRY_DELAY_SCALE` (tests compress the schedule to 0). */
function delay(env: Bindings, seconds: number): number {
  const scale = Number(env.RETRY_DELAY_SCALE ?? "1");
  return Math.round(Math.min(seconds, 43_200) * (Number.isFinite(scale) ? scale : 1));
}

/** Queue bodies are checked like any other input: a malformed message is dropped, logged. */
const ItemMessageSchema = z.object({
  batchId: z.string().min(1).max(100),
  index: z.number().int().min(0).max(10_000),
});
const WebhookMessageSchema = z.object({
  batchId: z.string().min(1).max(100),
  eventId: z.string().min(1).max(200),
});

function parseBody<T>(schema: z.ZodType<T>, message: Message<unknown>): T | undefined {
  const parsed = schema.safeParse(message.body);
  if (!parsed.success) console.error(`dropping malformed queue message ${message.id}`);
  return parsed.success ? parsed.data : undefined;
}

async function item(message: Message<unknown>, env: Bindings): Promise<void> {
  const body: ItemMessage | undefined = parseBody(ItemMessageSchema, message);
  if (!body) return message.ack();
  const batch = env.BATCH.getByName(body.batchId);
  const work = unwrap(await batch.begin({ index: body.index }));
  if (!work.run) return message.ack();
  const outcome = await runItem(env, work);
  if (outcome.kind === "retry") {
    // 30 s, 60 s, 120 s, … ; after the last retry the queue moves the message to the DLQ.
    const delaySeconds = delay(env, 30 * 2 ** (message.attempts - 1));
    unwrap(
      await batch.retrying({
        index: body.index,
        error: outcome.reason.slice(0, 2000),
        delaySeconds,
      }),
    );
    return message.retry({ delaySeconds });
  }
  const result =
    outcome.kind === "succeeded"
      ? { ok: true as const, version: outcome.version, title: outcome.title, data: outcome.data }
      : { ok: false as const, error: problemObject(outcome.error) };
  unwrap(await batch.finish({ index: body.index, result }));
  message.ack();
}

/** An item whose retries ran out: failed, with the cause of its last attempt, and reported. */
async function deadLetter(message: Message<unknown>, env: Bindings): Promise<void> {
  const body: ItemMessage | undefined = parseBody(ItemMessageSchema, message);
  if (!body) return message.ack();
  unwrap(await env.BATCH.getByName(body.batchId).giveUp({ index: body.index }));
  message.ack();
}

/** One webhook delivery attempt, signed, with a timeout, never following redirects. */
async function deliver(message: Message<unknown>, env: Bindings): Promise<void> {
  const body: WebhookMessage | undefined = parseBody(WebhookMessageSchema, message);
  if (!body) return message.ack();
  const batch = env.BATCH.getByName(body.batchId);
  const eventId = body.eventId;
  const found = unwrap(await batch.delivery({ eventId }));
  if (!found.deliver) return message.ack();
  const started = Date.now();
  let status: number | null = null;
  const refused = publicUrlProblem(found.url, env.ALLOW_PRIVATE_WEBHOOKS === "1");
  let error: string | null = refused ? `the webhook URL ${refused}` : null;
  if (!refused) {
    const secrets = unwrap(
      await env.TENANT.getByName(found.tenant).webhookSecret({ now: started }),
    );
    const headers = await signWebhook(
      eventId,
      found.body,
      [secrets.secret, ...(secrets.previous_secret ? [secrets.previous_secret] : [])],
      started,
    );
    try {
      const res = await fetch(found.url, {
        method: "POST",
        body: found.body,
        headers: {
          ...headers,
          "content-type": "application/json",
          "user-agent": "Drawforge-Webhooks/1",
        },
        redirect: "manual",
        signal: AbortSignal.timeout(Number(env.WEBHOOK_TIMEOUT_MS ?? WEBHOOK_TIMEOUT_MS)),
      });
      status = res.status;
      await res.body?.cancel();
      if (status >= 300 && status !== 410) error = `the receiver answered ${status}`;
    } catch (e) {
      error =
        e instanceof Error && e.name === "TimeoutError"
          ? "the receiver did not answer in time"
          : `could not reach the receiver: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  const last = message.attempts >= WEBHOOK_ATTEMPTS;
  const retryInSeconds = delay(env, WEBHOOK_SCHEDULE_S[message.attempts - 1] ?? 36_000);
  const outcome =
    status !== null && status >= 200 && status < 300
      ? ("delivered" as const)
      : status === 410
        ? ("gone" as const)
        : last || refused
          ? ("failed" as const)
          : ("retry" as const);
  unwrap(
    await batch.recordAttempt({
      eventId,
      attempt: message.attempts,
      status,
      outcome,
      error: error?.slice(0, 1000) ?? null,
      durationMs: Date.now() - started,
      ...(outcome === "retry" ? { retryInSeconds } : {}),
    }),
  );
  if (outcome === "retry") return message.retry({ delaySeconds: retryInSeconds });
  message.ack();
}
