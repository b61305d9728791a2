/**
 * The MCP server for one request: tool listings (core or all, with `find_tools` and `run_tool`),
 * tool calls with model-readable errors, and resources.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { z } from "zod";
import { leanJsonSchema } from "../../schemas/lean-json-schema.ts";
import { ApiProblem, type InProcessApi } from "./api.ts";
import { DIAGRAM_TOOLS } from "./diagram-tools.ts";
import { listResources, RESOURCE_TEMPLATES, readResource } from "./resources.ts";
import { defineTool, type McpTool, type ToolContext, ToolFailure, ToolInputError } from "./tool.ts";
import { VIEWER_URI, type ViewerSources, viewerResultMeta } from "./viewer-app.ts";

/** What the server says about itself in `initialize`. */
const INSTRUCTIONS =
  "Drawforge stores draw.io diagrams with full version history. Create one with " +
  "generate_diagram (from a description) or create_diagram_from_graph (from nodes and edges); " +
  "read_diagram before edit_diagram; every answer has links that open the diagram. " +
  "find_tools lists more tools (versions, relayout, shape search, validation, the team's house style) and run_tool runs them.";

/** Which tools `tools/list` shows: the core set, or every tool (`/mcp?tools=all`). */
export type ToolListing = "core" | "all";

const BY_NAME = new Map(DIAGRAM_TOOLS.map((tool) => [tool.name, tool]));
const MORE_TOOLS = DIAGRAM_TOOLS.filter((tool) => !tool.core);

const findTools = defineTool({
  name: "find_tools",
  title: "Find more tools",
  description: `More Drawforge tools, with their input schemas, to call with run_tool: ${MORE_TOOLS.map((t) => t.name).join(", ")}. query filters by words.`,
  summary: "lists the tools below with their input schemas",
  core: true,
  input: z.object({ query: z.string().max(200).optional() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args) {
    const words = (args.query ?? "").toLowerCase().split(/\W+/).filter(Boolean);
    const found = MORE_TOOLS.filter((tool) => {
      const text = `${tool.name} ${tool.description}`.toLowerCase();
      return words.length === 0 || words.some((word) => text.includes(word));
    }).map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: schemaOf(tool.input),
    }));
    const data = { tools: found };
    return {
      text:
        found.length === 0
          ? "no tool matches; call find_tools without query"
          : JSON.stringify(data),
      data,
    };
  },
});

const runTool = defineTool({
  name: "run_tool",
  title: "Run a tool found with find_tools",
  description: "Run one of the tools find_tools lists, with its arguments.",
  summary: "runs one of the tools `find_tools` lists",
  core: true,
  input: z.object({
    name: z.enum(MORE_TOOLS.map((t) => t.name) as [string, ...string[]]),
    arguments: z.record(z.string(), z.unknown()).optional(),
  }),
  annotations: { openWorldHint: false },
  run: (args, ctx) => {
    const tool = BY_NAME.get(args.name);
    if (!tool) throw new ToolInputError(`there is no tool "${args.name}"`);
    return tool.call(args.arguments ?? {}, ctx);
  },
});

const ALL_TOOLS: readonly McpTool[] = [...DIAGRAM_TOOLS, findTools, runTool];
/** Every tool of the server by name, `find_tools` and `run_tool` included. */
export const MCP_TOOLS: ReadonlyMap<string, McpTool> = new Map(
  ALL_TOOLS.map((tool) => [tool.name, tool]),
);

/**
 * A JSON Schema in the spelling every MCP client maps: one `type` per schema (a list of types
 * becomes `anyOf`, which single-type dialects such as Gemini's accept) and `true` for "any
 * value" instead of an empty schema.
 */
function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "additionalProperties" && isEmptySchema(value)) out[key] = true;
    else out[key] = portable(value);
  }
  const types = out.type;
  if (!Array.isArray(types)) return out;
  delete out.type;
  return { ...out, anyOf: types.map((type) => ({ type })) };
}

function isEmptySchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

const schemaOf = (schema: z.ZodType) => portable(leanJsonSchema(schema));

