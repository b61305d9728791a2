/**
 * The public `/p/{file}` links: a publication's page, SVG, PNG or `.drawio` for anyone with the
 * URL, limited per address and cached per version.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PER_ADDRESS, rateLimit } from "../auth/rate-limit.ts";
import { diagramStub, unwrap } from "../diagram/client.ts";
import { publicationNotFound } from "../diagram/problems.ts";
import { PublicationFiles, type PublicFormat } from "../diagram/publication-files.ts";
import { PublicationIndex } from "../diagram/publication-index.ts";
import type { ExportFile } from "../diagram/views.ts";
import type { AppEnv } from "../http/app-env.ts";
import { drawioUrlOf } from "../http/drawio-url.ts";
import {
  PUBLIC_CACHE_SECONDS,
  publicCacheControl,
  publicResponses,
} from "../http/public-headers.ts";
import { validationHook } from "../http/validation-hook.ts";
import { pngOf } from "../images/png.ts";
import { errorResponses } from "../schemas/common.ts";
import { contentTypeOf, imageHeaders } from "./export.ts";
import { missingPublicationPage, publicationPage } from "./publication-page.ts";

/**
 * The public side of publications: anyone with a link reads, nobody writes. Each request is
 * counted per client address; an id the index does not hold answers 404 before any Durable
 * Object wakes; the diagram's object then says whether the link is live and which version it
 * shows, and the drawing of that version comes from the cache when it was drawn before.
 */
export const published = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

published.use("/p/*", publicResponses(), rateLimit(PER_ADDRESS));

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
  tags: ["Publications"],
  summary: "A published diagram (public)",
  description:
    "No credentials. `.svg` and `.png` are the first page as an image, `.drawio` the file (CORS open to every origin, for the viewer's `src`), no extension a page with the viewer. " +
    `Browsers and proxies may keep an answer for ${PUBLIC_CACHE_SECONDS.head} s (a link that follows the head) or ${PUBLIC_CACHE_SECONDS.pinned} s (a pinned version), then revalidate it with its ETag, so a revoke reaches every cache within that time. ` +
    "An unknown, revoked or deleted link answers 404 with `Cache-Control: no-store`, the page included. " +
    "Every answer carries `X-Content-Type-Options: nosniff` and a Content-Security-Policy (the images and the file run nothing and load nothing; the page loads only from this Worker and its draw.io). " +
    "A version's drawing is made once and kept (`X-Drawforge-Cache: hit` or `miss`). Limited per client address (429 `rate_limited`).",
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
    ...errorResponses(404, 422, 429),
  },
});

published.openapi(readPublished, async (c) => {
  const { file } = c.req.valid("param");
  const format = /\.(svg|png|drawio)$/.exec(file)?.[1] as PublicFormat | undefined;
  const pub = format ? file.slice(0, -format.length - 1) : file;
  // The index first: an id it does not hold never reaches (or creates) a Durable Object.
  const diagramId = await new PublicationIndex(c.env.PUBLICATIONS).diagramOf(pub);
  const shows = diagramId && (await shownBy(c, diagramId, pub));
  if (!diagramId || !shows) {
    if (format) publicationNotFound();
    const page = missingPublicationPage();
    return c.html(page.html, 404, { "content-security-policy": page.csp });
  }
  const cacheControl = publicCacheControl(shows.pinned);
  if (!format) {
    const origin = new URL(c.req.url).origin;
    const drawio = drawioUrlOf(c.env, origin);
    const page = publicationPage({ pub, title: shows.title, origin, drawio });
    return c.html(page.html, 200, {
      "cache-control": cacheControl,
      "content-security-policy": page.csp,
    });
  }
  const headers: Record<string, string> = {
    etag: shows.etag,
    "cache-control": cacheControl,
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "ETag, X-Drawforge-Unknown-Shapes, X-Drawforge-Missing-Glyphs",
  };
  if (c.req.header("if-none-match")?.trim() === shows.etag) return c.body(null, 304, headers);
  const { body, version, cache } = await drawn(c, diagramId, pub, format, shows.version);
  return c.body(body.body, 200, {
    ...headers,
    etag: `"${version}"`,
    "content-type": contentTypeOf(body),
    ...imageHeaders(body),
    "x-drawforge-cache": cache,
  });
});

/** What the diagram's object says a publication shows, or undefined when it is not live. */
async function shownBy(c: Context<AppEnv>, diagramId: string, pub: string) {
  const outcome = await diagramStub(c.env, diagramId).publication({ id: pub });
  if (!outcome.ok && outcome.problem.code === "publication_not_found") return undefined;
  return unwrap(outcome);
}

/**
 * A publication's file for the version it shows: from the cache, or drawn by the diagram's
 * object (the PNG rasterised here) and kept for the next request.
 */
async function drawn(
  c: Context<AppEnv>,
  diagramId: string,
  pub: string,
  format: PublicFormat,
  version: number,
): Promise<{ body: ExportFile; version: number; cache: "hit" | "miss" }> {
  const files = new PublicationFiles(c.env.PUBLICATIONS, c.env.CF_VERSION_METADATA?.id);
  const kept = await files.get(diagramId, version, format);
  if (kept) return { body: kept, version, cache: "hit" };
  const answer = unwrap(
    await diagramStub(c.env, diagramId).published({
      id: pub,
      format: format === "png" ? "svg" : format,
      raster: format === "png",
    }),
  );
  // A published image is shrunk to fit rather than refused, as long as a smaller picture fits
  // the rasteriser's budget; past that it is refused like an export (422).
  const body = format === "png" ? await pngOf(answer.file, { fit: true }) : answer.file;
  // The head may have moved since: what was drawn is kept under the version it is.
  await files.put(diagramId, answer.version, format, body);
  return { body, version: answer.version, cache: "miss" };
}
