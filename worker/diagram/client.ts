/**
 * The Worker's side of a diagram object: its stub, the author a principal writes as, and the
 * links (API, diagrams.net, editor page, pictures) that come with a finished diagram.
 */
import type { z } from "@hono/zod-openapi";
import { signToken, tokenSecret } from "../auth/widget-tokens.ts";
import { toDiagramsNetUrl } from "../drawio/index.ts";
import { unwrap } from "../durable/outcome.ts";
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

// The stub's outcomes are unwrapped by the plumbing every object shares; exported here too,
// beside the stub, for the routes that hold one.
export { unwrap };

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

/** How long the edit token in `links.editor` lasts: the longest a widget token may. */
export const EDITOR_LINK_SECONDS = 24 * 60 * 60;

/** Whom links are made for: this Worker's origin and the tenant that owns the diagram. */
export interface LinkContext {
  origin: string;
  tenant: string;
}

/**
 * Where a diagram opens: the API, a diagrams.net link carrying the diagram, the editor page
 * of this Worker (with an edit token), and its picture (SVG and PNG, with the same credentials
 * as the API).
 *
 * @example
 * const links = await linksOf(c.env, { origin, tenant }, id, head);
 */
export async function linksOf(
  env: AppEnv["Bindings"],
  to: LinkContext,
  id: string,
  head: { xml: string; title: string },
): Promise<DiagramLinks> {
  const { origin } = to;
  return {
    api: `${origin}/v1/diagrams/${id}`,
    diagrams_net: toDiagramsNetUrl(head.xml, { title: head.title }),
    editor: await editorLink(env, to, id),
    svg: `${origin}/v1/diagrams/${id}/export?format=svg`,
    png: `${origin}/v1/diagrams/${id}/export?format=png`,
  };
}

/**
 * The editor page of this Worker on one diagram: `/edit/{id}#token=dft_…`, an edit token valid
 * for {@link EDITOR_LINK_SECONDS}. The token rides in the fragment, which browsers never send,
 * so it stays out of server and proxy logs; whoever holds the link may edit the diagram until
 * it expires.
 *
 * @example
 * await editorLink(env, { origin, tenant }, "d_…"); // "https://…/edit/d_…#token=dft_…"
 */
export async function editorLink(
  env: AppEnv["Bindings"],
  to: LinkContext,
  id: string,
): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + EDITOR_LINK_SECONDS;
  const token = await signToken(
    { tenant: to.tenant, diagramId: id, scope: "edit", exp },
    tokenSecret(env),
  );
  return `${to.origin}/edit/${id}#token=${token}`;
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
    links: await linksOf(env, { origin, tenant }, id, head),
  };
}
