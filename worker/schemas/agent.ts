/**
 * Schemas of the agent routes: generate and message requests with attachments, turn results, stored
 * messages, and a turn's event stream.
 */
import { z } from "@hono/zod-openapi";
import { DIRECTIONS } from "../drawio/index.ts";
import { DiagramLinksSchema, listOf } from "./common.ts";
import { DiagramStatsSchema } from "./diagram.ts";
import { findingList } from "./finding.ts";
import { StyleChoiceSchema } from "./style.ts";
import { UsageSchema } from "./version.ts";

export { UsageSchema };

const Prompt = z
  .string()
  .trim()
  .min(1)
  .max(20_000)
  .openapi({ example: "Checkout flow with payment retries" });
const Model = z.string().max(200).optional().openapi({
  description:
    "A model this deployment offers (`GET /v1/models`), as `provider:model`; a bare name is an `openai` model. Default: the deployment's drawing model (`DRAWFORGE_MODEL`), or its vision model for a turn with attachments.",
  example: "anthropic:claude-sonnet-4-5",
});
const MaxSteps = z
  .number()
  .int()
  .min(1)
  .max(32)
  .optional()
  .openapi({ description: "Most model steps (default 8)." });

/** Image and document types a model may be sent. */
export const ATTACHMENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
] as const;

export const AttachmentSchema = z
  .object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .optional()
      .openapi({
        description: "An image the model fetches itself (http or https).",
        example: "https://example.com/whiteboard.jpg",
      }),
    data: z
      .base64()
      .max(14_000_000)
      .optional()
      .openapi({ description: "The file itself, base64 (at most about 10 MB)." }),
    media_type: z.enum(ATTACHMENT_TYPES).optional().openapi({
      description: "Required with `data`; PDFs can only be sent as `data`.",
    }),
  })
  .strict()
  .superRefine((a, ctx) => {
    if ((a.url === undefined) === (a.data === undefined)) {
      ctx.addIssue({ code: "custom", message: "give exactly one of url and data" });
    } else if (a.data !== undefined && a.media_type === undefined) {
      ctx.addIssue({ code: "custom", path: ["media_type"], message: "required with data" });
    } else if (a.url !== undefined && a.media_type === "application/pdf") {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: "send a PDF as data: PDFs cannot be fetched by URL",
      });
    }
  })
  .openapi("Attachment", {
    description:
      "An image (PNG, JPEG, GIF, WebP) or a PDF for the model to look at, e.g. a whiteboard photo to redraw. Needs a model that accepts images (`DRAWFORGE_VISION_MODELS`).",
  });

const Attachments = z
  .array(AttachmentSchema)
  .max(4)
  .optional()
  .openapi({ description: "Up to 4 images or PDFs." });

const Style = StyleChoiceSchema.optional();

export const GenerateRequestSchema = z
  .object({
    prompt: Prompt,
    attachments: Attachments,
    title: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "The diagram's title; by default the agent names it." }),
    model: Model,
    theme: z.enum(["default", "minimal", "dark"]).optional(),
    direction: z.enum(DIRECTIONS).optional(),
    max_steps: MaxSteps,
    style: Style,
  })
  .strict()
  .openapi("GenerateRequest");

export const MessageRequestSchema = z
  .object({
    prompt: Prompt,
    attachments: Attachments,
    model: Model,
    max_steps: MaxSteps,
    style: Style,
  })
  .strict()
  .openapi("MessageRequest");

/** What was unusual about the model's answer, when something was (see {@link AnswerOutcomeSchema}). */
export const ANSWER_OUTCOMES = [
  "empty_answer",
  "refused",
  "drawn_from_text",
  "text_diagram_invalid",
] as const;

