/**
 * `/v1/style`: the tenant's house style — shown, edited and forgotten. What it holds is learned
 * from hand edits and conversations (`tenant/style-memory.ts`); turns apply it unless a request
 * says `"style": "none"`.
 */
import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { unwrap } from "../diagram/client.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { errorResponses } from "../schemas/common.ts";
import { StyleMemorySchema, StyleUpdateSchema } from "../schemas/style.ts";
import type { StyleMemoryState } from "../tenant/style-memory.ts";

/** The house style's three routes; the memory itself lives in the tenant's object. */
export const style = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const tags = ["House style"];
const memory = {
  description: "The house style.",
  content: { "application/json": { schema: StyleMemorySchema } },
};

const getStyle = createRoute({
  operationId: "getStyle",
  method: "get",
  path: "/style",
  tags,
  summary: "Show the house style",
  description:
    "What new diagrams of this tenant get when their request says nothing else: the `theme` (learned from styles people changed by hand in two or more recent diagrams, with the `pinned` values over them) and the `rules` the agent reads at the start of every turn. An API key or a widget token with the `edit` scope may read it.",
  responses: { 200: memory, ...errorResponses(403) },
});

style.openapi(getStyle, async (c) => {
  const tenant = c.env.TENANT.getByName(c.get("principal").tenant);
  return c.json(shown(unwrap(await tenant.styleMemory())), 200);
});

const putStyle = createRoute({
  operationId: "setStyle",
  method: "put",
  path: "/style",
  tags,
  summary: "Edit the house style",
  description:
    "Replaces the pinned theme (and starts learning from hand edits afresh), the rules, or both. Needs an API key.",
  request: {
    body: { required: true, content: { "application/json": { schema: StyleUpdateSchema } } },
  },
  responses: { 200: memory, ...errorResponses(400, 403, 422) },
});

style.openapi(putStyle, async (c) => {
  const body = c.req.valid("json");
  const tenant = c.env.TENANT.getByName(c.get("principal").tenant);
  const at = new Date().toISOString();
  return c.json(shown(unwrap(await tenant.setStyle({ ...body, at }))), 200);
});

const deleteStyle = createRoute({
  operationId: "clearStyle",
  method: "delete",
  path: "/style",
  tags,
  summary: "Forget the house style",
  description:
    "Forgets everything learned and set: new diagrams get the built-in defaults until people change styles by hand again. Needs an API key.",
  responses: { 200: memory, ...errorResponses(403) },
});

style.openapi(deleteStyle, async (c) => {
  const tenant = c.env.TENANT.getByName(c.get("principal").tenant);
  return c.json(shown(unwrap(await tenant.clearStyle({ now: Date.now() }))), 200);
});

/** The memory without its revision (the rules job's business, not the API's). */
function shown(state: StyleMemoryState): z.infer<typeof StyleMemorySchema> {
  const { revision: _, ...rest } = state;
  return rest;
}
