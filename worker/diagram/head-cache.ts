/** One cached head: the JSON the API answers with (UTF-8), and the key the object issued for it. */
interface Entry {
  key: string;
  version: number;
  body: Uint8Array<ArrayBuffer>;
}

/** Largest total size of cached JSON per isolate. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The JSON of recently read diagrams, per Worker isolate, least recently used evicted first.
 * Reads still ask the diagram's object every time (so tenancy and freshness are always
 * checked), but send the key they hold and get no copy back when it is current.
 *
 * @example
 * const cached = headCache.get(id);
 * const head = await stub.readJson({ tenant, known: cached?.key });
 */
export class HeadCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  readonly #maxBytes: number;

  constructor(maxBytes: number = MAX_BYTES) {
    this.#maxBytes = maxBytes;
  }

  get(id: string): Entry | undefined {
    const entry = this.#entries.get(id);
    if (entry) {
      this.#entries.delete(id);
      this.#entries.set(id, entry);
    }
    return entry;
  }

  set(id: string, entry: Entry): void {
    this.delete(id);
    const size = entry.body.byteLength;
    if (size > this.#maxBytes / 4) return;
    this.#entries.set(id, entry);
    this.#bytes += size;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.body.byteLength;
    }
  }

  delete(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#bytes -= entry.body.byteLength;
  }
}

/** This isolate's cache. */
export const headCache = new HeadCache();
