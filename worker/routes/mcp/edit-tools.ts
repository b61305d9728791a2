/** The tools that change a diagram's cells: operations, and a new layout. */
import { z } from "zod";
import { ModelOperationSchema } from "../../schemas/model-inputs.ts";
import { type Diagram, DiagramRefSchema, diagramRef, opened, path } from "./diagram-ref.ts";
import { defineTool } from "./tool.ts";
import { Direction, Id, IdempotencyKey } from "./tool-inputs.ts";

const ifMatch = (version: number | undefined) =>
  version === undefined ? undefined : `"${version}"`;

export const editDiagram = defineTool({
  name: "edit_diagram",
  title: "Edit a diagram",
  description:
    "Change a diagram with operations, applied all or nothing as one new version (ids from read_diagram). add_graph adds nodes and edges without coordinates: the engine places them next to the existing ids they connect to. Pass if_match = the version you read to refuse the edit if someone changed it since.",
  summary: "operations, all or nothing, as one new version; `if_match` refuses a stale edit",
  core: true,
  input: z.object({
    id: Id,
    operations: z.array(ModelOperationSchema).min(1).max(200),
    if_match: z.number().int().min(1).optional(),
    message: z.string().max(1_000).optional().describe("What changed, for the history."),
    idempotency_key: IdempotencyKey,
  }),
  output: DiagramRefSchema.extend({ changed: z.array(z.string()), deleted: z.array(z.string()) }),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  viewer: true,
  async run(args, ctx) {
    const result = await ctx.api.json<Diagram & { changed: string[]; deleted: string[] }>(
      "POST",
      path(args.id, "/operations"),
      {
        headers: {
          prefer: "return=representation",
          "if-match": ifMatch(args.if_match),
          "idempotency-key": args.idempotency_key,
        },
        body: {
          operations: args.operations,
          ...(args.message === undefined ? {} : { message: args.message }),
        },
      },
    );
    const ref = await diagramRef(ctx.api, result);
    return {
      text: `Changed ${result.changed.length} cell(s), deleted ${result.deleted.length}.\n${opened(ref)}`,
      data: { ...ref, changed: result.changed, deleted: result.deleted },
      diagramXml: result.xml,
    };
  },
});

export const relayout = defineTool({
  name: "relayout",
  title: "Tidy a diagram's layout",
  description:
    "Recompute the positions and edge routes of a diagram's first page, or of one container's inside, as a new version.",
  summary:
    "recomputes the positions and routes of a page, or of one container's inside, as a new version",
  core: false,
  input: z.object({
    id: Id,
    direction: Direction.optional(),
    container_id: z.string().min(1).max(200).optional(),
    idempotency_key: IdempotencyKey,
  }),
  output: DiagramRefSchema.extend({ moved: z.array(z.string()), routed: z.array(z.string()) }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  viewer: true,
  async run(args, ctx) {
    const result = await ctx.api.json<Diagram & { moved: string[]; routed: string[] }>(
      "POST",
      path(args.id, "/layout"),
      {
        headers: { prefer: "return=representation", "idempotency-key": args.idempotency_key },
        body: {
          ...(args.direction === undefined ? {} : { direction: args.direction }),
          ...(args.container_id === undefined ? {} : { container_id: args.container_id }),
        },
      },
    );
    const ref = await diagramRef(ctx.api, result);
    return {
      text: `Placed ${result.moved.length} shape(s), routed ${result.routed.length} edge(s).\n${opened(ref)}`,
      data: { ...ref, moved: result.moved, routed: result.routed },
      diagramXml: result.xml,
    };
  },
});
