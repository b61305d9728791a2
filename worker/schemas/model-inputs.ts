/**
 * Loose forms of the graph spec and of edit operations, as agent and MCP tools show them to a model
 * to spend fewer tokens.
 */
import { z } from "zod";
import { DIRECTIONS, NODE_KINDS } from "../drawio/index.ts";

/**
 * The graph spec as the model sees it: the same fields without the limits and patterns, which
 * the layout engine checks anyway (and names every problem it finds).
 */
export const ModelGraphSchema = z.object({
  direction: z.enum(DIRECTIONS).optional(),
  theme: z.enum(["default", "minimal", "dark"]).optional(),
  nodes: z.array(
    z.object({
      id: z.string(),
      label: z.string().optional(),
      kind: z.enum(NODE_KINDS).optional(),
      shape: z.string().optional().describe("A shape name from search_shapes, with kind icon."),
      style: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      group: z.string().optional(),
    }),
  ),
  edges: z
    .array(
      z.object({
        from: z.string(),
        to: z.string(),
        label: z.string().optional(),
        kind: z.enum(["solid", "dashed", "dotted"]).optional(),
        arrow: z.enum(["none", "forward", "both"]).optional(),
      }),
    )
    .optional(),
  groups: z
    .array(
      z.object({
        id: z.string(),
        label: z.string().optional(),
        kind: z.enum(["container", "swimlane", "zone"]).optional(),
        parent: z.string().optional(),
      }),
    )
    .optional(),
});

/**
 * The operations as the model sees them: one flat object instead of nine variants repeating the
 * same fields (a third of the tokens). Each operation is still checked against the full schema
 * when applied, and a mistake comes back as an error naming the operation. The agent's tools and
 * the MCP server's both offer it.
 */
export const ModelOperationSchema = z.object({
  op: z.enum([
    "add",
    "add_graph",
    "update",
    "delete",
    "set_attribute",
    "remove_attribute",
    "set_style",
    "set_label",
    "set_geometry",
    "replace_text",
  ]),
  id: z.string().optional().describe("Target cell id (or use select)."),
  select: z
    .string()
    .optional()
    .describe("XPath 1.0 selecting the target cells, e.g. //mxCell[@edge='1']."),
  xml: z.string().optional().describe("add, update: one <mxCell> (new id for add)."),
  value: z.string().optional().describe("set_label: the text; set_attribute: the value."),
  name: z.string().optional().describe("set_attribute, remove_attribute: the attribute."),
  style: z
    .record(z.string(), z.union([z.string(), z.number(), z.null()]))
    .optional()
    .describe("set_style: keys to set (null removes); other keys are kept."),
  x: z.number().optional(),
  y: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  search: z
    .string()
    .optional()
    .describe("replace_text: text that occurs exactly once in the page XML."),
  replace: z.string().optional(),
  graph: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("add_graph: a graph spec; ends may be existing ids."),
});
