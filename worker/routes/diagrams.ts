/**
 * `/v1/diagrams`: the stored diagrams themselves; list, create, read, replace, rename and delete
 * them, and edit them with operations.
 */
import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { randomToken } from "../auth/encoding.ts";
import { authorOf, diagramStub, unwrap } from "../diagram/client.ts";
import { headCache } from "../diagram/head-cache.ts";
import { convertMermaid, serializeDiagram } from "../drawio/index.ts";
import type { AppEnv } from "../http/app-env.ts";
import { decodeTimeCursor, encodeTimeCursor } from "../http/cursors.ts";
import { etagOf, parseIfMatch, requireIfMatch } from "../http/preconditions.ts";
import { rawJson } from "../http/raw-json.ts";
import { validationHook } from "../http/validation-hook.ts";
import {
  DiagramParamsSchema,
  errorResponses,
  IdempotencyHeaderSchema,
  IfMatchHeaderSchema,
  PreferHeaderSchema,
} from "../schemas/common.ts";
import {
  ApplyOperationsSchema,
  CreateDiagramSchema,
  type Diagram,
  DiagramListSchema,
  DiagramQuerySchema,
  DiagramSchema,
  ListDiagramsQuerySchema,
  OperationsResultSchema,
  RenameDiagramSchema,
  ReplaceDiagramSchema,
} from "../schemas/diagram.ts";
import { layoutOrFail } from "./layout.ts";
import { wantsRepresentation } from "./prefer.ts";

const tags = ["Diagrams"];
const encoder = new TextEncoder();
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const etagHeader = {
  ETag: { description: 'The head version, e.g. `"3"`.', schema: { type: "string" as const } },
};

/** Diagrams: list, create, read, replace, rename, edit with operations, delete. */
export const diagrams = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const createDiagram = createRoute({
  operationId: "createDiagram",
  method: "post",
  path: "/",
  tags,
  summary: "Create a diagram",
  description:
    "Stores XML in any draw.io form (or an empty page) as version 1, or lays out a `graph` spec or converts `mermaid` text first. Invalid XML is refused with its findings; nothing is stored.",
  request: {
    headers: IdempotencyHeaderSchema,
    body: { content: { "application/json": { schema: CreateDiagramSchema } } },
  },
  responses: {
    201: { ...json(DiagramSchema, "The new diagram."), headers: etagHeader },
    ...errorResponses(400, 409, 413, 415, 422),
  },
});

diagrams.openapi(createDiagram, async (c) => {
  const body = c.req.valid("json");
  const principal = c.get("principal");
  const id = `d_${randomToken(22)}`;
  // A graph is laid out, and Mermaid converted, here in the Worker; the XML is stored like any other.
  let xml = body.xml;
  let title = body.title ?? body.graph?.title;
  if (body.graph !== undefined) xml = (await layoutOrFail(body.graph)).xml;
  if (body.mermaid !== undefined) {
    const converted = await convertMermaid(body.mermaid, { shapes: shapeCatalog() });
    xml = serializeDiagram(converted.document);
    title ??= converted.title;
  }
  const view = unwrap(
    await diagramStub(c.env, id).create({
      tenant: principal.tenant,
      id,
      title: title ?? "Untitled diagram",
      ...(xml === undefined ? {} : { xml }),
      author: authorOf(principal),
    }),
  );
  c.header("ETag", etagOf(view.version));
  c.header("Location", `/v1/diagrams/${id}`);
  return c.json(view, 201);
});

const listDiagrams = createRoute({
  operationId: "listDiagrams",
  method: "get",
  path: "/",
  tags,
  summary: "List diagrams",
  description:
    "The caller's diagrams without XML, most recently changed first, optionally only those whose title contains `q`. " +
    "The list follows each change just after it: a new diagram, a rename or a deletion at once, a new version within about a second. API keys only.",
  request: { query: ListDiagramsQuerySchema },
  responses: {
    200: json(DiagramListSchema, "One page of diagrams, and how many match."),
    ...errorResponses(403, 422),
  },
});

diagrams.openapi(listDiagrams, async (c) => {
  const { q, cursor, limit } = c.req.valid("query");
  const after = decodeTimeCursor(cursor, "l");
  const page = unwrap(
    await c.env.TENANT.getByName(c.get("principal").tenant).listDiagrams({
      limit,
      ...(q ? { q } : {}),
      ...(after === undefined ? {} : { after }),
    }),
  );
  const next_cursor = page.next === null ? null : encodeTimeCursor(page.next, "l");
  return c.json({ items: page.items, next_cursor, total: page.total }, 200);
});

const getDiagram = createRoute({
  operationId: "getDiagram",
  method: "get",
  path: "/{id}",
  tags,
  summary: "Get a diagram",
  description:
    "The head version as an uncompressed `<mxfile>`, or with `?format=compact` the compact text view.",
  request: { params: DiagramParamsSchema, query: DiagramQuerySchema },
  responses: {
    200: { ...json(DiagramSchema, "The diagram at its head version."), headers: etagHeader },
    304: {
      description: "`If-None-Match` names the head version: nothing changed.",
      headers: etagHeader,
    },
    ...errorResponses(403, 404, 422),
  },
});

