/**
 * The history a turn hands the model: recent messages behind a rolling summary of older ones,
 * and a diff of what a person edited since the agent's last version.
 */
import type { ModelMessage } from "ai";
import { diffDocuments, formatDocumentDiff, parseDiagram } from "../drawio/index.ts";
import type { DiagramStore } from "./store.ts";

/** How many earlier messages the model sees (older ones are summarised). */
const HISTORY = 12;
/** Lines kept in the summary of older messages, and characters per line. */
const SUMMARY_LINES = 40;
const SUMMARY_LINE_CHARS = 160;

/**
 * What the model sees of a diagram's conversation: the last {@link HISTORY} messages, and
 * before them a summary of everything older. The summary is kept in the messages table and
 * extended as messages age out, so it is never rebuilt from the whole history.
 *
 * @example
 * const history = conversation(store);
 */
export function conversation(store: DiagramStore): ModelMessage[] {
  const recent = store.messages(undefined, HISTORY).reverse();
  const oldestRecent = recent[0]?.id;
  let summary = store.latestSummary();
  if (oldestRecent !== undefined) {
    const aged = store.messagesBetween(summary?.through ?? 0, oldestRecent);
    const last = aged[aged.length - 1];
    if (last) {
      const lines = [
        ...(summary?.content.split("\n") ?? []),
        ...aged.map((m) => {
          const text = m.content.replace(/\s+/g, " ").trim();
          const short =
            text.length > SUMMARY_LINE_CHARS ? `${text.slice(0, SUMMARY_LINE_CHARS - 1)}…` : text;
          return `- ${m.role === "user" ? "user asked" : "you answered"}: ${short}`;
        }),
      ].slice(-SUMMARY_LINES);
      summary = { content: lines.join("\n"), through: last.id };
      store.addSummary(summary.content, summary.through, new Date().toISOString());
    }
  }
  const earlier: ModelMessage[] = summary
    ? [
        { role: "user", content: `Summary of our earlier conversation:\n${summary.content}` },
        { role: "assistant", content: "Understood." },
      ]
    : [];
  return [...earlier, ...recent.map((m): ModelMessage => ({ role: m.role, content: m.content }))];
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
