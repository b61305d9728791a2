/**
 * The port `npm start` serves on: `--port N` among its arguments, else the `PORT` variable,
 * else 8787; a `PORT` that is not a port number is refused with a message saying so.
 */

/** wrangler dev's own default, and the README's. */
export const DEFAULT_PORT = 8787;

/**
 * The wrangler arguments that choose the port (none when the arguments already do).
 *
 * @example
 * portArgs([], { PORT: "8791" }); // ["--port", "8791"]
 * portArgs(["--port", "9000"], { PORT: "8791" }); // []: the argument wins
 */
export function portArgs(
  args: readonly string[],
  env: Record<string, string | undefined>,
): string[] {
  if (args.some((a) => a === "--port" || a.startsWith("--port="))) return [];
  const raw = env.PORT?.trim();
  if (raw === undefined || raw === "") return ["--port", String(DEFAULT_PORT)];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(
      `PORT=${raw} is not a port number (1–65535): set PORT=8791, or unset it for ${DEFAULT_PORT}`,
    );
  return ["--port", String(port)];
}

/**
 * The port wrangler will serve on, given `npm start`'s arguments and the ones {@link portArgs}
 * added.
 *
 * @example
 * servedPort(["--port=9000"], []); // 9000
 * servedPort([], ["--port", "8791"]); // 8791
 */
export function servedPort(args: readonly string[], added: readonly string[]): number {
  const all = [...added, ...args];
  for (const [i, arg] of all.entries()) {
    if (arg === "--port") return Number(all[i + 1]);
    if (arg.startsWith("--port=")) return Number(arg.slice("--port=".length));
  }
  return DEFAULT_PORT;
}
