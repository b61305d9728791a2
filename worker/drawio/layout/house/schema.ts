/**
 * A team's house style as the layout applies it: a direction and draw.io style values for every
 * node, per node kind and for edges. Learned from hand edits (`observe.ts`, `learn.ts`) or set by
 * a person; applied to a graph spec that does not say otherwise (`apply.ts`).
 */
import { z } from "zod";
import { DIRECTIONS } from "../../geometry/direction.ts";
import { NODE_KINDS } from "../spec.ts";

const Colour = z
  .string()
  .regex(/^(#[0-9a-fA-F]{6}|none)$/, "a colour as #rrggbb, or none")
  // Lower-cased in place: the type stays a string, so the schema still reads as JSON Schema.
  .overwrite((v) => v.toLowerCase());
const Flag = z.enum(["0", "1"]);
const FontFamily = z
  .string()
  .regex(/^[A-Za-z0-9 ,'-]{1,60}$/, "a font name: letters, digits, spaces, commas");
const FontSize = z
  .string()
  .regex(/^\d{1,2}(\.\d)?$/)
  .refine((v) => Number(v) >= 6 && Number(v) <= 48, "a font size from 6 to 48");
const StrokeWidth = z
  .string()
  .regex(/^\d(\.\d)?$/)
  .refine((v) => Number(v) >= 0.5 && Number(v) <= 6, "a stroke width from 0.5 to 6");

/** The style values the house style keeps for nodes, each checked as draw.io reads it. */
export const HouseNodeValuesSchema = z
  .object({
    fillColor: Colour,
    strokeColor: Colour,
    fontColor: Colour,
    fontFamily: FontFamily,
    fontSize: FontSize,
    rounded: Flag,
    shadow: Flag,
    strokeWidth: StrokeWidth,
  })
  .partial()
  .strict();

/** The style values the house style keeps for edges. */
export const HouseEdgeValuesSchema = z
  .object({
    strokeColor: Colour,
    fontColor: Colour,
    fontFamily: FontFamily,
    fontSize: FontSize,
    edgeStyle: z.enum(["orthogonalEdgeStyle", "elbowEdgeStyle", "entityRelationEdgeStyle"]),
    rounded: Flag,
    curved: Flag,
    strokeWidth: StrokeWidth,
  })
  .partial()
  .strict();

/** The node kinds a house style may set values for (all but free text and icons). */
export const HOUSE_KINDS = NODE_KINDS.filter((k) => k !== "text" && k !== "icon");

/**
 * A house style: the direction of new diagrams, values for every node (`node`), values per kind
 * (`kinds`, over `node`) and for edges. Every part is optional; an empty object is no style.
 *
 * @example
 * { direction: "right", node: { fillColor: "#e3f2fd", strokeColor: "#1565c0" },
 *   kinds: { decision: { fillColor: "#fff8e1" } }, edge: { edgeStyle: "orthogonalEdgeStyle" } }
 */
export const HouseThemeSchema = z
  .object({
    direction: z.enum(DIRECTIONS).optional(),
    node: HouseNodeValuesSchema.optional(),
    kinds: z.partialRecord(z.enum(HOUSE_KINDS), HouseNodeValuesSchema).optional(),
    edge: HouseEdgeValuesSchema.optional(),
  })
  .strict();

export type HouseTheme = z.infer<typeof HouseThemeSchema>;
export type HouseNodeValues = z.infer<typeof HouseNodeValuesSchema>;
export type HouseEdgeValues = z.infer<typeof HouseEdgeValuesSchema>;
export type HouseNodeKey = keyof HouseNodeValues;
export type HouseEdgeKey = keyof HouseEdgeValues;
export type HouseKind = (typeof HOUSE_KINDS)[number];

/**
 * One style value a person set by hand in one diagram: for one node kind, for edges, or the
 * diagram's direction (`target: "diagram"`, `key: "direction"`). The learner counts them per
 * diagram, so that no single diagram decides the house style.
 */
export interface StyleObservation {
  target: HouseKind | "edge" | "diagram";
  key: string;
  value: string;
}

/**
 * `over`'s values in place of `under`'s, key by key (per kind for `kinds`): a person's pinned
 * values over the learned ones.
 *
 * @example
 * overlayHouseTheme({ node: { fillColor: "#e0f2f1", rounded: "1" } }, { node: { fillColor: "#fff8e1" } });
 * // { node: { fillColor: "#fff8e1", rounded: "1" } }
 */
export function overlayHouseTheme(under: HouseTheme, over: HouseTheme): HouseTheme {
  const out: HouseTheme = { ...under };
  if (over.direction) out.direction = over.direction;
  if (over.node) out.node = { ...under.node, ...over.node };
  if (over.edge) out.edge = { ...under.edge, ...over.edge };
  if (over.kinds) {
    const kinds = { ...under.kinds };
    for (const kind of Object.keys(over.kinds) as HouseKind[]) {
      kinds[kind] = { ...kinds[kind], ...over.kinds[kind] };
    }
    out.kinds = kinds;
  }
  return out;
}
