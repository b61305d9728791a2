/**
 * Schemas of layout: a graph spec in and placed XML out, and the relayout request and result for a
 * stored diagram.
 */
import { z } from "@hono/zod-openapi";
import { DIRECTIONS } from "../drawio/index.ts";
import { DiagramSchema } from "./diagram.ts";
import { findingList } from "./finding.ts";
import { GraphSchema } from "./graph.ts";

export const LayoutRequestSchema = z
  .object({ graph: GraphSchema })
  .strict()
  .openapi("LayoutRequest");

export const LayoutResultSchema = z
  .object({
    xml: z.string().openapi({ description: "An uncompressed `<mxfile>` with one page." }),
    findings: findingList("Validation findings (none for a good layout)."),
    lint: findingList(
      "Geometry warnings: overlaps, edges through shapes, labels overflowing; and `direction_not_applied` when a group's own direction could not be used (an edge crosses its border).",
    ),
  })
  .openapi("LayoutResult");

export const RelayoutRequestSchema = z
  .object({
    container_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Lay out only the inside of this container." }),
    direction: z.enum(DIRECTIONS).default("down"),
    page: z.number().int().min(0).default(0),
    message: z.string().max(1_000).optional(),
  })
  .strict()
  .openapi("RelayoutRequest");

export const RelayoutResultSchema = DiagramSchema.extend({
  moved: z.array(z.string()).openapi({ description: "Vertices placed anew." }),
  routed: z.array(z.string()).openapi({ description: "Edges routed anew." }),
}).openapi("RelayoutResult");
