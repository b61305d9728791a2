/**
 * The `fetch` the model provider calls: a connection to the model server that fails or drops
 * becomes the AI SDK's retryable `APICallError`, so it is retried as a 5xx or 429 is; Chat
 * Completions answers are put into the standard form on the way (`chat-quirks.ts`).
 */
import { APICallError } from "ai";
import { standardChatAnswer } from "./chat-quirks.ts";

/**
 * Fetches from the model server; when the connection cannot be made or is lost (workerd's
 * "Network connection lost.", a refused or reset socket), before the answer or while its stream
 * is read, it throws or errors the stream with an `APICallError` marked retryable, naming the
 * server and the cause. The AI SDK retries such a call with its backoff (`maxRetries`), and a
 * turn or batch item that still fails is a passing failure, tried again later. The caller's
 * aborts and timeouts pass through as they are. A Chat Completions answer reaches the provider
 * in the standard form, whatever quirks its server has ({@link standardChatAnswer}).
 *
 * @example
 * const provider = createOpenAI({ apiKey, baseURL, fetch: modelFetch });
 */
export async function modelFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const signal = init?.signal ?? undefined;
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    throw connectionLost(error, url, signal, "before it answered");
  }
  if (!response.body) return response;
  const watched = new Response(watchedBody(response.body, url, signal), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  return standardChatAnswer(url, watched);
}

/** The answer's stream, whose read failures become retryable `APICallError`s. */
function watchedBody(
  body: ReadableStream<Uint8Array>,
  url: string,
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(connectionLost(error, url, signal, "while it answered"));
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The error to raise for a failed connection; an abort (the caller's or a timeout) as it is. */
function connectionLost(
  error: unknown,
  url: string,
  signal: AbortSignal | undefined,
  when: string,
): unknown {
  const aborted =
    signal?.aborted === true ||
    (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"));
  if (aborted) return error;
  const cause = error instanceof Error ? error.message : String(error);
  return new APICallError({
    message: `the connection to the model server at ${new URL(url).origin} was lost ${when}: ${cause}`,
    url,
    requestBodyValues: {},
    isRetryable: true,
    cause: error,
  });
}
