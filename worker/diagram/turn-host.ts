/**
 * Hosts one agent turn for a diagram object: picks the model and loads the agent stack on
 * demand, runs the loop, commits one version or none, and ends with the turn's last event.
 */
import type { LanguageModel } from "ai";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { type AgentLoopResult, runAgentLoop } from "../agent/loop.ts";
import { type ResolvedModel, resolveModel, turnLimits } from "../agent/model.ts";
import { attachmentNeeds, type ModelSettings } from "../agent/model-settings.ts";
import { addUsage } from "../agent/usage.ts";
import type { DiagramDocument } from "../drawio/index.ts";
import type { Attachment, TurnCompletedEvent, TurnEvent } from "../schemas/agent.ts";
import type { Finding } from "../schemas/diagram.ts";
import type { Usage } from "../schemas/version.ts";
import type { DiagramLinks } from "./client.ts";
import { conversation, manualChanges } from "./conversation.ts";
import { isProblem, type PreparedDiagram, prepareDocument } from "./documents.ts";
import { modelProblem } from "./problems.ts";
import type { DiagramRow, DiagramStore } from "./store.ts";
import {
  type HouseAccess,
  houseMemory,
  learnHouseRules,
  summariserFor,
  titleOf,
} from "./turn-jobs.ts";
import { replyOf, summaryOf } from "./turn-reply.ts";

/** The diagram's head as a turn's JSON answer carries it. */
export interface TurnHead {
  version: number;
  title: string;
  xml: string;
  findings: Finding[];
}

/** How a turn ended, for callers that wait for it ({@link DiagramObject.runTurn}). */
export interface TurnAnswer {
  completed: TurnCompletedEvent;
  /** The model the turn ran on. */
  model: string;
  /** Set when the turn ended `changed` or `unchanged`. */
  head?: TurnHead;
}

// Everything in this module runs inside the diagram object. The Worker side of a turn is the
// `converse` (events) and `runTurn` (result) RPC methods of DiagramObject; the model loop itself
// is `agent/loop.ts`.

/**
 * Hears a turn's events as they happen, as objects: an in-process caller that waits for the
 * result (the MCP server) passes one to {@link DiagramObject.runTurn} over RPC.
 */
export type TurnListener = (event: TurnEvent) => unknown;

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
    usage: Usage,
    /** A new title for the diagram, set with the version. */
    title?: string,
  ) => number;
  /**
   * Where the diagram opens once the turn has ended, for the last event (absent when the
   * caller gave no origin to make links for).
   */
  links?: (() => Promise<DiagramLinks>) | undefined;
  /** The tenant's house style, when the turn uses it (not with `"style": "none"`). */
  house?: HouseAccess | undefined;
}

/** The model a turn runs on, with its limits and the loop that drives it. */
export interface TurnEngine {
  model: LanguageModel;
  /** The model's name, `provider:model`. */
  name: string;
  /** Its temperature or reasoning effort, and where its provider caches the system prompt. */
  call?: ResolvedModel["call"];
  cacheMark?: ResolvedModel["cacheMark"];
  /** The model for conversation summaries and titles (`DRAWFORGE_SUMMARY_MODEL`). */
  summary?: ResolvedModel;
  limits?: { totalMs: number; stepMs: number; maxRetries: number };
  loop: typeof runAgentLoop;
}

/**
 * Chooses the model for a turn (the one place a turn's model is chosen) and hands the agent
 * loop with it. Throws the model's problem (503 not configured, 422 not allowed or not able to
 * see images) before anything has started. The agent stack is imported with the module, not on
 * a diagram's first turn: objects of one isolate that awaited one pending import shared an I/O
 * object across Durable Objects, which workerd refuses (a batch's 50 first turns at once), and
 * a bundled Worker parses the stack at startup either way.
 *
 * @example
 * const engine = await turnEngine(env, { model: args.model, attachments: args.attachments });
 */
