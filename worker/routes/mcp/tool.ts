/**
 * What an MCP tool is: its shape, the context it runs in, what it answers and the two errors it
 * may throw (which `server.ts` turns into tool errors). The tools themselves are in
 * `*-tools.ts`, listed in `diagram-tools.ts`.
 */
import type { z } from "zod";
import type { InProcessApi } from "./api.ts";

/** What a tool may use while it runs. */
export interface ToolContext {
  api: InProcessApi;
  /** Reports progress to the client, when it asked for it (a no-op otherwise). */
  progress(progress: number, message: string, total?: number): Promise<void>;
  signal: AbortSignal;
}

/** What a tool answers: text for the model and, for data, the same as structured content. */
export interface ToolAnswer {
  text: string;
  data?: Record<string, unknown>;
  /** Set when the answer shows a diagram the inline viewer can draw. */
  diagramXml?: string;
  /** An image for the model and the person to see (base64). */
  image?: { data: string; mimeType: string };
}

/** One tool as it is written: `run` takes what its `input` schema parses the arguments to. */
export interface McpToolSpec<S extends z.ZodType> {
  name: string;
  title: string;
  /** What the model reads: when to call the tool and what it answers. */
  description: string;
  /** One line for people (the README's tool table is written from it). */
  summary: string;
  /** In the default `tools/list`; the others are found with `find_tools`. */
  core: boolean;
  input: S;
  output?: z.ZodType;
  annotations: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** Its answers show the diagram in hosts that support MCP Apps. */
  viewer?: boolean;
  run(args: z.infer<S>, ctx: ToolContext): Promise<ToolAnswer>;
}

/** One tool of the MCP server, as the server holds them all: `call` checks its own arguments. */
export interface McpTool extends Omit<McpToolSpec<z.ZodType>, "run"> {
  /** Parses `args` with the tool's input schema (a {@link ToolInputError} if they do not fit), then runs it. */
  call(args: unknown, ctx: ToolContext): Promise<ToolAnswer>;
}

/**
 * A tool whose `run` is typed by its input schema, held as an {@link McpTool} that parses
 * what a client sends before it runs.
 *
 * @example
 * export const ping = defineTool({
 *   name: "ping", title: "Ping", description: "Answers pong.", summary: "answers pong", core: false,
 *   input: z.object({ times: z.number().int().optional() }),
 *   annotations: { readOnlyHint: true },
 *   run: async (args) => ({ text: "pong".repeat(args.times ?? 1) }),
 * });
 */
export function defineTool<S extends z.ZodType>(spec: McpToolSpec<S>): McpTool {
  const { run, ...described } = spec;
  return {
    ...described,
    async call(args, ctx) {
      const parsed = spec.input.safeParse(args);
      if (!parsed.success) {
        throw new ToolInputError(
          parsed.error.issues
            .map((issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`)
            .join("; "),
        );
      }
      return run(parsed.data, ctx);
    },
  };
}

/** A tool input the API never saw because it is wrong on its face. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolInputError";
  }
}

/** A tool that ran and could not do what was asked; its message says why and what to do. */
export class ToolFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolFailure";
  }
}

/** Structured data as the text of an answer, for models that read only the text. */
export function dataText(data: unknown): string {
  return JSON.stringify(data);
}
