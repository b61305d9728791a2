import type { z } from "zod";
import { loadDrawingAssets } from "../images/drawing-assets.ts";
import type { DiagramState } from "./diagram-state.ts";
import { publicationNotFound, versionNotFound } from "./problems.ts";
import type * as In from "./rpc-schemas.ts";
import { exportFile } from "./views.ts";

// The diagram object's ways out: exports of a version, and public, read-only links
// (publications) that anyone holding one may fetch. SVG exports load the stencils they draw
// from the Worker's static assets first.

/**
 * A version (the head by default) as a file: draw.io, XML, compressed, a diagrams.net URL or SVG.
 *
 * @example
 * await exportAs(state, env.ASSETS, { tenant, format: "svg", page: 0 }); // { body: "<svg…", … }
 */
export async function exportAs(
  state: DiagramState,
  assets: Fetcher,
  args: z.infer<typeof In.ExportInput>,
) {
  const row = state.own(args.tenant);
  const { xml, document } = state.head.versionDocument(row.head, args.version ?? row.head);
  if (args.format === "svg") await loadDrawingAssets(assets, document, args.page);
  return exportFile(document, xml, row.title, args);
}

/**
 * Makes a public, read-only link: pinned to `version`, or following the head (null).
 *
 * @example
 * publish(state, { tenant, id: "pub_…", version: null }); // { id, version: null, created_at }
 */
export function publish(state: DiagramState, args: z.infer<typeof In.PublishInput>) {
  state.own(args.tenant);
  if (args.version !== null && !state.store.summary(args.version)) versionNotFound(args.version);
  const row = { id: args.id, version: args.version, created_at: new Date().toISOString() };
  state.publications.add(row);
  return row;
}

/**
 * Revokes a publication: its links answer 404 from now on.
 *
 * @example
 * unpublish(state, { tenant, id: "pub_…" }); // { revoked: true }
 */
export function unpublish(state: DiagramState, args: z.infer<typeof In.UnpublishInput>) {
  state.own(args.tenant);
  if (!state.publications.remove(args.id)) publicationNotFound();
  return { revoked: true as const };
}

/**
 * A publication's picture or file, for anyone with its link (no tenant: the link is the
 * permission). `known` saves the work when the caller's copy is still current.
 *
 * @example
 * await published(state, env.ASSETS, { id: "pub_…", format: "svg", known: '"3"' });
 */
export async function published(
  state: DiagramState,
  assets: Fetcher,
  args: z.infer<typeof In.PublishedInput>,
) {
  const row = state.store.diagram();
  const pub = row ? state.publications.get(args.id) : undefined;
  if (!row || !pub) return publicationNotFound();
  const n = pub.version ?? row.head;
  const etag = `"${n}"`;
  const pinned = pub.version !== null;
  if (args.known === etag) return { etag, pinned, version: n };
  const { xml, document } = state.head.versionDocument(row.head, n);
  if (args.format === "svg") await loadDrawingAssets(assets, document, 0);
  const file = exportFile(document, xml, row.title, { format: args.format, page: 0 });
  return { etag, pinned, version: n, file };
}
