/**
 * Agent turns inside a diagram object: one turn slot that blocks a second turn and manual
 * writes, with streamed (SSE) or awaited answers and cancellation.
 */
import type { z } from "zod";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import type { Bindings } from "../bindings.ts";
import { validateDocument } from "../drawio/index.ts";
import { unwrap } from "../durable/outcome.ts";
import { linksOf } from "./client.ts";
import type { DiagramState } from "./diagram-state.ts";
import { turnInProgress } from "./problems.ts";
import type * as In from "./rpc-schemas.ts";
import type { DiagramRow } from "./store.ts";
import {
  type HostedTurnEnd,
  runHostedTurn,
  type TurnAnswer,
  type TurnHead,
  type TurnHost,
  type TurnListener,
  turnEngine,
} from "./turn-host.ts";
import { eventStream } from "./turn-stream.ts";

/**
 * A diagram object's agent turns: one at a time, holding the turn slot from the moment a turn
 * is asked for until it has ended, so a second turn and manual writes get 409
 * `turn_in_progress` meanwhile. A turn runs to its end even if nobody waits for it
 * (`waitUntil`), and commits one version or nothing ({@link runHostedTurn}).
 *
 * @example
 * const turns = new TurnRunner(ctx, env, state, (tenant) => discard(tenant));
 * turns.outside(); // before a manual write
 * const { stream } = await turns.converse(args);
 */
export class TurnRunner {
  readonly #ctx: DurableObjectState;
  readonly #env: Bindings;
  readonly #state: DiagramState;
  /** Deletes the diagram (a new diagram whose first turn failed leaves nothing behind). */
  readonly #discard: (tenant: string) => Promise<void>;
  /** The running agent turn, if any (one per diagram at a time). */
  #turn: AbortController | undefined;

  constructor(
    ctx: DurableObjectState,
    env: Bindings,
    state: DiagramState,
    discard: (tenant: string) => Promise<void>,
  ) {
    this.#ctx = ctx;
    this.#env = env;
    this.#state = state;
    this.#discard = discard;
  }

  /** Refuses (409 `turn_in_progress`) while a turn runs. */
  outside(): void {
    if (this.#turn) turnInProgress();
  }

  /** Starts a turn and returns its events as a Server-Sent Events stream. */
  async converse(args: z.infer<typeof In.ConverseInput>) {
    const turn = await this.#begin(args);
    const sse = eventStream();
    turn.run(sse.emit).finally(sse.close);
    return { stream: sse.stream, model: turn.model };
  }

  /**
   * Runs a turn to its end; how it ended, with the head when it ended well. `listener` hears
   * every event, in order, and has heard the last before the answer is returned; a listener
   * that fails (its caller went away) is not heard again, and the turn goes on.
   */
  async answer(
    args: z.infer<typeof In.ConverseInput>,
    listener?: TurnListener,
  ): Promise<TurnAnswer> {
    const turn = await this.#begin(args);
    let heard = Promise.resolve();
    const end = await turn.run((event) => {
      if (listener) heard = heard.then(() => listener(event)).then(() => {});
    });
    await heard.catch((error: unknown) => console.warn("a turn's listener failed", error));
    const { completed } = end;
    if (completed.status === "failed" || completed.status === "cancelled" || completed.discarded) {
      return { completed, model: turn.model };
    }
    return { completed, model: turn.model, head: this.#finished(args.tenant, end) };
  }

  /** Cancels the running turn, if any: it commits nothing. Says whether one was running. */
  cancel(): boolean {
    const running = this.#turn !== undefined;
    this.#turn?.abort();
    return running;
  }

  /**
   * Takes the diagram's one turn slot, chooses the model (creating the diagram when asked,
   * once the model is known), and returns how to run the turn. Nothing runs until `run`.
   */
  async #begin(args: z.infer<typeof In.ConverseInput>) {
    if (!args.create) this.#state.own(args.tenant);
    this.outside();
    // Taken before the first await: a second request sees the turn at once.
    const controller = new AbortController();
    this.#turn = controller;
    let row: DiagramRow;
    let engine: Awaited<ReturnType<typeof turnEngine>>;
    try {
      engine = await turnEngine(this.#env, {
        model: args.model,
        attachments: args.attachments,
        retries: args.retries,
      });
      if (args.create) this.#state.create({ ...args.create, tenant: args.tenant });
      row = this.#state.own(args.tenant);
    } catch (error) {
      this.#turn = undefined;
      throw error;
    }
    const run = (emit: Parameters<typeof runHostedTurn>[3]): Promise<HostedTurnEnd> => {
      const done = runHostedTurn(
        this.#host(args),
        engine,
        { ...args, row, signal: controller.signal },
        emit,
      ).finally(() => {
        this.#turn = undefined;
      });
      this.#ctx.waitUntil(done);
      return done;
    };
    return { model: engine.name, run };
  }

  /** The tenant's house style as the turn uses it: not at all, applied, or applied and taught. */
  #house(args: z.infer<typeof In.ConverseInput>): TurnHost["house"] {
    if (args.style === "none") return undefined;
    const tenant = this.#env.TENANT.getByName(args.tenant);
    return {
      read: async () => unwrap(await tenant.styleMemory()),
      ...(args.style === "apply"
        ? {}
        : {
            learn: async (rules: string[], revision: number) => {
              unwrap(
                await tenant.learnStyleRules({ rules, revision, at: new Date().toISOString() }),
              );
            },
          }),
    };
  }

  /** The head after a turn that ended well, with the findings the turn already knows. */
  #finished(tenant: string, end: HostedTurnEnd): TurnHead {
    const { head } = this.#state;
    const row = this.#state.own(tenant);
    const current = head.load(row.head);
    const findings =
      end.findings ?? validateDocument(head.document(current), { shapes: shapeCatalog() });
    return { version: row.head, title: row.title, xml: current.xml, findings };
  }

  /**
   * What a turn needs from the object, without reaching into its fields; with the caller's
   * origin, the links of the diagram as the turn left it.
   */
  #host(args: z.infer<typeof In.ConverseInput>): TurnHost {
    const state = this.#state;
    const { origin, tenant } = args;
    return {
      links:
        origin === undefined
          ? undefined
          : () => {
              const row = state.own(tenant);
              const head = { xml: state.head.load(row.head).xml, title: row.title };
              return linksOf(this.#env, { origin, tenant }, row.id, head);
            },
      house: this.#house(args),
      store: state.store,
      document: (row) => state.head.document(state.head.load(row.head)),
      xmlOf: (n) => state.head.xmlOf(n),
      discard: this.#discard,
      commit: (ready, message, usage, title) => {
        if (title !== undefined) state.store.rename(title, new Date().toISOString());
        state.commit(ready, "agent", message, null, usage);
        return state.own(ready.tenant).head;
      },
    };
  }
}
