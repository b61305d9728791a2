/**
 * Mermaid user journeys (`journey`) as editable draw.io: the journey folder's front door,
 * `convertJourney`. Placed in a row of its own (not by the layout engine).
 */
import type { WorkBudget } from "../../budget.ts";
import { placedDocument } from "../placed-page.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { journeyCells } from "./cells.ts";
import { parseJourney } from "./parse.ts";
import { placeJourney } from "./place.ts";

/**
 * Converts a user journey: the title above; a legend of the actors (a coloured dot and the
 * name each, colours handed out in sorted order as Mermaid does); a header band per section
 * over its tasks; each task as a card in the section's colour carrying a dot per actor; under
 * it, joined by a dashed connector, a round marker holding its score, as high as the score
 * (5 at the top); the journey line joining the markers in order; an arrow of time under the
 * cards.
 *
 * Counted: `nodes` are the tasks; `edges` are the connectors drawn (one from each task to its
 * score, one between consecutive scores); `counts` holds `tasks`, `sections` and `actors`.
 *
 * @example
 * const { document } = await convertJourney(readMermaid("journey\n  section Go\n    Make tea: 5: Me"), {});
 */
export async function convertJourney(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const journey = parseJourney(source);
  if (journey.tasks.length === 0 && journey.sections.length === 0 && journey.title === undefined) {
    throw mermaidSyntax(
      source.header,
      "the journey has no tasks: add one, such as Make tea: 5: Me",
    );
  }
  const notes = [...journey.notes];
  for (const task of journey.tasks) {
    if (task.score < 1 || task.score > 5) {
      notes.push(
        `${task.name}: the score ${task.score} is outside Mermaid's 1 to 5; its marker is drawn at the nearest end`,
      );
    }
  }
  if (options.direction !== undefined)
    notes.push("a user journey always runs left to right; the direction was not applied");
  if (options.theme !== undefined && options.theme !== "default") {
    notes.push(
      "the user journey is drawn in Mermaid's own journey colours; the theme was not applied",
    );
  }
  const placed = placeJourney(journey);
  const { cells, edges } = journeyCells(journey, placed);
  const title = journey.title;
  return {
    document: placedDocument(cells, placed.width, placed.height),
    notes,
    nodes: journey.tasks.length,
    edges,
    counts: {
      tasks: journey.tasks.length,
      sections: journey.sections.length,
      actors: journey.actors.length,
    },
    ...(title === undefined ? {} : { title }),
  };
}
