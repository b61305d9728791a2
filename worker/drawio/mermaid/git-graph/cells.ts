/**
 * The draw.io cells of a placed git graph: a lane per branch (a dashed line that holds its
 * commits, its name in a box of the branch's colour), commits drawn with Mermaid's symbols and
 * their ids as labels, tags beside them, and connectors between commits as real edges.
 */
import type { Rect } from "../../model/cell.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { GitPalette } from "./colours.ts";
import { showsId } from "./columns.ts";
import type { Commit, GitModel } from "./model.ts";
import type { PlacedLane, Placement } from "./place.ts";

/** What the cells are drawn with. */
export interface Drawing {
  palette: GitPalette;
  showBranches: boolean;
  showCommitLabel: boolean;
  /** Where the placement's top left goes on the page. */
  dx: number;
  dy: number;
}

/**
 * The cells of a placed git graph, lanes (with their commits and tags inside) first, then the
 * connectors over them.
 *
 * @example
 * const cells = gitGraphCells(model, placement, { palette, showBranches: true, showCommitLabel: true, dx: 20, dy: 20 });
 */
export function gitGraphCells(
  model: GitModel,
  placement: Placement,
  drawing: Drawing,
): XmlElement[] {
  const ids = new CellIds();
  const laneIds = placement.lanes.map((l) => ids.claim(`branch-${l.branch.name}`));
  const commitIds = model.commits.map((c) => ids.claim(c.id));
  const cells: XmlElement[] = [];
  for (const [i, lane] of placement.lanes.entries()) {
    const rect = moved(lane.rect, drawing);
    cells.push(
      vertexCell(
        laneIds[i] as string,
        drawing.showBranches ? lane.branch.name : "",
        laneStyle(lane, model.orientation, drawing),
        PLACED_LAYER,
        rect,
      ),
    );
  }
  for (const [i, commit] of model.commits.entries()) {
    const place = placement.commits[i] as Placement["commits"][number];
    const lane = placement.lanes[place.lane] as PlacedLane;
    const parent = laneIds[place.lane] as string;
    const inLane = (r: Rect): Rect => ({ ...r, x: r.x - lane.rect.x, y: r.y - lane.rect.y });
    const label = showsId(commit, drawing.showCommitLabel) ? commit.id : "";
    cells.push(
      vertexCell(
        commitIds[i] as string,
        label,
        commitStyle(commit, lane.colour, model.orientation, drawing.palette),
        parent,
        inLane(place.rect),
      ),
    );
    for (const [k, tag] of commit.tags.entries()) {
      const r = (placement.tags[i] as Rect[])[k] as Rect;
      cells.push(
        vertexCell(
          ids.next(`${commitIds[i]}-tag`),
          tag,
          tagStyle(drawing.palette),
          parent,
          inLane(r),
        ),
      );
    }
  }
  for (const route of placement.routes) {
    const from = model.commits[route.from] as Commit;
    const to = model.commits[route.to] as Commit;
    const colourOf = route.kind === "parent" ? to : from;
    const colour =
      placement.lanes[(placement.commits[colourOf.seq] as Placement["commits"][number]).lane]
        ?.colour ?? 0;
    const style = [
      "endArrow=none;html=1;rounded=1;arcSize=20;jumpStyle=none;",
      `strokeColor=${drawing.palette.branch(colour)};strokeWidth=6;`,
      route.kind === "pick" ? "dashed=1;dashPattern=6 4;" : "",
    ].join("");
    cells.push(
      edgeCell(
        ids.next(route.kind === "pick" ? "pick" : route.kind === "merge" ? "merge" : "link"),
        "",
        style,
        PLACED_LAYER,
        {
          source: commitIds[route.from] as string,
          target: commitIds[route.to] as string,
          points: route.points.map((p) => ({ x: p.x + drawing.dx, y: p.y + drawing.dy })),
        },
      ),
    );
  }
  return cells;
}

function moved(r: Rect, d: Drawing): Rect {
  return { ...r, x: r.x + d.dx, y: r.y + d.dy };
}

/** A lane: the branch's dashed line along its middle, its name in a coloured box before it. */
function laneStyle(lane: PlacedLane, orientation: GitModel["orientation"], d: Drawing): string {
  const p = d.palette;
  const line = d.showBranches ? `strokeColor=${p.lane};` : "strokeColor=none;";
  const name =
    orientation === "LR"
      ? "labelPosition=left;verticalLabelPosition=middle;align=right;verticalAlign=middle;spacingRight=10;"
      : orientation === "TB"
        ? "direction=south;labelPosition=center;verticalLabelPosition=top;align=center;verticalAlign=bottom;spacingBottom=6;"
        : "direction=south;labelPosition=center;verticalLabelPosition=bottom;align=center;verticalAlign=top;spacingTop=6;";
  return [
    "shape=line;html=1;container=1;collapsible=0;recursiveResize=0;fillColor=none;dashed=1;dashPattern=2 2;strokeWidth=1;",
    line,
    name,
    `fontSize=12;fontColor=${p.branchText(lane.colour)};labelBackgroundColor=${p.branch(lane.colour)};labelBorderColor=${p.branch(lane.colour)};`,
  ].join("");
}

/** A commit with Mermaid's symbol: circle, crossed circle, highlighted square, ringed merge, picked. */
function commitStyle(
  c: Commit,
  colour: number,
  orientation: GitModel["orientation"],
  p: GitPalette,
): string {
  const label =
    orientation === "LR"
      ? "verticalLabelPosition=bottom;verticalAlign=top;labelPosition=center;align=center;spacingTop=2;"
      : "labelPosition=left;verticalLabelPosition=middle;align=right;verticalAlign=middle;spacingRight=4;";
  const text = `html=1;fontSize=10;fontColor=${p.text};labelBackgroundColor=${p.labelBackground};`;
  const fill = p.branch(colour);
  const symbol =
    c.symbol === "highlight"
      ? `rounded=0;fillColor=${fill};strokeColor=${p.inverse(colour)};strokeWidth=4;`
      : c.symbol === "reverse"
        ? `shape=sumEllipse;perimeter=ellipsePerimeter;fillColor=${fill};strokeColor=${p.inner};strokeWidth=2;`
        : c.symbol === "merge"
          ? `ellipse;fillColor=${p.inner};strokeColor=${fill};strokeWidth=4;`
          : c.symbol === "cherryPick"
            ? `ellipse;fillColor=${p.pickFill};strokeColor=${fill};strokeWidth=2;`
            : `ellipse;fillColor=${fill};strokeColor=${fill};`;
  return `${symbol}${label}${text}`;
}

function tagStyle(p: GitPalette): string {
  return `rounded=1;arcSize=20;html=1;whiteSpace=nowrap;fontSize=10;fillColor=${p.tagFill};strokeColor=${p.tagStroke};fontColor=${p.text};`;
}
