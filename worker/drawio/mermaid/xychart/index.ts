/**
 * Mermaid XY charts (`xychart-beta`) as editable draw.io: the xychart folder's front door, `convertXyChart`.
 * Not converted yet: this placeholder refuses the type until its converter lands.
 */
import type { WorkBudget } from "../../budget.ts";
import { DrawioError } from "../../errors.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";

/** Refuses the type (`mermaid_unsupported`) until its converter lands. */
export async function convertXyChart(
  source: MermaidSource,
  _options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  throw new DrawioError(
    "mermaid_unsupported",
    `line ${source.header.line}: XY charts are not converted yet`,
  );
}
