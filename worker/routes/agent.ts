/**
 * The agent routes: `POST /v1/generate` drafts a new diagram from a prompt; then messages on a
 * diagram, its conversation, and cancelling a running turn.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { titleFrom, withHints } from "../agent/request-text.ts";
import { randomToken } from "../auth/encoding.ts";
import { authorOf, diagramStub, linksOf, unwrap } from "../diagram/client.ts";
import type { ConverseInput } from "../diagram/rpc-schemas.ts";
import type { TurnListener } from "../diagram/turn-host.ts";
import type { RpcInput } from "../durable/outcome.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { decodeCursor, listBody } from "../http/cursors.ts";
import { validationHook } from "../http/validation-hook.ts";
import {
  type Attachment,
  GenerateRequestSchema,
  MessageListSchema,
  MessageRequestSchema,
  TurnCancelledSchema,
  TurnEventSchema,
  TurnResultSchema,
} from "../schemas/agent.ts";
import { DiagramParamsSchema, errorResponses, PageQuerySchema } from "../schemas/common.ts";
import type { StyleChoice } from "../schemas/style.ts";
import { turnListenerOf } from "./turn-listeners.ts";

const tags = ["Agent"];

/** The AI agent: prompt in, diagram out, then conversation. */
export const agent = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const turnResponses = {
  200: {
    description: "The turn's result; with `Accept: text/event-stream`, its events as they happen.",
    content: {
      "application/json": { schema: TurnResultSchema },
      "text/event-stream": { schema: TurnEventSchema },
    },
  },
  ...errorResponses(400, 403, 404, 409, 415, 422, 502),
};

/** A turn as a route asks for it: the request body, and how the diagram came to be. */
interface TurnRequest {
  prompt: string;
  model?: string | undefined;
  max_steps?: number | undefined;
  attachments?: Attachment[] | undefined;
  style?: StyleChoice | undefined;
  /** Create the diagram for this turn (POST /v1/generate): it goes again if the turn fails. */
  create?: { title: string; titled: boolean } | undefined;
}

/**
 * Runs a turn on a diagram (inside its object) and answers as an event stream or, with one
 * RPC call that waits for the turn, as JSON (a request marked by `listenToTurn` hears the
 * events too, as objects).
 */
async function turn(c: Context<AppEnv>, id: string, body: TurnRequest) {
  const principal = c.get("principal");
  const origin = new URL(c.req.url).origin;
  const input: RpcInput<typeof ConverseInput> = {
    tenant: principal.tenant,
    origin,
    prompt: body.prompt,
    ...(body.model === undefined ? {} : { model: body.model }),
    ...(body.max_steps === undefined ? {} : { maxSteps: body.max_steps }),
    ...(body.style === undefined ? {} : { style: body.style }),
    ...(body.attachments?.length ? { attachments: body.attachments } : {}),
    ...(body.create
      ? {
          create: { id, title: body.create.title, author: authorOf(principal) },
          discardOnFailure: true,
          ...(body.create.titled ? {} : { retitle: true }),
        }
      : {}),
  };
  // The diagram's address before the first event, so a client can cancel a turn it gave up on.
  const location = `/v1/diagrams/${id}`;
  const stub = diagramStub(c.env, id);
  if ((c.req.header("accept") ?? "").includes("text/event-stream")) {
    const started = unwrap(await stub.converse(input));
    return new Response(started.stream, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        location,
      },
    });
  }
  const { completed, head } = unwrap(await turnAnswer(stub, input, turnListenerOf(c.req.raw)));
  if (completed.status === "unchanged" && completed.discarded) {
    throw new ApiError(
      422,
      "no_diagram",
      `the model answered without drawing anything, so no diagram was kept: ${completed.text.slice(0, 300)}`,
      {
        text: completed.text,
        usage: completed.usage,
        ...(completed.outcome ? { outcome: completed.outcome } : {}),
      },
    );
  }
  if (!head || completed.status === "failed" || completed.status === "cancelled") {
    const cancelled = completed.status === "cancelled";
    throw new ApiError(
      cancelled ? 409 : 502,
      cancelled ? "turn_cancelled" : "turn_failed",
      `${completed.error ?? "the turn was cancelled"}; nothing was saved`,
      completed.discarded
        ? { usage: completed.usage }
        : { diagram_id: id, version: completed.version, usage: completed.usage },
    );
  }
  c.header("location", location);
  return c.json(
    {
      diagram_id: id,
      status: completed.status,
      version: head.version,
      title: head.title,
      text: completed.text,
      xml: head.xml,
      findings: head.findings,
      usage: completed.usage,
      ...(completed.outcome ? { outcome: completed.outcome } : {}),
      // The links the turn's last event carries, so the stream and this answer agree.
      links:
        completed.links ?? (await linksOf(c.env, { origin, tenant: principal.tenant }, id, head)),
    },
    200,
  );
}

