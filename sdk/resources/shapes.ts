/**
 * `df.shapeLibraries` and `df.shapes`: browsing draw.io's shape libraries page by page, and
 * searching shapes by what they depict.
 */
import { type PagePromise, paginate } from "../core/pagination.ts";
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type {
  Shape,
  ShapeLibrary,
  ShapeLibraryParams,
  ShapeLibrarySummary,
  ShapeList,
  ShapeSearchParams,
} from "../types.ts";

const libraryPath = (name: string) => `/v1/shape-libraries/${encodeURIComponent(name)}`;

/** `df.shapeLibraries`: every real draw.io shape library (AWS, Azure, GCP, Cisco, BPMN…). */
export class ShapeLibraries {
  readonly #t: Transport;

  /** Internal: reach it as `df.shapeLibraries`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Every library with its shape and category counts.
   *
   * @example
   * for await (const library of df.shapeLibraries.list()) console.log(library.name, library.shapes);
   */
  list(options?: RequestOptions): PagePromise<ShapeLibrarySummary> {
    // The API sends every library on one page, but a cursor is followed should that change.
    return paginate((cursor) =>
      this.#t.json({ method: "GET", path: "/v1/shape-libraries", query: { cursor } }, options),
    );
  }

  /**
   * One library: its categories and a page of its shapes (`shapes.items`, `shapes.next_cursor`).
   *
   * @example
   * const aws = await df.shapeLibraries.retrieve("aws4", { category: "Compute", limit: 20 });
   */
  retrieve(
    name: string,
    params: ShapeLibraryParams = {},
    options?: RequestOptions,
  ): Promise<ShapeLibrary> {
    return this.#t.json({ method: "GET", path: libraryPath(name), query: params }, options);
  }

  /**
   * A library's shapes, page by page; `for await` it for all of them.
   *
   * @example
   * for await (const shape of df.shapeLibraries.listShapes("aws4", { category: "Compute" })) {
   *   console.log(shape.title, shape.style);
   * }
   */
  listShapes(
    name: string,
    params: ShapeLibraryParams = {},
    options?: RequestOptions,
  ): PagePromise<Shape> {
    return paginate(
      async (cursor) => (await this.retrieve(name, { ...params, cursor }, options)).shapes,
      params.cursor,
    );
  }
}

/** `df.shapes`: find shapes by meaning. */
export class Shapes {
  readonly #t: Transport;

  /** Internal: reach it as `df.shapes`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Shapes that match words such as "load balancer", "k8s pod" or "postgres", best first, each
   * with the exact style string to put in a cell.
   *
   * @example
   * const { items } = await df.shapes.search({ q: "aws lambda", limit: 3 });
   * console.log(items[0]?.style);
   */
  search(params: ShapeSearchParams, options?: RequestOptions): Promise<ShapeList> {
    return this.#t.json({ method: "GET", path: "/v1/shapes/search", query: params }, options);
  }
}
