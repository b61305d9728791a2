/**
 * Reads a Mermaid timeline: `title`, `section`, period lines (`2004 : Facebook : Google`) and
 * continuation lines (`: Google`) that add events to the period above.
 */
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { mermaidBreaks } from "../syntax.ts";
import type { TimelineModel, TimelinePeriod, TimelineSection } from "./model.ts";

/**
 * Reads a timeline. An event before any period, a colon not followed by a blank, an empty
 * event and a section name holding a colon are refused at their column.
 *
 * @example
 * parseTimeline(readMermaid("timeline\n  2004 : Facebook : Google")).periods[0]?.events; // ["Facebook", "Google"]
 */
export function parseTimeline(source: MermaidSource): TimelineModel {
  const model: TimelineModel = {
    sections: [{ periods: [] }],
    named: 0,
    periods: [],
    vertical: readHeader(source),
    notes: [...source.notes],
  };
  if (source.title !== undefined) model.title = source.title;
  let elements = 0;
  let comments = 0;
  for (const line of source.lines) {
    const hash = line.text.indexOf("#");
    if (hash === 0) {
      comments++;
      continue;
    }
    const at = hash > 0 ? { ...line, text: line.text.slice(0, hash).trimEnd() } : line;
    if (hash > 0) comments++;
    elements += readLine(at, model);
    if (elements > MAX_MERMAID_NODES) throw tooManyNodes(at);
  }
  const before = model.sections[0]?.periods.length ?? 0;
  if (model.named > 0 && before === 0) model.sections.shift();
  else if (model.named > 0) {
    model.notes.push(
      `${before} period${before > 1 ? "s" : ""} before the first section ${before > 1 ? "are" : "is"} drawn in grey without a section header (Mermaid leaves such periods out)`,
    );
  }
  if (comments > 0) {
    model.notes.push(
      `text after # is a comment in Mermaid's timelines (${comments} line${comments > 1 ? "s" : ""}) and was left out, as Mermaid leaves it out`,
    );
  }
  return model;
}

/** `timeline`, `timeline LR` or `timeline TD`: whether the periods run top to bottom. */
function readHeader(source: MermaidSource): boolean {
  const rest = source.headerRest;
  if (rest === "" || /^LR$/i.test(rest)) return false;
  if (/^TD$/i.test(rest)) return true;
  throw mermaidSyntax(source.header, "a timeline runs LR or TD", source.header.text.indexOf(rest));
}

/** Reads one statement into the model; returns how many periods and events it added. */
function readLine(at: SourceLine, model: TimelineModel): number {
  const text = at.text;
  const title = /^title\s+(.*)$/i.exec(text);
  if (title) {
    model.title = mermaidBreaks(title[1] ?? "");
    return 0;
  }
  const section = /^section\s+(.*)$/i.exec(text);
  if (section) {
    const colon = text.indexOf(":");
    if (colon >= 0) throw mermaidSyntax(at, "a section's name cannot hold a colon", colon);
    model.sections.push({ name: mermaidBreaks(section[1] ?? ""), periods: [], at });
    model.named++;
    return 0;
  }
  const colon = text.indexOf(":");
  const label = (colon < 0 ? text : text.slice(0, colon)).trim();
  const events = colon < 0 ? [] : readEvents(at, colon);
  if (label === "") {
    const period = model.periods[model.periods.length - 1];
    if (period === undefined) {
      throw mermaidSyntax(
        at,
        "an event belongs to a time period: write the period first (2004 : event)",
      );
    }
    period.events.push(...events);
    return events.length;
  }
  const period: TimelinePeriod = { label: mermaidBreaks(label), events, at };
  (model.sections[model.sections.length - 1] as TimelineSection).periods.push(period);
  model.periods.push(period);
  return 1 + events.length;
}

/**
 * The events of a line from its first colon: each starts with a colon and a blank and runs to
 * the next colon followed by a blank (a colon inside a word, as in `10:30`, is text).
 */
function readEvents(at: SourceLine, first: number): string[] {
  const text = at.text;
  const events: string[] = [];
  let start = first;
  while (start < text.length) {
    if (start + 1 < text.length && !/\s/.test(text[start + 1] as string)) {
      throw mermaidSyntax(
        at,
        "write a blank after the colon that starts an event (2004 : event)",
        start,
      );
    }
    let end = start + 1;
    while (
      end < text.length &&
      !(text[end] === ":" && (end + 1 >= text.length || /\s/.test(text[end + 1] as string)))
    )
      end++;
    const event = text.slice(start + 1, end).trim();
    if (event === "") throw mermaidSyntax(at, "an event needs text after its colon", start);
    events.push(mermaidBreaks(event));
    start = end;
  }
  return events;
}
