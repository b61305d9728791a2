/**
 * XPath selection cost: our evaluator (a model view, a cost budget) beside the DOM approach it
 * replaced (serialise the page, parse it with @xmldom/xmldom, run the `xpath` package), on
 * synthetic diagrams of 2,000 to 50,000 cells and the expressions of issue #15. CPU time per
 * selection; the DOM approach runs in a worker thread that is stopped after a time limit.
 *
 *   npm run bench -- xpath            # 2,000, 5,000 and 50,000 cells, 20 s limit for the peer
 *   npm run bench -- xpath --smoke    # 2,000 and 50,000 cells, 3 s limit
 */
import { cpuUsage } from "node:process";
import { Worker } from "node:worker_threads";
import { syntheticDiagram } from "../test/fixtures/synthetic.ts";
import { DrawioError } from "../worker/drawio/errors.ts";
import { parseDiagram } from "../worker/drawio/model/parse.ts";
import { selectCellIds } from "../worker/drawio/xpath/select.ts";

const smoke = process.argv.includes("--smoke");
const SIZES = smoke ? [2_000, 50_000] : [2_000, 5_000, 50_000];
const PEER_LIMIT_MS = smoke ? 3_000 : 20_000;
const IDS = Array.from({ length: 1_000 }, (_, i) => `n${i * 3 + 2}`).join(" ");
const EXPRESSIONS = [
  "//mxCell[@edge='1']",
  "//*[contains(@style,'ellipse')]",
  "//mxCell[@id=//mxCell/@parent]",
  "//*[count(//*)>0]",
  "//*[count(preceding::*)>0]",
  "//*[.//*[.//*[.//*]]]",
  "//descendant::*/descendant::*/descendant::*/descendant::*",
  `id('${IDS}')`,
];

interface Outcome {
  ms: number;
  answer: string;
}

function ours(xml: string, expression: string): Outcome {
  const page = parseDiagram(xml).pages[0];
  if (!page) throw new Error("no page");
  const start = cpuUsage();
  let answer: string;
  try {
    answer = `${selectCellIds(page, expression).length} cells`;
  } catch (error) {
    if (!(error instanceof DrawioError)) throw error;
    answer = error.code;
  }
  const used = cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, answer };
}

const PEER = `
const { parentPort, workerData } = require("node:worker_threads");
const { cpuUsage } = require("node:process");
const { DOMParser } = require("@xmldom/xmldom");
const xpath = require("xpath");
const start = cpuUsage();
const doc = new DOMParser().parseFromString(workerData.xml, "text/xml");
const model = doc.getElementsByTagName("mxGraphModel")[0];
const page = new DOMParser().parseFromString(model.toString(), "text/xml");
const nodes = xpath.select(workerData.expression, page);
const used = cpuUsage(start);
parentPort.postMessage({ ms: (used.user + used.system) / 1000, answer: nodes.length + " nodes" });
`;

function peer(xml: string, expression: string): Promise<Outcome | undefined> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PEER, { eval: true, workerData: { xml, expression } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(undefined);
    }, PEER_LIMIT_MS);
    worker.once("message", (outcome: Outcome) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const rows: Array<Record<string, unknown>> = [];
let worst = 0;
console.log(`XPath selection, CPU ms (the DOM approach stopped after ${PEER_LIMIT_MS / 1000} s)`);
for (const size of SIZES) {
  const xml = syntheticDiagram({ cells: size });
  ours(xml, EXPRESSIONS[0] as string); // warm up
  console.log(`  ${size.toLocaleString("en-US")} cells (${Math.round(xml.length / 1024)} KiB)`);
  for (const expression of EXPRESSIONS) {
    const mine = ours(xml, expression);
    const theirs = await peer(xml, expression);
    worst = Math.max(worst, mine.ms);
    const peerText = theirs
      ? `${theirs.ms.toFixed(0)} ms (${theirs.answer})`
      : `> ${PEER_LIMIT_MS / 1000} s`;
    const ratio = theirs
      ? `${(theirs.ms / Math.max(mine.ms, 0.1)).toFixed(1)}×`
      : `> ${(PEER_LIMIT_MS / Math.max(mine.ms, 0.1)).toFixed(0)}×`;
    const shown = expression.length > 60 ? `${expression.slice(0, 57)}…` : expression;
    console.log(
      `    ${shown.padEnd(60)} ours ${mine.ms.toFixed(0).padStart(5)} ms (${mine.answer})  DOM ${peerText}  ratio ${ratio}`,
    );
    rows.push({
      size,
      expression: shown,
      ours_ms: Math.round(mine.ms),
      ours: mine.answer,
      dom_ms: theirs ? Math.round(theirs.ms) : null,
    });
  }
}
console.log(JSON.stringify({ worst_select_ms: Math.round(worst), smoke }));
if (worst > 2_000) {
  console.error(`a selection took ${worst.toFixed(0)} ms of CPU; the bound is 2,000`);
  process.exit(1);
}
