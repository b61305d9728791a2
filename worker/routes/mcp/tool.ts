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

/** One tool of the MCP server. */
export interface McpTool<I = unknown> {
  name: string;
  title: string;
  description: string;
  /** In the default `tools/list`; the others are found with `find_tools`. */
  core: boolean;
  input: z.ZodType<I>;
  output?: z.ZodType;
  annotations: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** Its answers show the diagram in hosts that support MCP Apps. */
  viewer?: boolean;
  run(args: I, ctx: ToolContext): Promise<ToolAnswer>;
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
