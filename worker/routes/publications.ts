/**
 * `/v1/diagrams/{id}/publications`: create, list and revoke a diagram's public read-only links (API
 * keys only).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { randomToken } from "../auth/encoding.ts";
import { diagramStub, unwrap } from "../diagram/client.ts";
import type { PublicationRow } from "../diagram/publications.ts";
import type { AppEnv } from "../http/app-env.ts";
import { PUBLIC_CACHE_SECONDS } from "../http/public-headers.ts";
import { validationHook } from "../http/validation-hook.ts";
import { DiagramParamsSchema, errorResponses } from "../schemas/common.ts";
import {
  CreatePublicationSchema,
  PUBLICATION_ID_CHARS,
  type Publication,
  PublicationListSchema,
  PublicationParamsSchema,
  PublicationSchema,
} from "../schemas/publication.ts";

const tags = ["Publications"];

function view(origin: string, diagramId: string, row: PublicationRow): Publication {
  const base = `${origin}/p/${row.id}`;
  return {
    id: row.id,
    diagram_id: diagramId,
    version: row.version,
    created_at: row.created_at,
    urls: { page: base, svg: `${base}.svg`, png: `${base}.png`, drawio: `${base}.drawio` },
  };
}

/** Making, listing and revoking a diagram's publications (API keys only). */
export const publications = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const createPublication = createRoute({
  operationId: "createPublication",
  method: "post",
  path: "/{id}/publications",
  tags,
  summary: "Publish a diagram",
  description:
    "A public, read-only link for docs pages, READMEs and anywhere a token cannot be minted: `urls.svg` (or `urls.png`) for an `<img>`, `urls.drawio` for the viewer's `src`, `urls.page` to look at it. " +
    '`version: "head"` (default) follows every new version; a number pins that version. Revoke it with DELETE. Needs an API key.',
  request: {
    params: DiagramParamsSchema,
    body: { content: { "application/json": { schema: CreatePublicationSchema } } },
  },
  responses: {
    201: {
      description: "The publication.",
      content: { "application/json": { schema: PublicationSchema } },
    },
    ...errorResponses(400, 403, 404, 415, 422),
  },
});

publications.openapi(createPublication, async (c) => {
  const { id } = c.req.valid("param");
  const version =
    (c.req.valid("json") as { version?: "head" | number } | undefined)?.version ?? "head";
  // Random through and through: a link says nothing of the diagram it shows (#36).
  const pub = `pub_${randomToken(PUBLICATION_ID_CHARS)}`;
  const row = unwrap(
    await diagramStub(c.env, id).publish({
      tenant: c.get("principal").tenant,
      id: pub,
      version: version === "head" ? null : version,
    }),
  );
  c.header("Location", `/p/${pub}`);
  return c.json(view(new URL(c.req.url).origin, id, row), 201);
});

const listPublications = createRoute({
  operationId: "listPublications",
  method: "get",
  path: "/{id}/publications",
  tags,
  summary: "List a diagram's publications",
  request: { params: DiagramParamsSchema },
  responses: {
    200: {
      description: "Its publications, newest first.",
      content: { "application/json": { schema: PublicationListSchema } },
    },
    ...errorResponses(403, 404, 422),
  },
});

publications.openapi(listPublications, async (c) => {
  const { id } = c.req.valid("param");
  const rows = unwrap(
    await diagramStub(c.env, id).publications({ tenant: c.get("principal").tenant }),
  );
  const origin = new URL(c.req.url).origin;
  return c.json({ items: rows.map((row) => view(origin, id, row)), next_cursor: null }, 200);
});

const revokePublication = createRoute({
  operationId: "revokePublication",
  method: "delete",
  path: "/{id}/publications/{pub}",
  tags,
  summary: "Revoke a publication",
  description:
    "Its links answer 404 (with `Cache-Control: no-store`) from now on; browsers and proxies that kept an answer may show it " +
    `until it expires: ${PUBLIC_CACHE_SECONDS.head} s for a link that follows the head, ${PUBLIC_CACHE_SECONDS.pinned} s for a pinned version.`,
  request: { params: DiagramParamsSchema.merge(PublicationParamsSchema) },
  responses: {
    204: { description: "Revoked." },
    ...errorResponses(403, 404, 422),
  },
});

publications.openapi(revokePublication, async (c) => {
  const { id, pub } = c.req.valid("param");
  unwrap(await diagramStub(c.env, id).unpublish({ tenant: c.get("principal").tenant, id: pub }));
  return c.body(null, 204);
});
