/**
 * `POST /v1/diagrams/{id}/tokens`: mint a short-lived widget token for one diagram, to hand to a
 * browser.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { signToken, tokenSecret } from "../auth/widget-tokens.ts";
import { diagramStub, unwrap } from "../diagram/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { DiagramParamsSchema, errorResponses, IdempotencyHeaderSchema } from "../schemas/common.ts";
import { CreateTokenSchema, WidgetTokenSchema } from "../schemas/token.ts";

/** Widget tokens: short-lived bearer tokens for one diagram, safe to hand to a browser. */
export const tokens = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const createToken = createRoute({
  operationId: "createToken",
  method: "post",
  path: "/{id}/tokens",
  tags: ["Tokens"],
  summary: "Mint a widget token",
  description:
    "A signed token for this diagram only, with the `view` or `edit` scope, valid up to 24 h. " +
    "Browsers use it as a Bearer token (never hand them an API key). Needs an API key.",
  request: {
    params: DiagramParamsSchema,
    headers: IdempotencyHeaderSchema,
    body: { required: true, content: { "application/json": { schema: CreateTokenSchema } } },
  },
  responses: {
    201: {
      description: "The token.",
      content: { "application/json": { schema: WidgetTokenSchema } },
    },
    ...errorResponses(400, 403, 404, 415, 422),
  },
});

tokens.openapi(createToken, async (c) => {
  const { id } = c.req.valid("param");
  const { scope, ttl_seconds } = c.req.valid("json");
  const tenant = c.get("principal").tenant;
  unwrap(await diagramStub(c.env, id).meta({ tenant }));
  const exp = Math.floor(Date.now() / 1000) + ttl_seconds;
  const secret = tokenSecret(c.env);
  const token = await signToken({ tenant, diagramId: id, scope, exp }, secret);
  return c.json(
    { token, diagram_id: id, scope, expires_at: new Date(exp * 1000).toISOString() },
    201,
  );
});
