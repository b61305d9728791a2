/**
 * `/v1/diagrams/{id}/versions`: a diagram's history; list it, read one version, compare two,
 * restore an old one as the new head.
 */
import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { authorOf, diagramStub, unwrap } from "../diagram/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { decodeCursor, listBody } from "../http/cursors.ts";
import { etagOf, parseIfMatch } from "../http/preconditions.ts";
import { validationHook } from "../http/validation-hook.ts";
import {
  DiagramParamsSchema,
  errorResponses,
  IdempotencyHeaderSchema,
  IfMatchHeaderSchema,
  PageQuerySchema,
  PreferHeaderSchema,
  VersionParamsSchema,
} from "../schemas/common.ts";
import { DiagramSchema } from "../schemas/diagram.ts";
import {
  DiffQuerySchema,
  VersionDiffSchema,
  VersionListSchema,
  VersionSchema,
} from "../schemas/version.ts";
import { wantsRepresentation } from "./prefer.ts";

const tags = ["Versions"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** Version history: list, read, compare and restore. */
export const versions = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const listVersions = createRoute({
  operationId: "listVersions",
  method: "get",
  path: "/{id}/versions",
  tags,
  summary: "List versions",
  description: "Every version, newest first, without XML.",
  request: { params: DiagramParamsSchema, query: PageQuerySchema },
  responses: {
    200: json(VersionListSchema, "One page of versions."),
    ...errorResponses(403, 404, 422),
  },
});

versions.openapi(listVersions, async (c) => {
  const { id } = c.req.valid("param");
  const { cursor, limit } = c.req.valid("query");
  const before = decodeCursor(cursor);
  const page = unwrap(
    await diagramStub(c.env, id).versions({
      tenant: c.get("principal").tenant,
      limit,
      ...(before === undefined ? {} : { before }),
    }),
  );
  return c.json(listBody(page), 200);
});

const getVersion = createRoute({
  operationId: "getVersion",
  method: "get",
  path: "/{id}/versions/{n}",
  tags,
  summary: "Get a version",
  description: "One version with its XML.",
  request: { params: VersionParamsSchema },
  responses: { 200: json(VersionSchema, "The version."), ...errorResponses(403, 404, 422) },
});

versions.openapi(getVersion, async (c) => {
  const { id, n } = c.req.valid("param");
  const version = unwrap(
    await diagramStub(c.env, id).version({ tenant: c.get("principal").tenant, n }),
  );
  return c.json(version, 200);
});

const diffVersion = createRoute({
  operationId: "diffVersion",
  method: "get",
  path: "/{id}/versions/{n}/diff",
  tags,
  summary: "Compare two versions",
  description:
    "What changed from version `against` (default: the one before) to version `n`, cell by cell.",
  request: { params: VersionParamsSchema, query: DiffQuerySchema },
  responses: { 200: json(VersionDiffSchema, "The diff."), ...errorResponses(403, 404, 422) },
});

versions.openapi(diffVersion, async (c) => {
  const { id, n } = c.req.valid("param");
  const { against } = c.req.valid("query");
  const diff = unwrap(
    await diagramStub(c.env, id).diff({
      tenant: c.get("principal").tenant,
      n,
      ...(against === undefined ? {} : { against }),
    }),
  );
  return c.json(diff, 200);
});

const restoreVersion = createRoute({
  operationId: "restoreVersion",
  method: "post",
  path: "/{id}/versions/{n}/restore",
  tags,
  summary: "Restore a version",
  description:
    "Appends a new version equal to version `n`. Nothing is lost: every version stays in the history.",
  request: {
    params: VersionParamsSchema,
    headers: IfMatchHeaderSchema.merge(IdempotencyHeaderSchema).merge(PreferHeaderSchema),
  },
  responses: {
    200: json(DiagramSchema, "The diagram at its new version."),
    ...errorResponses(403, 404, 409, 412, 422),
  },
});

versions.openapi(restoreVersion, async (c) => {
  const { id, n } = c.req.valid("param");
  const ifMatch = parseIfMatch(c.req.header("if-match"));
  const principal = c.get("principal");
  const view = unwrap(
    await diagramStub(c.env, id).restore({
      tenant: principal.tenant,
      full: wantsRepresentation(c),
      n,
      author: authorOf(principal),
      ...(ifMatch === undefined ? {} : { ifMatch }),
    }),
  );
  c.header("ETag", etagOf(view.version));
  return c.json(view, 200);
});