export async function turnEngine(
  settings: ModelSettings,
  wanted: {
    model?: string | undefined;
    attachments?: Attachment[] | undefined;
    retries?: number | undefined;
  },
): Promise<TurnEngine> {
  let chosen: ResolvedModel;
  let summary: ResolvedModel;
  try {
    chosen = resolveModel(settings, wanted.model, attachmentNeeds(wanted.attachments));
    summary = resolveModel(settings, undefined, {}, "summary");
  } catch (error) {
    throw modelProblem(error);
  }
  const limits = turnLimits(settings);
  return {
    model: chosen.model,
    name: chosen.name,
    call: chosen.call,
    cacheMark: chosen.cacheMark,
    summary,
    limits: wanted.retries === undefined ? limits : { ...limits, maxRetries: wanted.retries },
    loop: runAgentLoop,
  };
}

/** What {@link runHostedTurn} needs besides its host and engine. */
export interface HostedTurnArgs {
  tenant: string;
  prompt: string;
  maxSteps?: number | undefined;
  attachments?: Attachment[] | undefined;
  /** Let the model's proposed title replace the diagram's (a new, untitled diagram). */
  retitle?: boolean | undefined;
  /**
   * Delete the diagram if the turn saves nothing (it was made for this turn): failed,
   * cancelled, or the model drew nothing.
   */
  discardOnFailure?: boolean | undefined;
  row: DiagramRow;
  signal: AbortSignal;
}

/** How a hosted turn ended: its last event, and the findings of the version it saved. */
export interface HostedTurnEnd {
  completed: TurnCompletedEvent;
  /** Set when the turn saved a version: that version's findings (warnings only). */
  findings?: Finding[];
}

/**
 * Runs one agent turn for a diagram object: context (recent conversation, what a person changed
 * by hand since the agent's last version), the model loop, then one `agent` version or nothing,
 * and the conversation recorded. Every step is emitted as a {@link TurnEvent}, and the turn
 * always ends with exactly one `turn.completed` (also the value it resolves to; it never
 * rejects): when something throws, the cause is logged, a diagram made for the turn that got no
 * version is discarded, and the event says `failed` with the cause.
 *
 * @example
 * const { completed } = await runHostedTurn(host, engine, { tenant, prompt, row, signal }, emit);
 */
export async function runHostedTurn(
  host: TurnHost,
  engine: TurnEngine,
  args: HostedTurnArgs,
  emit: (event: TurnEvent) => void,
): Promise<HostedTurnEnd> {
  let committed: number | undefined;
  const watched: TurnHost = {
    ...host,
    commit: (...commitArgs) => {
      committed = host.commit(...commitArgs);
      return committed;
    },
  };
  let end: HostedTurnEnd;
  try {
    end = await runTurnSteps(watched, engine, args, emit);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`the turn on diagram ${args.row.id} failed`, error);
    let discarded = false;
    if (args.discardOnFailure === true && committed === undefined) {
      try {
        await host.discard(args.tenant);
        discarded = true;
      } catch (discardError) {
        console.error(`could not discard diagram ${args.row.id}`, discardError);
      }
    }
    emit({ type: "error", message });
    end = {
      completed: {
        type: "turn.completed",
        status: committed === undefined ? "failed" : "changed",
        version: committed ?? args.row.head,
        text: `I could not finish: ${message}`,
        steps: 0,
        usage: { input: 0, output: 0, cached: 0 },
        ...(committed === undefined ? { error: message } : {}),
        ...(discarded ? { discarded: true } : {}),
      },
    };
  }
  const links = await linksAfter(host, end.completed);
  if (links) end = { ...end, completed: { ...end.completed, links } };
  emit(end.completed);
  return end;
}

/**
 * The links of a diagram the turn kept (ended `changed` or `unchanged`), as the JSON answer
 * gives them; none when it was not kept, or when they cannot be made (logged: the turn's end
 * must still be told).
 */
async function linksAfter(
  host: TurnHost,
  completed: TurnCompletedEvent,
): Promise<DiagramLinks | undefined> {
  const kept = completed.status === "changed" || completed.status === "unchanged";
  if (!host.links || !kept || completed.discarded) return undefined;
  try {
    return await host.links();
  } catch (error) {
    console.error("could not make the links of a turn's diagram", error);
    return undefined;
  }
}

