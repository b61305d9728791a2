import type { ConvertResult } from "../../sdk/index.ts";
import { Transport } from "../../sdk/internal/transport.ts";
import { defaultApiBase } from "../shared/client.ts";

/**
 * The lines Mermaid diagrams open with, converted or not: the Worker names the types it does not
 * convert (422 `mermaid_unsupported`). Everyday words (`graph`, `pie`, `timeline`…) count only
 * as a line of their own (`flowchart`/`graph` with a direction, `pie` with its options), so
 * prose that starts with them stays a prompt.
 */
const HEADER =
  /^((flowchart|graph)(\s+[TBRL][DBLR])?\s*(;.*)?|pie(\s+showData)?(\s+title\s.*)?|[a-z]+(Diagram(-v2)?|Chart|Graph.*)|C4\w+|[a-z]+-beta|gantt|journey|mindmap|timeline|kanban|zenuml)\s*$/;

/**
 * The Mermaid of a chat message that is nothing but Mermaid: one ```mermaid fenced block, or
 * text whose first line that is not blank, a `%%` comment or YAML front matter is a diagram
 * header with more after it (on the next lines, or after a `;`). Anything else (prose, a
 * question about some Mermaid, Mermaid with words around it) is left to the agent.
 *
 * @example
 * mermaidSource("graph TD\nA-->B"); // "graph TD\nA-->B"
 * mermaidSource("make a graph of the services"); // undefined
 */
export function mermaidSource(message: string): string | undefined {
  const fenced = /^```mermaid[ \t]*\n([\s\S]*?)\n?```$/i.exec(message.trim())?.[1];
  if (fenced?.trim()) return fenced;
  const [first = "", ...rest] = message
    .replace(/^\s*---\n[\s\S]*?\n---[ \t]*(\n|$)/, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("%%"));
  return HEADER.test(first) && (rest.length > 0 || first.includes(";")) ? message : undefined;
}

/**
 * `POST /v1/convert`: Mermaid to draw.io cells on the Worker, with what could not be carried
 * over and the findings; nothing is stored. On the SDK's transport, with the editor's token.
 *
 * @example
 * const { xml, counts } = await convertMermaid(this.apiBase, this.token, "graph TD\nA-->B");
 */
export function convertMermaid(
  apiBase: string,
  token: string,
  mermaid: string,
): Promise<ConvertResult> {
  const transport = new Transport({
    apiKey: token,
    baseUrl: apiBase || defaultApiBase(),
    timeout: 60_000,
    maxRetries: 2,
    fetch: (input, init) => fetch(input, init),
    defaultHeaders: {},
  });
  return transport.json({ method: "POST", path: "/v1/convert", body: { mermaid } });
}
