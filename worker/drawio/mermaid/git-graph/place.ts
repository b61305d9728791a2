/**
 * Places a git graph: a lane per branch in Mermaid's order, commits along it in Mermaid's
 * order, tags beside their commits and the routes of the connectors, first on a time axis and
 * a lane axis, then turned into page coordinates for LR, TB or BT.
 */
import type { Point, Rect } from "../../model/cell.ts";
import {
  COMMIT_SIZE,
  type CommitLabels,
  columnCentres,
  commitColumns,
  commitLabels,
  LABEL_GAP,
  laneReach,
  TAG_GAP,
  TAG_HEIGHT,
} from "./columns.ts";
import type { Branch, Commit, GitModel } from "./model.ts";
import { type Lane, routeBetween } from "./routes.ts";

/** One connector: from a parent to its child, and the points it turns at. */
export interface PlacedRoute {
  from: number;
  to: number;
  /** "parent" joins a branch's commits and starts branches, "merge" a merged head, "pick" a picked commit. */
  kind: "parent" | "merge" | "pick";
  points: Point[];
}

/** A placed lane: its branch, its colour index and its rectangle (the line runs along its middle). */
export interface PlacedLane {
  branch: Branch;
  colour: number;
  rect: Rect;
}

/** A placed git graph in page coordinates (top left at 0, 0). */
export interface Placement {
  lanes: PlacedLane[];
  /** Each commit's lane index and rectangle. */
  commits: { lane: number; rect: Rect }[];
  /** Each commit's tag rectangles, in its tag order. */
  tags: Rect[][];
  routes: PlacedRoute[];
  labels: CommitLabels[];
  width: number;
  height: number;
}

/** Where a lane starts and ends on the time axis, beyond its first and last commit. */
const LANE_MARGIN = 30;
/** Room between two lanes' bands, where reroutes run. */
const LANE_GAP = 16;
/** The room the branch name takes before a lane (LR: its width is measured per branch). */
export const BRANCH_LABEL_HEIGHT = 22;

/**
 * Places a git graph (see the file header). `branchLabel` is the width each branch's name box
 * needs (0 when branches are not shown).
 */
export function placeGitGraph(
  model: GitModel,
  options: { showCommitLabel: boolean; parallel: boolean; branchLabel: (b: Branch) => number },
): Placement {
  const horizontal = model.orientation === "LR";
  const labels = commitLabels(model, options.showCommitLabel);
  const columns = commitColumns(model, options.parallel);
  const { centres, gaps } = columnCentres(columns, labels, horizontal);
  const laneOf = new Map(model.branches.map((b, i) => [b.name, i]));
  const lanes = laneBands(model, labels, columns, laneOf, horizontal);
  const first = (centres[0] ?? 0) - LANE_MARGIN;
  const last = (centres[centres.length - 1] ?? 0) + LANE_MARGIN;
  const map = mapper(model.orientation);
  const abstract = {
    lanes: lanes.map((l) => map.rect(first, last, l.from, l.to)),
    commits: model.commits.map((c) => {
      const a = centres[columns[c.seq] as number] as number;
      const line = (lanes[laneOf.get(c.branch) ?? 0] as Lane).line;
      return map.rect(
        a - COMMIT_SIZE / 2,
        a + COMMIT_SIZE / 2,
        line - COMMIT_SIZE / 2,
        line + COMMIT_SIZE / 2,
      );
    }),
    tags: model.commits.map((c) =>
      tagRects(
        c,
        labels,
        centres[columns[c.seq] as number] as number,
        (lanes[laneOf.get(c.branch) ?? 0] as Lane).line,
        horizontal,
        map,
      ),
    ),
    routes: routes(model, columns, gaps, lanes, laneOf).map((r) => ({
      ...r,
      points: r.points.map((p) => map.point(p.x, p.y)),
    })),
  };
  // Room for the branch names before the lanes.
  const extra = model.branches.map((b, i) =>
    withName(abstract.lanes[i] as Rect, options.branchLabel(b), model.orientation),
  );
  const all = [...extra, ...abstract.commits, ...abstract.tags.flat()];
  const minX = Math.min(...all.map((r) => r.x));
  const minY = Math.min(...all.map((r) => r.y));
  const maxX = Math.max(...all.map((r) => r.x + r.width));
  const maxY = Math.max(...all.map((r) => r.y + r.height));
  const shift = (r: Rect): Rect => ({ ...r, x: r.x - minX, y: r.y - minY });
  return {
    lanes: model.branches.map((branch, i) => ({
      branch,
      colour: i,
      rect: shift(abstract.lanes[i] as Rect),
    })),
    commits: model.commits.map((c, i) => ({
      lane: laneOf.get(c.branch) ?? 0,
      rect: shift(abstract.commits[i] as Rect),
    })),
    tags: abstract.tags.map((list) => list.map(shift)),
    routes: abstract.routes.map((r) => ({
      ...r,
      points: r.points.map((p) => ({ x: p.x - minX, y: p.y - minY })),
    })),
    labels,
    width: maxX - minX,
    height: maxY - minY,
  };
}

