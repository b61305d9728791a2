import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

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
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // Two tenants; rate limiting off unless a test passes TEST_RATE_LIMITER itself.
              bindings: {
                API_KEYS: "test-key-a,test-key-b",
                RATE_LIMIT: "off",
                ALLOWED_ORIGINS: "https://docs.example",
              },
              ratelimits: {
                TEST_RATE_LIMITER: { namespace_id: "1002", simple: { limit: 3, period: 60 } },
              },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          globalSetup: ["./test/worker/global-setup.ts"],
          testTimeout: 30_000,
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
    ],
  },
});
