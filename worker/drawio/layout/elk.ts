/// <reference path="./elk-worker.d.ts" />
/**
 * The one way into ELK: every run is estimated first (`checkLayoutCost`), refused when it would
 * cost too much, and run with lighter crossing minimisation when its usual thoroughness would
 * make it slow. ELK runs in the caller's turn: its own API hands each run to a stand-in worker
 * through two zero-delay timers, a millisecond or more of waiting each on a small graph, for a
 * worker that is never a thread here.
 */
import type { ElkNode } from "elkjs/lib/elk-api.js";
import { Worker as ElkEngine } from "elkjs/lib/elk-worker.min.js";
import type { WorkBudget } from "../budget.ts";
import { checkLayoutCost, layoutCost, runThoroughness } from "./cost.ts";

/** What ELK's engine answers a command with: the laid-out graph, or what it threw. */
interface EngineAnswer {
  id: number;
  data?: unknown;
  error?: unknown;
}

/** ELK's engine, as its worker script builds it; created on first use, one per isolate. */
let engine: ElkEngine | undefined;

/** Sends ELK's engine one command and returns its answer, in this turn. */
function command(data: { cmd: string; [key: string]: unknown }): unknown {
  if (!engine) {
    engine = new ElkEngine();
    command({ cmd: "register", algorithms: ["layered"] });
  }
  let answer: EngineAnswer | undefined;
  engine.onmessage = (message) => {
    answer = message.data;
  };
  engine.dispatcher.saveDispatch({ data: { ...data, id: 0 } });
  if (!answer) throw new Error(`ELK's engine did not answer ${data.cmd}`);
  if (answer.error !== undefined) {
    throw answer.error instanceof Error ? answer.error : new Error(String(answer.error));
  }
  return answer.data;
}

/**
 * Runs ELK on a graph (one engine instance per isolate, created on first use), after checking
 * its estimated cost against the limits, or charging it to `budget` when several runs share
 * one. Throws `layout_too_expensive` before ELK starts.
 *
 * @example
 * const laid = await runElk(plan.root);
 */
export function runElk(graph: ElkNode, budget?: WorkBudget): Promise<ElkNode> {
  const cost = layoutCost(graph);
  const usual = Number(graph.layoutOptions?.["elk.layered.thoroughness"] ?? 7);
  const thoroughness = runThoroughness(cost, usual);
  if (thoroughness !== usual) lighten(graph);
  checkLayoutCost(cost, thoroughness, budget);
  try {
    return Promise.resolve(
      command({ cmd: "layout", graph, layoutOptions: {}, options: {} }) as ElkNode,
    );
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Thoroughness 1 wherever the graph sets one (its root, and groups laid out on their own). */
function lighten(node: ElkNode): void {
  if (node.layoutOptions?.["elk.layered.thoroughness"] !== undefined) {
    node.layoutOptions["elk.layered.thoroughness"] = "1";
  }
  for (const child of node.children ?? []) if (child.children?.length) lighten(child);
}
