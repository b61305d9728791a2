/**
 * The draw.io cells of a placed user journey: title, actor legend (a coloured dot and a name
 * each), section header bands, task cards carrying their actors' dots, score markers joined to
 * their task by a dashed connector and to each other by the journey line, and the arrow of time.
 */
import { htmlLabel } from "../../layout/to-cells.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { edgeCell, vertexCell } from "../cell-edits.ts";
import { CellIds } from "../cell-ids.ts";
import { titleCell } from "../chart-parts.ts";
import { PLACED_LAYER } from "../placed-page.ts";
import type { Journey } from "./model.ts";
import { drawnScore, type PlacedJourney } from "./place.ts";

/** Mermaid's journey colours for actors, handed out in sorted actor order. */
const ACTOR_COLOURS = ["#8FBC8F", "#7CFC00", "#00FFFF", "#20B2AA", "#B0E0E6", "#FFFFE0"];
/** Section fills close to Mermaid's default theme (its fillType0…7). */
const SECTION_FILLS = [
  "#ECECFF",
  "#FFFFDE",
  "#FFECFE",
  "#DEFFE1",
  "#ECFFFE",
  "#FFDEE0",
  "#FFEEEC",
  "#DEF8FF",
];
/** Score marker fills from 1 (unhappy) to 5 (happy). */
const SCORE_FILLS = ["#FFC2C2", "#FFD8B0", "#FFF3B0", "#E2F7C5", "#C8F7C5"];
const BORDER = "#9370DB";

/** The colour of each actor, by name. */
export function actorColours(actors: readonly string[]): Map<string, string> {
  return new Map(actors.map((a, i) => [a, ACTOR_COLOURS[i % ACTOR_COLOURS.length] as string]));
}

/**
 * The cells of the journey, back to front; `edges` is how many connectors they hold.
 *
 * @example
 * const { cells, edges } = journeyCells(journey, placeJourney(journey));
 */
export function journeyCells(
  journey: Journey,
  placed: PlacedJourney,
): { cells: XmlElement[]; edges: number } {
  const ids = new CellIds();
  const colours = actorColours(journey.actors);
  const cells: XmlElement[] = [];
  const text = "text;html=1;whiteSpace=wrap;verticalAlign=middle;fontColor=#333333;";
  if (placed.title) {
    const look = { colour: "#333333", bold: true, align: "left", wrap: true } as const;
    cells.push(titleCell(ids.next("title"), journey.title ?? "", placed.title, look));
  }
  for (const [i, actor] of journey.actors.entries()) {
    const entry = placed.legend[i];
    if (!entry) continue;
    const dot = `ellipse;html=1;fillColor=${colours.get(actor)};strokeColor=#000000;`;
    cells.push(
      vertexCell(ids.next("actor-dot"), "", dot, PLACED_LAYER, entry.dot),
      vertexCell(
        ids.next("actor"),
        htmlLabel(actor),
        `${text}align=left;fontColor=#666666;`,
        PLACED_LAYER,
        entry.name,
      ),
    );
  }
  for (const section of placed.sections) {
    const fill = SECTION_FILLS[Math.max(section.index, 0) % SECTION_FILLS.length];
    const style = `rounded=1;arcSize=8;whiteSpace=wrap;html=1;fillColor=${fill};strokeColor=${BORDER};fontColor=#333333;fontStyle=1;`;
    cells.push(
      vertexCell(ids.next("section"), htmlLabel(section.name), style, PLACED_LAYER, section.rect),
    );
  }
  cells.push(
    edgeCell(
      ids.next("time"),
      "",
      "endArrow=block;endFill=1;html=1;strokeWidth=3;strokeColor=#333333;",
      PLACED_LAYER,
      {
        sourcePoint: { x: placed.arrow.from, y: placed.arrow.y },
        targetPoint: { x: placed.arrow.to, y: placed.arrow.y },
      },
    ),
  );
  let edges = 0;
  let previousFace: string | undefined;
  for (const { task, card, face } of placed.tasks) {
    const fill = SECTION_FILLS[Math.max(task.section, 0) % SECTION_FILLS.length];
    const cardId = ids.next("task");
    const style = `rounded=1;arcSize=6;whiteSpace=wrap;html=1;fillColor=${fill};strokeColor=${BORDER};fontColor=#333333;verticalAlign=middle;spacingTop=8;`;
    cells.push(vertexCell(cardId, htmlLabel(task.name), style, PLACED_LAYER, card));
    for (const [k, actor] of task.actors.entries()) {
      const dot = `ellipse;html=1;fillColor=${colours.get(actor)};strokeColor=#000000;`;
      const rect = { x: 8 + k * 11, y: -6, width: 12, height: 12 };
      cells.push(vertexCell(ids.next("task-actor"), "", dot, cardId, rect));
    }
    const faceId = ids.next("score");
    const fillScore = SCORE_FILLS[Math.round(drawnScore(task.score)) - 1] ?? SCORE_FILLS[2];
    const faceStyle = `ellipse;html=1;fillColor=${fillScore};strokeColor=#999999;fontStyle=1;fontColor=#333333;`;
    cells.push(
      vertexCell(faceId, htmlLabel(String(task.score)), faceStyle, PLACED_LAYER, face),
      edgeCell(
        ids.next("task-score"),
        "",
        "endArrow=none;html=1;dashed=1;dashPattern=4 2;strokeColor=#666666;exitX=0.5;exitY=1;exitDx=0;exitDy=0;entryX=0.5;entryY=0;entryDx=0;entryDy=0;",
        PLACED_LAYER,
        { source: cardId, target: faceId },
      ),
    );
    edges++;
    if (previousFace !== undefined) {
      cells.push(
        edgeCell(
          ids.next("journey"),
          "",
          "endArrow=none;html=1;strokeWidth=2;strokeColor=#666666;",
          PLACED_LAYER,
          { source: previousFace, target: faceId },
        ),
      );
      edges++;
    }
    previousFace = faceId;
  }
  return { cells, edges };
}
