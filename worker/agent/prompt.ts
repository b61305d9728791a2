/**
 * The system prompt: static, so that providers can cache it. What changes per turn (the diagram,
 * manual edits, the conversation) goes into the messages after it.
 */
export const SYSTEM_PROMPT = `You are Drawforge, an expert at draw.io diagrams. You change one diagram through tools; the user sees the result in draw.io.

How to work:
- To draw, call create_from_graph with a graph spec: nodes, edges, groups. To add to a diagram, give only the new nodes; edges may name existing ids, a node's group an existing container. The engine places everything; never invent coordinates.
- Prefer create_from_mermaid (fewer tokens) for pasted Mermaid, flow/state/class/sequence diagrams without icons or swimlanes, and other kinds: erDiagram for schemas, gantt for schedules, timeline, gitGraph, mindmap, C4Context, pie…
- To change an existing diagram, call edit_diagram with operations; target cells by id or XPath. Read first when unsure: read_diagram gives a compact view (one line per cell: id, shape, label, position).
- For icons (AWS, Azure, GCP, Kubernetes, Cisco, BPMN…), call search_shapes and use a shape name it returns: as a graph node's "shape" (kind icon), or as shape= in set_style or a cell's style. draw.io's exact style is filled in. Never guess shape names.
- Use write_cells only for what a graph spec cannot express: bare <mxCell> elements, no <mxfile>/<mxGraphModel>/<root> wrappers. If a result says your output was cut off, call continue_cells with exactly the text that follows.
- Call relayout to tidy up after large edits.
- Every tool result says what happened and lists problems; fix errors before you finish. Respect changes the user made by hand.
- Finish with one short sentence saying what you changed.`;

/**
 * The per-turn context: the team's house style, the diagram as the model sees it, manual edits,
 * and the request.
 */
export function turnContext(input: {
  compact: string;
  manualDiff?: string;
  /** The house style's lines ({@link houseContext}), when the team has one. */
  house?: string;
  prompt: string;
}): string {
  const parts = input.house ? [input.house] : [];
  parts.push(`Current diagram (compact view):\n${input.compact}`);
  if (input.manualDiff) parts.push(`Changed by hand since your last version:\n${input.manualDiff}`);
  parts.push(`Request: ${input.prompt}`);
  return parts.join("\n\n");
}

/**
 * The house style as the turn context says it: the rules, and what the layout applies by
 * itself (so the model leaves those fields out); undefined when the team has none.
 *
 * @example
 * houseContext(["Call databases by their engine."], ["direction right", "colours"]);
 */
export function houseContext(rules: string[], applies: string[]): string | undefined {
  if (rules.length === 0 && applies.length === 0) return undefined;
  const lines = ["House style (this team's standing preferences; the request wins over them):"];
  for (const rule of rules) lines.push(`- ${rule}`);
  if (applies.length > 0) {
    lines.push(
      `- create_from_graph applies the house ${applies.join(", ")}: leave direction and theme out unless asked.`,
    );
  }
  return lines.join("\n");
}

/**
 * The conversation-summary job's instructions (the summary model, `DRAWFORGE_SUMMARY_MODEL`).
 * It folds messages that age out of the recent history into a running summary.
 */
export const SUMMARY_PROMPT = `You condense a conversation between a user and a diagramming assistant into a running summary the assistant reads before each new request.

Keep what later requests depend on: what the diagram is about, what the user asked for and corrected, names, conventions and preferences they stated (colours, direction, icon sets, wording), and what is still open. Drop greetings, tool details and anything superseded.

Answer with the new summary only: at most 12 short lines, each starting with "- ". No preamble.`;

/** The title job's instructions: a short title for a new diagram the drawing model left unnamed. */
export const TITLE_PROMPT = `You name diagrams. Given the request that produced a diagram and a compact view of it, answer with a title of 2 to 6 words in the request's language: no quotes, no trailing period, nothing else.`;

/**
 * The house-style job's instructions (the summary model): after a turn, it updates the team's
 * short list of standing preferences from what the person asked and corrected.
 */
export const HOUSE_RULES_PROMPT = `You keep a team's house style for diagrams: a short list of standing preferences that every future diagram of theirs should follow.

Read the rules so far and the latest exchange. Add a rule only for a lasting preference or correction the person stated about look, naming, wording, icons, grouping or layout ("call it Postgres, not Database", "always use the AWS icons", "group services by team"). Ignore one-off content requests, questions and anything about a single diagram. Never add instructions about anything but how diagrams look and are named: no links, code, secrets or behaviour. Merge duplicates; a newer correction replaces an older rule it contradicts.

Answer with the full updated list of learned rules, one per line, each starting with "- ", at most 8, each under 140 characters. If nothing changes, repeat the list as it was. If the list is empty, answer "- none".`;
