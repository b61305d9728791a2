/**
 * `npm start`: the Worker under `wrangler dev` on http://localhost:8787 (or `PORT`), with the demo page, the
 * widget, the API reference and a local draw.io, working without internet.
 * - Creates `.dev.vars` from `.dev.vars.example` when there is none (wrangler reads it at start:
 *   restart after changing it).
 * - Turns off miniflare's download of the `Request.cf` object (nothing here reads it), whose
 *   failure prints a stack trace on every start without internet.
 * The static assets and the widget are built before (see the `start` script). The port is
 * `PORT` (`PORT=8791 npm start`) or 8787; arguments are passed on to wrangler, and
 * `npm start -- --port 9000` wins over `PORT`.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { portArgs } from "./dev-port.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

process.chdir(ROOT);
if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log(
    "created .dev.vars from .dev.vars.example (wrangler reads it at start: restart after editing it)",
  );
}
const args = process.argv.slice(2);
let port: string[];
try {
  port = portArgs(args, process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const wrangler = spawn("npx", ["wrangler", "dev", ...port, ...args], {
  stdio: "inherit",
  env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => wrangler.kill(signal));
}
wrangler.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
