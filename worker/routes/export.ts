import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { diagramStub, unwrap } from "../diagram/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { DiagramParamsSchema, errorResponses } from "../schemas/common.ts";
import { ExportLinkSchema, ExportQuerySchema } from "../schemas/diagram.ts";

/** Exports of a diagram's head version. */
export const exports = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const exportDiagram = createRoute({
  operationId: "exportDiagram",
  method: "get",
  path: "/{id}/export",
  tags: ["Diagrams"],
  summary: "Export a diagram",
  description:
    "`drawio` downloads the `.drawio` file with every page; `xml` gives one page's bare `<mxGraphModel>`; " +
    "`compressed` the `<mxfile>` with compressed pages, as draw.io saves by default; `url` a diagrams.net link that opens it.",
  request: { params: DiagramParamsSchema, query: ExportQuerySchema },
  responses: {
    200: {
      description: "The export.",
      content: {
        "application/vnd.jgraph.mxfile": { schema: { type: "string" } },
        "application/xml": { schema: { type: "string" } },
        "application/json": { schema: ExportLinkSchema },
      },
    },
    ...errorResponses(403, 404, 422),
  },
});

exports.openapi(exportDiagram, async (c) => {
  const { id } = c.req.valid("param");
  const { format, page } = c.req.valid("query");
  const file = unwrap(
    await diagramStub(c.env, id).exportAs({ tenant: c.get("principal").tenant, format, page }),
  );
  const headers: Record<string, string> = { "content-type": `${file.contentType}; charset=utf-8` };
  if (file.filename) {
    // `filename` for clients that only read the ASCII form (curl -J), `filename*` for the rest.
    const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    headers["content-disposition"] =
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
  }
  return c.body(file.body, 200, headers);
});
