/**
 * Measures the SDK's bundle as an application would ship it: `sdk/index.ts` bundled by esbuild
 * (minified, ESM, platform neutral), then gzipped. Also checks it has no imports left, that is
 * no runtime dependency beyond the platform. Prints a line, then one JSON line. `--smoke` is
 * accepted for symmetry with the other suites; the measurement is quick either way.
 *
 *   npm run bench -- sdk
 */
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const TARGET_GZIP_BYTES = 8 * 1024;

const result = await build({
  entryPoints: [fileURLToPath(new URL("../sdk/index.ts", import.meta.url))],
  bundle: true,
  minify: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  legalComments: "none",
  write: false,
  metafile: true,
});
const code = result.outputFiles[0]?.contents;
if (code === undefined) throw new Error("esbuild wrote no output");
const gzip = gzipSync(code, { level: 9 }).byteLength;
const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports);
if (imports.length > 0) {
  throw new Error(`the SDK bundle imports ${imports.map((i) => i.path).join(", ")}`);
}
console.log(
  `sdk bundle (esbuild, minified, ESM, neutral): ${code.byteLength} bytes, ${gzip} bytes gzip (target ≤ ${TARGET_GZIP_BYTES}), no imports`,
);
console.log(JSON.stringify({ sdk_gzip_bytes: gzip, sdk_min_bytes: code.byteLength }));
