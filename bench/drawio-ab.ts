/**
 * The edit cycle (parse + validate + set_style + serialize) of two checkouts side by side, in
 * one process and interleaved, so a noisy machine slows both alike: the way to tell whether a
 * change made the cycle slower. Prints each checkout's median CPU ms and their ratio.
 *
 *   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/
 *   npx node bench/drawio-ab.ts /tmp/base .
 */

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { syntheticDiagram } from "../test/fixtures/synthetic.ts";
import { median } from "./stats.ts";

interface Cycle {
  parse: (xml: string) => { pages: Array<{ cells: Array<{ attrs: Record<string, string> }> }> };
  validate: (doc: unknown) => unknown;
  apply: (doc: unknown, ops: unknown[]) => { document: unknown };
  serialize: (doc: unknown) => string;
}

async function load(root: string): Promise<Cycle> {
  if (existsSync(resolve(root, "worker/drawio/index.ts"))) {
    const door = await import(resolve(root, "worker/drawio/index.ts"));
    return {
      parse: door.parseDiagram,
      validate: door.validateDocument,
      apply: door.applyOperations,
      serialize: door.serializeDiagram,
    };
  }
  // A checkout from before the library had its front door.
  const at = (file: string) => import(resolve(root, "worker/drawio", file));
  const [parse, validate, apply, serialize] = await Promise.all([
    at("parse.ts"),
    at("validate.ts"),
    at("operations/apply.ts"),
    at("serialize.ts"),
  ]);
  return {
    parse: parse.parseDiagram,
    validate: validate.validateDocument,
    apply: apply.applyOperations,
    serialize: serialize.serializeDiagram,
  };
}

const [baseDir, headDir] = process.argv.slice(2);
if (!baseDir || !headDir) {
  console.error("usage: npx node bench/drawio-ab.ts <base checkout> <head checkout>");
  process.exit(2);
}
const sides = { base: await load(baseDir), head: await load(headDir) };
const ROUNDS = 30;
const PER_ROUND = 12;
const WARM_ROUNDS = 3;

const results: Record<string, number> = {};
for (const cells of [1000, 5000]) {
  const xml = syntheticDiagram({ cells });
  const times = { base: [] as number[], head: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? (["base", "head"] as const) : (["head", "base"] as const);
    for (const name of order) {
      const lib = sides[name];
      const target = lib.parse(xml).pages[0]?.cells.find((c) => c.attrs.vertex === "1")?.attrs.id;
      for (let i = 0; i < PER_ROUND; i++) {
        const start = process.cpuUsage();
        const doc = lib.parse(xml);
        lib.validate(doc);
        const { document } = lib.apply(doc, [
          { op: "set_style", id: target, style: { fillColor: "#f8cecc" } },
        ]);
        lib.serialize(document);
        const used = process.cpuUsage(start);
        if (round >= WARM_ROUNDS) times[name].push((used.user + used.system) / 1000);
      }
    }
  }
  const base = median(times.base);
  const head = median(times.head);
  console.log(
    `${cells.toLocaleString("en-US")} cells: base ${base.toFixed(2)} ms, head ${head.toFixed(2)} ms, head/base ${(head / base).toFixed(3)} (${times.base.length} runs each)`,
  );
  results[`cycle_${cells}_ratio`] = Number((head / base).toFixed(3));
}
console.log(JSON.stringify(results));
