/**
 * The library's floor plan, held: `worker/drawio/` stays pure, is entered only through its
 * `index.ts`, each folder imports only what its README's `May import:` line allows, and no
 * file imports itself back through a cycle. (Headers: `test/unit/file-headers.test.ts`.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const ROOT = `${REPO}worker/drawio/`;
const ALLOWED_PACKAGES = new Set([
  "fflate",
  "zod",
  // Mermaid's front matter and init directives (a YAML parser, pure).
  "yaml",
  // The layout engine (pure computation, no I/O).
  "elkjs/lib/elk-worker.min.js",
  "elkjs/lib/elk-api.js",
  // The PNG rasteriser (WASM, given its module and fonts by the caller: no I/O).
  "@resvg/resvg-wasm",
  // Label lines of other scripts shaped in JS for the PNG (fonts given by the caller: no I/O).
  "fontkit",
  "bidi-js",
]);
/** The files at the library's root: its front door, its error type and its work budget. */
const ROOT_FILES = ["budget.ts", "errors.ts", "index.ts"];
/** What code outside the library may be, and still import it (tests and benches reach in). */
const OUTSIDE = ["worker/", "shape-libraries/", "sdk/", "widget/"];
const LARGEST_FLAT_FOLDER = 15;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === "node_modules" || entry.name === "public" || entry.name === "dist"
      ? []
      : entry.isDirectory()
        ? sources(`${dir}${entry.name}/`)
        : entry.name.endsWith(".ts")
          ? [`${dir}${entry.name}`]
          : [],
  );
}

/** The specifiers a file imports or re-exports from (comments and strings aside). */
function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [
    ...code.matchAll(/^\s*(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["']/gm),
    ...code.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] as string);
}

function resolveFrom(file: string, spec: string): string {
  return new URL(spec, `file://${file}`).pathname;
}

/** The library's part a file belongs to: its top folder, or the root file itself. */
function partOf(file: string): string {
  const rel = file.slice(ROOT.length);
  return rel.includes("/") ? (rel.split("/")[0] as string) : rel;
}

const LIBRARY = sources(ROOT);

describe("worker/drawio stays pure", () => {
  it.each(LIBRARY.map((file) => [file.slice(ROOT.length), file]))(
    "%s imports only its siblings and parsing libraries",
    (_name, file) => {
      const text = readFileSync(file, "utf8");
      for (const spec of specifiers(text)) {
        if (spec.startsWith(".")) {
          expect(resolveFrom(file, spec).startsWith(ROOT), `${spec} leaves worker/drawio`).toBe(
            true,
          );
        } else {
          expect(ALLOWED_PACKAGES.has(spec), `${spec} is not an allowed package`).toBe(true);
        }
      }
      expect(text).not.toMatch(/\bfetch\(|cloudflare:|from "ai"|@ai-sdk\//);
    },
  );
});

describe("worker/drawio has one front door", () => {
  const outside = OUTSIDE.flatMap((dir) => sources(`${REPO}${dir}`)).filter(
    (file) => !file.startsWith(ROOT),
  );

  it("is entered only through worker/drawio/index.ts", () => {
    const deep: string[] = [];
    for (const file of outside) {
      for (const spec of specifiers(readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = resolveFrom(file, spec);
        if (target.startsWith(ROOT) && target !== `${ROOT}index.ts`) {
          deep.push(`${file.slice(REPO.length)} imports ${spec}`);
        }
      }
    }
    expect(deep).toEqual([]);
  });

  it("keeps only its front door, its error type and its budget at the root", () => {
    const files = readdirSync(ROOT).filter((name) => name.endsWith(".ts"));
    expect(files.sort()).toEqual(ROOT_FILES);
  });

  it(`has no flat folder of more than ${LARGEST_FLAT_FOLDER} files`, () => {
    const counts = new Map<string, number>();
    for (const file of LIBRARY) {
      const dir = file.slice(0, file.lastIndexOf("/") + 1);
      counts.set(dir, (counts.get(dir) ?? 0) + 1);
    }
    const large = [...counts].filter(([, n]) => n > LARGEST_FLAT_FOLDER);
    expect(large.map(([dir, n]) => `${dir.slice(REPO.length)}: ${n}`)).toEqual([]);
  });
});

describe("worker/drawio's folders import only what their READMEs allow", () => {
  const folders = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it.each(folders)("%s/ has a README whose `May import:` line it keeps to", (folder) => {
    const readme = readFileSync(`${ROOT}${folder}/README.md`, "utf8");
    const line = /^May import: (.+)$/m.exec(readme)?.[1];
    expect(line, `${folder}/README.md has no "May import:" line`).toBeDefined();
    const allowed = new Set(
      (line as string) === "nothing" ? [] : (line as string).split(/,\s*/).map((s) => s.trim()),
    );
    const stray: string[] = [];
    for (const file of LIBRARY.filter((f) => partOf(f) === folder)) {
      for (const spec of specifiers(readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const part = partOf(resolveFrom(file, spec));
        if (part !== folder && !allowed.has(part)) {
          stray.push(`${file.slice(ROOT.length)} imports ${spec}`);
        }
      }
    }
    expect(stray).toEqual([]);
  });
});

describe("worker/drawio has no import cycles", () => {
  it("imports form no cycle between files", () => {
    const edges = new Map<string, string[]>();
    for (const file of LIBRARY) {
      edges.set(
        file,
        specifiers(readFileSync(file, "utf8"))
          .filter((spec) => spec.startsWith("."))
          .map((spec) => resolveFrom(file, spec)),
      );
    }
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const path: string[] = [];
    const visit = (file: string): void => {
      state.set(file, "open");
      path.push(file);
      for (const next of edges.get(file) ?? []) {
        if (state.get(next) === "open") {
          const loop = path.slice(path.indexOf(next)).concat(next);
          cycles.push(loop.map((f) => f.slice(ROOT.length)).join(" → "));
        } else if (!state.has(next)) {
          visit(next);
        }
      }
      path.pop();
      state.set(file, "done");
    };
    for (const file of LIBRARY) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
