import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BuildResult, buildSdk } from "../../sdk/scripts/build.ts";

// Outside the repository, so that no node_modules (and no zod) can be found from here.
const dir = mkdtempSync(join(tmpdir(), "drawforge-sdk-build-"));
const dist = join(dir, "dist");
let built: BuildResult;

beforeAll(async () => {
  built = await buildSdk(dist);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Type-checks consumer files against the built typings only (no node_modules can be reached
 * from the temporary directory); returns tsc's messages and the files it read.
 */
function typecheck(sources: Record<string, string>): { errors: string[]; files: string[] } {
  const roots = Object.entries(sources).map(([name, source]) => {
    writeFileSync(join(dir, name), source);
    return join(dir, name);
  });
  const program = ts.createProgram(roots, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
    typeRoots: [],
    // The built typings themselves are checked too.
    skipLibCheck: false,
    paths: { "@drawforge/sdk": [join(dist, "index.d.ts")] },
  });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} `
      : "";
    return `${where}TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
  return { errors, files: program.getSourceFiles().map((f) => f.fileName) };
}

/** Calls that must not compile; each line must be an error for tsc to accept the file. */
const WRONG = [
  `df.generate({ promt: "typo" });`,
  `df.generate({ prompt: 42 });`,
  `df.diagrams.tokens.create("d_1", { scope: "admin" });`,
  `df.diagrams.operations.apply("d_1", [{ op: "set_label", id: "3" }]);`,
  `df.diagrams.operations.apply("d_1", [{ op: "paint", id: "3" }]);`,
  `df.diagrams.replace("d_1", { xml: "<x/>" }, {});`,
  `df.diagrams.export("d_1", { format: "pdf" });`,
  `df.diagrams.versions.restore("d_1", "2");`,
  `df.layout({ graph: { nodes: [{ id: "a", kind: "blob" }] } });`,
  `const n: string = (await df.diagrams.retrieve("d_1")).version;`,
  `const url: string = (await df.diagrams.export("d_1", { format: "drawio" })).url;`,
  `const id: string = (await df.generate({ prompt: "p" })).diagramId;`,
  `new Drawforge({ apiKey: 1 });`,
  `df.batches.create({ items: [{ title: "no prompt" }] });`,
  `df.batches.waitFor("b_1", { intervalMs: "1s" });`,
  `const n: number = (await df.batches.waitFor("b_1")).items.length;`,
];

const CONSUMER = `
import { APIError, Drawforge, NotFoundError, verifyWebhook, type Diagram, type TurnEvent } from "@drawforge/sdk";

const df = new Drawforge({ apiKey: "key", baseUrl: "https://drawforge.example" });

export async function run(): Promise<void> {
  const { diagram_id, xml } = await df.generate({ prompt: "Checkout flow with payment retries" });
  const seen: TurnEvent["type"][] = [];
  for await (const event of df.generate.stream({ prompt: "Checkout" })) {
    seen.push(event.type);
    if (event.type === "text.delta") console.log(event.text.toUpperCase());
    if (event.type === "turn.completed") console.log(event.usage.input + event.steps);
  }
  await df.diagrams.messages.create(diagram_id, { prompt: "Add a fraud check" });
  const edited = await df.diagrams.operations.apply(diagram_id, [{ op: "set_label", id: "3", value: "Pay" }], { ifMatch: 4 });
  const changed: string[] = edited.changed;
  const page = await df.diagrams.versions.list(diagram_id);
  for await (const version of page) console.log(version.n, version.author, version.stats.cells);
  const restored: Diagram = await df.diagrams.versions.restore(diagram_id, 2);
  const file = await df.diagrams.export(diagram_id, { format: "drawio" });
  const link = await df.diagrams.export(diagram_id, { format: "url" });
  await df.layout({ graph: { nodes: [{ id: "a", label: "A" }] } });
  const checked = await df.validate({ xml, repair: true });
  const token = await df.diagrams.tokens.create(diagram_id, { scope: "view" });
  const batch = await df.batches.create({
    items: [{ prompt: "Login flow", metadata: { page: "auth.md" } }],
    webhook: { url: "https://example.com/hooks", events: ["batch.item.succeeded"] },
  });
  const finished = await df.batches.waitFor(batch.id, { intervalMs: 1000, timeoutMs: 60_000 });
  for await (const item of df.batches.items(batch.id)) console.log(item.index, item.diagram_id);
  for await (const d of df.batches.deliveries.list(batch.id)) console.log(d.event_type, d.outcome);
  await df.batches.cancel(batch.id);
  const { secret, previous_secret } = await df.webhookSecret.rotate();
  const event = await verifyWebhook("{}", new Headers(), secret);
  if (event.type === "batch.completed") console.log(event.data.counts.succeeded);
  if (event.type === "batch.item.succeeded") console.log(event.data.diagram_id, event.data.links.editor);
  if (event.type === "batch.item.failed") console.log(event.data.error.code, finished.counts.failed, previous_secret);
  try {
    await df.diagrams.retrieve("d_x");
  } catch (error) {
    if (error instanceof NotFoundError) console.log(error.code, error.requestId);
    if (error instanceof APIError) console.log(error.status, error.problem?.detail);
  }
  console.log(seen, changed, restored.version, file.content.length, link.url, checked.valid, token.expires_at);
}
`;

describe("the built SDK", () => {
  it("is one ESM file with no imports, that works against the real Worker", async () => {
    const js = readFileSync(built.js, "utf8");
    expect(js).not.toMatch(/^\s*import\s|\brequire\(|from\s*["']node:/m);
    const sdk = (await import(pathToFileURL(built.js).href)) as typeof import("../../sdk/index.ts");
    const df = new sdk.Drawforge({ apiKey: "sdk-key-a", baseUrl: inject("sdkBaseUrl") });
    expect(await df.validate({ xml: "<mxGraphModel><root/></mxGraphModel>" })).toMatchObject({
      findings: expect.any(Array),
    });
    const error = await df.diagrams.retrieve("d_0000000000").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.NotFoundError);
    expect(error).toBeInstanceOf(sdk.DrawforgeError);
  });

  it("has typings that stand alone: no zod, no Worker code", () => {
    for (const [path, text] of Object.entries(built.declarations)) {
      expect(text, path).not.toMatch(/["'](zod|@hono\/[^"']*)["']|\/worker\//);
      const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
      expect(code, path).not.toMatch(/\bany\b/);
    }
    expect(built.declarations["types.d.ts"]).toContain('export type Operation = {\n  op: "');
  });

  it("type-checks a consumer without zod, and refuses wrong calls", () => {
    const wrong = [
      'import { Drawforge } from "@drawforge/sdk";',
      "const df = new Drawforge();",
      "export async function f() {",
      ...WRONG.map((line) => `  // @ts-expect-error\n  ${line}`),
      "}",
    ].join("\n");
    const { errors, files } = typecheck({ "consumer.ts": CONSUMER, "wrong.ts": wrong });
    expect(errors).toEqual([]);
    expect(
      files.some((f) => /zod|\/worker\/|node_modules/.test(f.replace(/.*typescript\/lib\//, ""))),
    ).toBe(false);
    // And the check has teeth: without the directives, every wrong line is an error.
    const bare = typecheck({ "bare.ts": wrong.replaceAll("// @ts-expect-error", "") });
    expect(new Set(bare.errors.map((e) => e.split(" ")[0])).size).toBe(WRONG.length);
  });
});
