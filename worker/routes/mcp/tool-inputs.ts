/** Argument schemas several tools share. */
import { z } from "zod";
import { DIRECTIONS } from "../../drawio/index.ts";

/** A diagram's id. */
export const Id = z.string().describe("The diagram id (d_…).");
/** The key that makes a retried write happen once. */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe("Send the same key when retrying, so the change is made once.");
/** Which way a layout flows. */
export const Direction = z.enum(DIRECTIONS);
/** Whether a turn uses the team's house style (`get_style`). */
export const StyleChoice = z
  .enum(["house", "none"])
  .describe("house (default): the team's house style (get_style); none: the built-in look.");
