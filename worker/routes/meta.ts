import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
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

meta.get(
  "/docs",
  Scalar({ url: "/openapi.json", pageTitle: "Drawforge API reference", theme: "default" }),
);
