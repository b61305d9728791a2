/** The tools that help write a diagram without touching a stored one: shapes and validation. */
import { z } from "zod";
import { dataText, defineTool } from "./tool.ts";

export const searchShapes = defineTool({
  name: "search_shapes",
  title: "Search draw.io shapes",
  description:
    "Find real draw.io shapes and icons (AWS, Azure, GCP, Kubernetes, Cisco, BPMN, UML…): each with its exact style string and size, for add operations or a graph node's style.",
  summary: "draw.io shapes and icons by name, with their exact styles",
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
});

export const validateXml = defineTool({
  name: "validate_xml",
  title: "Validate draw.io XML",
  description:
    "Check draw.io XML without storing it: errors and warnings with the cell they concern (at most 200; a last too_many_findings says how many more, so fix these and check again); repair=true also answers a repaired copy.",
  summary: "checks draw.io XML and says what is wrong and how to repair it",
  core: false,
  input: z.object({ xml: z.string().min(1), repair: z.boolean().optional() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const result = await ctx.api.json<Record<string, unknown>>("POST", "/v1/validate", {
      body: { xml: args.xml, ...(args.repair === undefined ? {} : { repair: args.repair }) },
    });
    return { text: dataText(result), data: result };
  },
});
