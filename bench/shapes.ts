/**
 * Benchmarks the shape catalogue: how big the generated data is (what the Worker bundles, raw
 * and gzip), how long building the search index takes, and the median time of a search over a
 * set of natural queries. Prints figures, then one JSON line.
 *
 *   npm run bench -- shapes            also bundles the Worker (wrangler --dry-run) to measure it
 *   npm run bench -- shapes --smoke    without the bundle
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { index, libraries } from "../shape-libraries/data/libraries.ts";
import { ShapeCatalog } from "../worker/drawio/shapes/catalog.ts";
import { workerBundleSize } from "../worker/scripts/deploy.ts";
import { median } from "./stats.ts";

const QUERIES = [
  "lambda",
  "load balancer",
  "postgres",
  "k8s pod",
  "azure function",
  "s3 bucket",
  "firewall",
  "user",
  "start event",
  "router",
  "database",
  "queue",
  "api gateway",
  "virtual machine",
  "kafka",
  "laptop",
  "decision",
  "cloud storage",
  "dns",
  "switch",
];

const dir = fileURLToPath(new URL("../shape-libraries/data/", import.meta.url));
let raw = 0;
let gzip = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const bytes = readFileSync(`${dir}${file}`);
  raw += bytes.byteLength;
  gzip += gzipSync(bytes, { level: 9 }).byteLength;
}

const started = performance.now();
const catalog = new ShapeCatalog(index, libraries);
catalog.search("warm up");
const buildMs = performance.now() - started;

for (let i = 0; i < 3; i++) for (const q of QUERIES) catalog.search(q);
const samples: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const q of QUERIES) {
    const t = performance.now();
    catalog.search(q, { limit: 10 });
    samples.push(performance.now() - t);
  }
}
const bundle = process.argv.includes("--smoke") ? undefined : workerBundleSize();
const shapesTotal = libraries.reduce((n, l) => n + l.shapes.length, 0);
const p50 = Math.round(median(samples) * 1000) / 1000;
console.log(
  `shape data: ${libraries.length} libraries, ${shapesTotal} shapes, source ${index.source}`,
);
console.log(
  `  ${(raw / 1024).toFixed(0)} KiB raw, ${(gzip / 1024).toFixed(0)} KiB gzip (what the Worker bundles)`,
);
console.log(`  index built in ${buildMs.toFixed(1)} ms (on the first search of an isolate)`);
console.log(`  search p50 ${p50} ms over ${samples.length} searches of ${QUERIES.length} queries`);
if (bundle) {
  console.log(
    `Worker bundle (wrangler deploy --dry-run): ${bundle.raw} KiB, ${bundle.gzip} KiB gzip (limit: 3 MiB gzip on the free plan, 10 MiB paid)`,
  );
}
console.log(
  JSON.stringify({
    shapes_total: shapesTotal,
    libraries_total: libraries.length,
    index_gzip_bytes: gzip,
    index_raw_bytes: raw,
    index_build_ms: Math.round(buildMs * 10) / 10,
    search_p50_ms: p50,
    ...(bundle ? { bundle_kib: bundle.raw, bundle_gzip_kib: bundle.gzip } : {}),
  }),
);
