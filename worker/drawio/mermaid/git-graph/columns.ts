/**
 * Where along the time axis each commit of a git graph sits and how far across each lane
 * reaches: columns as wide as the commit's labels and tags need, lanes as thick as theirs.
 */
import { measureText } from "../../text/estimate.ts";
import type { Commit, GitModel } from "./model.ts";

/** The diameter of a commit's symbol. */
export const COMMIT_SIZE = 20;
/** The height of one tag label, and the room between stacked tags. */
export const TAG_HEIGHT = 18;
export const TAG_GAP = 4;
/** Room between a commit and its first tag or its id label. */
export const LABEL_GAP = 6;
/** The height an id label takes below a commit (one line and its background). */
const LABEL_HEIGHT = 17;
/** Mermaid's distance between commits (its COMMIT_STEP plus LAYOUT_OFFSET). */
const MIN_STEP = 50;

/** The sizes of what a commit carries: its id label (when shown) and its tags. */
export interface CommitLabels {
  /** The id label's width, 0 when the commit shows none. */
  label: number;
  tags: number[];
}

/**
 * Whether Mermaid writes a commit's id beside it: not for cherry-picks, and for merges only
 * when the id was given.
 */
export function showsId(commit: Commit, showCommitLabel: boolean): boolean {
  if (!showCommitLabel || commit.kind === "cherryPick") return false;
  return commit.kind !== "merge" || commit.givenId;
}

/** The label and tag widths of every commit. */
export function commitLabels(model: GitModel, showCommitLabel: boolean): CommitLabels[] {
  return model.commits.map((c) => ({
    label: showsId(c, showCommitLabel) ? measureText(c.id, 10_000).width + 8 : 0,
    tags: c.tags.map((t) => measureText(t, 10_000).width + 14),
  }));
}

/**
 * The column of each commit: its place in Mermaid's order, or with `parallelCommits` one past
 * its latest parent, so that independent work lines up.
 */
export function commitColumns(model: GitModel, parallel: boolean): number[] {
  const columns: number[] = [];
  for (const c of model.commits) {
    columns.push(parallel ? Math.max(-1, ...c.parents.map((p) => columns[p] ?? 0)) + 1 : c.seq);
  }
  return columns;
}

/** The columns on the time axis: their centres, and the free middle between each and the next. */
export interface ColumnAxis {
  centres: number[];
  /** `gaps[c]` lies between column c's labels and column c + 1's, clear of both. */
  gaps: number[];
}

/**
 * The centre of each column along the time axis: at least Mermaid's 50 px apart, further when
 * neighbouring labels (LR: their widths; TB/BT: their heights) need it.
 */
export function columnCentres(
  columns: readonly number[],
  labels: readonly CommitLabels[],
  horizontal: boolean,
): ColumnAxis {
  const count = columns.length === 0 ? 0 : Math.max(...columns) + 1;
  const extent = new Array<number>(count).fill(COMMIT_SIZE);
  for (const [i, column] of columns.entries()) {
    const l = labels[i] as CommitLabels;
    const own = horizontal
      ? Math.max(COMMIT_SIZE, l.label, ...l.tags)
      : Math.max(COMMIT_SIZE, l.label > 0 ? LABEL_HEIGHT : 0, l.tags.length > 0 ? TAG_HEIGHT : 0);
    extent[column] = Math.max(extent[column] as number, own);
  }
  const centres: number[] = [];
  const gaps: number[] = [];
  let at = 0;
  for (let c = 0; c < count; c++) {
    const before = (extent[c - 1] ?? 0) / 2;
    const here = (extent[c] as number) / 2;
    const step = c === 0 ? 0 : Math.max(MIN_STEP, before + here + 12);
    // The gap sits in the middle of the free room between the two columns' labels.
    if (c > 0) gaps.push(at + before + (step - before - here) / 2);
    at += step;
    centres.push(at);
  }
  if (count > 0) gaps.push(at + (extent[count - 1] as number) / 2 + 12);
  return { centres, gaps };
}

/**
 * How far a lane reaches on each side of its line: LR has tags above and ids below a commit,
 * TB/BT ids on the left and tags on the right.
 */
export function laneReach(
  commits: readonly Commit[],
  labels: readonly CommitLabels[],
  horizontal: boolean,
): { before: number; after: number } {
  let before = COMMIT_SIZE / 2;
  let after = COMMIT_SIZE / 2;
  for (const c of commits) {
    const l = labels[c.seq] as CommitLabels;
    if (horizontal) {
      if (l.tags.length > 0) {
        before = Math.max(
          before,
          COMMIT_SIZE / 2 + LABEL_GAP + l.tags.length * (TAG_HEIGHT + TAG_GAP),
        );
      }
      if (l.label > 0) after = Math.max(after, COMMIT_SIZE / 2 + 4 + LABEL_HEIGHT);
    } else {
      if (l.label > 0) before = Math.max(before, COMMIT_SIZE / 2 + LABEL_GAP + l.label);
      const tags = l.tags.reduce((sum, w) => sum + w + TAG_GAP, 0);
      if (tags > 0) after = Math.max(after, COMMIT_SIZE / 2 + LABEL_GAP + tags);
    }
  }
  return { before: before + 4, after: after + 4 };
}
