/** The tools that make a new diagram: drawn by the agent, from a graph, or from Mermaid. */
import { z } from "zod";
import { MAX_MERMAID_CHARS } from "../../drawio/index.ts";
import type { TurnCompletedEvent, TurnEvent, TurnResultSchema } from "../../schemas/agent.ts";
import { ModelGraphSchema } from "../../schemas/model-inputs.ts";
import { ApiProblem } from "./api.ts";
import { type Diagram, DiagramRefSchema, diagramRef, head, opened } from "./diagram-ref.ts";
import { defineTool, type ToolAnswer, type ToolContext, ToolFailure } from "./tool.ts";
import { Direction, IdempotencyKey, StyleChoice } from "./tool-inputs.ts";

/** What `POST /v1/generate` answers as JSON. */
type TurnResult = z.infer<typeof TurnResultSchema>;

export const generateDiagram = defineTool({
  name: "generate_diagram",
  title: "Generate a diagram",
  description:
    "Draw a new diagram from a description: Drawforge's agent writes it on the server, lays it out and saves it. Takes 10-60 s and reports progress. Answers the diagram's id and links to open it. To draw from a known structure, create_diagram_from_graph is faster.",
  summary:
    "a description in, a new diagram out, drawn by the server-side agent; reports progress while it runs",
  core: true,
  input: z.object({
    prompt: z.string().min(1).max(20_000).describe("What to draw, in plain words."),
    title: z.string().min(1).max(200).optional(),
    direction: Direction.optional(),
    style: StyleChoice.optional(),
    idempotency_key: IdempotencyKey,
  }),
  output: DiagramRefSchema.extend({ reply: z.string(), status: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  viewer: true,
  async run(args, ctx) {
    let step = 0;
    let completed: TurnCompletedEvent | undefined;
    const onTurnEvent = async (event: TurnEvent) => {
      if (event.type === "turn.started") await ctx.progress(++step, "the agent started");
      if (event.type === "tool.call") await ctx.progress(++step, `the agent calls ${event.tool}`);
      if (event.type === "version.created") {
        await ctx.progress(++step, `saved version ${event.version}`);
      }
      if (event.type === "turn.completed") completed = event;
    };
    let result: TurnResult;
    try {
      result = await ctx.api.json<TurnResult>("POST", "/v1/generate", {
        headers: { "idempotency-key": args.idempotency_key },
        body: {
          prompt: args.prompt,
          ...(args.title === undefined ? {} : { title: args.title }),
          ...(args.direction === undefined ? {} : { direction: args.direction }),
          ...(args.style === undefined ? {} : { style: args.style }),
        },
        onTurnEvent,
      });
    } catch (error) {
      throw turnFailure(error, completed);
    }
    const diagram = await head(ctx.api, result.diagram_id);
    const ref = await diagramRef(ctx.api, diagram);
    return {
      text: `${result.text}\n\n${opened(ref)}`,
      data: { ...ref, reply: result.text, status: result.status },
      diagramXml: diagram.xml,
    };
  },
});

/**
 * A turn that ran and saved nothing (502 `turn_failed`, 409 `turn_cancelled`, 422 `no_diagram`)
 * as a tool failure, saying why from its last event and whether trying again may help; other
 * errors pass through. No diagram is left behind in any of them.
 */
function turnFailure(error: unknown, completed: TurnCompletedEvent | undefined): unknown {
  const ended =
    error instanceof ApiProblem && /^(turn_failed|turn_cancelled|no_diagram)$/.test(error.code);
  if (!ended) return error;
  if (error.code === "no_diagram") {
    const reply = completed?.text.trim();
    return new ToolFailure(
      `Nothing was drawn: the agent answered without drawing a diagram, and none was kept.${reply ? ` It said: ${reply}` : ""}`,
    );
  }
  const why = completed ? (completed.error ?? completed.status) : error.message;
  const again = completed?.retryable ? " It may pass: try again in a minute." : "";
  return new ToolFailure(`Nothing was drawn: ${why}.${again}`);
}

export const createFromGraph = defineTool({
  name: "create_diagram_from_graph",
  title: "Create a diagram from its structure",
  description:
    "Save a new diagram from nodes, edges and groups; the layout engine places and routes everything. Node kinds give standard shapes; search_shapes (via find_tools) finds icons. Answers the id and links.",
  summary: "nodes, edges and groups in, laid out and stored",
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
});

export const createFromMermaid = defineTool({
  name: "create_diagram_from_mermaid",
  title: "Create a diagram from Mermaid",
  description:
    "Save a new diagram from Mermaid text as real, editable draw.io cells, placed by Drawforge: flowchart, sequenceDiagram, classDiagram, stateDiagram, erDiagram (schemas), gantt (schedules), timeline, gitGraph, mindmap, C4Context…C4Deployment, requirementDiagram, journey, kanban, block, architecture-beta, packet, quadrantChart, pie, xychart, sankey, treemap, radar. A syntax error names its line and column. Answers the id and links.",
  summary:
    "Mermaid text in (every type `POST /v1/convert` takes), editable draw.io cells out, stored",
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
});

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
