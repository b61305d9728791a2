/**
 * Request and answer schemas of `POST /v1/validate`: XML in; findings, and a repaired copy when
 * asked, out.
 */
import { z } from "@hono/zod-openapi";
import { findingList } from "./finding.ts";

export const ValidateRequestSchema = z
  .object({
    xml: z.string().openapi({ description: "draw.io XML in any form." }),
    repair: z.boolean().default(false).openapi({ description: "Also try to repair it." }),
  })
  .strict()
  .openapi("ValidateRequest");

export const RepairChangeSchema = z
  .object({ code: z.string(), message: z.string() })
  .catchall(z.unknown())
  .openapi("RepairChange");

export const ValidateResultSchema = z
  .object({
    valid: z
      .boolean()
      .openapi({ description: "True when there are no errors (warnings allowed)." }),
    findings: findingList("What is wrong (errors) or could be better (warnings)."),
    repaired_xml: z
      .string()
      .optional()
      .openapi({ description: "With `repair`: the repaired XML." }),
    changes: z
      .array(RepairChangeSchema)
      .optional()
      .openapi({ description: "With `repair`: what was changed." }),
  })
  .openapi("ValidateResult");
