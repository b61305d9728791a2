/**
 * The body of a requirement or element (`id:`, `text:`, `risk:`, `verifymethod:`; `type:`,
 * `docref:`): each line read into a shown field, enumerations checked as Mermaid checks them.
 */
import { mermaidSyntax, type SourceLine } from "../source.ts";
import type { Field } from "./model.ts";

const RISKS = ["Low", "Medium", "High"];
const METHODS = ["Analysis", "Inspection", "Test", "Demonstration"];

/** What each body key is shown as, and the values it may take (any, when absent). */
const REQUIREMENT_KEYS: Record<string, { label: string; values?: string[] }> = {
  id: { label: "ID" },
  text: { label: "Text" },
  risk: { label: "Risk", values: RISKS },
  verifymethod: { label: "Verification", values: METHODS },
};
const ELEMENT_KEYS: Record<string, { label: string; values?: string[] }> = {
  type: { label: "Type" },
  docref: { label: "Doc Ref" },
};

/** A value without its quotes. */
export function unquote(text: string): string {
  const t = text.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/**
 * Reads one body line (`risk: high`) of a requirement or an element into `fields`, in the
 * order Mermaid shows them. Unknown keys and values outside an enumeration are refused with
 * their column; the enumerations are shown capitalised (`High`).
 *
 * @example
 * readField(at, false, fields); // fields: [{ label: "Risk", value: "High" }]
 */
export function readField(at: SourceLine, isElement: boolean, fields: Field[]): void {
  const m = /^(\w+)\s*:\s*(.*)$/.exec(at.text);
  const keys = isElement ? ELEMENT_KEYS : REQUIREMENT_KEYS;
  const allowed = Object.keys(keys).join(", ");
  if (!m) throw mermaidSyntax(at, `a body line is key: value, the keys being ${allowed}`);
  const key = keys[(m[1] as string).toLowerCase()];
  if (!key) throw mermaidSyntax(at, `${m[1]} is not one of ${allowed}`);
  let value = unquote(m[2] ?? "");
  if (key.values) {
    const found = key.values.find((v) => v.toLowerCase() === value.toLowerCase());
    if (!found) {
      throw mermaidSyntax(
        at,
        `${key.label} is one of ${key.values.join(", ")}`,
        at.text.length - (m[2] ?? "").length,
      );
    }
    value = found;
  }
  const existing = fields.find((f) => f.label === key.label);
  if (existing) existing.value = value;
  else fields.push({ label: key.label, value });
}

/** The fields in Mermaid's order (ID, Text, Risk, Verification; Type, Doc Ref). */
export function orderFields(fields: readonly Field[], isElement: boolean): Field[] {
  const order = Object.values(isElement ? ELEMENT_KEYS : REQUIREMENT_KEYS).map((k) => k.label);
  return [...fields].sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
}
