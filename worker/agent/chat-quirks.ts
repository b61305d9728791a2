/**
 * Chat Completions answers of OpenAI-compatible servers (Ollama, vLLM, LM Studio, some proxies)
 * put into the standard form before a provider reads them: tool-call arguments sent as a JSON
 * object become the JSON string the AI SDK expects, and tool calls without an id, an index or a
 * type get them. Without this the SDK's schema check fails the whole turn on one such call.
 */
import { JSONParseError, parseJsonEventStream } from "ai";
import { z } from "zod";

/** A tool call as servers send it, whole (`message`) or in pieces (`delta`); other keys kept. */
const ToolCallSchema = z.looseObject({
  index: z.unknown().optional(),
  id: z.unknown().optional(),
  type: z.unknown().optional(),
  function: z.looseObject({ name: z.unknown().optional(), arguments: z.unknown().optional() }),
});
type ToolCall = z.infer<typeof ToolCallSchema>;

const CallsSchema = z.looseObject({ tool_calls: z.array(ToolCallSchema).nullish() });

/** The parts of an answer or a streamed chunk this module may rewrite; the rest passes as it is. */
const AnswerSchema = z.looseObject({
  choices: z.array(
    z.looseObject({
      index: z.number().optional(),
      message: CallsSchema.nullish(),
      delta: CallsSchema.nullish(),
    }),
  ),
});
type Answer = z.infer<typeof AnswerSchema>;

/**
 * The answer of a model server in the standard Chat Completions form, for `/chat/completions`
 * answers that succeeded (streamed or plain JSON); any other answer is returned as it is. A
 * failure to read the body (a lost connection) surfaces as it would have.
 *
 * @example
 * const response = await standardChatAnswer(url, await fetch(url, init));
 */
export async function standardChatAnswer(url: string, response: Response): Promise<Response> {
  if (!response.ok || !response.body || !isChatCompletions(url)) return response;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/event-stream")) {
    return withBody(response, standardStream(response.body));
  }
  if (type.includes("json")) return withBody(response, standardJson(await response.text()));
  return response;
}

/** Whether the URL is a Chat Completions endpoint (`…/chat/completions`, any query). */
function isChatCompletions(url: string): boolean {
  try {
    return new URL(url).pathname.replace(/\/+$/, "").endsWith("/chat/completions");
  } catch {
    return false;
  }
}

/** A copy of the response with a new body (its length is no longer known). */
function withBody(response: Response, body: BodyInit): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** A plain JSON answer, standardised; text that is not a Chat Completions answer as it was. */
function standardJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const answer = AnswerSchema.safeParse(value);
  if (!answer.success) return text;
  const ids = new CallIds();
  for (const [position, choice] of answer.data.choices.entries()) {
    for (const [index, call] of (choice.message?.tool_calls ?? []).entries()) {
      standardArguments(call);
      call.type ??= "function";
      if (!nonBlank(call.id)) call.id = ids.make(choice.index ?? position, index);
    }
  }
  return JSON.stringify(answer.data);
}

/**
 * A streamed answer, each event's chunk standardised and written again as `data:` lines; an
 * event that is not JSON passes as it was (the provider reports it), and `[DONE]` is left out
 * (providers stop at the stream's end either way).
 */
function standardStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const calls = new StreamedCalls();
  return parseJsonEventStream({ stream: body, schema: z.unknown() })
    .pipeThrough(
      new TransformStream({
        transform(event, controller) {
          if (event.success) {
            const chunk = AnswerSchema.safeParse(event.value);
            const value = chunk.success ? calls.standard(chunk.data) : event.value;
            controller.enqueue(`data: ${JSON.stringify(value)}\n\n`);
          } else if (JSONParseError.isInstance(event.error)) {
            controller.enqueue(`data: ${event.error.text}\n\n`);
          }
        },
      }),
    )
    .pipeThrough(new TextEncoderStream());
}

/**
 * What a stream's chunks have said of their tool calls so far, per choice: the highest index
 * seen and the call last started (a piece without an index continues it, one with a name starts
 * the next), and which calls have an id.
 */
class StreamedCalls {
  readonly #ids = new CallIds();
  readonly #choices = new Map<number, { last: number; next: number; named: Set<number> }>();

  /** The chunk with its tool calls in the standard form (changed in place). */
  standard(chunk: Answer): Answer {
    for (const [position, choice] of chunk.choices.entries()) {
      const number = choice.index ?? position;
      let state = this.#choices.get(number);
      if (!state) {
        state = { last: 0, next: 0, named: new Set() };
        this.#choices.set(number, state);
      }
      for (const call of choice.delta?.tool_calls ?? []) this.#call(call, number, state);
    }
    return chunk;
  }

  #call(call: ToolCall, choice: number, state: { last: number; next: number; named: Set<number> }) {
    standardArguments(call);
    const starts = nonBlank(call.function.name);
    if (typeof call.index !== "number") call.index = starts ? state.next : state.last;
    const index = call.index as number;
    state.last = index;
    state.next = Math.max(state.next, index + 1);
    if (nonBlank(call.id)) state.named.add(index);
    else if (starts && !state.named.has(index)) {
      call.id = this.#ids.make(choice, index);
      state.named.add(index);
    }
  }
}

/** Ids for calls the server sent without one: stable per answer, choice and index. */
class CallIds {
  readonly #answer = crypto.randomUUID().replaceAll("-", "").slice(0, 12);

  /** The id of the call at `index` of choice `choice` of this answer. */
  make(choice: number, index: number): string {
    return `call_${this.#answer}_${choice}_${index}`;
  }
}

/** Arguments sent as a JSON value other than a string, as the JSON string of it. */
function standardArguments(call: ToolCall): void {
  const args = call.function.arguments;
  if (args !== undefined && args !== null && typeof args !== "string") {
    call.function.arguments = JSON.stringify(args);
  }
}

function nonBlank(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}
