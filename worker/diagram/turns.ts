import type { LanguageModel, ModelMessage } from "ai";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { runTurn, type TurnAttachment, type TurnUsage } from "../agent/turn.ts";
import { diffDocuments, formatDocumentDiff } from "../drawio/diff.ts";
import type { DiagramDocument } from "../drawio/model.ts";
import { parseDiagram } from "../drawio/parse.ts";
import { isProblem, type PreparedDiagram, prepareDocument } from "./documents.ts";
import type { DiagramRow, DiagramStore } from "./store.ts";

/** Sends one Server-Sent Event. */
export type SendEvent = (event: string, data: unknown) => void;

/** What a turn needs from the diagram object. */
export interface TurnHost {
  store: DiagramStore;
  document: (row: DiagramRow) => DiagramDocument;
  xmlOf: (n: number) => string;
  /** Deletes the diagram (a new diagram whose first turn failed leaves nothing behind). */
  discard: (tenant: string) => Promise<void>;
  /** Commits the turn's result as an `agent` version; returns its number. */
  commit: (
    ready: PreparedDiagram & { tenant: string },
    message: string,
    usage: TurnUsage,
    /** A new title for the diagram, set with the version. */
    title?: string,
  ) => number;
}

/** How many earlier messages the model sees (older ones are left out). */
const HISTORY = 12;
const encoder = new TextEncoder();

/** One Server-Sent Event, encoded. */
export function encodeEvent(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * Starts {@link runDiagramTurn} with its events written to a Server-Sent Events stream. Writes
 * to a stream nobody reads any more are dropped: the turn goes on regardless. `done` settles
 * when the turn has ended and the stream is closed.
 */
export function streamTurn(
  host: TurnHost,
  args: Omit<DiagramTurnArgs, "send">,
): { stream: ReadableStream<Uint8Array>; done: Promise<void> } {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const send: SendEvent = (event, data) => {
    writer.write(encodeEvent(event, data)).catch(() => {});
  };
  const done = runDiagramTurn(host, { ...args, send }).finally(() =>
    writer.close().catch(() => {}),
  );
  return { stream: readable, done };
}

/** What {@link runDiagramTurn} needs besides its host. */
export interface DiagramTurnArgs {
  tenant: string;
  prompt: string;
  maxSteps?: number | undefined;
  attachments?: TurnAttachment[] | undefined;
  /** Let the model's proposed title replace the diagram's (a new, untitled diagram). */
  retitle?: boolean | undefined;
  /** Delete the diagram if the turn saves nothing (it was made for this turn). */
  discardOnFailure?: boolean | undefined;
  row: DiagramRow;
  model: LanguageModel;
  limits?: { totalMs: number; stepMs: number; maxRetries: number };
  signal: AbortSignal;
  send: SendEvent;
}

/**
 * Runs one agent turn for a diagram object: context (recent conversation, what a person changed
 * by hand since the agent's last version), the turn itself, then one `agent` version or nothing,
 * and the conversation recorded. Every step is sent as an event, and the turn always ends with
 * exactly one `turn.completed`: when something throws, the cause is logged, a diagram made for
 * the turn that got no version is discarded, and the event says `failed` with the cause.
 */
export async function runDiagramTurn(host: TurnHost, args: DiagramTurnArgs): Promise<void> {
  let completed = false;
  let committed: number | undefined;
  const send: SendEvent = (event, data) => {
    if (event === "turn.completed") completed = true;
    args.send(event, data);
  };
  const watched: TurnHost = {
    ...host,
    commit: (...commitArgs) => {
      committed = host.commit(...commitArgs);
      return committed;
    },
  };
  try {
    await runTurnSteps(watched, { ...args, send });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`the turn on diagram ${args.row.id} failed`, error);
    if (completed) return;
    let discarded = false;
    if (args.discardOnFailure === true && committed === undefined) {
      try {
        await host.discard(args.tenant);
        discarded = true;
      } catch (discardError) {
        console.error(`could not discard diagram ${args.row.id}`, discardError);
      }
    }
    send("error", { type: "error", message });
    send("turn.completed", {
      type: "turn.completed",
      status: committed === undefined ? "failed" : "changed",
      version: committed ?? args.row.head,
      text: `I could not finish: ${message}`,
      steps: 0,
      usage: { input: 0, output: 0, cached: 0 },
      ...(committed === undefined ? { error: message } : {}),
      ...(discarded ? { discarded: true } : {}),
    });
  }
}

