import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLlmServer } from "../fixtures/model-server/index.ts";
import { type LocalWorker, startLocalWorker } from "../support/local-worker.ts";
import { writeConsumer } from "./package-consumer.ts";
import { ROOT, tsBlocks, usesSdk } from "./readme-examples.ts";

const run = promisify(execFile);
const API_KEY = "sdk-package-key";

// A product team's view of the SDK: `npm pack` (what `npm run sdk:pack` runs), the tarball
// installed offline into a new project outside the repository, the README's examples compiled
// there by the repository's tsc and run by Node against a Worker. That Worker is this file's own,
// with a model server answering every turn by rule: the examples start turns and batches, and the
// shared Worker's scripted model belongs to agent.test.ts.
const dir = mkdtempSync(join(tmpdir(), "drawforge-sdk-package-"));
const project = join(dir, "product");
const examples = tsBlocks("README.md").filter(usesSdk);
let packed: { filename: string; size: number; files: { path: string; size: number }[] };
let worker: LocalWorker | undefined;
let workerUrl: string;
let llm: Server | undefined;

/** Starts the model server and the Worker (kept in `llm` and `worker` for `afterAll`). */
async function startWorker(): Promise<string> {
  llm = await startLlmServer(0);
  const model = `http://127.0.0.1:${(llm.address() as AddressInfo).port}`;
  const auto = await fetch(`${model}/__auto`, { method: "POST", body: '{"delayMs":0}' });
  if (!auto.ok) throw new Error(`the model server refused auto mode: ${auto.status}`);
  worker = await startLocalWorker({
    API_KEYS: API_KEY,
    RATE_LIMIT: "off",
    OPENAI_API_KEY: "scripted-model-key",
    OPENAI_BASE_URL: `${model}/v1`,
    DRAWFORGE_MODEL: "scripted",
    ALLOW_PRIVATE_WEBHOOKS: "1",
    RETRY_DELAY_SCALE: "0",
    WEBHOOK_TIMEOUT_MS: "1000",
  });
  // Ready comes before the Worker is bundled and loaded, which takes long on a busy machine (the
  // whole sdk project at once): wait for that here, so that a broken build fails here and not
  // as an example that hangs.
  const health = await fetch(`${worker.url}/healthz`, { signal: AbortSignal.timeout(100_000) });
  if (!health.ok) throw new Error(`the Worker answers /healthz with ${health.status}`);
  return worker.url;
}

beforeAll(async () => {
  const starting = startWorker();
  starting.catch(() => {}); // awaited below, after the pack
  const { stdout } = await run("npm", ["pack", "./sdk", "--pack-destination", dir, "--json"], {
    cwd: ROOT,
  });
  // The build's own line comes first: prepack's output shares stdout with the JSON.
  const [first] = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as (typeof packed)[];
  if (!first) throw new Error(`npm pack reported nothing:\n${stdout}`);
  packed = first;
  writeConsumer(project, examples);
  const tarball = join(dir, packed.filename);
  await run("npm", ["install", tarball, "--offline", "--no-audit", "--no-fund"], { cwd: project });
  workerUrl = await starting;
}, 150_000);

afterAll(async () => {
  await worker?.dispose();
  await new Promise((resolve) => (llm ? llm.close(resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a command in the product; on failure, fails with everything it printed. */
async function inProduct(args: string[], env: Record<string, string> = {}): Promise<string> {
  const options = { cwd: project, env: { ...process.env, ...env }, timeout: 60_000 };
  try {
    return (await run(process.execPath, args, options)).stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${args.join(" ")} failed:\n${stdout}\n${stderr}`);
  }
}

describe("the @drawforge/sdk package", () => {
  it("holds the bundle, its typings, the README and package.json, and no dependencies", () => {
    const paths = packed.files.map((f) => f.path).sort();
    expect(paths).toEqual(expect.arrayContaining(["dist/index.d.ts", "dist/index.js"]));
    expect(paths).toEqual(expect.arrayContaining(["README.md", "package.json"]));
    for (const path of paths)
      expect(path).toMatch(/^(package\.json|README\.md|dist\/.+\.d\.ts)$|^dist\/index\.js$/);
    const installed = join(project, "node_modules", "@drawforge", "sdk");
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    expect(manifest).toMatchObject({ name: "@drawforge/sdk", type: "module", sideEffects: false });
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      expect(manifest[field], field).toBeUndefined();
    }
    const size = packed.files.reduce((sum, f) => sum + f.size, 0);
    console.log(
      `${packed.filename}: ${packed.size} bytes, ${paths.length} files (${size} unpacked)`,
    );
  });

  it("type-checks the README's SDK examples from the installed package", async () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    // Fails with tsc's messages; on success, lists the files it read.
    const read = await inProduct([tsc, "-p", "tsconfig.json", "--listFiles"]);
    const installed = join(project, "node_modules", "@drawforge", "sdk", "dist");
    expect(read).toContain(join(installed, "index.d.ts"));
    expect(read).not.toContain(join(ROOT, "sdk"));
  }, 60_000);

  it("runs the README's SDK examples against the Worker", async () => {
    const env = { DRAWFORGE_API_KEY: API_KEY, DRAWFORGE_BASE_URL: workerUrl };
    const out = await inProduct(["run.ts"], env);
    for (const block of examples) expect(out).toContain(`--- ./readme-${block.line}.ts`);
    expect(out).toMatch(/^1 api$/m); // the versions of the diagram the first example made
    expect(out).toContain("token route: ok");
    expect(out).toMatch(/webhooks verified: batch\.completed, batch\.item\.succeeded$/m);
  }, 90_000);
});