async function runTurnSteps(
  host: TurnHost,
  engine: TurnEngine,
  args: HostedTurnArgs,
  emit: (event: TurnEvent) => void,
): Promise<HostedTurnEnd> {
  const { store } = host;
  const document = host.document(args.row);
  const { history, usage: summaryUsage } = await conversation(
    store,
    summariserFor(engine.summary, args.signal),
  );
  const manualDiff = manualChanges(store, host.xmlOf, args.row.head);
  const memory = await houseMemory(host.house);
  const attached = args.attachments?.length ?? 0;
  // The attachments themselves are not kept: later turns see that they were sent.
  const note = attached ? `\n\n[${attached} attachment${attached > 1 ? "s" : ""} sent]` : "";
  store.addMessage("user", `${args.prompt}${note}`, null, new Date().toISOString());
  // The first event names the diagram, for clients of POST /v1/generate.
  emit({ type: "turn.started", diagram_id: args.row.id });
  const result = await engine.loop({
    model: engine.model,
    ...(engine.call ? { call: engine.call } : {}),
    ...(engine.cacheMark ? { cacheMark: engine.cacheMark } : {}),
    document,
    prompt: args.prompt,
    history,
    signal: args.signal,
    ...(attached ? { attachments: args.attachments } : {}),
    ...(engine.limits ? { limits: engine.limits } : {}),
    shapes: shapeCatalog(),
    onEvent: emit,
    ...(manualDiff ? { manualDiff } : {}),
    ...(memory ? { house: { theme: memory.theme, rules: memory.rules.map((r) => r.text) } } : {}),
    ...(args.maxSteps === undefined ? {} : { maxSteps: args.maxSteps }),
  });
  const title = args.retitle
    ? await titleOf(engine.summary, args.prompt, result, args.signal)
    : undefined;
  const learned = await learnHouseRules(
    engine.summary,
    host.house,
    memory,
    args.prompt,
    result,
    args.signal,
  );
  const usage = addUsage(result.usage, summaryUsage, title?.usage, learned?.usage);
  const saved = commitResult(host, args, { ...result, usage }, title?.text, emit);
  const error = saved.error ?? result.error;
  const status = saved.error === undefined ? result.status : "failed";
  // A diagram made for this turn is kept only with the turn's version: a model that drew
  // nothing must not leave an empty diagram behind.
  const discarded = args.discardOnFailure === true && saved.version === undefined;
  const reply = replyOf({
    status,
    text: result.text,
    error,
    saved: saved.version,
    head: args.row.head,
    discarded,
  });
  if (discarded) await host.discard(args.tenant);
  else store.addMessage("assistant", reply, saved.version ?? null, new Date().toISOString());
  emit({ type: "usage", ...usage });
  return {
    completed: {
      type: "turn.completed",
      status,
      version: saved.version ?? args.row.head,
      text: reply,
      steps: result.steps,
      usage,
      ...(error ? { error } : {}),
      ...(result.outcome ? { outcome: result.outcome } : {}),
      ...(result.retryable ? { retryable: true } : {}),
      ...(discarded ? { discarded: true } : {}),
    },
    ...(saved.version === undefined ? {} : { findings: result.findings ?? [] }),
  };
}

/** Commits a changed document as the turn's one version (or says why it could not). */
function commitResult(
  host: TurnHost,
  args: HostedTurnArgs,
  result: AgentLoopResult,
  newTitle: string | undefined,
  emit: (event: TurnEvent) => void,
): { version?: number; error?: string } {
  if (result.status !== "changed" || !result.document) return {};
  const ready = prepareDocument(result.document, result.findings);
  if (isProblem(ready)) {
    emit({ type: "error", message: ready.detail });
    return { error: ready.detail };
  }
  // A version whose look came from the house style says so.
  const house = result.house?.length ? ` (house style: ${result.house.join(", ")})` : "";
  const message = `${summaryOf(result.text, args.prompt)}${house}`;
  const title = newTitle?.slice(0, 200);
  const version = host.commit({ ...ready, tenant: args.tenant }, message, result.usage, title);
  emit({
    type: "version.created",
    version,
    message,
    title: title ?? args.row.title,
    stats: ready.stats,
  });
  return { version };
}
