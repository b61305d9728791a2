/**
 * Schemas of a diagram's history: authors, token usage, version summaries and full versions, and
 * the diff between two versions.
 */
import { z } from "@hono/zod-openapi";
import { listOf } from "./common.ts";
import { DiagramStatsSchema } from "./diagram.ts";

export const AuthorSchema = z.enum(["user", "agent", "api", "mcp"]).openapi("Author", {
  description:
    "Who made a version: a person in the editor, the agent, an API call, or an assistant over MCP.",
});

export const UsageSchema = z
  .object({
    input: z.number().int(),
    output: z.number().int(),
    cached: z.number().int(),
    reasoning: z.number().int().optional().openapi({
      description:
        "Output tokens a reasoning model spent thinking (counted in `output`; its thoughts are kept nowhere). Absent when it did not reason.",
    }),
  })
  .openapi("TokenUsage", {
    description: "Model tokens: input, output, and input read from cache.",
  });

/** Model tokens a turn used. */
export type Usage = z.infer<typeof UsageSchema>;

export const VersionSummarySchema = z
  .object({
    n: z.number().int(),
    parent: z.number().int().nullable().openapi({ description: "The version it was based on." }),
    author: AuthorSchema,
    message: z.string().nullable(),
    restored_from: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Set when the version is a restore." }),
    created_at: z.string().openapi({ format: "date-time" }),
    bytes: z.number().int(),
    stats: DiagramStatsSchema,
    usage: UsageSchema.nullable().openapi({
      description: "Tokens the agent turn that made this version used.",
    }),
  })
  .openapi("VersionSummary");

export const VersionSchema = VersionSummarySchema.extend({ xml: z.string() }).openapi("Version");

export const VersionListSchema = listOf(VersionSummarySchema, "VersionList");

export const DiffQuerySchema = z.object({
  against: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({ description: "The version to compare with (default: the one before `n`)." }),
});

const FieldChangeSchema = z.object({
  field: z.string(),
  before: z.string().optional(),
  after: z.string().optional(),
});

const CellSummarySchema = z
  .object({
    id: z.string(),
    kind: z.string().openapi({ description: "vertex, edge, group, layer…" }),
    label: z.string(),
    parent: z.string().optional(),
    shape: z.string().optional(),
    source: z.string().optional(),
    target: z.string().optional(),
    rect: z.string().optional().openapi({ description: "`x,y wxh`, relative to the parent." }),
    facts: z.array(z.string()),
    props: z
      .array(z.array(z.string()))
      .openapi({ description: "Custom properties as [name, value]." }),
  })
  .openapi("CellSummary");

const PageRefSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  name: z.string().optional(),
});

export const VersionDiffSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    text: z
      .string()
      .openapi({ description: "The diff in the compact text form, one line per cell." }),
    added_pages: z.array(PageRefSchema),
    removed_pages: z.array(PageRefSchema),
    pages: z.array(
      z.object({
        before: PageRefSchema,
        after: PageRefSchema,
        added: z.array(CellSummarySchema),
        removed: z.array(CellSummarySchema),
        changed: z.array(z.object({ id: z.string(), changes: z.array(FieldChangeSchema) })),
      }),
    ),
  })
  .openapi("VersionDiff");

export type Author = z.infer<typeof AuthorSchema>;
export type VersionSummary = z.infer<typeof VersionSummarySchema>;