diagrams.openapi(getDiagram, async (c) => {
  const { id } = c.req.valid("param");
  const { format } = c.req.valid("query");
  const tenant = c.get("principal").tenant;
  if (format === "xml") {
    // The object keeps the head's JSON ready, and this isolate keeps a copy: a read is then one
    // small round trip that checks tenancy and freshness, with no XML copied or re-encoded.
    const cached = headCache.get(id);
    const head = unwrap(
      await diagramStub(c.env, id).readJson({ tenant, ...(cached ? { known: cached.key } : {}) }),
    );
    let body = cached?.body;
    if (head.json !== undefined) {
      body = encoder.encode(head.json) as Uint8Array<ArrayBuffer>;
      headCache.set(id, { key: head.key, version: head.version, body });
    }
    if (body === undefined) throw new Error("the diagram object sent no JSON for an unknown key");
    const etag = etagOf(head.version);
    if (
      c.req
        .header("if-none-match")
        ?.split(",")
        .some((tag) => tag.trim() === etag)
    ) {
      return c.body(null, 304, { etag });
    }
    return rawJson<Diagram>(body, { etag });
  }
  const view = unwrap(await diagramStub(c.env, id).read({ tenant, format }));
  c.header("ETag", etagOf(view.version));
  return c.json(view, 200);
});

const replaceDiagram = createRoute({
  operationId: "replaceDiagram",
  method: "put",
  path: "/{id}",
  tags,
  summary: "Replace a diagram's XML",
  description:
    "Saves new XML as a new version. `If-Match` must name the head version; if someone saved since, the answer is 412 with `head_version`.",
  request: {
    params: DiagramParamsSchema,
    headers: IfMatchHeaderSchema.merge(PreferHeaderSchema),
    body: { required: true, content: { "application/json": { schema: ReplaceDiagramSchema } } },
  },
  responses: {
    200: { ...json(DiagramSchema, "The diagram at its new version."), headers: etagHeader },
    ...errorResponses(400, 403, 404, 412, 413, 415, 422, 428),
  },
});

diagrams.openapi(replaceDiagram, async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  const ifMatch = requireIfMatch(c.req.header("if-match"));
  const principal = c.get("principal");
  const view = unwrap(
    await diagramStub(c.env, id).replace({
      tenant: principal.tenant,
      full: wantsRepresentation(c),
      xml: body.xml,
      ...(ifMatch === undefined ? {} : { ifMatch }),
      ...(body.message === undefined ? {} : { message: body.message }),
      author: authorOf(principal),
    }),
  );
  c.header("ETag", etagOf(view.version));
  return c.json(view, 200);
});

const renameDiagram = createRoute({
  operationId: "renameDiagram",
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Rename a diagram",
  description: "Changes the title. The title is metadata: no new version is made.",
  request: {
    params: DiagramParamsSchema,
    headers: PreferHeaderSchema,
    body: { required: true, content: { "application/json": { schema: RenameDiagramSchema } } },
  },
  responses: {
    200: { ...json(DiagramSchema, "The renamed diagram."), headers: etagHeader },
    ...errorResponses(400, 403, 404, 415, 422),
  },
});

diagrams.openapi(renameDiagram, async (c) => {
  const { id } = c.req.valid("param");
  const { title } = c.req.valid("json");
  const view = unwrap(
    await diagramStub(c.env, id).rename({
      tenant: c.get("principal").tenant,
      title,
      full: wantsRepresentation(c),
    }),
  );
  c.header("ETag", etagOf(view.version));
  return c.json(view, 200);
});

const applyOperations = createRoute({
  operationId: "applyOperations",
  method: "post",
  path: "/{id}/operations",
  tags,
  summary: "Edit with operations",
  description:
    "Applies a batch of operations (add, update or delete cells, set labels, styles and geometry…) " +
    "as one new version, all or nothing. A failing operation is named by its index; nothing changes. " +
    "`If-Match` is optional: send it to be sure you edit the version you read.",
  request: {
    params: DiagramParamsSchema,
    headers: IfMatchHeaderSchema.merge(IdempotencyHeaderSchema).merge(PreferHeaderSchema),
    body: { required: true, content: { "application/json": { schema: ApplyOperationsSchema } } },
  },
  responses: {
    200: {
      ...json(OperationsResultSchema, "The diagram at its new version, and the cells touched."),
      headers: etagHeader,
    },
    ...errorResponses(400, 403, 404, 409, 412, 413, 415, 422),
  },
});

diagrams.openapi(applyOperations, async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  const ifMatch = parseIfMatch(c.req.header("if-match"));
  const principal = c.get("principal");
  const result = unwrap(
    await diagramStub(c.env, id).operate({
      tenant: principal.tenant,
      full: wantsRepresentation(c),
      operations: body.operations,
      ...(ifMatch === undefined ? {} : { ifMatch }),
      ...(body.message === undefined ? {} : { message: body.message }),
      ...(body.page === undefined ? {} : { page: body.page }),
      author: authorOf(principal),
    }),
  );
  c.header("ETag", etagOf(result.version));
  return c.json(result, 200);
});

const deleteDiagram = createRoute({
  operationId: "deleteDiagram",
  method: "delete",
  path: "/{id}",
  tags,
  summary: "Delete a diagram",
  description: "Deletes the diagram and its whole history. This cannot be undone.",
  request: { params: DiagramParamsSchema },
  responses: {
    204: { description: "Deleted." },
    ...errorResponses(403, 404, 422),
  },
});

diagrams.openapi(deleteDiagram, async (c) => {
  const { id } = c.req.valid("param");
  unwrap(await diagramStub(c.env, id).destroy({ tenant: c.get("principal").tenant }));
  headCache.delete(id);
  return c.body(null, 204);
});
