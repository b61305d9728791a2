/**
 * Reads a git graph: the orientation of its header, its settings (`config.gitGraph`) and its
 * statements run in order into commits and branches.
 */
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import { History } from "./history.ts";
import type { Branch, GitModel, Orientation } from "./model.ts";
import { readStatement } from "./statements.ts";

/** The `config.gitGraph` settings the converter follows. */
export interface GitSettings {
  mainBranchName: string;
  mainBranchOrder?: number;
  showBranches: boolean;
  showCommitLabel: boolean;
  parallelCommits: boolean;
}

/**
 * The git graph settings of a source, with Mermaid's defaults.
 *
 * @example
 * gitSettings(readMermaid("gitGraph\n commit")).mainBranchName; // "main"
 */
export function gitSettings(source: MermaidSource): GitSettings {
  const raw = source.config.gitGraph;
  const c = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const name = c.mainBranchName;
  const order = c.mainBranchOrder;
  return {
    mainBranchName: typeof name === "string" && name.trim() !== "" ? name.trim() : "main",
    ...(typeof order === "number" && Number.isFinite(order) ? { mainBranchOrder: order } : {}),
    showBranches: c.showBranches !== false,
    showCommitLabel: c.showCommitLabel !== false,
    parallelCommits: c.parallelCommits === true,
  };
}

/**
 * Reads a git graph into its model; text Mermaid refuses is refused with its line and column.
 *
 * @example
 * parseGitGraph(readMermaid("gitGraph\n commit\n branch dev\n commit"), gitSettings(source)).commits.length; // 2
 */
export function parseGitGraph(source: MermaidSource, settings: GitSettings): GitModel {
  const orientation = readOrientation(source);
  const history = new History(settings.mainBranchName, settings.mainBranchOrder ?? 0);
  let title = source.title;
  for (const at of source.lines) {
    const statement = readStatement(at);
    if (statement.keyword === "title") title = statement.name?.value;
    else history.run(statement);
  }
  const notes = [...history.notes];
  const messages = history.commits.filter(
    (c) => c.message !== undefined && c.message !== "",
  ).length;
  if (messages > 0) {
    notes.push(
      `${messages} commit message${messages === 1 ? " is" : "s are"} not drawn: Mermaid shows commit ids, not messages`,
    );
  }
  return {
    orientation,
    commits: history.commits,
    branches: laneOrder([...history.branches.values()]),
    notes,
    ...(title === undefined || title === "" ? {} : { title }),
  };
}

function readOrientation(source: MermaidSource): Orientation {
  const m = /^(?:(LR|TB|BT)\s*)?:?$/.exec(source.headerRest);
  if (!m) {
    const at = source.header;
    throw mermaidSyntax(
      at,
      "a git graph's header is gitGraph, gitGraph LR:, gitGraph TB: or gitGraph BT:",
      at.text.indexOf(source.headerRest),
    );
  }
  return (m[1] as Orientation | undefined) ?? "LR";
}

/**
 * Branches in Mermaid's lane order: by `order:`, and a branch without one by `0.<its index>`
 * read as a number, as Mermaid sorts them (so the 11th branch sorts beside the 2nd).
 */
function laneOrder(branches: Branch[]): Branch[] {
  const key = (b: Branch) => b.order ?? Number.parseFloat(`0.${b.index}`);
  return branches
    .map((b, i) => ({ b, i, k: key(b) }))
    .sort((p, q) => p.k - q.k || p.i - q.i)
    .map(({ b }) => b);
}
