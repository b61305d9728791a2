import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import type { TestProject } from "vitest/node";
import { findChromium } from "../browser/drawio.ts";
import { serverOrigin } from "../fixtures/free-port.ts";
import { startLlmServer } from "../fixtures/model-server/index.ts";
import { startLocalWorker } from "../support/local-worker.ts";
import { startStaticDrawio } from "./drawio-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Worker (with the demo page on), e.g. `http://127.0.0.1:41234`. */
    widgetWorkerUrl: string;
    /** The offline draw.io app. */
    widgetDrawioUrl: string;
    /** The scripted model server (`POST /__script`). */
    widgetLlmUrl: string;
  }
}

/** The API key of the widget tests' tenant. */
export const WIDGET_TEST_KEY = "widget-test-key";
/**
 * The API key of the house-style tests' own tenant: a tenant's style reaches all its turns, and
 * hand edits in the other tests would teach it.
 */
export const WIDGET_STYLE_KEY = "widget-style-key";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Builds the widget and starts what its tests drive: the real Worker under wrangler (fresh
 * storage, its own port, `DEMO_PAGE=1`) serving the built `widget.js`, the offline draw.io app,
 * and the scripted model server. Without Chromium the widget is not built and the browser
 * tests skip; the WebSocket tests still run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The browser tests need the built widget; the live-socket tests only the Worker.
  if (findChromium() !== undefined) {
    await build({ configFile: join(root, "widget/vite.config.ts"), logLevel: "warn" });
  }
  const [llm, drawio] = await Promise.all([startLlmServer(), startStaticDrawio()]);
  const llmUrl = serverOrigin(llm);
  const worker = await startLocalWorker(
    {
      API_KEYS: `${WIDGET_TEST_KEY},${WIDGET_STYLE_KEY}`,
      RATE_LIMIT: "off",
      DEMO_PAGE: "1",
      OPENAI_API_KEY: "scripted-model-key",
      OPENAI_BASE_URL: `${llmUrl}/v1`,
      DRAWFORGE_MODEL: "scripted",
      // A second model for the chat's model picker (test/widget/model-picker.test.ts); only the
      // first takes images.
      DRAWFORGE_MODELS: "scripted-blind",
      DRAWFORGE_VISION_MODELS: "scripted",
      // The Worker's own copy of draw.io (`npm run assets:build`), as `npm start` serves it: the
      // demo page, editor links, publication pages and the MCP App viewer use it.
      DRAWIO_URL: "/drawio/?offline=1",
    },
    "warn",
  );
  project.provide("widgetWorkerUrl", worker.url);
  project.provide("widgetDrawioUrl", drawio.url);
  project.provide("widgetLlmUrl", llmUrl);
  return async () => {
    await worker.dispose();
    await drawio.close();
    await new Promise<void>((resolve) => llm.close(() => resolve()));
  };
}
