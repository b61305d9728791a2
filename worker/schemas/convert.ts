/**
 * Schemas of Mermaid conversion: the Mermaid text itself, and the `POST /v1/convert` request and
 * result.
 */
import { z } from "@hono/zod-openapi";
import { DIRECTIONS, MAX_MERMAID_CHARS, MERMAID_KEYWORDS, MERMAID_TYPES } from "../drawio/index.ts";
import { findingList } from "./finding.ts";

/**
 * Mermaid text of any type in `MERMAID_TYPES`. Longer text than {@link MAX_MERMAID_CHARS} is
 * refused by the converter (413 `mermaid_too_large`).
 */
export const MermaidSchema = z
  .string()
  .min(1)
  .openapi({
    maxLength: MAX_MERMAID_CHARS,
    description: `Mermaid text of any of these types: ${MERMAID_KEYWORDS.map((k) => `\`${k}\``).join(", ")} (others are refused with \`mermaid_unsupported\`). Up to 256 KB and 2,000 nodes.`,
    example:
      "flowchart LR\n  cart[Cart] --> pay{Paid?}\n  pay -->|yes| ship([Ship])\n  pay -->|no| cart",
  });

export const ConvertRequestSchema = z
  .object({
    mermaid: MermaidSchema,
    direction: z
      .enum(DIRECTIONS)
      .optional()
      .openapi({ description: "Overrides the direction the text gives (`flowchart LR`…)." }),
    theme: z.enum(["default", "minimal", "dark"]).optional(),
  })
  .strict()
  .openapi("ConvertRequest");

export const ConvertResultSchema = z
  .object({
    xml: z.string().openapi({ description: "An uncompressed `<mxfile>`: real, editable cells." }),
    type: z.enum(Object.keys(MERMAID_TYPES) as [keyof typeof MERMAID_TYPES]),
    title: z
      .string()
      .optional()
      .openapi({ description: "The front matter's title, else the diagram's own `title`." }),
    counts: z
      .object({ nodes: z.number().int(), edges: z.number().int() })
      .catchall(z.number().int())
      .openapi({
        description:
          "Nodes (states, classes, participants, entities…) and edges (messages, relationships…) read, and what the type counts besides (`attributes`, `commits`, `tasks`…).",
      }),
    notes: z.array(z.string()).openapi({
      description:
        "What was read but has no draw.io counterpart (`click` lines, …), one sentence each.",
    }),
    findings: findingList("Validation findings."),
    lint: findingList("Geometry warnings: overlaps, edges through shapes, labels overflowing."),
  })
  .openapi("ConvertResult");
