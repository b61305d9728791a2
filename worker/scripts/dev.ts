/**
 * `npm start`: the Worker under `wrangler dev` on http://localhost:8787 (or `PORT`), with the demo page, the
 * widget, the API reference and a local draw.io, working without internet.
 * - Creates `.dev.vars` from `.dev.vars.example` when there is none (wrangler reads it at start:
 *   restart after changing it).
 * - Turns off miniflare's download of the `Request.cf` object (nothing here reads it), whose
 *   failure prints a stack trace on every start without internet, and wrangler's registry of
 *   local Workers (for service bindings between them, which this Worker has none of), whose
 *   first update prints the bindings table a second time.
 * - Says when the Worker first answers: wrangler's "Ready" comes when its proxy listens, and the
 *   first request then waits while workerd loads the Worker (seconds on a busy machine).
 * The static assets and the widget are built before (see the `start` script). The port is
 * `PORT` (`PORT=8791 npm start`) or 8787; arguments are passed on to wrangler, and
 * `npm start -- --port 9000` wins over `PORT`.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { portArgs, servedPort } from "./dev-port.ts";

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
/**
 * Waits for the Worker's first answer on `origin` and says so. wrangler listens before workerd
 * has loaded the Worker and holds requests until then, so one request is sent once the port
 * accepts connections, with a line every few seconds while it is held.
 */
async function announceFirstAnswer(origin: string): Promise<void> {
  const started = Date.now();
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(0);
  for (;;) {
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(120_000) });
      await res.body?.cancel();
      break;
    } catch (error) {
      // Refused: wrangler is still building; ask again. A time-out: say so and stop asking.
      if ((error as Error).name === "TimeoutError") {
        console.log("⎔ Drawforge: no answer after 120 s; wrangler's output above may say why");
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  console.log(
    `✔ Drawforge answers on ${origin.replace("127.0.0.1", "localhost")} (${seconds(started)} s after start): the API reference is at /docs`,
  );
}

/** Prints a line every few seconds until `done` settles, counting from now. */
function sayWhileWaiting(done: Promise<void>): void {
  const since = Date.now();
  const timer = setInterval(() => {
    console.log(`⎔ Drawforge: starting (${((Date.now() - since) / 1000).toFixed(0)} s)…`);
  }, 5_000);
  void done.finally(() => clearInterval(timer));
}

const wrangler = spawn("npx", ["wrangler", "dev", ...port, ...args], {
  stdio: "inherit",
  env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_REGISTRY_PATH: "", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => wrangler.kill(signal));
}
wrangler.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
sayWhileWaiting(announceFirstAnswer(`http://127.0.0.1:${servedPort(args, port)}`));
