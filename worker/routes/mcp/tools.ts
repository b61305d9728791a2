import { z } from "zod";
import { readEvents } from "../../../sdk/internal/sse.ts";
import { toBase64 } from "../../auth/encoding.ts";
import { DrawioError } from "../../drawio/errors.ts";
import { MAX_MERMAID_CHARS } from "../../drawio/mermaid/source.ts";
import { parseDiagram } from "../../drawio/parse.ts";
import { getCellXml, listSelectedCells } from "../../drawio/query.ts";
import type { Diagram as DiagramView } from "../../schemas/diagram.ts";
import { ModelGraphSchema, ModelOperationSchema } from "../../schemas/model-inputs.ts";
import type { InProcessApi } from "./api.ts";

/** What a tool may use while it runs. */
export interface ToolContext {
  api: InProcessApi;
  /** Reports progress to the client, when it asked for it (a no-op otherwise). */
  progress(progress: number, message: string, total?: number): Promise<void>;
  signal: AbortSignal;
}

/** What a tool answers: text for the model and, for data, the same as structured content. */
export interface ToolAnswer {
  text: string;
  data?: Record<string, unknown>;
  /** Set when the answer shows a diagram the inline viewer can draw. */
  diagramXml?: string;
  /** An image for the model and the person to see (base64). */
  image?: { data: string; mimeType: string };
}

/** One tool of the MCP server. */
export interface McpTool<I = unknown> {
  name: string;
  title: string;
  description: string;
  /** In the default `tools/list`; the others are found with `find_tools`. */
  core: boolean;
  input: z.ZodType<I>;
  output?: z.ZodType;
  annotations: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** Its answers show the diagram in hosts that support MCP Apps. */
  viewer?: boolean;
  run(args: I, ctx: ToolContext): Promise<ToolAnswer>;
}

/** A diagram as the API answers it with its XML. */
type Diagram = DiagramView & { xml: string };

/** Longer diagrams.net links (the diagram is inside the link) are left out of answers. */
const MAX_LINK_CHARS = 16_000;

const Id = z.string().describe("The diagram id (d_…).");
const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe("Send the same key when retrying, so the change is made once.");
const Direction = z.enum(["down", "right", "up", "left"]);

/** How an answer names a diagram: its id, version and where a person opens it. */
export const DiagramRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number().int(),
  links: z.object({
    editor: z.string(),
    diagrams_net: z.string().optional(),
    api: z.string(),
    svg: z.string(),
  }),
});

/** The reference an answer carries for a diagram at one version. */
export async function diagramRef(
  api: InProcessApi,
  head: { id: string; title: string; version: number; xml: string },
): Promise<z.infer<typeof DiagramRefSchema>> {
  const links = await api.links(head.id, head);
  return {
    id: head.id,
    title: head.title,
    version: head.version,
    links: {
      editor: links.editor,
      ...(links.diagrams_net.length <= MAX_LINK_CHARS ? { diagrams_net: links.diagrams_net } : {}),
      api: links.api,
      svg: links.svg,
    },
  };
}

/** The head of a diagram, read through the API. */
async function head(api: InProcessApi, id: string): Promise<Diagram> {
  return api.json<Diagram>("GET", `/v1/diagrams/${encodeURIComponent(id)}`);
}

function opened(ref: z.infer<typeof DiagramRefSchema>): string {
  const lines = [
    `Diagram ${ref.id} "${ref.title}", version ${ref.version}.`,
    `Open it: ${ref.links.editor}`,
  ];
  if (ref.links.diagrams_net) lines.push(`Or in diagrams.net: ${ref.links.diagrams_net}`);
  return lines.join("\n");
}

function dataText(data: unknown): string {
  return JSON.stringify(data);
}

const path = (id: string, rest = "") => `/v1/diagrams/${encodeURIComponent(id)}${rest}`;
const ifMatch = (version: number | undefined) =>
  version === undefined ? undefined : `"${version}"`;

