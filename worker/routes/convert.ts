/**
 * Mermaid to editable draw.io, checked and linted, nothing stored: `POST /v1/convert`, and its twin
 * under a diagram for edit-token pages.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { diagramStub, unwrap } from "../diagram/client.ts";
import {
  convertMermaid,
  lintDocument,
  type MermaidOptions,
  serializeDiagram,
  validateDocument,
} from "../drawio/index.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { DiagramParamsSchema, errorResponses } from "../schemas/common.ts";
import { ConvertRequestSchema, ConvertResultSchema } from "../schemas/convert.ts";

/**
 * Mermaid in, editable draw.io out; stores nothing. `POST /v1/convert` for API keys, and the same
 * under a diagram (`POST /v1/diagrams/{id}/convert`) for a page that edits it with an edit token.
 */
export const convert = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/**
 * Converts Mermaid to draw.io and checks the result, as `POST /v1/convert` answers it.
 *
 * @example
 * const { xml, notes } = await convertChecked({ mermaid: "flowchart LR\n A --> B" });
 */
export async function convertChecked(input: { mermaid: string } & MermaidOptions) {
  const { mermaid, ...options } = input;
  const { document, ...converted } = await convertMermaid(mermaid, {
    shapes: shapeCatalog(),
    ...options,
  });
  return {
    xml: serializeDiagram(document),
    type: converted.type,
    ...(converted.title === undefined ? {} : { title: converted.title }),
    counts: { ...converted.counts, nodes: converted.nodes, edges: converted.edges },
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

const convertForDiagram = createRoute({
  operationId: "convertMermaidForDiagram",
  method: "post",
  path: "/diagrams/{id}/convert",
  tags: ["Diagrams"],
  summary: "Convert Mermaid for a diagram",
  description:
    "`POST /v1/convert` for a page that edits this diagram with a widget token (which reaches only its diagram's routes; an edit token is needed): the editor's Mermaid paste converts here, then saves the result over the diagram with `PUT` and `If-Match`. " +
    "Stores nothing. 404 when the diagram does not exist (any more).",
  request: {
    params: DiagramParamsSchema,
    body: { required: true, content: { "application/json": { schema: ConvertRequestSchema } } },
  },
  responses: {
    200: {
      description: "The diagram the Mermaid makes.",
      content: { "application/json": { schema: ConvertResultSchema } },
    },
    ...errorResponses(400, 403, 404, 413, 415, 422),
  },
});

convert.openapi(convertForDiagram, async (c) => {
  const { id } = c.req.valid("param");
  // The work is done only for a diagram that is there, and the caller's.
  unwrap(await diagramStub(c.env, id).meta({ tenant: c.get("principal").tenant }));
  return c.json(await convertChecked(c.req.valid("json")), 200);
});
