/**
 * Mermaid git graphs (`gitGraph`) as editable draw.io: the git-graph folder's front door,
 * `convertGitGraph`. Branches become lanes, commits sit along them in Mermaid's order, and the
 * connectors (a branch's history, branch starts, merges, cherry-picks) are real edges.
 */
import type { WorkBudget } from "../../budget.ts";
import { measureText } from "../../text/estimate.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { titleCell } from "../chart-parts.ts";
import { placedDocument } from "../placed-page.ts";
import type { MermaidSource } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { gitGraphCells } from "./cells.ts";
import { gitPalette } from "./colours.ts";
import type { GitModel } from "./model.ts";
import { gitSettings, parseGitGraph } from "./parse.ts";
import { placeGitGraph } from "./place.ts";

const MARGIN = 20;
const TITLE_HEIGHT = 30;

/**
 * Converts a git graph read by `readMermaid`. `nodes` counts commits (merge and cherry-picked
 * commits included), `edges` the connectors (one per parent: a merge and a cherry-pick have
 * two); `counts` gives `commits`, `branches` (main included), `merges`, `cherryPicks` and the
 * `tags` the text declares. Commits without an id get a stable `<seq>-<7 hex>` id.
 *
 * @example
 * const { nodes, edges } = await convertGitGraph(readMermaid("gitGraph\n commit\n commit"), {});
 * // nodes: 2, edges: 1
 */
export async function convertGitGraph(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const settings = gitSettings(source);
  const model = parseGitGraph(source, settings);
  const notes = [...source.notes, ...model.notes];
  applyDirection(model, options, notes);
  const labelWidth = (name: string) => measureText(name, 10_000).width + 16;
  const placement = placeGitGraph(model, {
    showCommitLabel: settings.showCommitLabel,
    parallel: settings.parallelCommits,
    branchLabel: (b) => (settings.showBranches ? labelWidth(b.name) : 0),
  });
  const palette = gitPalette(options.theme);
  const titled = model.title !== undefined;
  const dy = MARGIN + (titled ? TITLE_HEIGHT : 0);
  const cells: XmlElement[] = [];
  if (model.title !== undefined) {
    const width = Math.max(placement.width, measureText(model.title, 10_000).width + 20);
    cells.push(
      titleCell(
        "title",
        model.title,
        { x: MARGIN, y: MARGIN, width, height: TITLE_HEIGHT - 6 },
        {
          colour: palette.text,
          bold: true,
        },
      ),
    );
  }
  cells.push(
    ...gitGraphCells(model, placement, {
      palette,
      showBranches: settings.showBranches,
      showCommitLabel: settings.showCommitLabel,
      dx: MARGIN,
      dy,
    }),
  );
  const rotate = (source.config.gitGraph as Record<string, unknown> | undefined)?.rotateCommitLabel;
  if (rotate !== false && placement.labels.some((l) => l.label > 50)) {
    const spaced = model.orientation === "LR" ? "; the commits are spaced to fit them" : "";
    notes.push(`commit ids are written level rather than turned 45° as Mermaid does${spaced}`);
  }
  if (typeof source.config.theme === "string" && source.config.theme !== "default") {
    notes.push(
      `the Mermaid theme "${source.config.theme}" was not applied: git graphs are drawn in Mermaid's default branch colours`,
    );
  }
  const document = placedDocument(
    cells,
    placement.width + 2 * MARGIN,
    placement.height + dy + MARGIN,
    palette.background,
  );
  return {
    document,
    notes,
    nodes: model.commits.length,
    edges: placement.routes.length,
    counts: {
      commits: model.commits.length,
      branches: model.branches.length,
      merges: model.commits.filter((c) => c.kind === "merge").length,
      cherryPicks: model.commits.filter((c) => c.kind === "cherryPick").length,
      tags: model.commits.reduce((sum, c) => sum + c.declaredTags, 0),
    },
    ...(model.title === undefined ? {} : { title: model.title }),
  };
}

/** The conversion's direction, when given, turns the graph (left to right, down or up). */
function applyDirection(model: GitModel, options: MermaidOptions, notes: string[]): void {
  const d = options.direction;
  if (d === undefined) return;
  if (d === "right") model.orientation = "LR";
  else if (d === "down") model.orientation = "TB";
  else if (d === "up") model.orientation = "BT";
  else
    notes.push(
      "a git graph runs left to right, top to bottom or bottom to top; right to left was drawn left to right",
    );
}
