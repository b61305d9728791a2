/** How the tools fetch a diagram through the API and name it in their answers. */
import { z } from "zod";
import type { Diagram as DiagramView } from "../../schemas/diagram.ts";
import type { InProcessApi } from "./api.ts";

/** A diagram as the API answers it with its XML. */
export type Diagram = DiagramView & { xml: string };

/** Longer diagrams.net links (the diagram is inside the link) are left out of answers. */
const MAX_LINK_CHARS = 16_000;

/** How an answer names a diagram: its id, version and where a person opens it. */
export const DiagramRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number().int(),
  links: z.object({
    editor: z.string(),
    diagrams_net: z.string().optional(),
    api: z.string(),
    svg: z.string(),
  }),
});

/** The reference an answer carries for a diagram at one version. */
export async function diagramRef(
  api: InProcessApi,
  head: { id: string; title: string; version: number; xml: string },
): Promise<z.infer<typeof DiagramRefSchema>> {
  const links = await api.links(head.id, head);
  return {
    id: head.id,
    title: head.title,
    version: head.version,
    links: {
      editor: links.editor,
      ...(links.diagrams_net.length <= MAX_LINK_CHARS ? { diagrams_net: links.diagrams_net } : {}),
      api: links.api,
      svg: links.svg,
    },
  };
}

/** The head of a diagram, read through the API. */
export async function head(api: InProcessApi, id: string): Promise<Diagram> {
  return api.json<Diagram>("GET", `/v1/diagrams/${encodeURIComponent(id)}`);
}

/** The lines of an answer that name a diagram and say where to open it. */
export function opened(ref: z.infer<typeof DiagramRefSchema>): string {
  const lines = [
    `Diagram ${ref.id} "${ref.title}", version ${ref.version}.`,
    `Open it: ${ref.links.editor}`,
  ];
  if (ref.links.diagrams_net) lines.push(`Or in diagrams.net: ${ref.links.diagrams_net}`);
  return lines.join("\n");
}

/** The API path of a diagram, or of something under it (`rest`, e.g. `/export`). */
export const path = (id: string, rest = "") => `/v1/diagrams/${encodeURIComponent(id)}${rest}`;
