/**
 * Mermaid git graphs (`gitGraph`) as editable draw.io: the git-graph folder's front door, `convertGitGraph`.
 * Not converted yet: this placeholder refuses the type until its converter lands.
 */
import type { WorkBudget } from "../../budget.ts";
import { DrawioError } from "../../errors.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";

/** Refuses the type (`mermaid_unsupported`) until its converter lands. */
export async function convertGitGraph(
  source: MermaidSource,
  _options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  throw new DrawioError(
    "mermaid_unsupported",
    `line ${source.header.line}: git graphs are not converted yet`,
  );
}
