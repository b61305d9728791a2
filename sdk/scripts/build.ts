/**
 * Builds the SDK for publishing as `@drawforge/sdk`: `index.js` (one ESM file for any platform,
 * no dependencies) and `.d.ts` typings that stand alone. `npm run sdk:build` writes `sdk/dist/`,
 * what `sdk/package.json` exports; `npm pack` in `sdk/` runs it first (`prepack`).
 *
 *   node sdk/scripts/build.ts [outDir]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import ts from "typescript";
import { expandTypeAliases } from "./expand-types.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const sdkDir = join(root, "sdk");
const entry = join(sdkDir, "index.ts");
const typesFile = join(sdkDir, "types.ts");

/** What a build wrote. */
export interface BuildResult {
  /** The bundle. */
  js: string;
  /** Every declaration file, by path relative to the output directory. */
  declarations: Record<string, string>;
}

/**
 * Builds the SDK into `outDir` (emptied first).
 *
 * @example
 * const { js } = await buildSdk("/tmp/sdk-out");
 */
export async function buildSdk(outDir: string): Promise<BuildResult> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const js = join(outDir, "index.js");
  // `neutral` refuses Node built-ins: the SDK must run on anything with fetch.
  await build({
    entryPoints: [entry],
    outfile: js,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    legalComments: "none",
    logLevel: "warning",
  });
  const declarations = emitDeclarations();
  for (const [path, text] of Object.entries(declarations)) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), text);
  }
  return { js, declarations };
}

/**
 * Emits the SDK's declarations, with `types.d.ts` replaced by the expanded aliases and
 * imports rewritten to `.js` (which resolves to the `.d.ts` next to it). Compiled with the web
 * platform's lib only, so a Node-only API in the SDK fails the build.
 */
function emitDeclarations(): Record<string, string> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts", "lib.dom.asynciterable.d.ts"],
    types: [],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    rootDir: root,
    outDir: join(root, ".sdk-declarations"),
  };
  const program = ts.createProgram([entry], options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => "\n",
    };
    throw new Error(ts.formatDiagnostics(diagnostics, host));
  }
  const out: Record<string, string> = {};
  program.emit(undefined, (fileName, text) => {
    const path = relative(join(options.outDir ?? "", "sdk"), fileName);
    if (path.startsWith("..") || path.startsWith("scripts")) return;
    out[path] = rewriteImports(text);
  });
  out["types.d.ts"] = expandTypeAliases(program, typesFile);
  for (const [path, text] of Object.entries(out)) {
    if (/(?:from|import\()\s*["'](?:zod|@hono\/|[^"']*\/worker\/)/.test(text)) {
      throw new Error(
        `${path} still refers to zod or the Worker; the typings would not stand alone`,
      );
    }
  }
  return out;
}

function rewriteImports(text: string): string {
  return text.replace(/(from\s+["']\.{1,2}\/[^"']*?)\.ts(["'])/g, "$1.js$2");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? join(sdkDir, "dist"));
  const started = performance.now();
  const { declarations } = await buildSdk(outDir);
  const files = Object.keys(declarations).length;
  console.log(
    `built ${relative(process.cwd(), outDir) || "."}: index.js + ${files} .d.ts files in ${Math.round(performance.now() - started)} ms`,
  );
}
