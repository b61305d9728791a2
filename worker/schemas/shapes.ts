/**
 * Schemas of the shape-library routes: library names, summaries and contents, shapes with their
 * style strings, and search queries.
 */
import { z } from "@hono/zod-openapi";
import { listOf } from "./common.ts";

/** Library names are short identifiers, checked against the index before any lookup. */
export const LibraryNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "not a library name")
  .openapi({ param: { name: "name", in: "path" }, example: "aws4" });

export const LibrarySummarySchema = z
  .object({
    name: z.string().openapi({ example: "aws4" }),
    title: z.string().openapi({ example: "AWS 4" }),
    shapes: z.number().int(),
    categories: z.number().int(),
  })
  .openapi("ShapeLibrarySummary");

export const LibraryListSchema = listOf(LibrarySummarySchema, "ShapeLibraryList");

export const ShapeSchema = z
  .object({
    library: z.string(),
    category: z.string(),
    title: z.string().openapi({ example: "Lambda" }),
    style: z.string().openapi({
      description: "The exact style string draw.io uses: put it in the cell's `style`.",
      example:
        "sketch=0;outlineConnect=0;fontColor=#232F3E;gradientColor=#F78E04;gradientDirection=north;fillColor=#D05C17;strokeColor=#ffffff;dashed=0;verticalLabelPosition=bottom;verticalAlign=top;align=center;html=1;fontSize=12;fontStyle=0;aspect=fixed;shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;",
    }),
    width: z.number(),
    height: z.number(),
    score: z
      .number()
      .optional()
      .openapi({ description: "Search results only: how well it matched." }),
  })
  .openapi("Shape");

export const ShapePageSchema = listOf(ShapeSchema, "ShapeList");

export const LibrarySchema = z
  .object({
    name: z.string(),
    title: z.string(),
    source: z.string().openapi({ description: "The draw.io release the data comes from." }),
    categories: z.array(z.string()),
    shapes: ShapePageSchema,
  })
  .openapi("ShapeLibrary");

export const LibraryQuerySchema = z.object({
  category: z.string().max(200).optional().openapi({ description: "Only this category." }),
  cursor: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(200).openapi({ example: "load balancer" }),
  library: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, "not a library name")
    .optional()
    .openapi({ example: "aws4" }),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
