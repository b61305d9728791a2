import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../worker/drawio/", import.meta.url));
const ALLOWED_PACKAGES = new Set([
  "fflate",
  "zod",
  // The layout engine (pure computation, no I/O).
  "elkjs/lib/elk.bundled.js",
  "elkjs/lib/elk-api.js",
  // The PNG rasteriser (WASM, given its module and fonts by the caller: no I/O).
  "@resvg/resvg-wasm",
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(`${dir}${entry.name}/`)
      : entry.name.endsWith(".ts")
        ? [`${dir}${entry.name}`]
        : [],
  );
}

describe("worker/drawio stays pure", () => {
  it.each(sources(ROOT).map((file) => [file.slice(ROOT.length), file]))(
    "%s imports only its siblings and parsing libraries",
    (_name, file) => {
      const text = readFileSync(file, "utf8");
      for (const [, specifier] of text.matchAll(
        /(?:import|export)[^"']*?from\s+["']([^"']+)["']/g,
      )) {
        const spec = specifier as string;
        if (spec.startsWith(".")) {
          const resolved = new URL(spec, `file://${file}`).pathname;
          expect(resolved.startsWith(ROOT), `${spec} leaves worker/drawio`).toBe(true);
        } else {
          expect(ALLOWED_PACKAGES.has(spec), `${spec} is not an allowed package`).toBe(true);
        }
      }
      expect(text).not.toMatch(/\bfetch\(|cloudflare:|from "ai"|@ai-sdk/);
    },
  );
});
