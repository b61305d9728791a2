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
