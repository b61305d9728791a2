/**
 * The request body of `POST /v1/render`: the XML, the image format and page, and drawing options.
 */
import { z } from "@hono/zod-openapi";

/**
 * The margin (px) around a drawing in an image when the request names none: shapes do not touch
 * the picture's edge. draw.io's export dialog starts at 0, its viewer (`GraphViewer`) keeps 8.
 *
 * @example
 * renderSvg(doc, { border: IMAGE_BORDER });
 */
export const IMAGE_BORDER = 8;

/**
 * The `border` option, for the render body (`z.number()`) and the export query
 * (`z.coerce.number()`) alike: whole px, 0–200, {@link IMAGE_BORDER} unless given.
 *
 * @example
 * const query = z.object({ border: borderSchema(z.coerce.number()) });
 */
export function borderSchema(number: z.ZodNumber) {
  return number
    .int()
    .min(0)
    .max(200)
    .default(IMAGE_BORDER)
    .openapi({
      description: `\`svg\`, \`png\`: a margin around the drawing, in px (default ${IMAGE_BORDER}; 0 crops to the shapes).`,
    });
}

export const RenderRequestSchema = z
  .object({
    xml: z.string().openapi({ description: "draw.io XML in any form." }),
    format: z.enum(["svg", "png"]).default("svg").openapi({ description: "The image format." }),
    page: z.number().int().min(0).default(0).openapi({ description: "The page to draw." }),
    theme: z.enum(["light", "dark"]).default("light").openapi({
      description: "`dark` paints as draw.io's dark mode does (see the export's `theme`).",
    }),
    scale: z.number().min(0.1).max(4).default(1),
    border: borderSchema(z.number()),
    transparent: z.boolean().default(false).openapi({
      description:
        "`png`: keep the background transparent (default: the page's colour, else white).",
    }),
  })
  .strict()
  .openapi("RenderRequest");
