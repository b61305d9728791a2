/**
 * Reads a user journey's statements: `title`, `section` and task lines
 * (`name: score: actor, actor`). A line that is none of these is refused with its position.
 */
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import type { Journey } from "./model.ts";

/**
 * Reads the journey.
 *
 * @example
 * parseJourney(readMermaid("journey\n  section Go\n    Make tea: 5: Me")).tasks[0].score; // 5
 */
export function parseJourney(source: MermaidSource): Journey {
  const journey: Journey = { sections: [], tasks: [], actors: [], notes: [] };
  const actors = new Set<string>();
  for (const at of source.lines) {
    const text = at.text.replace(/[#;].*$/, "").trimEnd();
    const title = /^title\s+(.+)$/i.exec(text);
    if (title) {
      journey.title = (title[1] ?? "").trim();
      continue;
    }
    const section = /^section\s+([^:]+)$/i.exec(text);
    if (section) {
      journey.sections.push({ name: (section[1] ?? "").trim(), at });
      continue;
    }
    if (journey.tasks.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    const task = readTask(text, at, journey.sections.length - 1);
    for (const actor of task.actors) actors.add(actor);
    journey.tasks.push(task);
  }
  journey.actors = [...actors].sort();
  return journey;
}

function readTask(text: string, at: SourceLine, section: number): Journey["tasks"][number] {
  const colon = text.indexOf(":");
  if (colon < 0) {
    throw mermaidSyntax(
      at,
      `"${at.text}" is not a journey statement: write a task as name: score: actors (Make tea: 5: Me)`,
    );
  }
  const name = text.slice(0, colon).trim();
  if (name === "") throw mermaidSyntax(at, "a task needs a name before its colon");
  const [scoreText = "", actorText] = text.slice(colon + 1).split(":");
  const score = Number(scoreText.trim());
  if (scoreText.trim() === "" || !Number.isFinite(score)) {
    const column = colon + 1 + (scoreText.length - scoreText.trimStart().length);
    throw mermaidSyntax(at, "a task's score is a number from 1 to 5 (Make tea: 5: Me)", column);
  }
  const actors = (actorText ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
  return { name, at, score, actors, section };
}
