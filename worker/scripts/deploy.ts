/**
 * `npm run deploy`: builds what the Worker serves and deploys it with wrangler, checking the
 * Workers limits first.
 * - Static assets (`widget/public/`): the widget, draw.io's stencils, the API reference's bundle,
 *   and draw.io itself only when `DRAWIO_URL` in wrangler.toml names this deployment
 *   (`/drawio/…`); otherwise the local copy `npm start` uses stays behind.
 * - Limits: 20,000 asset files per version on the free plan (100,000 paid), 25 MiB per file,
 *   and a Worker of 3 MiB gzip free (10 MiB paid).
 *
 *   npm run deploy                  build, check, deploy
 *   npm run deploy -- --dry-run     build, check and bundle without uploading (CI runs it)
 * Other arguments go to `wrangler deploy`.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { experimental_readRawConfig } from "wrangler";
import {
  deployFiguresDrift,
  deployFiguresPart,
  README_PATH,
  readmePart,
  rewriteReadme,
} from "./readme.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PUBLIC = path.join(ROOT, "widget/public");
const MIB = 1024 * 1024;
/** Static assets per Worker version (free plan; 100,000 on the paid plan) and per file. */
export const ASSET_LIMITS = { files: 20_000, paidFiles: 100_000, fileBytes: 25 * MIB };
/** The Worker's compressed size (free plan; 10 MiB paid). */
export const BUNDLE_LIMITS = { gzipKiB: 3 * 1024, paidGzipKiB: 10 * 1024 };

/** Files below `dir` with their sizes, as relative paths with forward slashes. */
function filesBelow(dir: string, prefix = ""): { file: string; bytes: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? filesBelow(full, `${relative}/`)
      : [{ file: relative, bytes: statSync(full).size }];
  });
}

/**
 * The Worker as wrangler would upload it, from its own report (`wrangler deploy --dry-run`).
 *
 * @example
 * workerBundleSize(); // { raw: 14100.5, gzip: 3681.2 } (KiB)
 */
export function workerBundleSize(
  extraArgs: string[] = [],
): { raw: number; gzip: number } | undefined {
  const out = mkdtempSync(path.join(tmpdir(), "drawforge-bundle-"));
  try {
    const run = spawnSync(
      "npx",
      ["wrangler", "deploy", "--dry-run", "--outdir", out, ...extraArgs],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      },
    );
    const report = `${run.stdout}${run.stderr}`;
    if (run.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${report}`);
    const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(report);
    return match ? { raw: Number(match[1]), gzip: Number(match[2]) } : undefined;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** True when the draw.io the pages use is this deployment's own copy under `/drawio/`. */
export function selfHostsDrawio(drawioUrl: string | undefined): boolean {
  return /^\/drawio(\/|\?|$)/.test(drawioUrl ?? "");
}

/** A KV namespace id as Cloudflare makes them: 32 hexadecimal digits. */
const KV_NAMESPACE_ID = /^[0-9a-f]{32}$/;

/**
 * The KV bindings of a wrangler config whose ids are not real namespace ids (the
 * `drawforge-oauth-local` placeholders `npm start` works with), as sentences saying what to do.
 *
 * @example
 * placeholderKvNamespaces([{ binding: "OAUTH_KV", id: "drawforge-oauth-local" }]);
 * // ['OAUTH_KV has the placeholder id "drawforge-oauth-local": run …']
 */
export function placeholderKvNamespaces(
  namespaces: readonly { binding: string; id?: string }[],
): string[] {
  return namespaces
    .filter((ns) => !KV_NAMESPACE_ID.test(ns.id ?? ""))
    .map(
      (ns) =>
        `${ns.binding} has the placeholder id "${ns.id ?? ""}": run \`npx wrangler kv namespace create ${ns.binding}\` and put the id it prints in wrangler.toml`,
    );
}

/**
 * Checks the README's deployment figures against this build's: rewrites them when they moved
 * (a developer's dry run), or, in CI, fails when they are more than 5 % off, so a release
 * cannot ship a README that states another release's sizes.
 */
