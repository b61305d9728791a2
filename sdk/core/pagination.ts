/**
 * Cursor pagination for list calls (`Page`, `PagePromise`, `paginate`): await a list for one page,
 * or iterate it across all of them.
 */
import { DrawforgeError } from "./errors.ts";

/** The shape of every list the API returns. */
export interface List<Item> {
  items: Item[];
  next_cursor: string | null;
  /** Lists that count their matches (diagrams): how many there are over all pages. */
  total?: number;
}

/**
 * One page of a list, as the API sent it (`items`, `next_cursor`, and `total` where the list
 * counts). Iterating a page with `for await` yields its items and then those of every following
 * page, fetched as needed.
 */
export class Page<Item> implements List<Item>, AsyncIterable<Item> {
  readonly items: Item[];
  readonly next_cursor: string | null;
  /** How many items match over all pages, for lists that count them (`df.diagrams.list`). */
  readonly total?: number;
  readonly #fetchPage: (cursor: string) => Promise<Page<Item>>;

  /** Internal: list methods make pages. */
  constructor(list: List<Item>, fetchPage: (cursor: string) => Promise<Page<Item>>) {
    this.items = list.items;
    this.next_cursor = list.next_cursor;
    if (list.total !== undefined) this.total = list.total;
    this.#fetchPage = fetchPage;
  }

  /**
   * Whether there is a page after this one.
   *
   * @example
   * while (page.hasNextPage()) page = await page.getNextPage();
   */
  hasNextPage(): boolean {
    return this.next_cursor !== null;
  }

  /**
   * Fetches the next page; throws on the last page.
   *
   * @example
   * const second = await (await df.diagrams.versions.list(id, { limit: 10 })).getNextPage();
   */
  getNextPage(): Promise<Page<Item>> {
    if (this.next_cursor === null) {
      return Promise.reject(new DrawforgeError("this is the last page: there is no next one"));
    }
    return this.#fetchPage(this.next_cursor);
  }

  /**
   * Every item from this page on, across pages.
   *
   * @example
   * for await (const version of page) console.log(version.n);
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    let page: Page<Item> = this;
    for (;;) {
      yield* page.items;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }
}

/**
 * What list methods return: `await` it for the first {@link Page}, or `for await` it for every
 * item of every page. The first page is requested at once.
 */
export class PagePromise<Item> implements PromiseLike<Page<Item>>, AsyncIterable<Item> {
  readonly #page: Promise<Page<Item>>;

  /** Internal: list methods make these. */
  constructor(page: Promise<Page<Item>>) {
    this.#page = page;
  }

  /**
   * Resolves to the first page.
   *
   * @example
   * const page = await df.diagrams.versions.list(id);
   */
  // biome-ignore lint/suspicious/noThenProperty: awaiting a PagePromise is the point
  then<A = Page<Item>, B = never>(
    onfulfilled?: ((page: Page<Item>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#page.then(onfulfilled, onrejected);
  }

  /**
   * Handles a failure to fetch the first page.
   *
   * @example
   * const page = await df.diagrams.versions.list(id).catch(() => undefined);
   */
  catch<B = never>(
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<Page<Item> | B> {
    return this.#page.catch(onrejected);
  }

  /**
   * Every item of every page, fetched page by page as the loop goes.
   *
   * @example
   * for await (const version of df.diagrams.versions.list(id)) console.log(version.n, version.author);
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    yield* await this.#page;
  }
}

/**
 * A list method: fetches the page at `cursor` (the first without one) and wraps it so that its
 * successors can be fetched.
 *
 * @example
 * return paginate((cursor) => transport.json({ method: "GET", path, query: { ...params, cursor } }));
 */
export function paginate<Item>(
  fetchList: (cursor: string | undefined) => Promise<List<Item>>,
  cursor?: string,
): PagePromise<Item> {
  const fetchPage = async (at: string | undefined): Promise<Page<Item>> =>
    new Page(await fetchList(at), fetchPage);
  return new PagePromise(fetchPage(cursor));
}
