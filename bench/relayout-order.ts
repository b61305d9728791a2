/**
 * How stable "tidy up" is (`bench/extend/relayout-order.ts`): one node added to each generated
 * layout, the page laid out again, and the share of pairs of the original shapes whose order
 * (left/right, above/below) changed. Prints a table per graph, then one JSON line. Goal:
 * `relayout_order_changes` ≤ 0.05.
 *
 *   npm run bench -- relayout-order               keeping the order (relayoutPage's default)
 *   npm run bench -- relayout-order --reshuffle   the whole-page reshuffle (keepOrder: false)
 *   npm run bench -- relayout-order --only=tree   only the graphs whose name contains "tree"
 */
import { measureRelayoutOrder } from "./extend/relayout-order.ts";

const reshuffle = process.argv.includes("--reshuffle");
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);

const started = performance.now();
const { share, cases } = await measureRelayoutOrder(undefined, {
  ...(only !== undefined ? { only } : {}),
  ...(reshuffle ? { keepOrder: false } : {}),
});
const seconds = (performance.now() - started) / 1000;

const percent = (v: number) => `${(v * 100).toFixed(1)}%`;
console.log(`order changes of a re-layout after adding one node (${cases.length} graphs)`);
console.log(
  `${"graph".padEnd(40)} ${"pairs".padStart(7)} ${"flipped".padStart(8)} ${"share".padStart(7)} ${"crossings".padStart(10)} ${"bends".padStart(7)}`,
);
for (const c of cases) {
  console.log(
    `${c.name.padEnd(40)} ${String(c.pairs).padStart(7)} ${String(c.flipped).padStart(8)} ${percent(c.share).padStart(7)} ${String(c.crossings).padStart(10)} ${String(c.bends).padStart(7)}`,
  );
}
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
const compared = cases.reduce((sum, c) => sum + c.compared, 0);
const flipped = cases.reduce((sum, c) => sum + c.flipped, 0);
const figures = {
  relayout_order_changes: round4(share),
  relayout_order_changes_mean: round4(cases.reduce((sum, c) => sum + c.share, 0) / cases.length),
  relayout_order_changes_of_compared: round4(compared === 0 ? 0 : flipped / compared),
  relayout_order_worst: round4(Math.max(...cases.map((c) => c.share))),
  relayout_crossings_total: cases.reduce((sum, c) => sum + c.crossings, 0),
  relayout_bends_total: cases.reduce((sum, c) => sum + c.bends, 0),
  graphs: cases.length,
  keep_order: !reshuffle,
  seconds: Math.round(seconds),
};
console.log(JSON.stringify(figures));
if (only === undefined && !reshuffle && share > 0.05) process.exitCode = 1;
