/**
 * `GET /v1/models`: the models this deployment offers its agent, for the widget's model picker,
 * the SDK and anyone choosing a `model` for a turn.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { callSettings, jobModel, offeredModels } from "../agent/model-settings.ts";
import { modelProblem } from "../diagram/problems.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { errorResponses } from "../schemas/common.ts";
import { ModelListSchema } from "../schemas/model-offer.ts";

/** The models a turn may name: read from the settings, nothing stored. */
export const models = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const listModels = createRoute({
  operationId: "listModels",
  method: "get",
  path: "/models",
  tags: ["Agent"],
  summary: "List models",
  description:
    "The models a turn may name as `model` (`provider:model`), each with the jobs it does here, the attachments it accepts, whether it reasons, and whether its provider is configured (when not, `missing` names the settings). `default` is the one a turn gets when it names none. " +
    "An API key or a widget token with the `edit` scope (the scope that runs turns) may ask. With no model configured the answer is still 200: the default is listed with `available: false`. Malformed model settings are a 503 naming the `setting` to fix.",
  responses: {
    200: {
      description: "Every model offered, on one page.",
      content: { "application/json": { schema: ModelListSchema } },
    },
    ...errorResponses(403),
  },
});

models.openapi(listModels, (c) => {
  try {
    const items = offeredModels(c.env);
    const draw = jobModel(c.env, "draw");
    // A malformed temperature or effort refuses every turn: said here too, not listed as fine.
    callSettings(c.env, draw);
    return c.json({ items, next_cursor: null, default: draw.id }, 200);
  } catch (error) {
    throw modelProblem(error);
  }
});
