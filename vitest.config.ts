import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { experimental_readRawConfig } from "wrangler";

/**
 * Loads the AI SDK's bundles without their source maps. The worker tests ship every module to
 * workerd over a WebSocket whose messages are capped at 1 MiB; with its inlined source map the
 * AI SDK's main bundle is larger than that, and workerd drops the connection.
 */
function withoutDependencySourceMaps(): Plugin {
  const heavy = /[\\/]node_modules[\\/](ai|@ai-sdk[\\/][^\\/]+)[\\/]dist[\\/].*\.(m?js)$/;
  return {
    name: "drawforge:without-dependency-source-maps",
    enforce: "pre",
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (!heavy.test(file)) return null;
      const code = readFileSync(file, "utf8").replace(/\/\/# sourceMappingURL=\S+\s*$/, "");
      return { code, map: { mappings: "" } };
    },
  };
}

/**
 * wrangler.toml as the workerd test projects read it: copied as JSON (with absolute paths) into
 * a folder of its own. wrangler adds every variable of a `.dev.vars` (or, without one, `.env`)
 * beside the config to the Worker under test, and `npm start` creates a `.dev.vars` with
 * ALLOW_PRIVATE_WEBHOOKS=1 and DEMO_PAGE=1; beside this copy there is none, so a test sees
 * exactly the bindings its project sets, as CI does.
 */
