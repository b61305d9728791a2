/**
 * `POST /v1/validate`: the findings for posted draw.io XML, with a repaired copy when asked;
 * nothing stored.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { repairDiagram, validateXml } from "../drawio/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { validationHook } from "../http/validation-hook.ts";
import { errorResponses } from "../schemas/common.ts";
import { LIMITS } from "../schemas/limits.ts";
import { ValidateRequestSchema, ValidateResultSchema } from "../schemas/validate.ts";

/** Stateless validation (and repair) of draw.io XML. */
export const validate = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const validateRoute = createRoute({
  operationId: "validateXml",
  method: "post",
  path: "/",
  tags: ["Validation"],
  summary: "Validate draw.io XML",
  description:
    "Checks XML in any draw.io form and lists findings (errors make it unusable, warnings are about quality). " +
    "With `repair: true`, also fixes what it can (bare `&`, missing root cells, duplicate ids, truncated tails…) and says what it changed. Stores nothing.",
  request: {
    body: { required: true, content: { "application/json": { schema: ValidateRequestSchema } } },
  },
  responses: {
    200: {
      description: "The findings.",
      content: { "application/json": { schema: ValidateResultSchema } },
    },
    ...errorResponses(400, 413, 415, 422),
  },
});

validate.openapi(validateRoute, (c) => {
  const { xml, repair } = c.req.valid("json");
  if (new TextEncoder().encode(xml).byteLength > LIMITS.xmlBytes) {
    throw new ApiError(
      413,
      "diagram_too_large",
      `the XML is larger than ${LIMITS.xmlBytes / 1024 / 1024} MB`,
      {
        limit_bytes: LIMITS.xmlBytes,
      },
    );
  }
  if (!repair) {
    const result = validateXml(xml, { shapes: shapeCatalog() });
    return c.json({ valid: result.valid, findings: result.findings }, 200);
  }
  const repaired = repairDiagram(xml);
  return c.json(
    {
      valid: repaired.ok,
      findings: repaired.findings,
      ...(repaired.xml === undefined ? {} : { repaired_xml: repaired.xml }),
      changes: repaired.changes,
    },
    200,
  );
});
