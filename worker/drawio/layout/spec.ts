/**
 * The graph spec the layout takes (nodes, edges, groups, direction, theme) as zod schemas, and its
 * types.
 */
import { z } from "zod";
import { DIRECTIONS } from "../geometry/direction.ts";

/** The shapes a node can ask for by meaning; each theme maps them to draw.io styles. */
export const NODE_KINDS = [
  "process",
  "decision",
  "start",
  "end",
  "terminator",
  "data",
  "io",
  "database",
  "document",
  "note",
  "actor",
  "person",
  "cloud",
  "queue",
  "service",
  "text",
  "icon",
] as const;

export type NodeKind = (typeof NODE_KINDS)[number];

const Id = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, "ids use letters, digits and _ . : - only");
const Label = z.string().max(2_000);
/** draw.io style keys and values, written after the theme's so that they win. */
const StyleRecord = z.record(
  z.string().max(100),
  z.union([z.string().max(2_000), z.number().finite()]),
);

/** One box of the diagram. */
export const GraphNodeSchema = z
  .object({
    id: Id,
    label: Label.default(""),
    kind: z.enum(NODE_KINDS).default("process"),
    shape: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_.]+$/, "a draw.io shape name such as mxgraph.aws4.lambda_function")
      .optional(),
    style: StyleRecord.optional(),
    group: Id.optional(),
    width: z.number().min(10).max(2_000).optional(),
    height: z.number().min(10).max(2_000).optional(),
  })
  .strict();

/** One connection between two nodes. */
export const GraphEdgeSchema = z
  .object({
    from: Id,
    to: Id,
    label: Label.optional(),
    kind: z.enum(["solid", "dashed", "dotted"]).default("solid"),
    arrow: z.enum(["none", "forward", "both"]).default("forward"),
    /** draw.io style keys merged over the edge's own (`endArrow: "oval"`, `strokeWidth: 3`). */
    style: StyleRecord.optional(),
  })
  .strict();

export { DIRECTIONS };

/**
 * A box that holds nodes (and other groups). With `direction`, its members are laid out in
 * that direction (a row of steps inside a top-down chart), as long as no edge crosses its
 * border; when one does, the group follows its parent's direction and the layout says why.
 */
export const GraphGroupSchema = z
  .object({
    id: Id,
    label: Label.default(""),
    kind: z.enum(["container", "swimlane", "zone"]).default("container"),
    parent: Id.optional(),
    direction: z
      .enum(DIRECTIONS)
      .optional()
      .describe(
        "Lays the group's members out in this direction instead of its parent's. Applied only when no edge joins a member to a node outside the group; otherwise the group follows its parent's direction and a lint note says which edge crosses it. Ignored in swimlane pools, whose lanes follow the diagram's direction.",
      ),
  })
  .strict();

/**
 * A diagram described by its structure; the layout engine places it.
 *
 * @example
 * { direction: "right", nodes: [{ id: "a", label: "Cart" }, { id: "b", label: "Pay", kind: "decision" }],
 *   edges: [{ from: "a", to: "b" }] }
 */
export const GraphSpecSchema = z
  .object({
    direction: z.enum(DIRECTIONS).default("down"),
    theme: z.enum(["default", "minimal", "dark"]).default("default"),
    title: z.string().max(200).optional(),
    nodes: z.array(GraphNodeSchema).min(1).max(2_000),
    edges: z.array(GraphEdgeSchema).max(5_000).default([]),
    groups: z.array(GraphGroupSchema).max(500).default([]),
  })
  .strict();

export type GraphSpec = z.infer<typeof GraphSpecSchema>;
export type GraphSpecInput = z.input<typeof GraphSpecSchema>;
export type GraphNode = z.infer<typeof GraphNodeSchema>;
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;
export type GraphGroup = z.infer<typeof GraphGroupSchema>;
export type Theme = GraphSpec["theme"];
export type Direction = GraphSpec["direction"];
