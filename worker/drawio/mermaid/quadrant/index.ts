/**
 * Mermaid quadrant charts (`quadrantChart`) as editable draw.io: the quadrant folder's front door, `convertQuadrantChart`.
 * Not converted yet: this placeholder refuses the type until its converter lands.
 */
import type { WorkBudget } from "../../budget.ts";
import { DrawioError } from "../../errors.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";

/** Refuses the type (`mermaid_unsupported`) until its converter lands. */
export async function convertQuadrantChart(
  source: MermaidSource,
  _options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  throw new DrawioError(
    "mermaid_unsupported",
    `line ${source.header.line}: quadrant charts are not converted yet`,
  );
}
