/**
 * The finding of the draw.io library as the API sends it, and the capped lists it comes in.
 * A module of its own so that every schema can use it without importing the diagram schemas.
 */
import { z } from "@hono/zod-openapi";
import { FINDING_LIMITS } from "../drawio/index.ts";

/** A finding of the draw.io validator. */
export const FindingSchema = z
  .object({
    code: z.string().openapi({
      example: "unknown_parent",
      description:
        "Stable. `too_many_findings` ends a list that was cut (see the list's description); `lint_incomplete` ends a lint that stopped at its work budget.",
    }),
    severity: z.enum(["error", "warning"]),
    message: z.string(),
    cellId: z.string().optional(),
    page: z.number().int().optional().openapi({ description: "Page index, for multi-page files." }),
  })
  .openapi("Finding");

/**
 * What every list of findings the API sends promises about its length, for the lists'
 * descriptions: the draw.io library caps them all (`FindingList`).
 */
export const CAPPED_FINDINGS = `At most ${FINDING_LIMITS.count} findings and ${FINDING_LIMITS.messageBytes.toLocaleString("en-US")} bytes of messages: when more were found, the list ends with one \`too_many_findings\` finding saying how many were left out (an error when errors were among them).`;

/**
 * A list of findings, capped ({@link CAPPED_FINDINGS}); `what` says which.
 *
 * @example
 * findings: findingList("Validation findings."),
 */
export function findingList(what: string) {
  return z.array(FindingSchema).openapi({ description: `${what} ${CAPPED_FINDINGS}` });
}