/** Each lane's band on the lane axis, one after the other: as thick as its commits' tags and ids need. */
function laneBands(
  model: GitModel,
  labels: readonly CommitLabels[],
  columns: readonly number[],
  laneOf: ReadonlyMap<string, number>,
  horizontal: boolean,
): Lane[] {
  const byLane: Commit[][] = model.branches.map(() => []);
  for (const c of model.commits) byLane[laneOf.get(c.branch) ?? 0]?.push(c);
  const lanes: Lane[] = [];
  let across = 0;
  for (const commits of byLane) {
    const reach = laneReach(commits, labels, horizontal);
    const line = across + reach.before;
    const columnsTaken = new Set(commits.map((c) => columns[c.seq] as number));
    lanes.push({ line, from: across, to: line + reach.after, columns: columnsTaken });
    across = line + reach.after + LANE_GAP;
  }
  return lanes;
}

/** A lane's rectangle grown by the room its name box takes before it (LR: left, TB: above, BT: below). */
function withName(rect: Rect, width: number, orientation: GitModel["orientation"]): Rect {
  if (width === 0) return rect;
  const room = BRANCH_LABEL_HEIGHT + 4;
  if (orientation === "LR")
    return { ...rect, x: rect.x - width - 8, width: rect.width + width + 8 };
  if (orientation === "TB") return { ...rect, y: rect.y - room, height: rect.height + room };
  return { ...rect, height: rect.height + room };
}

/** Turns time-axis (a) and lane-axis (c) coordinates into page coordinates. */
interface Mapper {
  point: (a: number, c: number) => Point;
  rect: (a0: number, a1: number, c0: number, c1: number) => Rect;
}

function mapper(orientation: GitModel["orientation"]): Mapper {
  if (orientation === "LR") {
    return {
      point: (a, c) => ({ x: a, y: c }),
      rect: (a0, a1, c0, c1) => ({ x: a0, y: c0, width: a1 - a0, height: c1 - c0 }),
    };
  }
  if (orientation === "TB") {
    return {
      point: (a, c) => ({ x: c, y: a }),
      rect: (a0, a1, c0, c1) => ({ x: c0, y: a0, width: c1 - c0, height: a1 - a0 }),
    };
  }
  return {
    point: (a, c) => ({ x: c, y: -a }),
    rect: (a0, a1, c0, c1) => ({ x: c0, y: -a1, width: c1 - c0, height: a1 - a0 }),
  };
}

/** A commit's tags: LR stacked above it, TB/BT in a row on its right. */
function tagRects(
  c: Commit,
  labels: readonly CommitLabels[],
  a: number,
  line: number,
  horizontal: boolean,
  map: Mapper,
): Rect[] {
  const widths = (labels[c.seq] as CommitLabels).tags;
  let offset = COMMIT_SIZE / 2 + LABEL_GAP;
  return widths.map((w) => {
    if (horizontal) {
      const bottom = line - offset;
      offset += TAG_HEIGHT + TAG_GAP;
      return map.rect(a - w / 2, a + w / 2, bottom - TAG_HEIGHT, bottom);
    }
    const start = line + offset;
    offset += w + TAG_GAP;
    return map.rect(a - TAG_HEIGHT / 2, a + TAG_HEIGHT / 2, start, start + w);
  });
}

/** Every parent-to-child connector with its route on the two axes (x = time, y = lane). */
function routes(
  model: GitModel,
  columns: readonly number[],
  gaps: readonly number[],
  lanes: readonly Lane[],
  laneOf: ReadonlyMap<string, number>,
): PlacedRoute[] {
  const out: PlacedRoute[] = [];
  for (const child of model.commits) {
    for (const [k, parent] of child.parents.entries()) {
      const from = model.commits[parent] as Commit;
      const kind = k === 0 ? "parent" : child.kind === "cherryPick" ? "pick" : "merge";
      const points = routeBetween(
        { column: columns[parent] as number, lane: laneOf.get(from.branch) ?? 0 },
        { column: columns[child.seq] as number, lane: laneOf.get(child.branch) ?? 0 },
        kind === "parent",
        { gaps, lanes },
      );
      out.push({ from: parent, to: child.seq, kind, points });
    }
  }
  return out;
}
