/**
 * The HTTP layer every resource goes through: URL and headers, auth, idempotency keys, per-attempt
 * timeouts, abort signals and retries.
 */
import {
  AbortError,
  ConnectionError,
  DrawforgeError,
  errorFromResponse,
  TimeoutError,
} from "../core/errors.ts";
import { isRetryable, retryDelay } from "./retry.ts";

/** Options every method takes as its last argument; they override the client's for one call. */
export interface RequestOptions {
  /** Milliseconds to wait for each attempt before giving up on it (default: the client's). */
  timeout?: number;
  /** How many times to retry a failed attempt (default: the client's, 2). */
  maxRetries?: number;
  /** Aborts the call (and, for a stream, cancels the turn). */
  signal?: AbortSignal;
  /** Your own `Idempotency-Key`; by default creating calls get a fresh one per call. */
  idempotencyKey?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** What the transport needs; {@link Drawforge} fills in the defaults. */
export interface TransportOptions {
  apiKey: string;
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch;
  defaultHeaders: Record<string, string>;
}

/** One API call. */
export interface RequestSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  /** The call creates something: it gets an `Idempotency-Key`, so a retry never does it twice. */
  creates?: boolean;
  /** Hand back the response as soon as its headers are in: the body is an event stream. */
  stream?: boolean;
}

/** A response read whole, for the calls that need more than its JSON (exports). */
export interface ReadResponse {
  response: Response;
  text: string;
}

/**
 * Sends API calls: authentication, JSON, timeouts, cancellation, and retries with backoff.
 * Internal; resources call it, users call resources.
 */
export class Transport {
  readonly #options: TransportOptions;

  constructor(options: TransportOptions) {
    this.#options = options;
  }

  /**
   * Sends a call and parses its JSON answer (`undefined` for 204).
   *
   * @example
   * const diagram = await transport.json<Diagram>({ method: "GET", path: `/v1/diagrams/${id}` });
   */
  async json<T>(spec: RequestSpec, options: RequestOptions = {}): Promise<T> {
    const { text } = await this.read(spec, options);
    if (text === "") return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new DrawforgeError(`the API answered ${spec.path} with a body that is not JSON`, {
        cause,
      });
    }
  }

  /**
   * Sends a call and reads its whole body as text, keeping the response for its headers.
   *
   * @example
   * const { response, text } = await transport.read({ method: "GET", path });
   */
  read(spec: RequestSpec, options: RequestOptions = {}): Promise<ReadResponse> {
    return this.#send(spec, options, async (response) => ({
      response,
      text: await response.text(),
    }));
  }

  /**
   * Sends a call and reads its whole body as bytes (an image), keeping the response.
   *
   * @example
   * const { response, bytes } = await transport.bytes({ method: "GET", path });
   */
  bytes(
    spec: RequestSpec,
    options: RequestOptions = {},
  ): Promise<{ response: Response; bytes: Uint8Array }> {
    return this.#send(spec, options, async (response) => ({
      response,
      bytes: new Uint8Array(await response.arrayBuffer()),
    }));
  }

  /**
   * Sends a call and returns the response once its headers are in, body unread; the timeout
   * covers only the wait for the headers, and `signal` keeps working on the body.
   *
   * @example
   * const res = await transport.stream({ method: "POST", path: "/v1/generate", body, stream: true });
   */
  stream(spec: RequestSpec, options: RequestOptions = {}): Promise<Response> {
    return this.#send({ ...spec, stream: true }, options, async (response) => response);
  }

  async #send<T>(
    spec: RequestSpec,
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const maxRetries = options.maxRetries ?? this.#options.maxRetries;
    const init = {
      method: spec.method,
      headers: this.#headers(spec, options),
      body: spec.body === undefined ? null : JSON.stringify(spec.body),
    };
    const url = this.#url(spec);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#attempt(url, init, spec, options, read);
      } catch (error) {
        // A streamed turn carries no idempotency key, so only answers that prove nothing ran
        // (an error status) may be retried; a dropped connection may have started the turn.
        if (attempt >= maxRetries || !isRetryable(error, !spec.stream)) throw error;
        await sleep(retryDelay(attempt, error), options.signal);
      }
    }
  }

  async #attempt<T>(
    url: string,
    init: RequestInit,
    spec: RequestSpec,
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const { signal } = options;
    const timeout = options.timeout ?? this.#options.timeout;
    if (signal?.aborted) throw new AbortError("the request was aborted");
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener("abort", abort);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const failure = (cause: unknown): DrawforgeError => {
      if (cause instanceof DrawforgeError) return cause;
      if (signal?.aborted) return new AbortError("the request was aborted", { cause });
      if (timedOut)
        return new TimeoutError(`no answer from ${url} within ${timeout} ms`, { cause });
      return new ConnectionError(`could not reach ${url}: ${String(cause)}`, { cause });
    };
    let streaming = false;
    try {
      const response = await this.#options
        .fetch(url, { ...init, signal: controller.signal })
        .catch((cause: unknown) => Promise.reject(failure(cause)));
      if (!response.ok) throw await errorFromResponse(response);
      const result = await read(response).catch((cause: unknown) => Promise.reject(failure(cause)));
      streaming = spec.stream === true;
      return result;
    } finally {
      clearTimeout(timer);
      // A stream's body is still to be read: the caller's signal must still be able to stop it.
      if (!streaming) signal?.removeEventListener("abort", abort);
    }
  }

  #url(spec: RequestSpec): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.toString();
    return `${this.#options.baseUrl.replace(/\/+$/, "")}${spec.path}${search ? `?${search}` : ""}`;
  }

  #headers(spec: RequestSpec, options: RequestOptions): Headers {
    // `Headers` rather than an object: names are case-insensitive, so a caller's
    // "Authorization" replaces ours instead of joining it.
    const headers = new Headers({
      accept: spec.stream ? "text/event-stream" : "application/json",
      authorization: `Bearer ${this.#options.apiKey}`,
    });
    const key = options.idempotencyKey ?? (spec.creates ? idempotencyKey() : undefined);
    const extra = {
      ...(spec.body === undefined ? {} : { "content-type": "application/json" }),
      ...(key === undefined ? {} : { "idempotency-key": key }),
      ...this.#options.defaultHeaders,
      ...spec.headers,
      ...options.headers,
    };
    for (const [name, value] of Object.entries(extra)) {
      if (value !== undefined) headers.set(name, value);
    }
    return headers;
  }
}

/** A fresh key per call (not per attempt), so every retry of one call carries the same key. */
function idempotencyKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return `sdk_${uuid ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`}`;
}

/**
 * Waits `ms` milliseconds; rejects with {@link AbortError} as soon as `signal` aborts.
 *
 * @example
 * await sleep(retryDelay(attempt, error), options.signal);
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new AbortError("the request was aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener("abort", abort, { once: true });
  });
}
