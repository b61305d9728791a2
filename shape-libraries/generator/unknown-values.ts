/** Narrowing helpers for the `unknown` values draw.io's scripts hand back from the sandbox. */

/**
 * The message of a thrown value, which a sandboxed script may throw as anything.
 *
 * @example
 * errorMessage(new Error("boom")); // "boom"
 */
export function errorMessage(e: unknown): string {
  if (typeof e === "object" && e !== null && "message" in e) return String(e.message);
  return String(e);
}

/**
 * Whether a value can carry properties (objects and functions alike).
 *
 * @example
 * isRecord(Sidebar.prototype); // true
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/**
 * The value as a record, or an error naming `what` when it is not one.
 *
 * @example
 * const proto = record(Sidebar.prototype, "Sidebar.prototype");
 */
export function record(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new Error(`${what} is not an object`);
  return value;
}

/** Any function a sandboxed script defines, called with whatever `this` it expects. */
export type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Whether a value is callable.
 *
 * @example
 * if (isFunction(proto.init)) proto.init.call(sidebar);
 */
export function isFunction(value: unknown): value is AnyFunction {
  return typeof value === "function";
}
