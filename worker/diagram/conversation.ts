/**
 * The history a turn hands the model: recent messages behind a rolling summary of older ones,
 * and a diff of what a person edited since the agent's last version.
 */
import type { ModelMessage } from "ai";
import { diffDocuments, formatDocumentDiff, parseDiagram } from "../drawio/index.ts";
import type { Usage } from "../schemas/version.ts";
import type { DiagramStore } from "./store.ts";

/** How many earlier messages the model sees (older ones are summarised). */
const HISTORY = 12;
/** Lines kept in the summary of older messages, and characters per line. */
const SUMMARY_LINES = 40;
const SUMMARY_LINE_CHARS = 160;

/**
 * Folds messages that aged out of the recent history into the running summary: the summary
 * model's job (`agent/summary-jobs.ts`), with the tokens it cost. Undefined when it failed.
 */
export type Summariser = (
  previous: string | undefined,
  aged: Array<{ role: "user" | "assistant"; content: string }>,
) => Promise<{ text: string; usage: Usage } | undefined>;

/**
 * What the model sees of a diagram's conversation: the last {@link HISTORY} messages, and
 * before them a summary of everything older. The summary is kept in the messages table and
 * extended as messages age out, so it is never rebuilt from the whole history: by the summary
 * model when one is given, else (or when it fails) by clipping each aged message to a line.
 *
 * @example
 * const { history, usage } = await conversation(store, summariser);
 */
export async function conversation(
  store: DiagramStore,
  summarise?: Summariser,
): Promise<{ history: ModelMessage[]; usage?: Usage }> {
  const recent = store.messages(undefined, HISTORY).reverse();
  const oldestRecent = recent[0]?.id;
  let summary = store.latestSummary();
  let usage: Usage | undefined;
  if (oldestRecent !== undefined) {
    const aged = store.messagesBetween(summary?.through ?? 0, oldestRecent);
    const last = aged[aged.length - 1];
    if (last) {
      const folded = summarise ? await summarise(summary?.content, aged) : undefined;
      usage = folded?.usage;
      const content = folded?.text ?? clippedSummary(summary?.content, aged);
      summary = { content, through: last.id };
      store.addSummary(summary.content, summary.through, new Date().toISOString());
    }
  }
  const earlier: ModelMessage[] = summary
    ? [
        { role: "user", content: `Summary of our earlier conversation:\n${summary.content}` },
        { role: "assistant", content: "Understood." },
      ]
    : [];
  const history = [
    ...earlier,
    ...recent.map((m): ModelMessage => ({ role: m.role, content: m.content })),
  ];
  return usage ? { history, usage } : { history };
}

/** The summary without a model: the old lines, then one clipped line per aged message. */
function clippedSummary(
  previous: string | undefined,
  aged: Array<{ role: "user" | "assistant"; content: string }>,
): string {
  return [
    ...(previous?.split("\n") ?? []),
    ...aged.map((m) => {
      const text = m.content.replace(/\s+/g, " ").trim();
      const short =
        text.length > SUMMARY_LINE_CHARS ? `${text.slice(0, SUMMARY_LINE_CHARS - 1)}…` : text;
      return `- ${m.role === "user" ? "user asked" : "you answered"}: ${short}`;
    }),
  ]
    .slice(-SUMMARY_LINES)
    .join("\n");
}

/**
 * What a person changed by hand since the agent's last version, as a text diff for the model;
 * undefined when nothing was.
 *
 * @example
 * const manualDiff = manualChanges(store, (n) => xmlOf(n), row.head);
 */
export function manualChanges(
  store: DiagramStore,
  xmlOf: (n: number) => string,
  head: number,
): string | undefined {
  const last = store.lastAgentVersion();
  if (last === undefined || last >= head) return undefined;
  const text = formatDocumentDiff(
    diffDocuments(parseDiagram(xmlOf(last)), parseDiagram(xmlOf(head))),
  );
  return text.trim() === "" ? undefined : text;
}
