/**
 * Benchmarks the draw.io core: the edit cycle a request performs (parse + validate + one
 * set_style operation + serialize) on large diagrams, and how many tokens the compact view
 * saves over raw XML on the real corpus. Prints figures, then one JSON line.
 *
 *   npm run bench            full run
 *   npm run bench -- --smoke a quick run for CI
 */

import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { corpusFiles } from "../test/fixtures/corpus.ts";
import { syntheticDiagram } from "../test/fixtures/synthetic.ts";
import { validateDocument } from "../worker/drawio/check/validate.ts";
import { parseDiagram } from "../worker/drawio/model/parse.ts";
import { serializeDiagram, serializePage } from "../worker/drawio/model/serialize.ts";
import { applyOperations } from "../worker/drawio/operations/apply.ts";
import { compactPage } from "../worker/drawio/views/compact.ts";
import { median } from "./stats.ts";

const smoke = process.argv.includes("--smoke");
const runs = smoke ? 31 : 201;
const warmup = smoke ? 30 : 50;

/** CPU time of one call in milliseconds (user + system, this process). */
function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function cycleMs(cells: number): { median: number; p90: number; bytes: number } {
  const xml = syntheticDiagram({ cells });
  const target = parseDiagram(xml).pages[0]?.cells.find((c) => c.attrs.vertex === "1")?.attrs
    .id as string;
  const cycle = () => {
    const doc = parseDiagram(xml);
    const findings = validateDocument(doc);
    if (findings.some((f) => f.severity === "error"))
      throw new Error("synthetic diagram is invalid");
    const { document } = applyOperations(doc, [
      { op: "set_style", id: target, style: { fillColor: "#f8cecc" } },
    ]);
    const out = serializeDiagram(document);
    if (!out.includes("fillColor=#f8cecc")) throw new Error("the edit was lost");
  };
  for (let i = 0; i < warmup; i++) cycle();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(cpuMs(cycle));
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: median(times),
    p90: sorted[Math.floor(sorted.length * 0.9)] as number,
    bytes: xml.length,
  };
}

function tokenRatio(): {
  median: number;
  min: number;
  max: number;
  pages: number;
  xmlTokens: number;
  compactTokens: number;
} {
  const ratios: number[] = [];
  let xmlTokens = 0;
  let compactTokens = 0;
  const files = corpusFiles();
  for (const { xml } of smoke ? files.slice(0, 12) : files) {
    for (const page of parseDiagram(xml).pages) {
      const raw = countTokens(serializePage(page));
      const compact = countTokens(compactPage(page));
      xmlTokens += raw;
      compactTokens += compact;
      ratios.push(compact / raw);
    }
  }
  return {
    median: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    pages: ratios.length,
    xmlTokens,
    compactTokens,
  };
}

const c1000 = cycleMs(1000);
const c5000 = cycleMs(5000);
const tokens = tokenRatio();
const round = (n: number, d = 3) => Number(n.toFixed(d));

console.log(
  `drawio edit cycle (parse + validate + set_style + serialize), CPU ms, ${runs} runs after ${warmup} warm-up`,
);
console.log(
  `  1,000 cells (${(c1000.bytes / 1024).toFixed(0)} KiB): median ${c1000.median.toFixed(2)} ms, p90 ${c1000.p90.toFixed(2)} ms (target ≤ 5)`,
);
console.log(
  `  5,000 cells (${(c5000.bytes / 1024).toFixed(0)} KiB): median ${c5000.median.toFixed(2)} ms, p90 ${c5000.p90.toFixed(2)} ms (target ≤ 25)`,
);
console.log(`compact view vs XML, o200k tokens, ${tokens.pages} corpus pages`);
console.log(
  `  median ratio ${tokens.median.toFixed(3)} (min ${tokens.min.toFixed(3)}, max ${tokens.max.toFixed(3)}; target ≤ 0.30); total ${tokens.compactTokens} vs ${tokens.xmlTokens} tokens`,
);
console.log(
  JSON.stringify({
    cycle_1000_ms: round(c1000.median),
    cycle_5000_ms: round(c5000.median),
    compact_token_ratio: round(tokens.median),
    smoke,
  }),
);
