/**
 * How long each vitest project takes on its own: runs `vitest run --project <name>` once per
 * project, one after the other, and prints the wall time and the test count of each, then one
 * JSON line. The figures in DEVELOPERS.md's test table come from here.
 *
 *   npm run bench -- test-times                 every project
 *   npm run bench -- test-times unit batch      only these
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import config from "../vitest.config.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The project names vitest.config.ts declares, in its order. */
function projectNames(): string[] {
  const projects = (config.test?.projects ?? []) as Array<{ test?: { name?: unknown } }>;
  return projects.map((p) => p.test?.name).filter((n): n is string => typeof n === "string");
}

const known = projectNames();
const asked = process.argv.slice(3).filter((a) => !a.startsWith("-"));
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(
    `unknown project(s) ${unknown.join(", ")}; vitest.config.ts has ${known.join(", ")}`,
  );
  process.exit(2);
}

const results: Record<string, { seconds: number; tests: string; ok: boolean }> = {};
for (const name of asked.length > 0 ? asked : known) {
  const start = performance.now();
  const run = spawnSync("npx", ["vitest", "run", "--project", name], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  const seconds = Math.round((performance.now() - start) / 100) / 10;
  const output = `${run.stdout}\n${run.stderr}`;
  const tests = /^\s*Tests\s+(.+)$/m.exec(output)?.[1]?.trim() ?? "no tests run";
  results[name] = { seconds, tests, ok: run.status === 0 };
  console.log(
    `${name.padEnd(12)} ${String(seconds).padStart(6)} s  ${tests}${run.status === 0 ? "" : "  FAILED"}`,
  );
}
console.log(JSON.stringify(results));
if (Object.values(results).some((r) => !r.ok)) process.exitCode = 1;
