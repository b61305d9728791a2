import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { chooseModel, type ModelSettings } from "../agent/model-settings.ts";
import { titleFrom, withHints } from "../agent/request-text.ts";
import { randomToken } from "../auth/encoding.ts";
import { authorOf, diagramStub, finishedDiagram, unwrap } from "../diagram/client.ts";
import { turnCompletion } from "../diagram/turn-stream.ts";
import { validateXml } from "../drawio/validate.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { decodeCursor, listBody } from "../http/cursors.ts";
import { validationHook } from "../http/validation-hook.ts";
import {
  type AttachmentSchema,
  GenerateRequestSchema,
  MessageListSchema,
  MessageRequestSchema,
  TurnCancelledSchema,
  TurnEventSchema,
  TurnResultSchema,
} from "../schemas/agent.ts";
import { DiagramParamsSchema, errorResponses, PageQuerySchema } from "../schemas/common.ts";

const tags = ["Agent"];
type Attachment = z.infer<typeof AttachmentSchema>;

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

/** Runs a turn on a diagram and answers as JSON or as an event stream. */
async function turn(
  c: Context<AppEnv>,
  id: string,
  body: {
    prompt: string;
    model?: string | undefined;
    max_steps?: number | undefined;
    attachments?: Attachment[] | undefined;
    /** A diagram made for this turn: the agent names it, and it goes if the turn fails. */
    fresh?: boolean;
    title?: string | undefined;
  },
) {
  const principal = c.get("principal");
  const started = unwrap(
    await diagramStub(c.env, id).converse({
      tenant: principal.tenant,
      prompt: body.prompt,
      ...(body.model === undefined ? {} : { model: body.model }),
      ...(body.max_steps === undefined ? {} : { maxSteps: body.max_steps }),
      ...(body.attachments?.length ? { attachments: body.attachments } : {}),
      ...(body.fresh ? { discardOnFailure: true } : {}),
      ...(body.fresh && body.title === undefined ? { retitle: true } : {}),
    }),
  );
  // The diagram's address before the first event, so a client can cancel a turn it gave up on.
  const location = `/v1/diagrams/${id}`;
  if ((c.req.header("accept") ?? "").includes("text/event-stream")) {
    return new Response(started.stream, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        location,
      },
    });
  }
  const done = await turnCompletion(started.stream);
  if (done.status === "failed" || done.status === "cancelled") {
    const code = done.status === "cancelled" ? "turn_cancelled" : "turn_failed";
    throw new ApiError(
      done.status === "cancelled" ? 409 : 502,
      code,
      `${String(done.error ?? "the turn was cancelled")}; nothing was saved`,
      done.discarded
        ? { usage: done.usage }
        : { diagram_id: id, version: done.version, usage: done.usage },
    );
  }
  c.header("location", location);
  const head = await finishedDiagram(c.env, principal.tenant, id, new URL(c.req.url).origin);
  return c.json(
    {
      diagram_id: id,
      status: done.status === "changed" ? ("changed" as const) : ("unchanged" as const),
      version: head.version,
      title: head.title,
      text: String(done.text ?? ""),
      xml: head.xml,
      findings: validateXml(head.xml, { shapes: shapeCatalog() }).findings,
      usage: done.usage as { input: number; output: number; cached: number },
      links: head.links,
    },
    200,
  );
}

const generate = createRoute({
  operationId: "generateDiagram",
  method: "post",
  path: "/generate",
  tags,
  summary: "Generate a diagram from a prompt",
  description:
    "Creates a diagram and runs an agent turn on it. The answer is the diagram (one new version); with `Accept: text/event-stream` the turn's events stream as they happen. A client that disconnects loses nothing: the turn completes and its result is in `GET /v1/diagrams/{id}/messages`.",
  request: {
    body: { required: true, content: { "application/json": { schema: GenerateRequestSchema } } },
  },
  responses: turnResponses,
});

agent.openapi(generate, async (c) => {
  const body = c.req.valid("json");
  const principal = c.get("principal");
  // Refuse before creating anything: a request that cannot run leaves no empty diagram behind.
  chooseModel(c.env as ModelSettings, body.model, { images: (body.attachments?.length ?? 0) > 0 });
  const id = `d_${randomToken(22)}`;
  unwrap(
    await diagramStub(c.env, id).create({
      tenant: principal.tenant,
      id,
      title: body.title ?? titleFrom(body.prompt),
      author: authorOf(principal),
    }),
  );
  const prompt = withHints(body.prompt, body);
  return turn(c, id, {
    prompt,
    model: body.model,
    max_steps: body.max_steps,
    attachments: body.attachments,
    fresh: true,
    title: body.title,
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
