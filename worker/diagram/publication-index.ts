// The index of live publications in Workers KV: a filter in front of the diagram objects.

import { DiagramIdSchema } from "../schemas/common.ts";

/** How long an edge location may keep an answer of the index (KV's own minimum). */
const READ_CACHE_SECONDS = 60;

const keyOf = (pub: string) => `pub:${pub}`;

/**
 * Which publication ids are live, and the diagram each belongs to, in the `PUBLICATIONS` KV
 * namespace. A public request whose id is not here answers 404 without waking (or creating) a
 * Durable Object; one whose id is here still asks the diagram's object, which stays the
 * authority (a revoked link that an edge still remembers answers 404 from there). The diagram
 * object writes an entry before it records a publication and deletes it after it revokes one
 * or is deleted, so the index never misses a live link; it may briefly hold a dead one.
 *
 * @example
 * const index = new PublicationIndex(env.PUBLICATIONS);
 * await index.add("pub_…", "d_…");
 * await index.diagramOf("pub_…"); // "d_…"
 */
export class PublicationIndex {
  readonly #kv: KVNamespace;

  constructor(kv: KVNamespace) {
    this.#kv = kv;
  }

  /** Records a publication of `diagramId`; call it before the object records the publication. */
  add(pub: string, diagramId: string): Promise<void> {
    return this.#kv.put(keyOf(pub), diagramId);
  }

  /** Forgets publications; call it after the object revoked them. */
  async remove(pubs: readonly string[]): Promise<void> {
    await Promise.all(pubs.map((pub) => this.#kv.delete(keyOf(pub))));
  }

  /** The diagram a live publication belongs to, or undefined when the index does not know it. */
  async diagramOf(pub: string): Promise<string | undefined> {
    const diagramId = await this.#kv.get(keyOf(pub), { cacheTtl: READ_CACHE_SECONDS });
    return DiagramIdSchema.safeParse(diagramId).success ? (diagramId as string) : undefined;
  }
}
