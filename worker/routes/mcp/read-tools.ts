/** The tools that read diagrams without changing them: one diagram, an export, a list. */
import { z } from "zod";
import { toBase64 } from "../../auth/encoding.ts";
import { DrawioError, getCellXml, listSelectedCells, parseDiagram } from "../../drawio/index.ts";
import type { Diagram as DiagramView } from "../../schemas/diagram.ts";
import type { InProcessApi } from "./api.ts";
import { head, path } from "./diagram-ref.ts";
import { dataText, defineTool, type ToolAnswer, type ToolContext, ToolInputError } from "./tool.ts";
import { Id } from "./tool-inputs.ts";

export const readDiagram = defineTool({
  name: "read_diagram",
  title: "Read a diagram",
  description:
    "Read a diagram: the compact text view with every cell id (default; read this before editing), one cell's XML (view=cell), the cells an XPath 1.0 expression selects (view=xpath), or the whole XML (view=xml).",
  summary:
    "the compact view (cell ids, labels, edges), one cell's XML, an XPath 1.0 selection, or the XML",
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
});

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

export const listDiagrams = defineTool({
  name: "list_diagrams",
  title: "List diagrams",
  description:
    "List your diagrams, newest change first; query keeps those whose title contains it. Pass next_cursor as cursor for more.",
  summary: "the tenant's diagrams, newest change first, filtered by title, paged",
  core: true,
  input: z.object({
    query: z.string().min(1).max(200).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  output: DiagramPageSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, ctx) => diagramPage(ctx, { q: args.query, cursor: args.cursor, limit: args.limit }),
});

export const exportDiagram = defineTool({
  name: "export_diagram",
  title: "Export a diagram",
  description:
    "Get a diagram as a .drawio file (drawio), the same with compressed pages (compressed), a diagrams.net link that opens a copy (url), or an image of its first page (svg text, or png to look at it).",
  summary: "the `.drawio` file, compressed pages, a diagrams.net link, or an SVG or PNG image",
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
});

export const searchDiagrams = defineTool({
  name: "search_diagrams",
  title: "Search diagrams",
  description: "Find your diagrams whose title contains the words, newest change first.",
  summary: "diagrams whose title has the words",
  core: false,
  input: z.object({
    query: z.string().min(1).max(200),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  output: DiagramPageSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, ctx) => diagramPage(ctx, { q: args.query, limit: args.limit }),
});
