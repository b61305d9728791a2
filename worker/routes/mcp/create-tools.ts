/** The tools that make a new diagram: drawn by the agent, from a graph, or from Mermaid. */
import { z } from "zod";
import { readEvents } from "../../../sdk/internal/sse.ts";
import { MAX_MERMAID_CHARS } from "../../drawio/index.ts";
import { ModelGraphSchema } from "../../schemas/model-inputs.ts";
import { type Diagram, DiagramRefSchema, diagramRef, head, opened } from "./diagram-ref.ts";
import { type McpTool, type ToolAnswer, type ToolContext, ToolFailure } from "./tool.ts";
import { Direction, IdempotencyKey } from "./tool-inputs.ts";

export const generateDiagram: McpTool<{
  prompt: string;
  title?: string | undefined;
  direction?: z.infer<typeof Direction> | undefined;
  idempotency_key?: string | undefined;
}> = {
  name: "generate_diagram",
  title: "Generate a diagram",
  description:
    "Draw a new diagram from a description: Drawforge's agent writes it on the server, lays it out and saves version 1. Takes 10-60 s and reports progress. Answers the diagram's id and links to open it. To draw from a known structure, create_diagram_from_graph is faster.",
  core: true,
  input: z.object({
    prompt: z.string().min(1).max(20_000).describe("What to draw, in plain words."),
    title: z.string().min(1).max(200).optional(),
    direction: Direction.optional(),
    idempotency_key: IdempotencyKey,
  }),
  output: DiagramRefSchema.extend({ reply: z.string(), status: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  viewer: true,
  async run(args, ctx) {
    const res = await ctx.api.call("POST", "/v1/generate", {
      headers: { accept: "text/event-stream", "idempotency-key": args.idempotency_key },
      body: {
        prompt: args.prompt,
        ...(args.title === undefined ? {} : { title: args.title }),
        ...(args.direction === undefined ? {} : { direction: args.direction }),
      },
    });
    if (!res.body) throw new Error("the turn answered no stream");
    let id: string | undefined;
    let step = 0;
    let completed:
      | { status: string; text: string; error?: string; retryable?: boolean }
      | undefined;
    for await (const event of readEvents(res.body)) {
      const data = JSON.parse(event.data) as Record<string, unknown>;
      switch (data.type) {
        case "turn.started":
          id = String(data.diagram_id);
          await ctx.progress(++step, "the agent started");
          break;
        case "tool.call":
          await ctx.progress(++step, `the agent calls ${String(data.tool)}`);
          break;
        case "version.created":
          await ctx.progress(++step, `saved version ${String(data.version)}`);
          break;
        case "turn.completed":
          completed = data as typeof completed;
          break;
      }
    }
    if (!completed || id === undefined) throw new Error("the turn ended without an answer");
    if (completed.status === "failed" || completed.status === "cancelled") {
      const again = completed.retryable ? " It may pass: try again in a minute." : "";
      throw new ToolFailure(`Nothing was drawn: ${completed.error ?? completed.status}.${again}`);
    }
    const diagram = await head(ctx.api, id);
    const ref = await diagramRef(ctx.api, diagram);
    return {
      text: `${completed.text}\n\n${opened(ref)}`,
      data: { ...ref, reply: completed.text, status: completed.status },
      diagramXml: diagram.xml,
    };
  },
};

export const createFromGraph: McpTool<{
  graph: z.infer<typeof ModelGraphSchema>;
  title?: string | undefined;
  idempotency_key?: string | undefined;
}> = {
  name: "create_diagram_from_graph",
  title: "Create a diagram from its structure",
  description:
    "Save a new diagram from nodes, edges and groups; the layout engine places and routes everything. Node kinds give standard shapes; search_shapes (via find_tools) finds icons. Answers the id and links.",
  core: true,
  input: z.object({
    graph: ModelGraphSchema,
    title: z.string().min(1).max(200).optional(),
    idempotency_key: IdempotencyKey,
  }),
  output: DiagramRefSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  viewer: true,
  run: (args, ctx) => createOpened(ctx, { graph: args.graph }, args),
};

export const createFromMermaid: McpTool<{
  mermaid: string;
  title?: string | undefined;
  idempotency_key?: string | undefined;
}> = {
  name: "create_diagram_from_mermaid",
  title: "Create a diagram from Mermaid",
  description:
    "Save a new diagram from Mermaid text (flowchart, stateDiagram, classDiagram or sequenceDiagram) as real, editable draw.io cells, laid out by Drawforge. A syntax error names its line and column. Answers the id and links.",
  core: false,
  input: z.object({
    mermaid: z.string().min(1).max(MAX_MERMAID_CHARS),
    title: z.string().min(1).max(200).optional(),
    idempotency_key: IdempotencyKey,
  }),
  output: DiagramRefSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  viewer: true,
  run: (args, ctx) => createOpened(ctx, { mermaid: args.mermaid }, args),
};

/**
 * Saves a new diagram from `source` (a graph or Mermaid) through the API and answers where to
 * open it, as the create tools do.
 */
async function createOpened(
  ctx: ToolContext,
  source: { graph: unknown } | { mermaid: string },
  args: { title?: string | undefined; idempotency_key?: string | undefined },
): Promise<ToolAnswer> {
  const diagram = await ctx.api.json<Diagram>("POST", "/v1/diagrams", {
    headers: { "idempotency-key": args.idempotency_key },
    body: { ...source, ...(args.title === undefined ? {} : { title: args.title }) },
  });
  const ref = await diagramRef(ctx.api, diagram);
  return { text: opened(ref), data: ref, diagramXml: diagram.xml };
}
