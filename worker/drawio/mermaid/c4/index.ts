/**
 * Mermaid C4 diagrams (`C4Context … C4Deployment`) as editable draw.io: the c4 folder's front door, `convertC4`.
 * Not converted yet: this placeholder refuses the type until its converter lands.
 */
import type { WorkBudget } from "../../budget.ts";
import { DrawioError } from "../../errors.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";

/** Refuses the type (`mermaid_unsupported`) until its converter lands. */
export async function convertC4(
  source: MermaidSource,
  _options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  throw new DrawioError(
    "mermaid_unsupported",
    `line ${source.header.line}: C4 diagrams are not converted yet`,
  );
}
