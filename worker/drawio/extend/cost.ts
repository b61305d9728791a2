/** What placing and routing new cells may cost on a page, checked before any of it is done. */
import { DrawioError } from "../errors.ts";
import type { Scene } from "./scene.ts";

/**
 * Units of work one `add_graph` (or a batch's loose `add`s) may take: shapes on the page times
 * the cells added, times one more for every ten levels shapes nest (finding a shape's
 * containers walks them). About a second of work on a 2-core machine: 30 cells added to a
 * 20,000-shape page, hundreds to a page of a few hundred.
 */
export const EXTEND_WORK_LIMIT = 600_000;

/**
 * Refuses, before anything is placed, an addition whose estimated work is over
 * {@link EXTEND_WORK_LIMIT}, with `extend_too_expensive` naming the operation.
 *
 * @example
 * checkExtendCost(scene, graph.nodes.length + graph.edges.length, "add_graph");
 */
export function checkExtendCost(scene: Scene, added: number, op: string): void {
  const work = scene.boxes.length * added * Math.max(1, scene.depth / 10);
  if (work <= EXTEND_WORK_LIMIT) return;
  const shapes = scene.boxes.length.toLocaleString("en-US");
  throw new DrawioError(
    "extend_too_expensive",
    `placing ${added} new cells among ${shapes} shapes${scene.depth > 10 ? ` nested ${scene.depth} deep` : ""} would take about ${Math.round(work).toLocaleString("en-US")} units of work, over ${EXTEND_WORK_LIMIT.toLocaleString("en-US")}: add fewer at once, or edit a smaller page`,
    { operation: { index: -1, op } },
  );
}
