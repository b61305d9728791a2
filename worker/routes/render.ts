import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { prepareXml } from "../diagram/documents.ts";
import { orFail } from "../diagram/problems.ts";
import { exportFile } from "../diagram/views.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { errorResponses } from "../schemas/common.ts";
import { RenderRequestSchema } from "../schemas/render.ts";
import { imageHeaders } from "./export.ts";

/** Images of XML sent in the request: nothing is stored. */
export const render = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const renderRoute = createRoute({
  operationId: "renderXml",
  method: "post",
  path: "/render",
  tags: ["Diagrams"],
  summary: "Draw XML as an image",
  description:
    "Draws one page of draw.io XML (any form) as a standalone SVG, in the Worker, without storing anything. " +
    "Shapes the renderer does not know are drawn as their box and named in `X-Drawforge-Unknown-Shapes`. " +
    "Invalid XML is refused with its findings.",
  request: {
    body: { required: true, content: { "application/json": { schema: RenderRequestSchema } } },
  },
  responses: {
    200: {
      description: "The image.",
      content: { "image/svg+xml": { schema: { type: "string" } } },
      headers: {
        "X-Drawforge-Unknown-Shapes": {
          description: "The shape names drawn as their bounding box, comma-separated.",
          schema: { type: "string" as const },
        },
      },
    },
    ...errorResponses(400, 404, 413, 415, 422),
  },
});

render.openapi(renderRoute, (c) => {
  const { xml, format, page, theme, scale, border } = c.req.valid("json");
  const prepared = orFail(prepareXml(xml));
  const file = exportFile(prepared.document, prepared.xml, "diagram", {
    format,
    page,
    theme,
    scale,
    border,
  });
  return c.body(file.body, 200, {
    "content-type": `${file.contentType}; charset=utf-8`,
    ...imageHeaders(file),
  });
});
