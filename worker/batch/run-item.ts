/**
 * Runs one batch item as an agent turn in its own diagram object, safe under redelivery, and
 * shapes the result (inline XML or links) that the item's webhook carries.
 */
import { titleFrom, withHints } from "../agent/request-text.ts";
import type { Bindings } from "../bindings.ts";
import {
  diagramStub,
  type FinishedDiagram,
  finishedDiagram,
  linksOf,
  unwrap,
} from "../diagram/client.ts";
import { DrawioError, parseDiagram, renderSvg } from "../drawio/index.ts";
import type { ProblemInit } from "../http/api-error.ts";
import { loadDrawingAssets } from "../images/drawing-assets.ts";

/** XML up to this size travels inside the webhook; larger diagrams are fetched by link. */
export const INLINE_XML_BYTES = 20_000;

/** How running one item ended: done (either way), or worth another attempt later. */
export type ItemOutcome =
  | { kind: "succeeded"; version: number; title: string; data: Record<string, unknown> }
  | { kind: "failed"; error: ProblemInit }
  | { kind: "retry"; reason: string };

/** What {@link runItem} needs of the item. */
export interface ItemWork {
  tenant: string;
  origin: string;
  model: string | null;
  /** `none` when the batch opted out of the house style. */
  style: string | null;
  prompt: string;
  title: string | null;
  theme: string | null;
  direction: string | null;
  diagramId: string;
}

/**
 * Runs one batch item as a generation turn in its own diagram object. The diagram id comes with
 * the item, so a redelivered message finds the diagram an earlier attempt made instead of making
 * a second one; if that attempt already saved the agent's version, the item is simply done.
 *
 * @example
 * const outcome = await runItem(env, work);
 */
export async function runItem(env: Bindings, work: ItemWork): Promise<ItemOutcome> {
  const diagram = diagramStub(env, work.diagramId);
  const created = await diagram.create({
    tenant: work.tenant,
    id: work.diagramId,
    title: work.title ?? titleFrom(work.prompt),
    author: "api",
  });
  if (!created.ok) {
    if (created.problem.code !== "already_exists")
      return { kind: "failed", error: created.problem };
    const meta = unwrap(await diagram.meta({ tenant: work.tenant }));
    if (meta.version > 1) return succeeded(env, work);
  }
  const answered = await diagram.runTurn({
    tenant: work.tenant,
    prompt: withHints(work.prompt, work),
    ...(work.model ? { model: work.model } : {}),
    // An item applies the house style but teaches it nothing: it has no conversation.
    style: work.style === "none" ? "none" : "apply",
    ...(work.title ? {} : { retitle: true }),
    discardOnFailure: true,
    // The queue retries the whole item with growing delays; a retry inside the turn would only
    // hold a consumer slot while the model is down.
    retries: 0,
  });
  if (!answered.ok) {
    const p = answered.problem;
    if (p.code === "turn_in_progress" || (p.status >= 500 && p.status !== 503)) {
      return { kind: "retry", reason: p.detail };
    }
    return { kind: "failed", error: p };
  }
  const { completed: done, head } = answered.value;
  if (done.status === "changed" && head) {
    const links = await linksOf(
      env,
      { origin: work.origin, tenant: work.tenant },
      work.diagramId,
      head,
    );
    return finished(env, work, { ...head, links });
  }
  if (done.status === "cancelled" || (done.status === "failed" && done.retryable)) {
    return { kind: "retry", reason: done.error ?? "the turn was interrupted" };
  }
  return {
    kind: "failed",
    error:
      done.status === "unchanged"
        ? {
            status: 422,
            code: "no_diagram",
            detail: `the model answered without drawing anything: ${done.text.slice(0, 300)}`,
          }
        : { status: 502, code: "turn_failed", detail: done.error ?? "the turn failed" },
  };
}

/** An item whose diagram an earlier attempt already finished. */
async function succeeded(env: Bindings, work: ItemWork): Promise<ItemOutcome> {
  return finished(env, work, await finishedDiagram(env, work.tenant, work.diagramId, work.origin));
}

async function finished(
  env: Bindings,
  work: ItemWork,
  head: FinishedDiagram,
): Promise<ItemOutcome> {
  const encoder = new TextEncoder();
  const inline = encoder.encode(head.xml).byteLength <= INLINE_XML_BYTES;
  let svg: string | undefined;
  if (inline) {
    const doc = parseDiagram(head.xml);
    const assets = await loadDrawingAssets(env.ASSETS, doc);
    try {
      svg = renderSvg(doc, { assets }).svg;
    } catch (error) {
      // A page too costly to draw (render_too_expensive) still succeeded: its SVG is left out.
      if (!(error instanceof DrawioError)) throw error;
    }
  }
  return {
    kind: "succeeded",
    version: head.version,
    title: head.title,
    data: {
      diagram_id: work.diagramId,
      version: head.version,
      title: head.title,
      links: head.links,
      ...(inline ? { xml: head.xml } : {}),
      ...(svg !== undefined && encoder.encode(svg).byteLength <= INLINE_XML_BYTES ? { svg } : {}),
    },
  };
}
