/**
 * The request body of `POST /v1/render`: the XML, the image format and page, and drawing options.
 */
import { z } from "@hono/zod-openapi";

export const RenderRequestSchema = z
  .object({
    xml: z.string().openapi({ description: "draw.io XML in any form." }),
    format: z.enum(["svg", "png"]).default("svg").openapi({ description: "The image format." }),
    page: z.number().int().min(0).default(0).openapi({ description: "The page to draw." }),
    theme: z.enum(["light", "dark"]).default("light").openapi({
      description: "`dark` paints as draw.io's dark mode does (see the export's `theme`).",
    }),
    scale: z.number().min(0.1).max(4).default(1),
    border: z.number().int().min(0).max(200).default(0),
    transparent: z.boolean().default(false).openapi({
      description:
        "`png`: keep the background transparent (default: the page's colour, else white).",
    }),
  })
  .strict()
  .openapi("RenderRequest");