/** A tool as `tools/list` shows it. */
function describe(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: schemaOf(tool.input) as Tool["inputSchema"],
    ...(tool.output ? { outputSchema: schemaOf(tool.output) as Tool["outputSchema"] } : {}),
    annotations: tool.annotations,
    ...(tool.viewer ? { _meta: { ui: { resourceUri: VIEWER_URI } } } : {}),
  };
}

/** The listings, made on the first `tools/list` (not when an isolate starts). */
const listings: Partial<Record<ToolListing, Tool[]>> = {};

/**
 * The `tools/list` answer of a listing: a small default, or every diagram tool for clients that
 * want them all up front.
 */
export function toolListing(listing: ToolListing): Tool[] {
  listings[listing] ??= ALL_TOOLS.filter((tool) =>
    listing === "core" ? tool.core : tool.name !== "find_tools" && tool.name !== "run_tool",
  ).map(describe);
  return listings[listing];
}

/** What a model should do about a problem the API answered. */
const ADVICE: Record<string, string> = {
  not_found: "Check the id with list_diagrams.",
  turn_in_progress:
    "Another change is being made to this diagram right now; wait a few seconds and call again.",
  concurrent_change:
    "Someone saved this diagram at the same moment; read it again and repeat the change.",
  idempotency_in_progress: "The first call with this idempotency_key is still running; wait.",
  version_mismatch:
    "The diagram changed since the version you read: read_diagram again, then redo the edit on the new version.",
  rate_limited: "Too many calls; wait a minute.",
  operation_failed: "Nothing was changed: fix that operation and send the whole batch again.",
  invalid_graph: "Nothing was stored: fix the graph and call again.",
  model_not_configured:
    "This Drawforge has no model for its agent: use create_diagram_from_graph instead.",
  model_settings_invalid:
    "This Drawforge's model settings are malformed (its operator must fix them): use create_diagram_from_graph instead.",
};

/** A failed call as a tool error: what went wrong and what to do, for the model to act on. */
function toolError(error: unknown): CallToolResult {
  let text: string;
  if (error instanceof ApiProblem) {
    const detail = error.message;
    const extras = ["head_version", "operation_index", "errors", "findings"]
      .filter((key) => error.body[key] !== undefined)
      .map((key) => `${key}: ${JSON.stringify(error.body[key])}`);
    text = [`Error ${error.code} (${error.status}): ${detail}`, ...extras, ADVICE[error.code]]
      .filter(Boolean)
      .join("\n");
  } else if (error instanceof ToolInputError) {
    text = `Invalid arguments: ${error.message}. Nothing was changed.`;
  } else if (error instanceof ToolFailure) {
    text = error.message;
  } else {
    throw error;
  }
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * An MCP server for one request of one caller, on the given API: Drawforge's tools and its
 * diagrams as resources. Stateless: it holds nothing beyond the request.
 *
 * @example
 * const server = drawforgeMcpServer(api, "core", { origin });
 * await server.connect(transport);
 */
export function drawforgeMcpServer(
  api: InProcessApi,
  listing: ToolListing,
  viewer: ViewerSources,
): Server {
  const server = new Server(
    { name: "drawforge", title: "Drawforge", version: "1.0.0" },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolListing(listing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = MCP_TOOLS.get(request.params.name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `there is no tool "${request.params.name}"`);
    }
    const token = request.params._meta?.progressToken;
    const ctx: ToolContext = {
      api,
      signal: extra.signal,
      async progress(progress, message, total) {
        if (token === undefined) return;
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress, message, ...(total ? { total } : {}) },
        });
      },
    };
    try {
      const answer = await tool.call(request.params.arguments ?? {}, ctx);
      const result: CallToolResult = { content: [{ type: "text", text: answer.text }] };
      if (answer.image) result.content.push({ type: "image", ...answer.image });
      if (answer.data !== undefined && tool.output) result.structuredContent = answer.data;
      if (answer.diagramXml !== undefined) result._meta = viewerResultMeta(answer.diagramXml);
      return result;
    } catch (error) {
      return toolError(error);
    }
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCE_TEMPLATES,
  }));
  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    listResources(api, viewer, request.params?.cursor),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    readResource(api, viewer, request.params.uri),
  );
  return server;
}
