/**
 * `df.diagrams.publications`: publishing a diagram at anonymous URLs (SVG, .drawio, a page),
 * listing those links and revoking them.
 */
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type { CreatePublicationParams, Publication, PublicationList } from "../types.ts";
import { diagramPath } from "./shared.ts";

/** `df.diagrams.publications`: public, read-only, revocable links for docs pages. */
export class Publications {
  readonly #t: Transport;

  /** Internal: reach it as `df.diagrams.publications`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Publishes a diagram: `urls.svg` for an `<img>`, `urls.drawio` for the viewer's `src`,
   * `urls.page` to look at it. `version: "head"` (default) follows new versions; a number pins
   * one. Needs an API key.
   *
   * @example
   * const { urls } = await df.diagrams.publications.create(id);
   * console.log(`![Checkout](${urls.svg})`);
   */
  create(
    id: string,
    params: CreatePublicationParams = {},
    options?: RequestOptions,
  ): Promise<Publication> {
    return this.#t.json(
      { method: "POST", path: diagramPath(id, "/publications"), body: params, creates: true },
      options,
    );
  }

  /**
   * The diagram's publications, newest first.
   *
   * @example
   * const { items } = await df.diagrams.publications.list(id);
   */
  list(id: string, options?: RequestOptions): Promise<PublicationList> {
    return this.#t.json({ method: "GET", path: diagramPath(id, "/publications") }, options);
  }

  /**
   * Revokes a publication: its links answer 404 from now on.
   *
   * @example
   * await df.diagrams.publications.revoke(id, pub.id);
   */
  async revoke(id: string, publicationId: string, options?: RequestOptions): Promise<void> {
    await this.#t.json(
      {
        method: "DELETE",
        path: diagramPath(id, `/publications/${encodeURIComponent(publicationId)}`),
      },
      options,
    );
  }
}
