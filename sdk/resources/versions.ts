/**
 * `df.diagrams.versions`: a diagram's history, listed, read one version at a time, diffed, and
 * restored as a new head.
 */
import { type PagePromise, paginate } from "../core/pagination.ts";
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type {
  Diagram,
  DiffParams,
  PageParams,
  Version,
  VersionDiff,
  VersionSummary,
} from "../types.ts";
import { diagramPath, type WriteOptions, writeHeaders } from "./shared.ts";

/** `df.diagrams.versions`: a diagram's append-only history. */
export class Versions {
  readonly #t: Transport;

  /** Internal: reach it as `df.diagrams.versions`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * The versions, newest first, without XML. Await it for one page, or `for await` it for all.
   *
   * @example
   * const page = await df.diagrams.versions.list(id, { limit: 50 });
   * for await (const v of df.diagrams.versions.list(id)) console.log(v.n, v.author, v.message);
   */
  list(id: string, params: PageParams = {}, options?: RequestOptions): PagePromise<VersionSummary> {
    return paginate(
      (cursor) =>
        this.#t.json(
          { method: "GET", path: diagramPath(id, "/versions"), query: { ...params, cursor } },
          options,
        ),
      params.cursor,
    );
  }

  /**
   * One version, with its XML.
   *
   * @example
   * const { xml } = await df.diagrams.versions.retrieve(id, 2);
   */
  retrieve(id: string, n: number, options?: RequestOptions): Promise<Version> {
    return this.#t.json({ method: "GET", path: diagramPath(id, `/versions/${n}`) }, options);
  }

  /**
   * What changed, cell by cell, from version `against` (default: the one before) to `n`.
   *
   * @example
   * const diff = await df.diagrams.versions.diff(id, 3, { against: 1 });
   * console.log(diff.text);
   */
  diff(
    id: string,
    n: number,
    params: DiffParams = {},
    options?: RequestOptions,
  ): Promise<VersionDiff> {
    return this.#t.json(
      { method: "GET", path: diagramPath(id, `/versions/${n}/diff`), query: params },
      options,
    );
  }

  /**
   * Appends a copy of version `n` as the new head; every version stays in the history.
   *
   * @example
   * const diagram = await df.diagrams.versions.restore(id, 2);
   * console.log(diagram.version); // the new head, e.g. 5
   */
  restore(id: string, n: number, options: WriteOptions = {}): Promise<Diagram> {
    return this.#t.json(
      {
        method: "POST",
        path: diagramPath(id, `/versions/${n}/restore`),
        headers: writeHeaders(options),
        creates: true,
      },
      options,
    );
  }
}
