/** The tools over a diagram's history: list its versions, restore one, compare two. */
import { z } from "zod";
import { DiagramRefSchema, diagramRef, head, opened, path } from "./diagram-ref.ts";
import { dataText, defineTool } from "./tool.ts";
import { Id, IdempotencyKey } from "./tool-inputs.ts";

export const listVersions = defineTool({
  name: "list_versions",
  title: "List a diagram's versions",
  description: "A diagram's history, newest first: who made each version, when and why.",
  summary: "a diagram's history, newest first",
  core: false,
  input: z.object({
    id: Id,
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const page = await ctx.api.json<{
      items: Array<Record<string, unknown>>;
      next_cursor: string | null;
    }>("GET", path(args.id, "/versions"), { query: { cursor: args.cursor, limit: args.limit } });
    const versions = page.items.map(({ n, author, message, created_at, restored_from }) => ({
      n,
      author,
      message,
      created_at,
      ...(restored_from === null ? {} : { restored_from }),
    }));
    const data = { versions, next_cursor: page.next_cursor };
    return { text: dataText(data), data };
  },
});

export const restoreVersion = defineTool({
  name: "restore_version",
  title: "Restore a version",
  description:
    "Make an earlier version the diagram's content again, as a new version (history is kept).",
  summary: "an earlier version back, as a new version",
  core: false,
  input: z.object({ id: Id, version: z.number().int().min(1), idempotency_key: IdempotencyKey }),
  output: DiagramRefSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  viewer: true,
  async run(args, ctx) {
    await ctx.api.call("POST", path(args.id, `/versions/${args.version}/restore`), {
      headers: { "idempotency-key": args.idempotency_key },
    });
    const diagram = await head(ctx.api, args.id);
    const ref = await diagramRef(ctx.api, diagram);
    return {
      text: `Restored version ${args.version}.\n${opened(ref)}`,
      data: ref,
      diagramXml: diagram.xml,
    };
  },
});

export const diffVersions = defineTool({
  name: "diff_versions",
  title: "Compare versions",
  description:
    "What changed in a version: cells added, removed and changed (label, style, geometry), against the version before it or another one.",
  summary: "what changed between two versions",
  core: false,
  input: z.object({
    id: Id,
    version: z.number().int().min(1),
    against: z.number().int().min(1).optional(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const diff = await ctx.api.json<Record<string, unknown>>(
      "GET",
      path(args.id, `/versions/${args.version}/diff`),
      { query: { against: args.against } },
    );
    return { text: dataText(diff), data: diff };
  },
});
