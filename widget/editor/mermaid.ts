/**
 * The lines Mermaid diagrams open with, converted or not: the Worker names the types it does not
 * convert (422 `mermaid_unsupported`). Everyday words (`graph`, `pie`, `timeline`, `block`…)
 * count only as a line of their own (`flowchart`/`graph` with a direction, `pie` with its options), so
 * prose that starts with them stays a prompt.
 */
const HEADER =
  /^((flowchart|graph)(\s+[TBRL][DBLR])?\s*(;.*)?|pie(\s+showData)?(\s+title\s.*)?|[a-z]+(Diagram(-v2)?|Chart|Graph.*)|C4\w+|(xychart|[a-z]+-beta)(\s+horizontal)?|xychart|block|packet|architecture|sankey|treemap|radar|gantt|journey|mindmap|timeline|kanban|zenuml)\s*$/;

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
