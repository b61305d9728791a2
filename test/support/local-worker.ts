import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_startWorker } from "wrangler";

/** A Worker running locally under wrangler (workerd). */
export interface LocalWorker {
  /** Its origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Stops it and deletes its storage. */
  dispose(): Promise<void>;
}

/**
 * Starts the real Worker of `wrangler.toml` on a free port, with fresh storage in a temporary
 * directory and exactly the vars given (written to an env file of its own, which also keeps a
 * developer's `.dev.vars` out). For test setups and benchmarks.
 *
 * @example
 * const worker = await startLocalWorker({ API_KEYS: "k", RATE_LIMIT: "off" });
 * await fetch(`${worker.url}/healthz`);
 * await worker.dispose();
 */
export async function startLocalWorker(
  vars: Record<string, string>,
  logLevel: "none" | "warn" | "log" = "none",
): Promise<LocalWorker> {
  // The Request.cf lookup needs the internet and only adds a warning when it is missing.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
  const dir = mkdtempSync(join(tmpdir(), "drawforge-worker-"));
  const envFile = join(dir, "worker.env");
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([name, value]) => `${name}=${value}`)
      .join("\n"),
  );
  const worker = await unstable_startWorker({
    config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)),
    envFiles: [envFile],
    dev: {
      server: { hostname: "127.0.0.1", port: 0 },
      inspector: false,
      persist: join(dir, "state"),
      watch: false,
      logLevel,
    },
  });
  try {
    await worker.ready;
    const url = (await worker.url).origin;
    return {
      url,
      async dispose() {
        await worker.dispose();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await worker.dispose();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
