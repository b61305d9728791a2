import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { randomToken } from "../auth/encoding.ts";
import { diagramStub, unwrap } from "../diagram/client.ts";
import type { PublicationRow } from "../diagram/publications.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { drawioUrlOf } from "../http/drawio-url.ts";
import { validationHook } from "../http/validation-hook.ts";
import { pngOf } from "../images/png.ts";
import { DiagramParamsSchema, errorResponses } from "../schemas/common.ts";
import {
  CreatePublicationSchema,
  type Publication,
  PublicationIdSchema,
  PublicationListSchema,
  PublicationParamsSchema,
  PublicationSchema,
} from "../schemas/publication.ts";
import { contentTypeOf, imageHeaders } from "./export.ts";

const tags = ["Publications"];

/** The diagram a publication belongs to: its id carries the diagram id's 22 characters. */
function diagramOf(pub: string): string {
  return `d_${pub.slice(4, 26)}`;
}

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
  const pub = `pub_${id.slice(2)}${randomToken(16)}`;
  if (!PublicationIdSchema.safeParse(pub).success) {
    throw new ApiError(422, "invalid_request", "this diagram id cannot be published");
  }
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
  description: "Its links answer 404 from now on (caches may keep a copy for up to a minute).",
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

/** The public side: anyone with a link reads, nobody writes. */
export const published = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PublishedParams = z.object({
  file: z
    .string()
    .regex(/^pub_[A-Za-z0-9]{38}(\.svg|\.png|\.drawio)?$/, "not a publication link")
    .openapi({
      param: { name: "file", in: "path" },
      description:
        "`pub_….svg` or `pub_….png` (image), `pub_….drawio` (file), or `pub_…` (a page).",
      example: "pub_3kTq9ZpL0mWv8XcR2aYb1Nq8Zr1Xc0Vb7Mn2Lk.svg",
    }),
});

const readPublished = createRoute({
  operationId: "readPublication",
  method: "get",
  path: "/p/{file}",
  tags,
  summary: "A published diagram (public)",
  description:
    "No credentials. `.svg` and `.png` are the first page as an image, `.drawio` the file (CORS open to every origin, for the viewer's `src`), no extension a page with the viewer. " +
    "A pinned version is cached for good; one that follows the head is revalidated (ETag) after a minute.",
  security: [],
  request: { params: PublishedParams },
  responses: {
    200: {
      description: "The image, the file, or the page.",
      content: {
        "image/svg+xml": { schema: { type: "string" } },
        "image/png": { schema: { type: "string", format: "binary" } },
        "application/vnd.jgraph.mxfile": { schema: { type: "string" } },
        "text/html": { schema: { type: "string" } },
      },
    },
    304: { description: "`If-None-Match` names the current version." },
    ...errorResponses(404, 422),
  },
});

published.openapi(readPublished, async (c) => {
  const { file } = c.req.valid("param");
  const extension = /\.(svg|png|drawio)$/.exec(file)?.[1] as "svg" | "png" | "drawio" | undefined;
  const pub = extension ? file.slice(0, -extension.length - 1) : file;
  if (!extension) {
    const drawio = drawioUrlOf(c.env, new URL(c.req.url).origin);
    return c.html(publicationPage(pub, drawio), 200, { "cache-control": "public, max-age=300" });
  }
  const known = c.req.header("if-none-match")?.trim();
  const answer = unwrap(
    await diagramStub(c.env, diagramOf(pub)).published({
      id: pub,
      format: extension === "png" ? "svg" : extension,
      ...(known && known.length <= 40 ? { known } : {}),
    }),
  );
  const headers: Record<string, string> = {
    etag: answer.etag,
    "cache-control": answer.pinned
      ? "public, max-age=31536000, immutable"
      : "public, max-age=60, must-revalidate",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "ETag, X-Drawforge-Unknown-Shapes",
  };
  if (!answer.file) return c.body(null, 304, headers);
  // A published image must always show: a very large diagram is shrunk to fit, not refused.
  const body = extension === "png" ? await pngOf(answer.file, { fit: true }) : answer.file;
  return c.body(body.body, 200, {
    ...headers,
    "content-type": contentTypeOf(body),
    ...imageHeaders(body),
  });
});

/**
 * The page of a publication: the read-only viewer on the published file, and the Worker's SVG
 * in its place when draw.io's viewer cannot load.
 */
function publicationPage(pub: string, drawio: string | undefined): string {
  // A URL parsed by `new URL`: no quotes or angle brackets to escape.
  const drawioAttr = drawio ? ` drawio-url="${drawio}"` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Diagram</title>
<style>body{margin:0;padding:16px;font:14px system-ui,sans-serif;background:#f6f7f9}
drawforge-viewer{max-width:1200px;margin:0 auto;display:block}</style>
<script type="module" src="/widget.js"></script></head>
<body><drawforge-viewer src="/p/${pub}.drawio"${drawioAttr}></drawforge-viewer>
<noscript><img src="/p/${pub}.svg" alt="Diagram"></noscript>
<script type="module">
// Where draw.io's viewer cannot load (offline, behind a firewall), show the Worker's own SVG.
const viewer = document.querySelector("drawforge-viewer");
viewer.addEventListener("drawforge-error", () => {
  const img = Object.assign(document.createElement("img"), { src: "/p/${pub}.svg", alt: "Diagram" });
  img.style.maxWidth = "100%";
  viewer.replaceWith(img);
});
</script></body></html>`;
}
