/**
 * Mermaid radar charts (`radar-beta`) as editable draw.io: the radar folder's front door, `convertRadar`.
 * Not converted yet: this placeholder refuses the type until its converter lands.
 */
import type { WorkBudget } from "../../budget.ts";
import { DrawioError } from "../../errors.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";

/** Refuses the type (`mermaid_unsupported`) until its converter lands. */
export async function convertRadar(
  source: MermaidSource,
  _options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  throw new DrawioError(
    "mermaid_unsupported",
    `line ${source.header.line}: radar charts are not converted yet`,
  );
}
