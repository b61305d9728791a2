/**
 * A diagram object's exports and publications: a version as a file (SVG, draw.io, URL, …) and
 * public read-only links, kept in step with the KV publication index.
 */
import type { z } from "zod";
import { loadDrawingAssets } from "../images/drawing-assets.ts";
import { drawForRaster } from "../images/label-fonts.ts";
import { IMAGE_BORDER } from "../schemas/render.ts";
import type { DiagramState } from "./diagram-state.ts";
import { publicationNotFound, versionNotFound } from "./problems.ts";
import type { PublicationIndex } from "./publication-index.ts";
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
  const drawing =
    args.format === "svg" ? await loadDrawingAssets(assets, document, args.page) : undefined;
  const { raster, ...options } = args;
  return drawForRaster(assets, raster === true && args.format === "svg", (outliner) =>
    exportFile(document, xml, row.title, { ...options, assets: drawing, outliner }),
  );
}

/**
 * Makes a public, read-only link: pinned to `version`, or following the head (null). The index
 * learns of it first, so a recorded link is always reachable; if the diagram is deleted while
 * the index is written, the entry goes again.
 *
 * @example
 * await publish(state, index, { tenant, id: "pub_…", version: null }); // { id, version: null, created_at }
 */
export async function publish(
  state: DiagramState,
  index: PublicationIndex,
  args: z.infer<typeof In.PublishInput>,
) {
  const { id: diagramId } = state.own(args.tenant);
  if (args.version !== null && !state.store.summary(args.version)) versionNotFound(args.version);
  await index.add(args.id, diagramId);
  try {
    state.own(args.tenant);
  } catch (error) {
    await index.remove([args.id]);
    throw error;
  }
  const row = { id: args.id, version: args.version, created_at: new Date().toISOString() };
  state.publications.add(row);
  return row;
}

/**
 * Revokes a publication: its links answer 404 from now on (the object says so at once; the
 * index forgets it after).
 *
 * @example
 * await unpublish(state, index, { tenant, id: "pub_…" }); // { revoked: true }
 */
export async function unpublish(
  state: DiagramState,
  index: PublicationIndex,
  args: z.infer<typeof In.UnpublishInput>,
) {
  state.own(args.tenant);
  if (!state.publications.remove(args.id)) publicationNotFound();
  await forget(index, [args.id]);
  return { revoked: true as const };
}

/**
 * Takes publications out of the index after the object let them go. The object is the
 * authority: an entry left behind by a failed delete only costs a request to it, so a failure
 * is logged, not answered.
 *
 * @example
 * await forget(index, await state.destroy(tenant));
 */
export async function forget(index: PublicationIndex, pubs: readonly string[]): Promise<void> {
  try {
    await index.remove(pubs);
  } catch (error) {
    console.warn("publication index: could not forget", pubs, error);
  }
}

/**
 * Indexes the publications recorded before the index existed (migration 6), once; the object
 * calls it when it wakes. Until then their links answer 404, as the README says.
 *
 * @example
 * ctx.waitUntil(indexEarlierPublications(state, index));
 */
export async function indexEarlierPublications(
  state: DiagramState,
  index: PublicationIndex,
): Promise<void> {
  const row = state.store.diagram();
  if (!row) return;
  for (const pub of state.publications.unindexed()) {
    await index.add(pub, row.id);
    state.publications.markIndexed(pub);
  }
}

/**
 * What a publication shows now, without drawing it: its version (the pinned one, or the head),
 * the ETag of its answers, and the diagram's title (for its page). A missing or revoked publication is a 404.
 *
 * @example
 * publication(state, { id: "pub_…" }); // { etag: '"3"', pinned: false, version: 3, title: "…" }
 */
export function publication(state: DiagramState, args: z.infer<typeof In.PublicationInput>) {
  return shown(state, args.id).shows;
}

/** The diagram's row and what publication `id` shows of it, or a 404. */
function shown(state: DiagramState, id: string) {
  const row = state.store.diagram();
  const pub = row ? state.publications.get(id) : undefined;
  if (!row || !pub) return publicationNotFound();
  const version = pub.version ?? row.head;
  const shows = { etag: `"${version}"`, pinned: pub.version !== null, version, title: row.title };
  return { row, shows };
}

/**
 * A publication's picture or file, drawn now, for anyone with its link (no tenant: the link is
 * the permission), with the version it is. Callers ask {@link publication} first and draw only
 * what no cache holds.
 *
 * @example
 * await published(state, env.ASSETS, { id: "pub_…", format: "svg" }); // { version: 3, file, … }
 */
export async function published(
  state: DiagramState,
  assets: Fetcher,
  args: z.infer<typeof In.PublishedInput>,
) {
  const { row, shows } = shown(state, args.id);
  const { etag, pinned, version: n } = shows;
  const { xml, document } = state.head.versionDocument(row.head, n);
  const drawing = args.format === "svg" ? await loadDrawingAssets(assets, document, 0) : undefined;
  const file = await drawForRaster(
    assets,
    args.raster === true && args.format === "svg",
    (outliner) =>
      exportFile(document, xml, row.title, {
        format: args.format,
        page: 0,
        border: IMAGE_BORDER,
        assets: drawing,
        outliner,
      }),
  );
  return { etag, pinned, version: n, file };
}