function checkReadmeFigures(figures: { assetFiles: number; assetMiB: number; gzipKiB: number }) {
  const readme = readFileSync(README_PATH, "utf8");
  const stated = readmePart(readme, "deploy-figures") ?? "";
  const drift = deployFiguresDrift(stated, figures);
  if (drift.length === 0) return;
  const next = deployFiguresPart(figures);
  if (process.env.CI) {
    console.error(
      `README.md's deployment figures are out of date (${drift.join("; ")}). Write:\n${next}`,
    );
    process.exit(1);
  }
  writeFileSync(README_PATH, rewriteReadme(readme, { "deploy-figures": () => next }));
  console.log(`README.md: deployment figures updated (${drift.join("; ")})`);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const dryRun = args.includes("--dry-run");
  run("npm", ["run", "assets:build"]);
  run("npm", ["run", "widget:build"]);

  const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, "wrangler.toml") });
  const drawioUrl = (rawConfig.vars as Record<string, string> | undefined)?.DRAWIO_URL;
  const placeholders = placeholderKvNamespaces(rawConfig.kv_namespaces ?? []);
  for (const warning of placeholders) console.warn(`warning: ${warning}`);
  if (placeholders.length > 0 && !dryRun) {
    console.error("not deploying with placeholder KV namespace ids (see the warnings above)");
    process.exit(1);
  }
  const withDrawio = selfHostsDrawio(drawioUrl);
  // Without self-hosting, the assets go up from a copy without draw.io (113 MB, 3,400 files).
  let assetsDir = PUBLIC;
  if (!withDrawio) {
    assetsDir = mkdtempSync(path.join(tmpdir(), "drawforge-assets-"));
    cpSync(PUBLIC, assetsDir, {
      recursive: true,
      filter: (source) => path.relative(PUBLIC, source) !== "drawio",
    });
  }
  const files = filesBelow(assetsDir);
  const largest = files.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `static assets: ${files.length.toLocaleString("en-US")} files, ${(total / MIB).toFixed(1)} MiB (draw.io ${withDrawio ? `self-hosted at ${drawioUrl}` : "from diagrams.net: not uploaded"}); largest ${largest.file} ${(largest.bytes / MIB).toFixed(1)} MiB`,
  );
  console.log(
    `  limits: ${ASSET_LIMITS.files.toLocaleString("en-US")} files on the free plan (${ASSET_LIMITS.paidFiles.toLocaleString("en-US")} paid), 25 MiB per file`,
  );
  if (largest.bytes > ASSET_LIMITS.fileBytes || files.length > ASSET_LIMITS.paidFiles) {
    console.error("the static assets exceed the Workers limits");
    process.exit(1);
  }
  const assetArgs = assetsDir === PUBLIC ? [] : ["--assets", assetsDir];
  try {
    const bundle = workerBundleSize(assetArgs);
    if (!bundle) throw new Error("wrangler printed no upload size");
    console.log(
      `Worker bundle: ${bundle.raw.toFixed(0)} KiB, ${bundle.gzip.toFixed(0)} KiB gzip (limit: ${BUNDLE_LIMITS.gzipKiB} KiB gzip on the free plan, ${BUNDLE_LIMITS.paidGzipKiB} KiB paid)`,
    );
    if (bundle.gzip > BUNDLE_LIMITS.paidGzipKiB) {
      console.error("the Worker is over the paid plan's size limit");
      process.exit(1);
    }
    if (bundle.gzip > BUNDLE_LIMITS.gzipKiB) {
      console.log("  over the free plan's limit: deploying needs the Workers paid plan");
    }
    checkReadmeFigures({
      assetFiles: files.length,
      assetMiB: total / MIB,
      gzipKiB: bundle.gzip,
    });
    if (!dryRun) run("npx", ["wrangler", "deploy", ...assetArgs, ...args]);
  } finally {
    if (assetsDir !== PUBLIC) rmSync(assetsDir, { recursive: true, force: true });
  }
}