function hermeticWranglerConfig(): string {
  const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
  const dir = resolve(".wrangler/test-config");
  mkdirSync(dir, { recursive: true });
  const config = {
    ...rawConfig,
    main: resolve(rawConfig.main ?? "worker/index.ts"),
    ...(rawConfig.assets?.directory
      ? { assets: { ...rawConfig.assets, directory: resolve(rawConfig.assets.directory) } }
      : {}),
  };
  const path = join(dir, "wrangler.json");
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

const WRANGLER_CONFIG = hermeticWranglerConfig();

/** Reads the origin of a server a project's global setup started (`project.provide`). */
type ProvidedUrl = (key: "llmUrl" | "receiverUrl") => string;

/**
 * A project of tests that run inside workerd, with real Durable Objects. The auth tests run in a
 * workerd of their own: they load the whole app module graph next to the worker's, and in one
 * process with every other file that overflows workerd's 1 MiB test-runner link.
 */
function workerProject(
  name: string,
  include: string[],
  exclude: string[] = [],
  setup: string[] = ["./test/worker/corpus-setup.ts"],
  bindings: (inject: ProvidedUrl) => Record<string, string> = () => ({}),
  sequential = false,
) {
  return {
    plugins: [
      withoutDependencySourceMaps(),
      // A function of what the global setup provides: its servers' ports are chosen when they
      // start, before workerd does.
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: WRANGLER_CONFIG },
        miniflare: {
          // Two tenants; rate limiting off unless a test passes TEST_RATE_LIMITER itself.
          bindings: {
            API_KEYS: "test-key-a,test-key-b",
            RATE_LIMIT: "off",
            ALLOWED_ORIGINS: "https://docs.example",
            // A model is configured, but in projects without a model server (whose own
            // bindings point it at theirs) nothing listens there: a turn's call is refused.
            OPENAI_API_KEY: "test-openai-key",
            OPENAI_BASE_URL: "http://127.0.0.1:1/v1",
            DRAWFORGE_MODEL: "scripted",
            DRAWFORGE_MODELS: "scripted-blind",
            DRAWFORGE_VISION_MODELS: "scripted",
            ...bindings(inject as ProvidedUrl),
          },
          ratelimits: {
            TEST_RATE_LIMITER: { namespace_id: "1002", simple: { limit: 3, period: 60 } },
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      // The corpus, or the scripted model server, for the files that use them.
      globalSetup: setup,
      ...(sequential ? { fileParallelism: false } : {}),
      // With the on-disk module cache, a workerd runner is sent every cached module of its
      // files' import graphs in one WebSocket message (34 MB once two batch files import the
      // layout engine, the AI SDK and the shape data), more than workerd takes: the runner
      // dies. Without it, modules are fetched one by one.
      fsModuleCache: false,
      // Loading the Worker into each file's fresh workerd takes up to minutes on a busy machine:
      // the warm-up does it before the first test, so a test's time is its own. A turn through
      // queues with retries still takes tens of seconds there.
      setupFiles: ["./test/worker/warm-up.ts"],
      testTimeout: 120_000,
    },
  };
}

/**
 * Every provider pointed at the scripted model server `u`, the drawing model on OpenAI's
 * Responses API and the other providers' models offered beside it.
 */
function providerBindings(u: string): Record<string, string> {
  return {
    OPENAI_BASE_URL: `${u}/v1`,
    OPENAI_API_MODE: "responses",
    OLLAMA_BASE_URL: `${u}/v1`,
    ANTHROPIC_API_KEY: "test",
    ANTHROPIC_BASE_URL: `${u}/v1`,
    GOOGLE_GENERATIVE_AI_API_KEY: "test",
    GOOGLE_BASE_URL: `${u}/v1beta`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "test",
    AWS_SECRET_ACCESS_KEY: "test",
    BEDROCK_BASE_URL: u,
    AZURE_API_KEY: "test",
    // @ai-sdk/azure posts to `${baseURL}/responses` for a host that is not Azure's.
    AZURE_BASE_URL: `${u}/openai/v1`,
    DRAWFORGE_MODEL: "openai:scripted",
    DRAWFORGE_MODELS:
      "ollama:scripted,anthropic:scripted,google:scripted,bedrock:anthropic.claude-scripted,azure:scripted,xai:grok-scripted",
    DRAWFORGE_VISION_MODELS: "*",
    // Two reasoning models with an effort, and a temperature for the others.
    DRAWFORGE_REASONING_MODELS: "anthropic:scripted,google:scripted",
    DRAWFORGE_REASONING_EFFORT: "low",
    DRAWFORGE_TEMPERATURE: "0.2",
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      workerProject("worker", ["test/worker/**/*.test.ts"], ["test/worker/auth.test.ts"]),
      workerProject("worker-auth", ["test/worker/auth.test.ts"], [], []),
      // The agent through the real OpenAI provider against one scripted model server, whose
      // single script queue means one file at a time.
      workerProject(
        "agent",
        ["test/agent/**/*.test.ts"],
        [],
        ["./test/worker/global-setup.ts"],
        (inject) => ({ OPENAI_BASE_URL: `${inject("llmUrl")}/v1` }),
        true,
      ),
      // The agent through every provider's real AI SDK package, each pointed at its own wire
      // protocol on one scripted model server (test/fixtures/model-server/); one file at a time.
      workerProject(
        "providers",
        ["test/providers/**/*.test.ts"],
        [],
        ["./test/worker/global-setup.ts"],
        (inject) => providerBindings(inject("llmUrl")),
        true,
      ),
      // Batches on real local queues, with a model server that answers by rule (many turns at
      // once) and a webhook receiver; retry delays compressed to nothing.
      workerProject(
        "batch",
        ["test/batch/**/*.test.ts"],
        [],
        ["./test/batch/global-setup.ts"],
        (inject) => ({
          OPENAI_BASE_URL: `${inject("llmUrl")}/v1`,
          ALLOW_PRIVATE_WEBHOOKS: "1",
          RETRY_DELAY_SCALE: "0",
          WEBHOOK_TIMEOUT_MS: "1000",
        }),
      ),
      {
        test: {
          // The SDK against the real Worker (wrangler, started by the global setup) and local
          // HTTP servers; see test/sdk/global-setup.ts.
          name: "sdk",
          include: ["test/sdk/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./test/sdk/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The MCP server on the real Worker (wrangler), driven by the official MCP client
          // over Streamable HTTP, with a scripted model; see test/mcp/global-setup.ts.
          name: "mcp",
          include: ["test/mcp/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./test/mcp/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The real Worker under `wrangler dev`, killed with SIGKILL mid-batch and started
          // again on the same state (issue #15); its own model server and webhook receiver.
          name: "crash",
          include: ["test/crash/**/*.test.ts"],
          environment: "node",
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The hostile inputs of issue #31 against the real Worker (wrangler), each beside a
          // health probe: one file, one Worker, cases one after another.
          name: "hostile",
          include: ["test/hostile/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The SDK's type-level tests: compiled by tsc, never run.
          name: "sdk-types",
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ["test/sdk/**/*.test-d.ts"],
            tsconfig: "./test/sdk/tsconfig.json",
          },
        },
      },
      {
        test: {
          // Real draw.io in headless Chromium (test/browser/drawio.ts); skips without Chromium.
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One browser at a time: each file launches its own Chromium.
          fileParallelism: false,
        },
      },
      {
        test: {
          // The web components in real Chromium against the real Worker, the offline draw.io app
          // and the scripted model (test/widget/global-setup.ts); browser tests skip without
          // Chromium.
          name: "widget",
          include: ["test/widget/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./test/widget/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
