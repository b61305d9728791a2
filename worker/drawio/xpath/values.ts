/** XPath values (node-set, string, number, boolean) and the conversions between them. */
import type { XNode } from "./tree.ts";

/** An XPath 1.0 value; node-sets are arrays in document order without repeats. */
export type Value = XNode[] | string | number | boolean;

export function isNodeSet(value: Value): value is XNode[] {
  return Array.isArray(value);
}

/** `number()` of a string (XPath 1.0 §4.4): decimal notation only, else NaN. */
export function toNumber(text: string): number {
  return /^[ \t\r\n]*-?(\d+(\.\d*)?|\.\d+)[ \t\r\n]*$/.test(text) ? Number(text) : Number.NaN;
}

/** `string()` of a number (XPath 1.0 §4.2): no exponent, integers without a point. */
export function numberToString(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "Infinity";
  if (value === Number.NEGATIVE_INFINITY) return "-Infinity";
  if (value === 0) return "0";
  const plain = String(value);
  if (!plain.includes("e")) return plain;
  if (Number.isInteger(value)) return BigInt(value).toString();
  return value.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}

/** `boolean()` of a value. */
export function toBoolean(value: Value): boolean {
  if (isNodeSet(value)) return value.length > 0;
  if (typeof value === "string") return value.length > 0;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  return value;
}
