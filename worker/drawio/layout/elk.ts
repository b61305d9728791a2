import ELK from "elkjs/lib/elk.bundled.js";
import type { ElkNode } from "elkjs/lib/elk-api.js";

let elk: InstanceType<typeof ELK> | undefined;

/** Runs ELK on a graph (one engine instance per isolate, created on first use). */
export function runElk(graph: ElkNode): Promise<ElkNode> {
  elk ??= new ELK();
  return elk.layout(graph);
}
