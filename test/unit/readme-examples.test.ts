import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { type CodeBlock, ROOT, tsBlocks, usesSdk } from "../sdk/readme-examples.ts";

// Every TypeScript example of the READMEs, each compiled as a module of its own (so each one
// compiles as a reader would paste it) in the README's directory, with `@drawforge/sdk` as the
// SDK's sources. The SDK examples are also run against a Worker, from the packed package, by
// test/sdk/package.test.ts.
const blocks = [...tsBlocks("README.md"), ...tsBlocks("sdk/README.md")];
const fileOf = (block: CodeBlock) => join(ROOT, `${block.readme}.line-${block.line}.ts`);
const scratch = mkdtempSync(join(tmpdir(), "drawforge-readme-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The repository's compiler options, for Node (the examples' platform), with the SDK mapped. */
function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  return {
    ...options,
    types: ["node"],
    noEmit: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
    paths: { "@drawforge/sdk": [join(ROOT, "sdk", "index.ts")] },
  };
}

/** tsc's messages for every block, as `README.md:436:12 TS2304: …`. */
function typecheck(): string[] {
  const sources = new Map(blocks.map((block) => [fileOf(block), block]));
  const host = ts.createCompilerHost(compilerOptions());
  const { fileExists, readFile } = host;
  host.fileExists = (file) => sources.has(file) || fileExists(file);
  host.readFile = (file) => sources.get(file)?.code ?? readFile(file);
  const program = ts.createProgram([...sources.keys()], compilerOptions(), host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    if (!d.file) return message;
    const at = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    const block = sources.get(d.file.fileName);
    const where = block
      ? `${block.readme}:${block.line + 1 + at.line}:${at.character + 1}`
      : relative(ROOT, d.file.fileName);
    return `${where} ${message}`;
  });
}

describe("the READMEs' TypeScript examples", () => {
  it("are found: the SDK's, the token flow, VitePress and the draw.io library", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    expect(blocks.filter(usesSdk).length).toBeGreaterThanOrEqual(4);
  });

  it("compile as written, each on its own", () => {
    expect(typecheck()).toEqual([]);
  }, 60_000);

  const local = blocks.filter((block) => !usesSdk(block));
  it.each(local.map((block) => [`${block.readme}:${block.line}`, block] as const))(
    "%s runs (the examples that need no Worker)",
    async (_line, block) => {
      const file = join(scratch, `line-${block.line}.ts`);
      const code = block.code.replace(/(from\s+["'])\.\//g, `$1${pathToFileURL(ROOT).href}`);
      writeFileSync(file, code);
      await expect(import(pathToFileURL(file).href)).resolves.toBeDefined();
    },
  );
});
