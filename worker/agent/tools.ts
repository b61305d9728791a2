/**
 * The tools the agent's model may call (read, create from a graph or Mermaid, edit, write
 * cells, re-layout, search shapes), each bound to one working copy.
 */
import { tool } from "ai";
import { z } from "zod";
import { DIRECTIONS, libraryShapeName, MAX_MERMAID_CHARS } from "../drawio/index.ts";
import { ModelGraphSchema, ModelOperationSchema } from "../schemas/model-inputs.ts";
import { leanSchema } from "./lean-schema.ts";
import type { ToolOutcome, WorkingCopy } from "./working-copy.ts";

/** Something that can search shapes (the shape catalogue). */
export interface ShapeSearch {
  search(
    query: string,
    options?: { library?: string; limit?: number },
  ): Array<{ library: string; title: string; style: string; width: number; height: number }>;
}

/**
 * The agent's tools, bound to one working copy. `onChange` is called after every change that
 * was taken (for live previews). Calls on the diagram run one at a time, in the order the model
 * made them, several of one step too: the SDK starts each as it arrives, and a change that
 * awaits (a layout) must not overwrite what a later call did meanwhile. Each call answers for
 * itself; one that fails leaves the changes of the others in place.
 *
 * @example
 * const tools = agentTools(copy, shapeCatalog(), () => send({ type: "diagram.preview", xml: copy.xml() }));
 */
export function agentTools(copy: WorkingCopy, shapes: ShapeSearch, onChange: () => void) {
  const inOrder = oneAtATime();
  const changed = (outcome: ToolOutcome): string => {
    if (outcome.ok) onChange();
    return outcome.ok ? outcome.message : `Error: ${outcome.message}`;
  };
  return {
    read_diagram: tool({
      description:
        "Read the diagram: the compact view, one cell's XML (target: its id) or the cells an XPath 1.0 target selects.",
      inputSchema: leanSchema(
        z.object({
          view: z.enum(["compact", "cell", "xpath"]).default("compact"),
          target: z.string().optional(),
        }),
      ),
      execute: ({ view, target }) =>
        inOrder(() => {
          const outcome = copy.read(view, target);
          return outcome.ok ? outcome.message : `Error: ${outcome.message}`;
        }),
    }),
    create_from_graph: tool({
      description:
        "Draw a graph; the engine places and routes it, moving nothing that exists. To add, give only the new nodes: edges may name existing ids, a node's group an existing container.",
      inputSchema: leanSchema(
        z.object({
          graph: ModelGraphSchema,
          replace: z
            .boolean()
            .default(false)
            .describe("Replace the whole diagram instead of adding."),
          title: z.string().max(80).optional().describe("For a new diagram: a title of 2-6 words."),
        }),
      ),
      execute: ({ graph, replace, title }) =>
        inOrder(async () => {
          if (title?.trim()) copy.title = title.trim();
          return changed(await copy.createFromGraph(graph, replace));
        }),
    }),
    create_from_mermaid: tool({
      description:
        "Like create_from_graph, from Mermaid of any type. A front matter title names a new diagram.",
      inputSchema: leanSchema(
        z.object({
          mermaid: z.string().min(1).max(MAX_MERMAID_CHARS),
          replace: z.boolean().default(false),
        }),
      ),
      execute: ({ mermaid, replace }) =>
        inOrder(async () => changed(await copy.createFromMermaid(mermaid, replace))),
    }),
    edit_diagram: tool({
      description: "Change cells with a batch of operations, applied all or nothing.",
      inputSchema: leanSchema(
        z.object({ operations: z.array(ModelOperationSchema).min(1).max(200) }),
      ),
      execute: ({ operations }) => inOrder(() => changed(copy.edit(operations))),
    }),
    write_cells: tool({
      description:
        "Only for what a graph cannot express: add bare draw.io <mxCell> elements, no wrapper tags.",
      inputSchema: leanSchema(z.object({ xml: z.string().min(1) })),
      execute: ({ xml }) => inOrder(() => changed(copy.writeCells(xml))),
    }),
    continue_cells: tool({
      description:
        "Continue write_cells output that was cut off: send exactly the text that comes next.",
      inputSchema: leanSchema(z.object({ xml: z.string().min(1) })),
      execute: ({ xml }) => inOrder(() => changed(copy.continueCells(xml))),
    }),
    relayout: tool({
      description:
        "Tidy up after large edits: recompute positions and edge routes of the page or of one container.",
      inputSchema: leanSchema(
        z.object({
          container_id: z.string().optional(),
          direction: z.enum(DIRECTIONS).default("down"),
        }),
      ),
      execute: ({ container_id, direction }) =>
        inOrder(async () => changed(await copy.relayout(container_id, direction))),
    }),
    search_shapes: tool({
      description:
        "Find real draw.io shapes (AWS, Azure, GCP, Kubernetes, Cisco, BPMN…). Use a name it returns as a node's shape or as shape= in a style: draw.io's exact style is filled in.",
      inputSchema: leanSchema(
        z.object({
          query: z.string().min(1).max(200),
          library: z.string().optional(),
          limit: z.number().int().min(1).max(10).default(5),
        }),
      ),
      // Reads nothing of the diagram: it need not wait for the calls before it.
      execute: async ({ query, library, limit }) =>
        shapes
          .search(query, { limit, ...(library === undefined ? {} : { library }) })
          .map((h) => {
            const name = libraryShapeName(h.library, h.style);
            return `${h.library} · ${h.title} (${h.width}×${h.height})${name ? ` ${name}` : ""}: ${h.style}`;
          })
          .join("\n") || "no shape matches; try other words",
    }),
  };
}

/**
 * A queue that runs work one at a time, in the order it was given; a failure is its caller's
 * and does not stop what comes after.
 */
function oneAtATime(): <T>(work: () => T | Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}
