/**
 * Holds the dependency direction of the architecture: every top-level part of `worker/` has a
 * rank, and a module imports only parts ranked below its own — never up, never sideways to a
 * part of the same rank. `sdk/` and `widget/` are packages of their own that take only types
 * from `worker/schemas`. Read from the sources' import and export declarations (and dynamic
 * `import()`), parsed with TypeScript. How `drawio/` is entered is `drawio/purity.test.ts`'s.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The Worker's parts, highest first. A part imports values and types alike only from parts of
 * a lower rank; parts of one rank do not import each other.
 */
const RANKS: Record<string, { rank: number; why: string }> = {
  "worker/worker-configuration.d.ts": {
    rank: 12,
    why: "the Env types `npm run types` writes: ambient, imported by none; names the entry's classes",
  },
  "worker/scripts": { rank: 11, why: "dev tooling run by Node (start, deploy, assets)" },
  "worker/index.ts": { rank: 10, why: "the entry: fetch, queue and the Durable Object classes" },
  "worker/app.ts": { rank: 9, why: "the root app: middleware, error mapping, every route" },
  "worker/routes": { rank: 8, why: "one sub-app per resource, and MCP, over the services" },
  "worker/batch": { rank: 7, why: "BatchObject and the consumer: items run in diagram objects" },
  "worker/diagram": { rank: 6, why: "DiagramObject: hosts agent turns, tells the tenant's list" },
  "worker/tenant": { rank: 5, why: "TenantObject and the idempotency middleware" },
  "worker/auth": { rank: 4, why: "keys, tokens, OAuth, CORS, rate limits (http's errors)" },
  "worker/durable": { rank: 4, why: "what the Durable Objects share: migrations, outcomes" },
  "worker/images": { rank: 4, why: "rendering's Worker side: resvg WASM, fonts, assets" },
  "worker/http": { rank: 3, why: "HTTP helpers and the one error type, ApiError" },
  "worker/agent": { rank: 3, why: "the model loop: knows no HTTP, storage or auth (beside http)" },
  "worker/schemas": { rank: 2, why: "the API contract and the one problem-code registry" },
  "worker/bindings.ts": { rank: 2, why: "the environment type: bindings, settings, secrets" },
  "shape-libraries": { rank: 2, why: "data (not scanned here): shapes per draw.io library" },
  "worker/drawio": { rank: 1, why: "the pure draw.io library: imports nothing of the rest" },
};

/** What the packages outside the Worker may import besides themselves: values, or only types. */
const PACKAGES: Record<string, { values: string[]; types: string[] }> = {
  sdk: { values: [], types: ["worker/schemas"] },
  widget: { values: ["sdk"], types: ["worker/schemas"] },
};

/**
 * Node tooling that may read a package outside the Worker: the README's generator lists the SDK's
 * resources from a client (`worker/scripts/readme.ts`). None of it is bundled into the Worker.
 */
const TOOLING_READS: Record<string, string[]> = { "worker/scripts": ["sdk"] };

/**
 * The registry of problem codes and its two retry lists: plain data (checked below to import
 * nothing at run time), which the SDK bundles as it is so that one registry serves both sides.
 */
const SDK_DATA = ["worker/schemas/problem-codes.ts", "worker/schemas/problem-retries.ts"];

type Kind = "value" | "type";
interface Import {
  file: string;
  spec: string;
  target: string;
  kind: Kind;
}

/** The part a path belongs to: the longest ranked prefix, else its top-level folder. */
function partOf(path: string): string {
  const ranked = Object.keys(RANKS)
    .filter((part) => path === part || path.startsWith(`${part}/`))
    .sort((a, b) => b.length - a.length)[0];
  return ranked ?? path.split("/")[0] ?? path;
}

