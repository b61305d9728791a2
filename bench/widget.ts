/**
 * Benchmarks the embeddable widget: the size of `widget.js` as the Worker serves it (Vite
 * library build, minified, then gzip -9; draw.io itself is not part of it), and the time from
 * navigating to the demo page to the editor showing the diagram (`drawforge-load`), with the
 * offline draw.io app served locally and a fresh browser profile per run. Prints figures, then
 * one JSON line.
 *
 *   npm run bench -- widget            5 page loads (median)
 *   npm run bench -- widget --smoke    1 page load
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { build } from "vite";
import { CHROMIUM_ARGS, findChromium } from "../test/browser/drawio.ts";
import { startLocalWorker } from "../test/support/local-worker.ts";
import { startStaticDrawio } from "../test/widget/drawio-server.ts";
import { median } from "./stats.ts";

const TARGET_GZIP_BYTES = 25 * 1024;
const smoke = process.argv.includes("--smoke");
const runs = smoke ? 1 : 5;
const root = fileURLToPath(new URL("..", import.meta.url));

// The same build `npm run widget:build` makes, where the Worker serves it from.
await build({ configFile: join(root, "widget/vite.config.ts"), logLevel: "warn" });
const bundle = readFileSync(join(root, "widget/public/widget.js"));
const gzipBytes = gzipSync(bundle, { level: 9 }).byteLength;
console.log(
  `widget.js (Vite library build, minified): ${bundle.byteLength} bytes, ${gzipBytes} bytes gzip ` +
    `(target ≤ ${TARGET_GZIP_BYTES}${gzipBytes <= TARGET_GZIP_BYTES ? "" : ": not met"})`,
);

/** Milliseconds from navigation to the editor's `drawforge-load`, per page load. */
async function editorReady(): Promise<{ cold: number[]; warm: number[] }> {
  const executablePath = findChromium();
  if (executablePath === undefined) {
    console.log("editor_ready_ms: skipped, no Chromium (apt-get install -y chromium)");
    return { cold: [], warm: [] };
  }
  const drawio = await startStaticDrawio();
  const worker = await startLocalWorker(
    { API_KEYS: "bench-key", RATE_LIMIT: "off", DEMO_PAGE: "1" },
    "warn",
  );
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    const page = `${worker.url}/?drawio=${encodeURIComponent(`${drawio.url}/?offline=1`)}`;
    for (let i = 0; i <= runs; i++) {
      // A fresh profile per run: nothing of draw.io or the widget is cached.
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const tab = await context.newPage();
      await tab.addInitScript(() => {
        document.addEventListener("drawforge-load", (event) => {
          if ((event.target as Element).tagName === "DRAWFORGE-EDITOR") {
            (window as unknown as { __ready: number }).__ready = performance.now();
          }
        });
      });
      const readyAt = async () => {
        const handle = await tab.waitForFunction(
          () => (window as unknown as { __ready?: number }).__ready,
          undefined,
          { timeout: 60_000 },
        );
        return Number(await handle.jsonValue());
      };
      await tab.goto(page);
      const first = await readyAt();
      await tab.goto(page);
      const second = await readyAt();
      await context.close();
      // The first run warms up workerd and the disk cache; it is not counted.
      if (i === 0 && runs > 1) continue;
      cold.push(first);
      warm.push(second);
    }
  } finally {
    await browser.close();
    await worker.dispose();
    await drawio.close();
  }
  return { cold, warm };
}

const { cold, warm } = await editorReady();
const readyMs = cold.length ? Math.round(median(cold)) : null;
const warmMs = warm.length ? Math.round(median(warm)) : null;
if (readyMs !== null) {
  console.log(
    `editor ready (demo page → diagram shown in the offline draw.io), median of ${cold.length}: ` +
      `${readyMs} ms with an empty cache, ${warmMs} ms reloaded (runs: ${cold.map(Math.round).join(", ")} ms)`,
  );
}
console.log(
  JSON.stringify({
    widget_gzip_bytes: gzipBytes,
    widget_min_bytes: bundle.byteLength,
    editor_ready_ms: readyMs,
    editor_ready_warm_ms: warmMs,
    smoke,
  }),
);
