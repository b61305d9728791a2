/**
 * The official MCP Inspector's CLI against `npm start`, as a person would run it: starts the
 * Worker with the README's command, lists the tools with
 * `npx @modelcontextprotocol/inspector --cli … --method tools/list --strict` (which also checks
 * every tool schema for portability across clients), then reads the viewer app's metadata.
 * Fails when the Inspector does, when a tool is missing, or on any schema warning. CI runs it
 * (`npm run mcp:inspect`). The Worker is started on `PORT` when it is set, else on a free port
 * (given to `npm start` as `PORT`); a port something already answers on is refused, so the
 * Inspector never inspects another server.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freePort } from "../fixtures/free-port.ts";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const PORT = process.env.PORT?.trim() ? Number(process.env.PORT) : await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
const EXPECTED = [
  "generate_diagram",
  "create_diagram_from_graph",
  "read_diagram",
  "edit_diagram",
  "list_diagrams",
  "export_diagram",
  "find_tools",
  "run_tool",
];
const root = fileURLToPath(new URL("../..", import.meta.url));

/** Whether something already answers on a port (then it is not ours to inspect). */
async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

let server: ChildProcess | undefined;
function stop(): void {
  if (server?.pid === undefined) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
process.on("exit", stop);

async function waitForHealth(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not answer ${ORIGIN}/healthz within ${ms / 1000} s`);
}

function inspector(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync("npx", ["-y", INSPECTOR, "--cli", `${ORIGIN}/mcp`, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 180_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

if (await answers(ORIGIN)) {
  throw new Error(
    `something already answers on ${ORIGIN}: stop it, or choose another port with PORT=…`,
  );
}
console.log(`npm start on PORT=${PORT}`);
// `npm start` as a user runs it. Its output is kept: offline, it must not print network errors
// (miniflare's download of the `Request.cf` object is off in worker/scripts/dev.ts).
server = spawn("npm", ["start"], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT) },
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
});
let startOutput = "";
server.stdout?.on("data", (chunk: Buffer) => {
  startOutput += chunk.toString();
});
server.stderr?.on("data", (chunk: Buffer) => {
  startOutput += chunk.toString();
});
await waitForHealth(120_000);
// `npm start` made .dev.vars from the example if there was none: its first key is the bearer.
const key = /^API_KEYS=([^,\n]+)/m.exec(readFileSync(`${root}/.dev.vars`, "utf8"))?.[1]?.trim();
if (!key) throw new Error(".dev.vars sets no API_KEYS");
const header = ["--transport", "http", "--header", `Authorization: Bearer ${key}`];

const listed = inspector([...header, "--method", "tools/list", "--strict"]);
if (listed.status !== 0) {
  console.error(listed.stdout, listed.stderr);
  throw new Error(`the Inspector exited with ${listed.status}`);
}
const { tools } = JSON.parse(listed.stdout) as { tools: Array<{ name: string }> };
const names = tools.map((tool) => tool.name);
const missing = EXPECTED.filter((name) => !names.includes(name));
if (missing.length > 0) throw new Error(`tools/list lacks ${missing.join(", ")}`);
if (/warning/i.test(listed.stderr)) throw new Error(`schema warnings:\n${listed.stderr}`);
console.log(`the MCP Inspector lists ${names.length} tools: ${names.join(", ")}`);

const apps = inspector([...header, "--method", "tools/list", "--app-info", "--advertise-apps"]);
const withApp = apps.stdout
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { toolName: string; hasApp: boolean })
  .filter((tool) => tool.hasApp)
  .map((tool) => tool.toolName);
if (!withApp.includes("create_diagram_from_graph")) {
  throw new Error(`no tool shows the viewer app:\n${apps.stdout}${apps.stderr}`);
}
console.log(`tools that show the diagram inline (MCP Apps): ${withApp.join(", ")}`);
// npm start says when the Worker first answered, at about the time /healthz did.
for (let waited = 0; waited < 30_000 && !/Drawforge answers on/.test(startOutput); waited += 250) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
// What a person sees when starting: no network errors offline, no stale-types warning, the
// bindings table once, and a line saying when the Worker first answered.
const startProblems = [
  /ENOTFOUND|Unable to fetch the `Request\.cf` object/.test(startOutput) && "network errors",
  /types might be out of date/i.test(startOutput) && "a stale-types warning",
  (startOutput.match(/has access to the following bindings/g) ?? []).length !== 1 &&
    "the bindings table other than once",
  !/Drawforge answers on http:\/\/localhost:\d+/.test(startOutput) && "no line saying it answers",
].filter(Boolean);
if (startProblems.length > 0) {
  console.error(startOutput);
  throw new Error(`npm start printed ${startProblems.join(", ")} (see above)`);
}
console.log("npm start printed no network errors, no stale-types warning, one bindings table");
stop();