/** Why an import breaks the rules, or undefined when it keeps them. */
function breach(file: string, target: string, kind: Kind): string | undefined {
  const from = partOf(file);
  const to = partOf(target);
  if (from === to) return undefined;
  const pkg = PACKAGES[from];
  if (pkg) {
    if (pkg.values.includes(to) || (kind === "type" && pkg.types.includes(to))) return undefined;
    if (from === "sdk" && SDK_DATA.includes(target)) return undefined;
    return pkg.types.includes(to) ? `${from} takes only types from ${to}` : `${from} → ${to}`;
  }
  if (TOOLING_READS[from]?.includes(to)) return undefined;
  const [a, b] = [RANKS[from], RANKS[to]];
  if (!a) return `${from} has no rank`;
  if (!b) return `${to} is outside the Worker`;
  if (b.rank < a.rank) return undefined;
  const way = b.rank === a.rank ? "sideways" : "up";
  return `points ${way}: ${from} (${a.rank}) → ${to} (${b.rank})`;
}

/** Every TypeScript source under `dir`, generated files left out. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    if (!entry.name.endsWith(".ts")) return [];
    return readFileSync(join(ROOT, path), "utf8").startsWith("// Generated by") ? [] : [path];
  });
}

/**
 * The relative imports of a file. `import { type A }` counts as a value: under
 * `verbatimModuleSyntax` it still loads the module; only `import type` is erased.
 */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const found: Import[] = [];
  const add = (literal: ts.Node | undefined, kind: Kind) => {
    if (!literal || !ts.isStringLiteral(literal) || !literal.text.startsWith(".")) return;
    const path = relative(ROOT, resolve(ROOT, dirname(file), literal.text)).replaceAll("\\", "/");
    // `import("./index")` in generated types names the module without its extension.
    const target = existsSync(join(ROOT, `${path}.ts`)) ? `${path}.ts` : path;
    found.push({ file, spec: literal.text, target, kind });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, node.importClause?.isTypeOnly ? "type" : "value");
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly ? "type" : "value");
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], "value");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, "type");
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  return found;
}

const IMPORTS = ["worker", "sdk", "widget"].flatMap(sources).flatMap(importsOf);

function breaches(imports: Import[]): string[] {
  return imports.flatMap(({ file, spec, target, kind }) => {
    const why = breach(file, target, kind);
    return why ? [`${file} imports ${kind === "type" ? "type " : ""}"${spec}": ${why}`] : [];
  });
}

describe("the dependency direction", () => {
  it("gives every part of worker/ a rank", () => {
    const parts = readdirSync(join(ROOT, "worker")).map((name) => `worker/${name}`);
    expect(parts.filter((part) => !RANKS[part])).toEqual([]);
  });

  it("has the Worker's modules import only parts ranked below their own", () => {
    expect(breaches(IMPORTS.filter((i) => i.file.startsWith("worker/")))).toEqual([]);
  });

  it("has sdk/ and widget/ take only types from worker/schemas (and the SDK its data)", () => {
    expect(breaches(IMPORTS.filter((i) => !i.file.startsWith("worker/")))).toEqual([]);
  });

  it("keeps the data the SDK bundles free of run-time imports", () => {
    const loaded = IMPORTS.filter((i) => SDK_DATA.includes(i.file) && i.kind === "value");
    expect(loaded.map((i) => `${i.file} imports "${i.spec}"`)).toEqual([]);
  });

  it("names what breaks the rules", () => {
    expect(breach("worker/tenant/a.ts", "worker/batch/signing.ts", "value")).toMatch(/up/);
    expect(breach("worker/agent/a.ts", "worker/http/api-error.ts", "value")).toMatch(/sideways/);
    expect(breach("worker/agent/a.ts", "worker/tenant/b.ts", "type")).toMatch(/up/);
    expect(breach("worker/durable/a.ts", "worker/drawio/model.ts", "value")).toBeUndefined();
    expect(breach("worker/drawio/a.ts", "shape-libraries/catalog.ts", "value")).toMatch(/up/);
    expect(breach("worker/routes/a.ts", "sdk/internal/sse.ts", "value")).toMatch(/outside/);
    expect(breach("worker/scripts/readme.ts", "sdk/index.ts", "value")).toBeUndefined();
    expect(breach("sdk/a.ts", "worker/schemas/common.ts", "type")).toBeUndefined();
    expect(breach("sdk/a.ts", "worker/schemas/common.ts", "value")).toMatch(/only types/);
    expect(breach("widget/a.ts", "worker/http/problem.ts", "type")).toMatch(/widget → worker/);
  });
});
