/**
 * The RPC result convention of every Durable Object: `Outcome` (a value or a problem), the
 * `handle` wrappers that validate and catch, and `unwrap` for callers.
 */
import type { z } from "zod";
import { DrawioError } from "../drawio/index.ts";
import { ApiError, apiErrorFrom, apiErrorOfDrawio, type ProblemInit } from "../http/api-error.ts";

/**
 * What every RPC method returns: a value, or the problem to answer with. Errors are returned
 * rather than thrown because thrown errors lose their class and fields crossing RPC.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: ProblemInit };

/**
 * The argument an RPC method takes: its schema's input type, so a caller's misspelled field is
 * a compile error. The method still parses it at run time, since any code holding the binding
 * can call it with anything.
 *
 * @example
 * read(input: RpcInput<typeof ReadInput>) { return handle(ReadInput, input, (args) => …); }
 */
export type RpcInput<S extends z.ZodType> = z.input<S>;

/**
 * The value of an RPC outcome, or the {@link ApiError} it carries, thrown.
 *
 * @example
 * const view = unwrap(await diagramStub(c.env, id).read({ tenant, format: "xml" }));
 */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw apiErrorFrom(outcome.problem);
  return outcome.value;
}

/**
 * Validates an RPC argument, runs `body`, and turns an {@link ApiError} it throws into a
 * failed outcome, and a {@link DrawioError} too (as its problem code): an error of the draw.io
 * library that reached the RPC boundary (a page too costly to draw, a page not found) would
 * otherwise lose its class crossing it and answer 500.
 *
 * @example
 * read(input: unknown) { return handle(ReadInput, input, (args) => this.#read(args)); }
 */
export function handle<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  body: (args: z.infer<S>) => T,
): Outcome<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "argument";
    return {
      ok: false,
      problem: {
        status: 422,
        code: "invalid_request",
        detail: `${where}: ${issue?.message ?? "invalid"}`,
      },
    };
  }
  try {
    return { ok: true, value: body(parsed.data) };
  } catch (thrown) {
    const error = thrown instanceof DrawioError ? apiErrorOfDrawio(thrown) : thrown;
    if (error instanceof ApiError) {
      return {
        ok: false,
        problem: {
          status: error.status,
          code: error.code,
          detail: error.message,
          extra: error.extra,
          ...(Object.keys(error.headers).length ? { headers: error.headers } : {}),
        },
      };
    }
    throw error;
  }
}

/** Like {@link handle}, for async bodies. */
export async function handleAsync<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  body: (args: z.infer<S>) => Promise<T>,
): Promise<Outcome<T>> {
  let promise: Promise<T> | undefined;
  const started = handle(schema, input, (args) => {
    promise = body(args);
    return undefined;
  });
  if (!started.ok || promise === undefined) return started as Outcome<T>;
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return handle(schema, input, () => {
      throw error;
    }) as Outcome<T>;
  }
}
