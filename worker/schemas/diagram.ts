/**
 * Schemas of stored diagrams: stats; the create, replace, rename and operations requests; a diagram
 * and its summaries; list and export queries.
 */
import { z } from "@hono/zod-openapi";
import { OperationSchema } from "../drawio/index.ts";
import { countedListOf, PageQuerySchema, VersionNumberSchema } from "./common.ts";
import { MermaidSchema } from "./convert.ts";
import { type FindingSchema, findingList } from "./finding.ts";
import { GraphSchema } from "./graph.ts";
import { namedLibrarySchema } from "./library-schema.ts";
import { LIMITS } from "./limits.ts";

export { CAPPED_FINDINGS, FindingSchema, findingList } from "./finding.ts";

export const DiagramStatsSchema = z
  .object({
    pages: z.number().int(),
    cells: z
      .number()
      .int()
      .openapi({ description: "Cells over all pages, roots and layers excluded." }),
    vertices: z.number().int(),
    edges: z.number().int(),
    bytes: z.number().int().openapi({ description: "Size of the stored XML in UTF-8 bytes." }),
  })
  .openapi("DiagramStats");

const TitleSchema = z.string().trim().min(1).max(LIMITS.titleChars);
/** Text without control characters (C0, DEL, C1). */
export const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const MessageSchema = z.string().max(LIMITS.messageChars);
const XmlSchema = z
  .string()
  .min(1)
  .openapi({
    description:
      "draw.io XML in any form: an `<mxfile>` (one or many pages, compressed or not), a bare " +
      "`<mxGraphModel>`, or a list of `<mxCell>` elements.",
    example:
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="2" value="Hello" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell></root></mxGraphModel>',
  });

export const CreateDiagramSchema = z
  .object({
    title: TitleSchema.optional().openapi({ example: "Checkout flow" }),
    xml: XmlSchema.optional(),
    graph: GraphSchema.optional().openapi({
      description:
        "Instead of `xml`: a graph spec that Drawforge lays out (see `POST /v1/layout`).",
    }),
    mermaid: MermaidSchema.optional().openapi({
      description:
        "Instead of `xml`: Mermaid text that Drawforge converts to editable cells (see `POST /v1/convert`).",
    }),
  })
  .strict()
  .refine(
    (body) =>
      [body.xml, body.graph, body.mermaid].filter((source) => source !== undefined).length <= 1,
    { message: "send one of xml, graph and mermaid", path: ["mermaid"] },
  )
  .openapi("CreateDiagram");

export const ReplaceDiagramSchema = z
  .object({ xml: XmlSchema, message: MessageSchema.optional() })
  .strict()
  .openapi("ReplaceDiagram");

export const RenameDiagramSchema = z
  .object({ title: TitleSchema.openapi({ example: "Checkout flow v2" }) })
  .strict()
  .openapi("RenameDiagram");

export const ApplyOperationsSchema = z
  .object({
    operations: z
      .array(namedLibrarySchema(OperationSchema, "Operation"))
      .min(1)
      .max(LIMITS.operations)
      .openapi({ description: "Applied in order, all or nothing." }),
    message: MessageSchema.optional(),
    page: z
      .union([z.string().max(200), z.number().int().min(0)])
      .optional()
      .openapi({ description: "The page to edit: its id or index (default: the first)." }),
  })
  .strict()
  .openapi("ApplyOperations");

export const DiagramSchema = z
  .object({
    id: z.string().openapi({ example: "d_3kTq9ZpL0mWv8XcR2aYb1N" }),
    title: z.string(),
    version: z.number().int().openapi({ description: "The head version; also the ETag." }),
    xml: z.string().optional().openapi({
      description:
        "The head version as an uncompressed `<mxfile>`. Writes other than create include it only when asked with `Prefer: return=representation`.",
    }),
    compact: z.string().optional().openapi({
      description: "With `?format=compact`: the token-lean text view instead of `xml`.",
    }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    stats: DiagramStatsSchema,
    warnings: findingList("On writes: validator warnings about the stored XML.").optional(),
  })
  .openapi("Diagram");

export const OperationsResultSchema = DiagramSchema.extend({
  changed: z.array(z.string()).openapi({ description: "Ids of the cells added or changed." }),
  deleted: z
    .array(z.string())
    .openapi({ description: "Ids of the cells deleted (with cascades)." }),
  moved: z.array(z.string()).openapi({
    description:
      "Ids of existing shapes that `add_graph` with `make_room` moved to open a gap (otherwise empty: nothing that exists moves).",
  }),
}).openapi("OperationsResult");

export const DiagramSummarySchema = DiagramSchema.pick({
  id: true,
  title: true,
  version: true,
  created_at: true,
  updated_at: true,
}).openapi("DiagramSummary");

export const DiagramListSchema = countedListOf(DiagramSummarySchema, "DiagramList");

export const ListDiagramsQuerySchema = PageQuerySchema.extend({
  q: z
    .string()
    .max(LIMITS.titleChars)
    // SQLite's LIKE stops reading a pattern at NUL: `%\0…%` matched every title.
    .regex(NO_CONTROL_CHARACTERS, "control characters cannot be searched for")
    .optional()
    .openapi({
      description:
        "Only diagrams whose title contains this text, in any case (no control characters: 422).",
    }),
});

export const DiagramQuerySchema = z.object({
  format: z.enum(["xml", "compact"]).default("xml").openapi({ description: "What to return." }),
});

/** A yes/no query parameter: `true`/`1` or `false`/`0`. */
const BooleanQuerySchema = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

export const ExportQuerySchema = z.object({
  format: z
    .enum(["drawio", "xml", "compressed", "url", "svg", "png"])
    .default("drawio")
    .openapi({
      description:
        "`drawio`: the `.drawio` file (every page) as a download; `xml`: one page's bare " +
        "`<mxGraphModel>`; `compressed`: the `<mxfile>` with compressed pages; `url`: a diagrams.net link; " +
        "`svg`: one page drawn as a standalone SVG image (no browser, no script, no external reference); " +
        "`png`: the same drawing as a PNG image.",
    }),
  page: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({ description: "The page for `format=xml`, `svg` and `png`." }),
  version: VersionNumberSchema.optional().openapi({
    description: "Export this version instead of the head.",
  }),
  theme: z.enum(["light", "dark"]).default("light").openapi({
    description:
      "`svg`, `png`: `dark` paints as draw.io's dark mode does, by the page's `adaptiveColors` (`auto` when absent: every colour turned dark or light, hue kept; `simple`: only the default colours; `none`: as drawn), on #121212.",
  }),
  scale: z.coerce
    .number()
    .min(0.1)
    .max(4)
    .default(1)
    .openapi({ description: "`svg`, `png`: the size factor (0.1–4; a PNG has 1 px per unit)." }),
  border: z.coerce
    .number()
    .int()
    .min(0)
    .max(200)
    .default(0)
    .openapi({ description: "`svg`, `png`: a margin around the drawing, in px." }),
  transparent: BooleanQuerySchema.optional().openapi({
    description: "`png`: keep the background transparent (default: the page's colour, else white).",
  }),
});

export const ExportLinkSchema = z
  .object({ url: z.string().url(), bytes: z.number().int() })
  .openapi("ExportLink");

export type Diagram = z.infer<typeof DiagramSchema>;
export type DiagramSummary = z.infer<typeof DiagramSummarySchema>;
export type DiagramStats = z.infer<typeof DiagramStatsSchema>;
export type Finding = z.infer<typeof FindingSchema>;
