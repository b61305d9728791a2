/**
 * The routes open to everyone: `/healthz`, the OpenAPI document, and the self-hosted Scalar
 * reference at `/docs`.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { randomToken } from "../auth/encoding.ts";
import type { AppEnv } from "../http/app-env.ts";

/** Health, the OpenAPI document and the interactive reference: open to everyone. */
export const meta = new OpenAPIHono<AppEnv>();

const healthz = createRoute({
  operationId: "healthz",
  method: "get",
  path: "/healthz",
  tags: ["Service"],
  summary: "Health check",
  description: "Answers 200 when the Worker runs. Needs no credentials.",
  security: [],
  responses: {
    200: {
      description: "The service is up.",
      content: {
        "application/json": {
          schema: z
            .object({ ok: z.literal(true), service: z.literal("drawforge") })
            .openapi("Health"),
        },
      },
    },
  },
});

meta.openapi(healthz, (c) => c.json({ ok: true as const, service: "drawforge" as const }, 200));

/**
 * Where `/docs` loads Scalar's reference app from: this Worker's static assets (copied from the
 * `@scalar/api-reference` package by `npm run assets:build`), never a CDN.
 */
export const API_REFERENCE_SCRIPT = "/scalar/api-reference.js";

/**
 * The interactive API reference. Everything it loads comes from this Worker, and a strict
 * Content-Security-Policy says so: the page works offline, behind a firewall, and under a CSP
 * that allows no other host. Scalar's web fonts, telemetry and AI agent (its own servers) are off.
 */
meta.get(
  "/docs",
  Scalar((c) => {
    const nonce = randomToken(16);
    c.header(
      "content-security-policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    return {
      url: "/openapi.json",
      pageTitle: "Drawforge API reference",
      theme: "default",
      cdn: API_REFERENCE_SCRIPT,
      nonce,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
    };
  }),
);
