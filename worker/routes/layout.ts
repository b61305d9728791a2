/**
 * Automatic layout: `POST /v1/layout` turns a graph spec into placed draw.io XML; `POST
 * /v1/diagrams/{id}/layout` tidies a stored diagram.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { authorOf, diagramStub, unwrap } from "../diagram/client.ts";
import {
  capFindings,
  DrawioError,
  type GraphSpecInput,
  layoutGraph,
  lintDocument,
  validateDocument,
} from "../drawio/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { etagOf, parseIfMatch } from "../http/preconditions.ts";
import { validationHook } from "../http/validation-hook.ts";
import {
  DiagramParamsSchema,
  errorResponses,
  IdempotencyHeaderSchema,
  IfMatchHeaderSchema,
  PreferHeaderSchema,
} from "../schemas/common.ts";
import {
  LayoutRequestSchema,
  LayoutResultSchema,
  RelayoutRequestSchema,
  RelayoutResultSchema,
} from "../schemas/layout.ts";
import { wantsRepresentation } from "./prefer.ts";

const tags = ["Layout"];

/** Automatic layout: from a graph spec to a placed diagram, and "tidy up" of stored diagrams. */
export const layout = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/**
 * Lays out a graph spec, turning its reference problems into a 422 `invalid_graph` that lists
 * them all.
 *
 * @example
 * const { xml } = await layoutOrFail(body.graph);
 */
export async function layoutOrFail(graph: GraphSpecInput) {
  try {
    return await layoutGraph(graph, { shapes: shapeCatalog() });
  } catch (error) {
    if (error instanceof DrawioError && error.problems) {
      throw new ApiError(422, "invalid_graph", error.message, { problems: error.problems });
    }
    throw error;
  }
}

const layoutRoute = createRoute({
  operationId: "layoutGraph",
  method: "post",
  path: "/layout",
  tags,
  summary: "Lay out a graph",
  description:
    "Places a graph spec (nodes, edges, groups) with ELK's layered algorithm and orthogonal edge routing, and returns draw.io XML. " +
    "Node sizes follow their labels; groups and swimlanes hold their members; edge routes become waypoints. Deterministic; stores nothing. " +
    "The work is estimated first: a graph over the layout limit (nodes, edges, the layers long edges cross, group borders crossed, many edges between two layers) or with groups nested over 50 deep is refused with 422 `layout_too_expensive` before any of it is done.",
  request: {
    body: { required: true, content: { "application/json": { schema: LayoutRequestSchema } } },
  },
  responses: {
    200: {
      description: "The diagram.",
      content: { "application/json": { schema: LayoutResultSchema } },
    },
    ...errorResponses(400, 413, 415, 422),
  },
});

layout.openapi(layoutRoute, async (c) => {
  const { graph } = c.req.valid("json");
  const { xml, document, notes } = await layoutOrFail(graph);
  const findings = validateDocument(document, { shapes: shapeCatalog() });
  return c.json({ xml, findings, lint: capFindings([...notes, ...lintDocument(document)]) }, 200);
});

const relayoutRoute = createRoute({
  operationId: "relayoutDiagram",
  method: "post",
  path: "/diagrams/{id}/layout",
  tags,
  summary: "Tidy up a diagram",
  description:
    "Recomputes the positions and edge routes of a page (or of one container's inside) and saves them as a new version. " +
    "Every cell, label and style is kept; edges get orthogonal routes with pinned ends (their `edgeStyle` is dropped so draw.io draws exactly that route). " +
    "A page over the layout limit is refused with 422 `layout_too_expensive`: lay out one container's inside (`container_id`).",
  request: {
    params: DiagramParamsSchema,
    headers: IfMatchHeaderSchema.merge(IdempotencyHeaderSchema).merge(PreferHeaderSchema),
    body: { required: true, content: { "application/json": { schema: RelayoutRequestSchema } } },
  },
  responses: {
    200: {
      description: "The diagram at its new version.",
      content: { "application/json": { schema: RelayoutResultSchema } },
    },
    ...errorResponses(400, 403, 404, 409, 412, 415, 422),
  },
});

layout.openapi(relayoutRoute, async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  const ifMatch = parseIfMatch(c.req.header("if-match"));
  const principal = c.get("principal");
  const result = unwrap(
    await diagramStub(c.env, id).relayout({
      tenant: principal.tenant,
      full: wantsRepresentation(c),
      direction: body.direction,
      page: body.page,
      author: authorOf(principal),
      ...(body.container_id === undefined ? {} : { containerId: body.container_id }),
      ...(ifMatch === undefined ? {} : { ifMatch }),
      ...(body.message === undefined ? {} : { message: body.message }),
    }),
  );
  c.header("ETag", etagOf(result.version));
  return c.json(result, 200);
});