async function runTurnSteps(host: TurnHost, args: DiagramTurnArgs): Promise<void> {
  const { store } = host;
  const { send } = args;
  const document = host.document(args.row);
  const history = conversation(store);
  const manualDiff = manualChanges(host, args.row.head);
  const attached = args.attachments?.length ?? 0;
  // The attachments themselves are not kept: later turns see that they were sent.
  const note = attached ? `\n\n[${attached} attachment${attached > 1 ? "s" : ""} sent]` : "";
  store.addMessage("user", `${args.prompt}${note}`, null, new Date().toISOString());
  const result = await runTurn({
    model: args.model,
    document,
    prompt: args.prompt,
    history,
    signal: args.signal,
    ...(attached ? { attachments: args.attachments } : {}),
    ...(args.limits ? { limits: args.limits } : {}),
    shapes: shapeCatalog(),
    // The first event names the diagram, for clients of POST /v1/generate.
    onEvent: (event) =>
      send(
        event.type,
        event.type === "turn.started" ? { ...event, diagram_id: args.row.id } : event,
      ),
    ...(manualDiff ? { manualDiff } : {}),
    ...(args.maxSteps === undefined ? {} : { maxSteps: args.maxSteps }),
  });
  let version: number | undefined;
  let status: string = result.status;
  let error = result.error;
  if (result.status === "changed" && result.document) {
    const ready = prepareDocument(result.document);
    if (isProblem(ready)) {
      status = "failed";
      error = ready.detail;
      send("error", { type: "error", message: error });
    } else {
      const message = summaryOf(result.text, args.prompt);
      const title = args.retitle && result.title ? result.title.slice(0, 200) : undefined;
      version = host.commit({ ...ready, tenant: args.tenant }, message, result.usage, title);
      send("version.created", {
        type: "version.created",
        version,
        message,
        title: title ?? args.row.title,
        stats: ready.stats,
      });
    }
  }
  const reply = result.text || (error ? `I could not finish: ${error}` : "No change was needed.");
  const discarded =
    args.discardOnFailure === true && version === undefined && status !== "unchanged";
  if (discarded) await host.discard(args.tenant);
  else store.addMessage("assistant", reply, version ?? null, new Date().toISOString());
  send("usage", { type: "usage", ...result.usage });
  send("turn.completed", {
    type: "turn.completed",
    status,
    version: version ?? args.row.head,
    text: reply,
    steps: result.steps,
    usage: result.usage,
    ...(error ? { error } : {}),
    ...(result.retryable ? { retryable: true } : {}),
    ...(discarded ? { discarded: true } : {}),
  });
}

/** Lines kept in the summary of older messages, and characters per line. */
const SUMMARY_LINES = 40;
const SUMMARY_LINE_CHARS = 160;

/**
 * What the model sees of the conversation: the last {@link HISTORY} messages, and before them a
 * summary of everything older. The summary is kept in the messages table and extended as
 * messages age out, so it is never rebuilt from the whole history.
 */
function conversation(store: DiagramStore): ModelMessage[] {
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

/** The diff of what a person changed since the agent's last version, if anything. */
function manualChanges(host: TurnHost, head: number): string | undefined {
  const last = host.store.lastAgentVersion();
  if (last === undefined || last >= head) return undefined;
  const text = formatDocumentDiff(
    diffDocuments(parseDiagram(host.xmlOf(last)), parseDiagram(host.xmlOf(head))),
  );
  return text.trim() === "" ? undefined : text;
}

/** A short version message: the model's closing sentence, else the request. */
function summaryOf(text: string, prompt: string): string {
  const source = text.trim() || prompt.trim();
  const sentence = source.split(/(?<=[.!?])\s/)[0] ?? source;
  return sentence.length > 200 ? `${sentence.slice(0, 197)}…` : sentence;
}
