/**
 * `GET /v1/diagrams/{id}/export`: a stored diagram as a `.drawio` file, XML, a diagrams.net link,
 * SVG or PNG, and the headers image answers share.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { diagramStub, unwrap } from "../diagram/client.ts";
import type { ExportFile } from "../diagram/views.ts";
import type { AppEnv } from "../http/app-env.ts";
import { headerList, headerText } from "../http/header-value.ts";
import { validationHook } from "../http/validation-hook.ts";
import { pngOf } from "../images/png.ts";
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
    "`compressed` the `<mxfile>` with compressed pages, as draw.io saves by default; `url` a diagrams.net link that opens it; " +
    "`svg` draws one page as a standalone SVG image in the Worker (shapes it does not know are drawn as their box and named in `X-Drawforge-Unknown-Shapes`), `png` the same drawing as a PNG (at most 4096 × 4096 px). " +
    "`version` exports an earlier version.",
  request: { params: DiagramParamsSchema, query: ExportQuerySchema },
  responses: {
    200: {
      description: "The export.",
      content: {
        "application/vnd.jgraph.mxfile": { schema: { type: "string" } },
        "application/xml": { schema: { type: "string" } },
        "application/json": { schema: ExportLinkSchema },
        "image/svg+xml": { schema: { type: "string" } },
        "image/png": { schema: { type: "string", format: "binary" } },
      },
      headers: {
        "X-Drawforge-Unknown-Shapes": {
          description:
            "`svg`, `png`: the shape names drawn as their bounding box, comma-separated, each percent-encoded where it holds anything but letters, digits and `-_.!~*'()` (at most 40 names).",
          schema: { type: "string" as const },
        },
        "X-Drawforge-Missing-Glyphs": {
          description:
            "`png`: how many label characters were left out because no bundled or loadable font draws them (absent when none).",
          schema: { type: "string" as const },
        },
      },
    },
    ...errorResponses(403, 404, 422),
  },
});

exports.openapi(exportDiagram, async (c) => {
  const { id } = c.req.valid("param");
  const { transparent, ...query } = c.req.valid("query");
  // The object draws the SVG; a PNG is rasterised here, so the diagram is not held meanwhile.
  const drawn = unwrap(
    await diagramStub(c.env, id).exportAs({
      tenant: c.get("principal").tenant,
      ...query,
      format: query.format === "png" ? "svg" : query.format,
      raster: query.format === "png",
    }),
  );
  const file =
    query.format === "png" ? await pngOf(drawn, { transparent, scale: query.scale }) : drawn;
  const headers: Record<string, string> = {
    "content-type": contentTypeOf(file),
    ...imageHeaders(file),
  };
  if (file.filename && file.contentType.startsWith("image/")) {
    // An image is shown where it is opened (an <img>, a browser tab); its name still travels.
    headers["content-disposition"] = `inline; filename*=UTF-8''${headerText(file.filename)}`;
  } else if (file.filename) {
    // `filename` for clients that only read the ASCII form (curl -J), `filename*` for the rest.
    const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    headers["content-disposition"] =
      `attachment; filename="${ascii}"; filename*=UTF-8''${headerText(file.filename)}`;
  }
  return c.body(file.body, 200, headers);
});

/** The `Content-Type` of an export: text in UTF-8, bytes as they are. */
export function contentTypeOf(file: ExportFile): string {
  return typeof file.body === "string" ? `${file.contentType}; charset=utf-8` : file.contentType;
}

/**
 * What an image answer adds: the shapes drawn as boxes, and a policy that lets the SVG run
 * nothing and load nothing if someone opens it from the API's origin.
 */
export function imageHeaders(file: {
  contentType: string;
  unknownShapes?: string[];
  missingGlyphs?: number;
}): Record<string, string> {
  if (!file.contentType.startsWith("image/")) return {};
  const unknown = file.unknownShapes ?? [];
  return {
    "content-security-policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    "x-content-type-options": "nosniff",
    ...(unknown.length > 0 ? { "x-drawforge-unknown-shapes": headerList(unknown) } : {}),
    ...(file.missingGlyphs ? { "x-drawforge-missing-glyphs": String(file.missingGlyphs) } : {}),
  };
}
