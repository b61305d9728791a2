import type { z } from "@hono/zod-openapi";
import { toDiagramsNetUrl } from "../drawio/urls.ts";
import type { Outcome } from "../durable/outcome.ts";
import { ApiError, apiErrorFrom } from "../http/api-error.ts";
import type { AppEnv, Principal } from "../http/app-env.ts";
import type { DiagramLinksSchema } from "../schemas/common.ts";
import type { Author } from "../schemas/version.ts";

/** Where a finished diagram can be opened, fetched or seen. */
export type DiagramLinks = z.infer<typeof DiagramLinksSchema>;

/**
 * The stub of a diagram's object, by id.
 *
 * @example
 * const view = unwrap(await diagramStub(c.env, id).read({ tenant, format: "xml" }));
 */
export function diagramStub(env: AppEnv["Bindings"], id: string) {
  return env.DIAGRAM.getByName(id);
}

/** The value of an RPC outcome, or the {@link ApiError} it carries. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw apiErrorFrom(outcome.problem);
  return outcome.value;
}

/** A person with a widget token edits as `user`; API calls are `api`, an assistant's `mcp`. */
export function authorOf(principal: Principal): Author {
  if (principal.kind === "token") return "user";
  return principal.via === "mcp" ? "mcp" : "api";
}

/** A finished diagram as answers hand it back: its head, and where to open it. */
export interface FinishedDiagram {
  title: string;
  version: number;
  xml: string;
  links: DiagramLinks;
}

/**
 * Where a diagram opens: the API, a diagrams.net link carrying the diagram, the editor page
 * of this Worker, and its picture (SVG and PNG, with the same credentials as the API).
 *
 * @example
 * const links = linksOf(origin, id, head);
 */
export function linksOf(
  origin: string,
  id: string,
  head: { xml: string; title: string },
): FinishedDiagram["links"] {
  return {
    api: `${origin}/v1/diagrams/${id}`,
    diagrams_net: toDiagramsNetUrl(head.xml, { title: head.title }),
    editor: editorUrl(origin, id),
    svg: `${origin}/v1/diagrams/${id}/export?format=svg`,
    png: `${origin}/v1/diagrams/${id}/export?format=png`,
  };
}

/** The editor page of this Worker for a diagram. */
export function editorUrl(origin: string, id: string): string {
  return `${origin}/?diagram=${id}`;
}

/**
 * The head of a diagram with its links (the API, a diagrams.net link carrying the diagram, the
 * editor page of this Worker), for the answer of a turn and the webhook of a batch item.
 *
 * @example
 * const { xml, links } = await finishedDiagram(env, tenant, id, new URL(c.req.url).origin);
 */
export async function finishedDiagram(
  env: AppEnv["Bindings"],
  tenant: string,
  id: string,
  origin: string,
): Promise<FinishedDiagram> {
  const head = JSON.parse(unwrap(await diagramStub(env, id).readJson({ tenant })).json ?? "{}") as {
    title: string;
    version: number;
    xml: string;
  };
  return {
    title: head.title,
    version: head.version,
    xml: head.xml,
    links: linksOf(origin, id, head),
  };
}
