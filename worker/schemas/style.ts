/**
 * Schemas of `/v1/style`: a tenant's house style (the theme learned from hand edits or set by a
 * person, and the rules learned from conversations), its edit, and the per-request opt-out.
 */
import { z } from "@hono/zod-openapi";
import { HouseThemeSchema } from "../drawio/index.ts";
import { NO_CONTROL_CHARACTERS } from "./diagram.ts";
import { namedLibrarySchema } from "./library-schema.ts";

/** How much the memory keeps: it rides in every turn's context, so it stays small. */
export const STYLE_LIMITS = {
  /** Rules in all (learned and written). */
  rules: 10,
  /** Characters of one rule. */
  ruleText: 160,
  /** Characters of all rules together (about 250 tokens). */
  ruleChars: 1_000,
  /** Diagrams whose hand edits are remembered, most recent first. */
  diagramsRemembered: 200,
  /** Values one version may report (one per target and key). */
  observationsPerDiagram: 200,
} as const;

/** One rule's text: a short sentence on one line. */
export const StyleRuleTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(STYLE_LIMITS.ruleText)
  // A check, not a pattern: JSON Schema has no \p{…} classes, so the pattern would not say it.
  .refine((text) => NO_CONTROL_CHARACTERS.test(text), "one line, no control characters");

/** A rule of the house style and where it came from. */
export const StyleRuleSchema = z
  .object({
    text: StyleRuleTextSchema.openapi({ example: "Label databases with their engine (Postgres)." }),
    source: z.enum(["conversation", "person"]).openapi({
      description:
        "`conversation`: learned by the summary model from what someone asked or corrected; `person`: written through `PUT /v1/style`.",
    }),
    updated_at: z.iso.datetime(),
  })
  .openapi("StyleRule");

export type StyleRule = z.infer<typeof StyleRuleSchema>;

const Theme = namedLibrarySchema(HouseThemeSchema, "HouseTheme", {
  description:
    "draw.io style values for new diagrams: `direction` of the flow, `node` values for every box (not free text or icons), `kinds` values per node kind over them, and `edge` values. Colours are `#rrggbb` or `none`; `rounded`, `shadow` and `curved` are `0` or `1`.",
  example: {
    direction: "right",
    node: { fillColor: "#e0f2f1", strokeColor: "#00796b", rounded: "1" },
    kinds: { decision: { fillColor: "#fff8e1" } },
    edge: { edgeStyle: "orthogonalEdgeStyle" },
  },
});

/** A tenant's house style as `GET /v1/style` shows it. */
export const StyleMemorySchema = z
  .object({
    theme: Theme.openapi({
      description:
        "What new diagrams get when their request says nothing else: the values learned from hand edits (once two recent diagrams agree), with the pinned ones over them.",
    }),
    pinned: Theme.openapi({ description: "The values a person set with `PUT /v1/style`." }),
    rules: z.array(StyleRuleSchema).openapi({
      description:
        "Standing preferences the agent reads at the start of every turn (the request wins over them).",
    }),
    learned_from: z.object({
      diagrams: z.number().int().openapi({
        description: "How many recent diagrams had styles changed by hand.",
      }),
    }),
    updated_at: z.iso.datetime().nullable(),
  })
  .openapi("StyleMemory");

export type StyleMemory = z.infer<typeof StyleMemorySchema>;

/** `PUT /v1/style`: replaces the pinned theme, the rules, or both. */
export const StyleUpdateSchema = z
  .object({
    theme: Theme.optional().openapi({
      description:
        "Replaces the pinned values, and starts learning from hand edits afresh (so `theme` is exactly what `GET` shows until people change styles by hand again). `{}` unpins everything.",
    }),
    rules: z
      .array(StyleRuleTextSchema)
      .max(STYLE_LIMITS.rules)
      .optional()
      .openapi({
        description: `Replaces every rule (learned ones too); at most ${STYLE_LIMITS.rules}, ${STYLE_LIMITS.ruleChars} characters in all. \`[]\` clears them.`,
        example: ["Label databases with their engine (Postgres).", "Group services by team."],
      }),
  })
  .strict()
  .refine((v) => v.theme !== undefined || v.rules !== undefined, {
    message: "send theme, rules or both",
  })
  .refine((v) => (v.rules ?? []).reduce((n, r) => n + r.length, 0) <= STYLE_LIMITS.ruleChars, {
    message: `rules may have ${STYLE_LIMITS.ruleChars} characters in all`,
    path: ["rules"],
  })
  .openapi("StyleUpdate");

/**
 * A request's use of the house style: `house` (the default) applies it and lets the turn teach
 * it; `none` draws with the built-in defaults and learns nothing from the turn.
 */
export const StyleChoiceSchema = z.enum(["house", "none"]).openapi({
  description:
    "`house` (default): new diagrams get the team's house style (`GET /v1/style`) where the request says nothing else, and the turn may teach it rules. `none`: the built-in defaults, and nothing learned.",
});

export type StyleChoice = z.infer<typeof StyleChoiceSchema>;
