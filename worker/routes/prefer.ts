/**
 * Reading `Prefer: return=representation` on diagram writes, and acknowledging it in the answer.
 */
import type { Context } from "hono";
import { prefersRepresentation } from "../http/preconditions.ts";

/**
 * Whether a write should answer with the diagram's XML (`Prefer: return=representation`);
 * says so in `Preference-Applied` when it will.
 *
 * @example
 * const full = wantsRepresentation(c);
 */
export function wantsRepresentation(c: Context): boolean {
  const full = prefersRepresentation(c.req.header("prefer"));
  if (full) c.header("Preference-Applied", "return=representation");
  return full;
}
