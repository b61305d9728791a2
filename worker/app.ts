import { OpenAPIHono } from "@hono/zod-openapi";

/**
 * The root application: middleware, error mapping and every route.
 *
 * @example
 * const res = await app.request("/healthz");
 */
export const app = new OpenAPIHono();

app.get("/healthz", (c) => c.json({ ok: true, service: "drawforge" }, 200));