/**
 * Waits for a turn in the diagram's object. An object that dies mid-turn (the call itself
 * fails) is a 502: nothing was saved.
 */
async function turnAnswer(
  stub: ReturnType<typeof diagramStub>,
  input: RpcInput<typeof ConverseInput>,
  listener: TurnListener | undefined,
) {
  try {
    return await stub.runTurn(input, listener);
  } catch (error) {
    console.error("a turn's diagram object failed", error);
    throw new ApiError(502, "turn_failed", "the turn ended without a result; nothing was saved");
  }
}

const generate = createRoute({
  operationId: "generateDiagram",
  method: "post",
  path: "/generate",
  tags,
  summary: "Generate a diagram from a prompt",
  description:
    "Creates a diagram and runs an agent turn on it. The answer is the diagram (one new version); with `Accept: text/event-stream` the turn's events stream as they happen. A client that disconnects loses nothing: the turn completes and its result is in `GET /v1/diagrams/{id}/messages`. " +
    "A diagram is kept only with the agent's version: when the turn fails (502 `turn_failed`), is cancelled (409 `turn_cancelled`) or the model answers without drawing anything (422 `no_diagram`, its reply in `text`, and an `outcome` when the answer was empty, a refusal, or a diagram in its text that could not be drawn), it is deleted again, and the stream's `turn.completed` says `discarded: true`.",
  request: {
    body: { required: true, content: { "application/json": { schema: GenerateRequestSchema } } },
  },
  responses: turnResponses,
});

agent.openapi(generate, async (c) => {
  const body = c.req.valid("json");
  const id = `d_${randomToken(22)}`;
  return turn(c, id, {
    prompt: withHints(body.prompt, body),
    model: body.model,
    max_steps: body.max_steps,
    attachments: body.attachments,
    style: body.style,
    // The object creates the diagram once the model is chosen: a request that cannot run
    // leaves no empty diagram behind.
    create: { title: body.title ?? titleFrom(body.prompt), titled: body.title !== undefined },
  });
});

const postMessage = createRoute({
  operationId: "sendMessage",
  method: "post",
  path: "/diagrams/{id}/messages",
  tags,
  summary: "Ask the agent to change a diagram",
  description:
    "Runs an agent turn on an existing diagram: one new version, or nothing. Streams with `Accept: text/event-stream`.",
  request: {
    params: DiagramParamsSchema,
    body: { required: true, content: { "application/json": { schema: MessageRequestSchema } } },
  },
  responses: turnResponses,
});

agent.openapi(postMessage, async (c) => {
  const { id } = c.req.valid("param");
  return turn(c, id, c.req.valid("json"));
});

const listMessages = createRoute({
  operationId: "listMessages",
  method: "get",
  path: "/diagrams/{id}/messages",
  tags,
  summary: "The conversation",
  description: "The messages of the diagram's conversation, newest first.",
  request: { params: DiagramParamsSchema, query: PageQuerySchema },
  responses: {
    200: {
      description: "One page of messages.",
      content: { "application/json": { schema: MessageListSchema } },
    },
    ...errorResponses(403, 404, 422),
  },
});

agent.openapi(listMessages, async (c) => {
  const { id } = c.req.valid("param");
  const { cursor, limit } = c.req.valid("query");
  const before = decodeCursor(cursor);
  const page = unwrap(
    await diagramStub(c.env, id).messages({
      tenant: c.get("principal").tenant,
      limit,
      ...(before === undefined ? {} : { before }),
    }),
  );
  return c.json(listBody(page), 200);
});

const cancelTurn = createRoute({
  operationId: "cancelTurn",
  method: "delete",
  path: "/diagrams/{id}/turn",
  tags,
  summary: "Cancel the running turn",
  description: "Stops the agent's running turn on this diagram; nothing of it is saved.",
  request: { params: DiagramParamsSchema },
  responses: {
    200: {
      description: "Whether a turn was running.",
      content: {
        "application/json": {
          schema: TurnCancelledSchema,
        },
      },
    },
    ...errorResponses(403, 404, 422),
  },
});

agent.openapi(cancelTurn, async (c) => {
  const { id } = c.req.valid("param");
  return c.json(
    unwrap(await diagramStub(c.env, id).cancelTurn({ tenant: c.get("principal").tenant })),
    200,
  );
});
