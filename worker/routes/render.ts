/**
 * `POST /v1/render`: one page of posted draw.io XML drawn as SVG or PNG, without storing anything.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { prepareXml } from "../diagram/documents.ts";
import { orFail } from "../diagram/problems.ts";
import { exportFile } from "../diagram/views.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { loadDrawingAssets } from "../images/drawing-assets.ts";
import { drawForRaster } from "../images/label-fonts.ts";
import { pngOf } from "../images/png.ts";
import { errorResponses } from "../schemas/common.ts";
import { RenderRequestSchema } from "../schemas/render.ts";
import { contentTypeOf, imageHeaders } from "./export.ts";

/** Images of XML sent in the request: nothing is stored. */
export const render = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const renderRoute = createRoute({
  operationId: "renderXml",
  method: "post",
  path: "/render",
  tags: ["Diagrams"],
  summary: "Draw XML as an image",
  description:
    "Draws one page of draw.io XML (any form) as a standalone SVG or a PNG (at most 4096 × 4096 px), in the Worker, without storing anything. " +
    "Shapes the renderer does not know are drawn as their box and named in `X-Drawforge-Unknown-Shapes`. " +
    "Invalid XML is refused with its findings.",
  request: {
    body: { required: true, content: { "application/json": { schema: RenderRequestSchema } } },
  },
  responses: {
    200: {
      description: "The image.",
      content: {
        "image/svg+xml": { schema: { type: "string" } },
        "image/png": { schema: { type: "string", format: "binary" } },
      },
      headers: {
        "X-Drawforge-Unknown-Shapes": {
          description: "The shape names drawn as their bounding box, comma-separated.",
          schema: { type: "string" as const },
        },
        "X-Drawforge-Missing-Glyphs": {
          description:
            "`png`: how many label characters were left out because no bundled or loadable font draws them (absent when none).",
          schema: { type: "string" as const },
        },
      },
    },
    ...errorResponses(400, 404, 413, 415, 422),
  },
});

render.openapi(renderRoute, async (c) => {
  const { xml, format, page, theme, scale, border, transparent } = c.req.valid("json");
  const prepared = orFail(prepareXml(xml));
  const assets = await loadDrawingAssets(c.env.ASSETS, prepared.document, page);
  const svg = await drawForRaster(c.env.ASSETS, format === "png", (outliner) =>
    exportFile(prepared.document, prepared.xml, "diagram", {
      format: "svg",
      page,
      theme,
      scale,
      border,
      assets,
      outliner,
    }),
  );
  const file = format === "png" ? await pngOf(svg, { transparent, scale }) : svg;
  return c.body(file.body, 200, { "content-type": contentTypeOf(file), ...imageHeaders(file) });
});
