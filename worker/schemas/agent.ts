import { z } from "@hono/zod-openapi";
import { listOf } from "./common.ts";
import { FindingSchema } from "./diagram.ts";

const Prompt = z
  .string()
  .trim()
  .min(1)
  .max(20_000)
  .openapi({ example: "Checkout flow with payment retries" });
const Model = z
  .string()
  .max(200)
  .optional()
  .openapi({ description: "A model from the allow-list (`DRAWFORGE_MODELS`)." });
const MaxSteps = z
  .number()
  .int()
  .min(1)
  .max(32)
  .optional()
  .openapi({ description: "Most model steps (default 8)." });

export const GenerateRequestSchema = z
  .object({
    prompt: Prompt,
    title: z.string().trim().min(1).max(200).optional(),
    model: Model,
    theme: z.enum(["default", "minimal", "dark"]).optional(),
    direction: z.enum(["down", "right", "up", "left"]).optional(),
    max_steps: MaxSteps,
  })
  .strict()
  .openapi("GenerateRequest");

export const MessageRequestSchema = z
  .object({ prompt: Prompt, model: Model, max_steps: MaxSteps })
  .strict()
  .openapi("MessageRequest");

export const UsageSchema = z
  .object({ input: z.number().int(), output: z.number().int(), cached: z.number().int() })
  .openapi("TokenUsage");

export const TurnResultSchema = z
  .object({
    diagram_id: z.string(),
    status: z
      .enum(["changed", "unchanged"])
      .openapi({ description: "Whether the turn made a new version." }),
    version: z.number().int(),
    title: z.string(),
    text: z.string().openapi({ description: "The agent's reply." }),
    xml: z.string(),
    findings: z.array(FindingSchema),
    usage: UsageSchema,
    links: z.object({ api: z.string(), diagrams_net: z.string(), editor: z.string() }),
  })
  .openapi("TurnResult");

export const MessageSchema = z
  .object({
    id: z.number().int(),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    version: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The version an assistant message made." }),
    created_at: z.string(),
  })
  .openapi("Message");

export const MessageListSchema = listOf(MessageSchema, "MessageList");

/** The Server-Sent Events of a turn (`Accept: text/event-stream`), one schema per `event:`. */
export const TurnEventSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("turn.started"), diagram_id: z.string() }),
    z.object({ type: z.literal("text.delta"), text: z.string() }),
    z.object({ type: z.literal("tool.call"), tool: z.string(), input: z.unknown() }),
    z.object({ type: z.literal("tool.result"), tool: z.string(), output: z.string() }),
    z.object({ type: z.literal("diagram.preview"), xml: z.string() }),
    z.object({ type: z.literal("error"), message: z.string() }),
  ])
  .openapi("TurnEvent", {
    description:
      "Events streamed during a turn (`event:` is the type). Besides these: `version.created` ({ version, message, stats }), `usage` (TokenUsage) and, last, `turn.completed` ({ status, version, text, steps, usage, error? }).",
  });
