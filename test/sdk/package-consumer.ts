import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CodeBlock, ROOT } from "./readme-examples.ts";

/**
 * The product that installs `@drawforge/sdk` in `package.test.ts`: a Node project of its own
 * (ESM, strict TypeScript resolving packages as Node does, `@types/node` as any Node project
 * has it) whose sources are the README's SDK examples, one file each, and `run.ts`.
 */
export function writeConsumer(dir: string, examples: CodeBlock[]): void {
  mkdirSync(dir, { recursive: true });
  const files = examples.map((block) => `readme-${block.line}.ts`);
  for (const block of examples) writeFileSync(join(dir, `readme-${block.line}.ts`), block.code);
  writeFileSync(join(dir, "run.ts"), runner(files));
  const pkg = { name: "drawforge-sdk-consumer", private: true, type: "module" };
  writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2));
  const compilerOptions = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2022"],
    types: ["node"],
    typeRoots: [join(ROOT, "node_modules", "@types")],
    strict: true,
    noEmit: true,
    // The package's own typings are checked too.
    skipLibCheck: false,
    allowImportingTsExtensions: true,
    erasableSyntaxOnly: true,
    verbatimModuleSyntax: true,
  };
  const tsconfig = { compilerOptions, include: ["*.ts"] };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
}

/**
 * `run.ts`: runs the examples in README order, then calls the handlers they export as a server
 * would: the token route with a diagram of the tenant, and the webhook receiver behind a local
 * HTTP server to which the Worker delivers a real batch's webhooks.
 */
function runner(files: string[]): string {
  return `import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Drawforge } from "@drawforge/sdk";

type Handler = (request: Request) => Promise<Response>;
const exported: Record<string, unknown> = {};
for (const file of ${JSON.stringify(files.map((f) => `./${f}`))}) {
  console.log(\`--- \${file}\`);
  Object.assign(exported, await import(file));
}
function handler(name: string): Handler {
  const f = exported[name];
  if (typeof f !== "function") throw new Error(\`no README example exports \${name}()\`);
  return f as Handler;
}
console.log("--- run.ts");
const df = new Drawforge({ maxRetries: 0 });

const diagramToken = handler("diagramToken");
const { id } = await df.diagrams.create({ title: "Token route" });
const answer = await diagramToken(new Request(\`https://app.example/diagram-token?id=\${id}\`));
const { token } = (await answer.json()) as { token: string };
const seen = await new Drawforge({ apiKey: token }).diagrams.retrieve(id);
const refused = await diagramToken(new Request("https://app.example/diagram-token"));
if (seen.id !== id || refused.status !== 400) throw new Error("the token route misbehaves");
console.log("token route: ok");

const receiveWebhook = handler("receiveWebhook");
const verified: string[] = [];
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const request = new Request(\`http://127.0.0.1\${req.url}\`, { method: "POST", headers, body });
  try {
    res.writeHead((await receiveWebhook(request)).status).end();
    verified.push((JSON.parse(body.toString("utf8")) as { type: string }).type);
  } catch (error) {
    console.error("webhook refused:", error);
    res.writeHead(400).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
const batch = await df.batches.create({
  items: [{ prompt: "Webhook check" }],
  webhook: { url: \`http://127.0.0.1:\${port}/hooks/drawforge\` },
});
await df.batches.waitFor(batch.id, { intervalMs: 250, timeoutMs: 30_000 });
const deadline = Date.now() + 20_000;
// Each event is its own delivery: they may arrive in either order.
while (!(verified.includes("batch.item.succeeded") && verified.includes("batch.completed"))) {
  if (Date.now() > deadline) throw new Error(\`webhooks verified: \${verified.join(", ")}\`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
server.close();
console.log(\`webhooks verified: \${[...verified].sort().join(", ")}\`);
`;
}
