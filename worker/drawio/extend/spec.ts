/** What an `add_graph` may ask for: its schema, its limits, and the options of extending. */
import { z } from "zod";
import { GraphEdgeSchema, GraphGroupSchema, GraphNodeSchema } from "../layout/spec.ts";
import type { LibraryShapes } from "../shapes/library-style.ts";

/** An id as draw.io writes them (`"2"`, `"aB3-x_7"`, `"XcCq…-1"`): any text without controls. */
const CellRef = z
  .string()
  .min(1)
  .max(200)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters refused
  .regex(/^[^\u0000-\u001f\u007f]+$/, "a cell id has no control characters");

/** The most an `add_graph` operation adds at once. */
export const ADD_GRAPH_LIMITS = { nodes: 200, edges: 400, groups: 50 } as const;

/**
 * What `add_graph` adds to an existing page, in the graph spec's language: new nodes, edges and
 * groups. An edge's `from`/`to` names a new node or any existing cell; a node's `group` (or
 * `parent`, the same) and a group's `parent` name a new group or an existing container,
 * group or swimlane. Nothing gives a position: the engine places the new shapes near what they
 * connect to and routes the new edges around everything.
 *
 * @example
 * AddGraphSchema.parse({ nodes: [{ id: "cache", label: "Cache", kind: "database" }],
 *   edges: [{ from: "api", to: "cache" }, { from: "cache", to: "db" }] });
 */
export const AddGraphSchema = z
  .object({
    nodes: z
      .array(
        GraphNodeSchema.extend({
          group: CellRef.optional().describe(
            "A new group's id, or an existing container, group or swimlane to put the node in.",
          ),
          parent: CellRef.optional().describe("The same as group."),
        }),
      )
      .max(ADD_GRAPH_LIMITS.nodes)
      .default([]),
    edges: z
      .array(
        GraphEdgeSchema.extend({
          from: CellRef.describe("A new node's id or any existing cell's id."),
          to: CellRef.describe("A new node's id or any existing cell's id."),
        }),
      )
      .max(ADD_GRAPH_LIMITS.edges)
      .default([]),
    groups: z
      .array(
        GraphGroupSchema.extend({
          parent: CellRef.optional().describe(
            "A new group's id, or an existing container, group or swimlane.",
          ),
        }),
      )
      .max(ADD_GRAPH_LIMITS.groups)
      .default([]),
  })
  .strict()
  .refine((g) => g.nodes.length + g.edges.length + g.groups.length > 0, {
    message: "add at least one node, edge or group",
  });

export type AddGraph = z.infer<typeof AddGraphSchema>;
export type AddGraphInput = z.input<typeof AddGraphSchema>;
export type AddedNode = AddGraph["nodes"][number];
export type AddedEdge = AddGraph["edges"][number];
export type AddedGroup = AddGraph["groups"][number];

/** Options for `extendPage` and `placeLooseCells`. */
export interface ExtendOptions {
  /** Library shapes (a `ShapeCatalog`): a node naming one gets draw.io's exact style. */
  shapes?: LibraryShapes;
  /** Shift existing shapes along the flow to open a gap where a new shape has no room. */
  makeRoom?: boolean;
}
