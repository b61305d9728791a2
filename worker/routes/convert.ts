import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { lintDocument } from "../drawio/lint.ts";
import { convertMermaid, type MermaidOptions } from "../drawio/mermaid/index.ts";
import { parseDiagram } from "../drawio/parse.ts";
import { validateDocument } from "../drawio/validate.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { errorResponses } from "../schemas/common.ts";
import { ConvertRequestSchema, ConvertResultSchema } from "../schemas/convert.ts";

/** Mermaid in, editable draw.io out. Stores nothing; open to widget tokens. */
export const convert = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/**
 * Converts Mermaid to draw.io and checks the result, as `POST /v1/convert` answers it.
 *
 * @example
 * const { xml, notes } = await convertChecked({ mermaid: "flowchart LR\n A --> B" });
 */
export async function convertChecked(input: { mermaid: string } & MermaidOptions) {
  const { mermaid, ...options } = input;
  const converted = await convertMermaid(mermaid, options);
  const document = parseDiagram(converted.xml);
  return {
    xml: converted.xml,
    type: converted.type,
    ...(converted.title === undefined ? {} : { title: converted.title }),
    counts: { nodes: converted.nodes, edges: converted.edges },
    notes: converted.notes,
    findings: validateDocument(document, { shapes: shapeCatalog() }),
    lint: lintDocument(document),
  };
}

const convertRoute = createRoute({
  operationId: "convertMermaid",
  method: "post",
  path: "/convert",
  tags: ["Layout"],
  summary: "Convert Mermaid to draw.io",
  description:
    "Turns a Mermaid flowchart, state, class or sequence diagram into real draw.io cells (shapes, edges, groups, UML classes and lifelines), placed by the layout engine. " +
    "Text that does not parse is refused with `mermaid_syntax` and its `line`, `column` and `text`; nothing is ever dropped silently. Stores nothing. " +
    "Too large (over 256 KB, 2,000 nodes, blocks nested over 50 deep, or over the layout limit) is refused with 413 `mermaid_too_large` before the layout runs. " +
    "To store the result, send the same `mermaid` to `POST /v1/diagrams`.",
  request: {
    body: { required: true, content: { "application/json": { schema: ConvertRequestSchema } } },
  },
  responses: {
    200: {
      description: "The diagram.",
      content: { "application/json": { schema: ConvertResultSchema } },
    },
    ...errorResponses(400, 413, 415, 422),
  },
});

convert.openapi(convertRoute, async (c) => {
  return c.json(await convertChecked(c.req.valid("json")), 200);
});