/** The `outcome` member of a turn's end and result. */
export const AnswerOutcomeSchema = z.enum(ANSWER_OUTCOMES).openapi("AnswerOutcome", {
  description:
    "Set when the model's answer was not an ordinary one: `empty_answer` (no words and no tool calls; nothing changed), `refused` (the model or its provider declined, e.g. OpenAI's refusal, Anthropic's `refusal` stop reason, a content filter; nothing changed), `drawn_from_text` (the model wrote Mermaid or draw.io XML in its answer instead of calling a tool; it was checked and saved as the turn's version), `text_diagram_invalid` (it did so, but the diagram did not parse or validate; nothing changed, `text` says why). Absent for an ordinary answer.",
  example: "drawn_from_text",
});

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
    findings: findingList("Validation findings of the version the turn left."),
    usage: UsageSchema,
    outcome: AnswerOutcomeSchema.optional(),
    links: DiagramLinksSchema,
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

export const TurnCancelledSchema = z
  .object({ cancelled: z.boolean().openapi({ description: "Whether a turn was running." }) })
  .openapi("TurnCancelled");

/** The Server-Sent Events of a turn (`Accept: text/event-stream`), one schema per `event:`. */
export const TurnEventSchema = z
  .discriminatedUnion("type", [
    z
      .object({ type: z.literal("turn.started"), diagram_id: z.string() })
      .openapi("TurnStartedEvent", { description: "First: which diagram the turn works on." }),
    z
      .object({ type: z.literal("text.delta"), text: z.string() })
      .openapi("TextDeltaEvent", { description: "A piece of the agent's reply." }),
    z
      .object({ type: z.literal("tool.call"), tool: z.string(), input: z.unknown() })
      .openapi("ToolCallEvent", { description: "The agent called a tool." }),
    z
      .object({ type: z.literal("tool.result"), tool: z.string(), output: z.string() })
      .openapi("ToolResultEvent", { description: "What the tool answered (errors included)." }),
    z
      .object({ type: z.literal("diagram.preview"), xml: z.string() })
      .openapi("DiagramPreviewEvent", {
        description: "The working diagram after a change (not saved until the turn ends).",
      }),
    z
      .object({
        type: z.literal("version.created"),
        version: z.number().int(),
        message: z.string(),
        title: z.string(),
        stats: DiagramStatsSchema,
      })
      .openapi("VersionCreatedEvent", { description: "The turn's one version was saved." }),
    z
      .object({ type: z.literal("usage"), ...UsageSchema.shape })
      .openapi("UsageEvent", { description: "Tokens the turn used." }),
    z
      .object({ type: z.literal("error"), message: z.string() })
      .openapi("TurnErrorEvent", { description: "Something went wrong; nothing is saved." }),
    z
      .object({
        type: z.literal("turn.completed"),
        status: z.enum(["changed", "unchanged", "failed", "cancelled"]),
        version: z.number().int().openapi({ description: "The head version after the turn." }),
        text: z.string(),
        steps: z.number().int(),
        usage: UsageSchema,
        error: z.string().optional(),
        retryable: z
          .boolean()
          .optional()
          .openapi({ description: "The failure may pass: the model was busy or timed out." }),
        outcome: AnswerOutcomeSchema.optional(),
        discarded: z.boolean().optional().openapi({
          description:
            "Set when the diagram was made for this turn (`POST /v1/generate`) and, the turn having saved nothing (it failed, was cancelled, or the model drew nothing), was deleted again.",
        }),
        links: DiagramLinksSchema.optional().openapi({
          description:
            "Where the diagram opens, as the JSON answer's `links`: set when the turn ended `changed` or `unchanged` and the diagram was kept.",
        }),
      })
      .openapi("TurnCompletedEvent", { description: "Last: how the turn ended." }),
  ])
  .openapi("TurnEvent", {
    description:
      "An event of a turn's Server-Sent Events stream. `event:` is the type, `data:` this JSON (with its `type`).",
  });

/**
 * Any event of a turn: the one union every writer uses (Server-Sent Events, the JSON answer,
 * batch items) and the SDK publishes.
 */
export type TurnEvent = z.infer<typeof TurnEventSchema>;

/** How a turn ended: its last event. */
export type TurnCompletedEvent = Extract<TurnEvent, { type: "turn.completed" }>;

/** What was unusual about the model's answer (`turn.completed`'s `outcome`). */
export type AnswerOutcome = z.infer<typeof AnswerOutcomeSchema>;

/** An image or PDF sent with a prompt. */
export type Attachment = z.infer<typeof AttachmentSchema>;
