/**
 * The style keys the house style keeps, and a draw.io value put in the schema's form (colours as
 * lower-case `#rrggbb`, numbers without trailing zeros) or refused.
 */
import {
  type HouseEdgeKey,
  HouseEdgeValuesSchema,
  type HouseNodeKey,
  HouseNodeValuesSchema,
} from "./schema.ts";

/** The style keys the house style keeps for nodes, in the schema's order. */
export const HOUSE_NODE_KEYS = Object.keys(HouseNodeValuesSchema.shape) as HouseNodeKey[];

/** The style keys the house style keeps for edges, in the schema's order. */
export const HOUSE_EDGE_KEYS = Object.keys(HouseEdgeValuesSchema.shape) as HouseEdgeKey[];

const COLOUR_KEYS: ReadonlySet<string> = new Set(["fillColor", "strokeColor", "fontColor"]);
const NUMBER_KEYS: ReadonlySet<string> = new Set(["fontSize", "strokeWidth"]);

/** A draw.io value in the form the schema checks: short colours widened, numbers tidied. */
function normalForm(key: string, raw: string): string | undefined {
  const value = raw.trim();
  if (value === "" || value === "default" || value === "inherit") return undefined;
  if (COLOUR_KEYS.has(key)) {
    const short = /^#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])$/.exec(value);
    if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
    return value.toLowerCase();
  }
  if (NUMBER_KEYS.has(key)) {
    const n = Number(value);
    return Number.isFinite(n) ? String(Math.round(n * 10) / 10) : undefined;
  }
  return value;
}

/** A value checked against one of the house style's value schemas (node or edge). */
function checked(
  schema: typeof HouseNodeValuesSchema | typeof HouseEdgeValuesSchema,
  key: string,
  raw: string | null | undefined,
): string | undefined {
  if (!Object.hasOwn(schema.shape, key) || raw == null) return undefined;
  const value = normalForm(key, raw);
  if (value === undefined) return undefined;
  const parsed = schema.safeParse({ [key]: value });
  return parsed.success ? (parsed.data as Record<string, string | undefined>)[key] : undefined;
}

/**
 * A node style value as the house style keeps it, or undefined when the key is not one it keeps
 * or the schema refuses the value (`default`, a named colour, a font size of 200).
 *
 * @example
 * houseNodeValue("fillColor", "#ABC"); // "#aabbcc"
 * houseNodeValue("fillColor", "default"); // undefined
 */
export function houseNodeValue(key: string, raw: string | null | undefined): string | undefined {
  return checked(HouseNodeValuesSchema, key, raw);
}

/**
 * An edge style value as the house style keeps it, or undefined (see {@link houseNodeValue}).
 *
 * @example
 * houseEdgeValue("edgeStyle", "orthogonalEdgeStyle"); // "orthogonalEdgeStyle"
 * houseEdgeValue("edgeStyle", "none"); // undefined
 */
export function houseEdgeValue(key: string, raw: string | null | undefined): string | undefined {
  return checked(HouseEdgeValuesSchema, key, raw);
}
