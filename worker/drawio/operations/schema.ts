/**
 * The zod schema of an operation batch: every operation with its fields and the descriptions a
 * model reads.
 */

import { z } from "zod";
import { COORDINATE_LIMIT } from "../check/validate.ts";
import { AddGraphSchema } from "../extend/spec.ts";

const id = z.string().min(1).describe("The id of the cell to change.");
const select = z
  .string()
  .min(1)
  .describe(
    "An XPath 1.0 expression; the operation applies to every cell it selects. Its cost is bounded: one that would search the whole page again for every node is refused (xpath_too_expensive).",
  );
const targeted = { id: id.optional(), select: select.optional() };
/** A finite number within draw.io's usable canvas. */
const coordinate = z.number().finite().min(-COORDINATE_LIMIT).max(COORDINATE_LIMIT);

const add = z
  .object({
    op: z.literal("add"),
    xml: z
      .string()
      .min(1)
      .describe("One cell: an <mxCell> (or <object>/<UserObject> wrapping one) with a new id."),
  })
  .describe(
    "Adds a cell at the end of the page. A vertex without <mxGeometry> is placed by the engine (near the shapes the batch's edges join it to); an edge without waypoints between two shapes is routed around the others.",
  );

const addGraph = z
  .object({
    op: z.literal("add_graph"),
    graph: AddGraphSchema.describe(
      "Nodes, edges and groups in the graph spec's language. An edge's from/to may name any existing cell id; a node's group (or parent) and a group's parent may name an existing container, group or swimlane.",
    ),
    make_room: z
      .boolean()
      .default(false)
      .describe(
        "Shift existing shapes along the flow to open a gap where a new node belongs but has no room (the result lists them in `moved`). By default nothing that exists moves.",
      ),
  })
  .describe(
    "Adds shapes and connections without coordinates: the engine places each new node in free space near what it connects to, along the diagram's flow, inside its container (grown when full), and routes each new edge around every shape.",
  );

const update = z
  .object({
    op: z.literal("update"),
    ...targeted,
    xml: z
      .string()
      .min(1)
      .describe("The complete new cell; its id must be the target's or absent."),
  })
  .describe("Replaces a whole cell.");

const del = z
  .object({ op: z.literal("delete"), ...targeted })
  .describe("Deletes cells, their children, and every edge attached to any of them.");

const setAttribute = z
  .object({
    op: z.literal("set_attribute"),
    ...targeted,
    name: z
      .string()
      .min(1)
      .regex(/^[A-Za-z_][\w.-]*$/, "must be an XML attribute name"),
    value: z.string(),
  })
  .describe("Sets one attribute (e.g. tooltip, link, a custom property).");

const removeAttribute = z
  .object({
    op: z.literal("remove_attribute"),
    ...targeted,
    name: z.string().min(1),
  })
  .describe("Removes one attribute.");

const setStyle = z
  .object({
    op: z.literal("set_style"),
    ...targeted,
    style: z
      .record(
        z
          .string()
          .min(1)
          .regex(/^[^;=\s]+$/, "must be a style key"),
        z.union([z.string(), z.number(), z.null()]),
      )
      .refine((s) => Object.keys(s).length > 0, "name at least one style key")
      .describe("Style keys to set; null removes a key. Other keys and their order are kept."),
  })
  .describe("Merges keys into the cell's style.");

const setLabel = z
  .object({ op: z.literal("set_label"), ...targeted, value: z.string() })
  .describe("Sets the visible label.");

const setGeometry = z
  .object({
    op: z.literal("set_geometry"),
    ...targeted,
    x: coordinate.optional(),
    y: coordinate.optional(),
    width: coordinate.nonnegative().optional(),
    height: coordinate.nonnegative().optional(),
  })
  .refine(
    (g) =>
      g.x !== undefined || g.y !== undefined || g.width !== undefined || g.height !== undefined,
    "give at least one of x, y, width, height",
  )
  .describe("Moves and/or resizes a cell (coordinates relative to its parent).");

const replaceText = z
  .object({
    op: z.literal("replace_text"),
    search: z.string().min(1).describe("Text that occurs exactly once in the page XML."),
    replace: z.string(),
  })
  .describe("Replaces one exact occurrence of text in the page's XML.");

/**
 * One edit operation. Every operation that targets cells takes either `id` or `select`.
 *
 * @example
 * OperationSchema.parse({ op: "set_style", id: "3", style: { fillColor: "#dae8fc", dashed: null } });
 */
export const OperationSchema = z
  .discriminatedUnion("op", [
    add,
    addGraph,
    update,
    del,
    setAttribute,
    removeAttribute,
    setStyle,
    setLabel,
    setGeometry,
    replaceText,
  ])
  .superRefine((op, ctx) => {
    if (op.op === "add" || op.op === "add_graph" || op.op === "replace_text") return;
    const target = op as { id?: string; select?: string };
    if ((target.id === undefined) === (target.select === undefined)) {
      ctx.addIssue({ code: "custom", message: "give exactly one of id or select", path: ["id"] });
    }
  });

/** One edit operation (see {@link OperationSchema}). */
export type Operation = z.infer<typeof OperationSchema>;

/** The name of an operation. */
export type OperationName = Operation["op"];

/**
 * A batch of operations applied atomically to one page (the first unless `page` names one by
 * id or index).
 *
 * @example
 * OperationBatchSchema.parse({ operations: [{ op: "delete", id: "7" }], page: 0 });
 */
export const OperationBatchSchema = z.object({
  operations: z.array(OperationSchema).min(1).max(500),
  page: z.union([z.string().min(1), z.number().int().nonnegative()]).optional(),
});

/** A batch of operations (see {@link OperationBatchSchema}). */
export type OperationBatch = z.infer<typeof OperationBatchSchema>;
