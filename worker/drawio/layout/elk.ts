/**
 * The one way into ELK: every run is estimated first (`checkLayoutCost`), refused when it would
 * cost too much, and run with lighter crossing minimisation when its usual thoroughness would
 * make it slow.
 */
import ELK from "elkjs/lib/elk.bundled.js";
import type { ElkNode } from "elkjs/lib/elk-api.js";
import type { WorkBudget } from "../budget.ts";
import { checkLayoutCost, type LayoutCost, layoutCost, runThoroughness } from "./cost.ts";

let elk: InstanceType<typeof ELK> | undefined;

/**
 * Runs ELK on a graph (one engine instance per isolate, created on first use), after checking
 * its estimated cost against the limits, or charging it to `budget` when several runs share
 * one. Throws `layout_too_expensive` before ELK starts. `estimate` replaces the estimate of
 * `graph` itself: a graph whose layers and order are ours (`layeredPlan`) is estimated as the
 * spec's graph was, at the thoroughness it had, before its long edges became chains of points.
 *
 * @example
 * const laid = await runElk(plan.root);
 */
export function runElk(
  graph: ElkNode,
  budget?: WorkBudget,
  estimate?: { cost: LayoutCost; thoroughness: number },
): Promise<ElkNode> {
  const cost = estimate?.cost ?? layoutCost(graph);
  const usual =
    estimate?.thoroughness ?? Number(graph.layoutOptions?.["elk.layered.thoroughness"] ?? 7);
  const thoroughness = runThoroughness(cost, usual);
  if (thoroughness !== usual) lighten(graph);
  checkLayoutCost(cost, thoroughness, budget);
  elk ??= new ELK();
  return elk.layout(graph);
}

/** Thoroughness 1 wherever the graph sets one (its root, and groups laid out on their own). */
function lighten(node: ElkNode): void {
  if (node.layoutOptions?.["elk.layered.thoroughness"] !== undefined) {
    node.layoutOptions["elk.layered.thoroughness"] = "1";
  }
  for (const child of node.children ?? []) if (child.children?.length) lighten(child);
}