const generateDiagram: McpTool<{
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

const createFromGraph: McpTool<{
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

const createFromMermaid: McpTool<{
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

const readDiagram: McpTool<{
  id: string;
  view: "compact" | "cell" | "xpath" | "xml";
  target?: string | undefined;
}> = {
  name: "read_diagram",
  title: "Read a diagram",
  description:
    "Read a diagram: the compact text view with every cell id (default; read this before editing), one cell's XML (view=cell), the cells an XPath 1.0 expression selects (view=xpath), or the whole XML (view=xml).",
  core: true,
  input: z.object({
    id: Id,
    view: z.enum(["compact", "cell", "xpath", "xml"]).default("compact"),
    target: z.string().max(2_000).optional().describe("The cell id (cell) or XPath (xpath)."),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    if (args.view === "compact") {
      const diagram = await ctx.api.json<DiagramView & { compact: string }>("GET", path(args.id), {
        query: { format: "compact" },
      });
      return { text: `${await readHeader(ctx.api, diagram)}\n${diagram.compact}` };
    }
    const diagram = await head(ctx.api, args.id);
    const header = await readHeader(ctx.api, diagram);
    if (args.view === "xml") return { text: `${header}\n${diagram.xml}` };
    if (!args.target) {
      throw new ToolInputError(
        `give target: the ${args.view === "cell" ? "cell id" : "XPath expression"} to read`,
      );
    }
    const page = parseDiagram(diagram.xml).pages[0];
    if (!page) return { text: `${header}\nthe diagram has no page` };
    if (args.view === "cell") {
      const xml = getCellXml(page, args.target);
      if (xml === undefined) throw new ToolInputError(`there is no cell "${args.target}"`);
      return { text: `${header}\n${xml}` };
    }
    let cells: ReturnType<typeof listSelectedCells>;
    try {
      cells = listSelectedCells(page, args.target);
    } catch (error) {
      if (error instanceof DrawioError) throw new ToolInputError(error.message);
      throw error;
    }
    return { text: `${header}\n${cells.length === 0 ? "no cell matches" : JSON.stringify(cells)}` };
  },
};

/**
 * The first line of a read: which diagram, which version, and the editor link (the
 * diagrams.net link would repeat the whole diagram, which the read already holds).
 */
async function readHeader(
  api: InProcessApi,
  diagram: { id: string; title: string; version: number },
): Promise<string> {
  return `Diagram ${diagram.id} "${diagram.title}", version ${diagram.version}. Open it: ${await api.editorLink(diagram.id)}`;
}

const editDiagram: McpTool<{
  id: string;
  operations: z.infer<typeof ModelOperationSchema>[];
  if_match?: number | undefined;
  message?: string | undefined;
  idempotency_key?: string | undefined;
}> = {
  name: "edit_diagram",
  title: "Edit a diagram",
  description:
    "Change a diagram with operations, applied all or nothing as one new version (ids from read_diagram). Pass if_match = the version you read to refuse the edit if someone changed it since.",
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
};

const DiagramSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
});
const DiagramPageSchema = z.object({
  diagrams: z.array(DiagramSummarySchema),
  total: z.number().int().optional(),
  next_cursor: z.string().nullable(),
});

async function diagramPage(
  ctx: ToolContext,
  query: { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<ToolAnswer> {
  const page = await ctx.api.json<{
    items: z.infer<typeof DiagramSummarySchema>[];
    next_cursor: string | null;
    total?: number;
  }>("GET", "/v1/diagrams", { query });
  const diagrams = page.items.map(({ id, title, version, updated_at }) => ({
    id,
    title,
    version,
    updated_at,
  }));
  const data = {
    diagrams,
    ...(page.total === undefined ? {} : { total: page.total }),
    next_cursor: page.next_cursor,
  };
  return { text: dataText(data), data };
}

const listDiagrams: McpTool<{
  query?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}> = {
  name: "list_diagrams",
  title: "List diagrams",
  description:
    "List your diagrams, newest change first; query keeps those whose title contains it. Pass next_cursor as cursor for more.",
  core: true,
  input: z.object({
    query: z.string().min(1).max(200).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  output: DiagramPageSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, ctx) => diagramPage(ctx, { q: args.query, cursor: args.cursor, limit: args.limit }),
};

const exportDiagram: McpTool<{
  id: string;
  format: "drawio" | "compressed" | "url" | "svg" | "png";
}> = {
  name: "export_diagram",
  title: "Export a diagram",
  description:
    "Get a diagram as a .drawio file (drawio), the same with compressed pages (compressed), a diagrams.net link that opens a copy (url), or an image of its first page (svg text, or png to look at it).",
  core: true,
  input: z.object({
    id: Id,
    format: z.enum(["drawio", "compressed", "url", "svg", "png"]).default("drawio"),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const query = { format: args.format };
    if (args.format === "url") {
      const link = await ctx.api.json<{ url: string; bytes: number }>(
        "GET",
        path(args.id, "/export"),
        { query },
      );
      return { text: link.url, data: link };
    }
    if (args.format === "png") {
      const png = await ctx.api.bytes("GET", path(args.id, "/export"), { query });
      return {
        text: `The first page of ${args.id} as a PNG (${png.byteLength.toLocaleString("en-US")} bytes).`,
        image: { data: toBase64(png), mimeType: "image/png" },
      };
    }
    return { text: await ctx.api.text("GET", path(args.id, "/export"), { query }) };
  },
};

const searchDiagrams: McpTool<{ query: string; limit?: number | undefined }> = {
  name: "search_diagrams",
  title: "Search diagrams",
  description: "Find your diagrams whose title contains the words, newest change first.",
  core: false,
  input: z.object({
    query: z.string().min(1).max(200),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  output: DiagramPageSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, ctx) => diagramPage(ctx, { q: args.query, limit: args.limit }),
};

const relayout: McpTool<{
  id: string;
  direction?: z.infer<typeof Direction> | undefined;
  container_id?: string | undefined;
  idempotency_key?: string | undefined;
}> = {
  name: "relayout",
  title: "Tidy a diagram's layout",
  description:
    "Recompute the positions and edge routes of a diagram's first page, or of one container's inside, as a new version.",
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
};

const searchShapes: McpTool<{
  query: string;
  library?: string | undefined;
  limit?: number | undefined;
}> = {
  name: "search_shapes",
  title: "Search draw.io shapes",
  description:
    "Find real draw.io shapes and icons (AWS, Azure, GCP, Kubernetes, Cisco, BPMN, UML…): each with its exact style string and size, for add operations or a graph node's style.",
  core: false,
  input: z.object({
    query: z.string().min(1).max(200),
    library: z.string().max(40).optional().describe("e.g. aws4, azure2, gcp2, kubernetes."),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const result = await ctx.api.json<{ items: unknown[] }>("GET", "/v1/shapes/search", {
      query: { q: args.query, library: args.library, limit: args.limit ?? 5 },
    });
    return { text: dataText(result), data: result as Record<string, unknown> };
  },
};

const validateXml: McpTool<{ xml: string; repair?: boolean | undefined }> = {
  name: "validate_xml",
  title: "Validate draw.io XML",
  description:
    "Check draw.io XML without storing it: errors and warnings with the cell they concern; repair=true also answers a repaired copy.",
  core: false,
  input: z.object({ xml: z.string().min(1), repair: z.boolean().optional() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const result = await ctx.api.json<Record<string, unknown>>("POST", "/v1/validate", {
      body: { xml: args.xml, ...(args.repair === undefined ? {} : { repair: args.repair }) },
    });
    return { text: dataText(result), data: result };
  },
};

const listVersions: McpTool<{ id: string; cursor?: string | undefined; limit?: number }> = {
  name: "list_versions",
  title: "List a diagram's versions",
  description: "A diagram's history, newest first: who made each version, when and why.",
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
};

const restoreVersion: McpTool<{
  id: string;
  version: number;
  idempotency_key?: string | undefined;
}> = {
  name: "restore_version",
  title: "Restore a version",
  description:
    "Make an earlier version the diagram's content again, as a new version (history is kept).",
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
};

const diffVersions: McpTool<{ id: string; version: number; against?: number | undefined }> = {
  name: "diff_versions",
  title: "Compare versions",
  description:
    "What changed in a version: cells added, removed and changed (label, style, geometry), against the version before it or another one.",
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
};

/** A tool input the API never saw because it is wrong on its face. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolInputError";
  }
}

/** A tool that ran and could not do what was asked; its message says why and what to do. */
export class ToolFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolFailure";
  }
}

/** Every tool but the two that find and run the others. */
export const DIAGRAM_TOOLS: readonly McpTool<never>[] = [
  generateDiagram,
  createFromGraph,
  createFromMermaid,
  readDiagram,
  editDiagram,
  listDiagrams,
  exportDiagram,
  searchDiagrams,
  relayout,
  searchShapes,
  validateXml,
  listVersions,
  restoreVersion,
  diffVersions,
] as unknown as readonly McpTool<never>[];
