/**
 * The library's graph spec under a name, with a description and an example, for the OpenAPI
 * document.
 */
import { GraphSpecSchema } from "../drawio/index.ts";
import { namedLibrarySchema } from "./library-schema.ts";

/** The graph spec, named for the OpenAPI document. */
export const GraphSchema = namedLibrarySchema(GraphSpecSchema, "GraphSpec", {
  description:
    "A diagram described by its structure; Drawforge places it (ELK layered layout with orthogonal routing), so nothing overlaps. " +
    "Node `kind` picks a shape by meaning (process, decision, start, end, terminator, data, io, database, document, note, actor, person, cloud, queue, service, text, icon); " +
    "`shape` names any draw.io shape (`mxgraph.aws4.lambda_function`); `style` overrides style keys. Groups (container, swimlane, zone) nest with `parent`; nodes join one with `group`.",
  example: {
    direction: "right",
    theme: "default",
    nodes: [
      { id: "cart", label: "Cart" },
      { id: "pay", label: "Pay?", kind: "decision" },
      { id: "ok", label: "Confirmed", kind: "end" },
    ],
    edges: [
      { from: "cart", to: "pay" },
      { from: "pay", to: "ok", label: "paid" },
    ],
    groups: [],
  },
});
