/**
 * The tables of the `extend` bench: one row per case with each figure as ours/baseline, then a
 * summary per kind of edit and the totals.
 */
import { EDIT_KINDS } from "./edits.ts";
import type { ExtendFigures } from "./measure.ts";
import { type CaseResult, type Outcome, type Totals, tally } from "./tally.ts";

const COLUMNS = ["moved", "overlaps", "through", "outside", "shared", "dangling"] as const;

/**
 * Prints one row per case: source, kind, then each figure as `ours/baseline` (`–` where ours
 * was not run or refused).
 *
 * @example
 * printCases(results);
 */
export function printCases(results: readonly CaseResult[]): void {
  const head = [
    "source".padEnd(44),
    "kind".padEnd(14),
    ...COLUMNS.map((c) => c.padStart(9)),
    "distance".padStart(11),
    "  accepted",
  ];
  console.log(head.join(" "));
  for (const r of results) {
    const pair = (key: (typeof COLUMNS)[number]) =>
      `${value(r.ours, (f) => String(f[key]))}/${value(r.baseline, (f) => String(f[key]))}`;
    const ratio = (f: ExtendFigures) =>
      f.distanceRatio === undefined ? "·" : f.distanceRatio.toFixed(2);
    const row = [
      r.case.source.slice(0, 44).padEnd(44),
      r.case.edit.kind.padEnd(14),
      ...COLUMNS.map((c) => pair(c).padStart(9)),
      `${value(r.ours, ratio)}/${value(r.baseline, ratio)}`.padStart(11),
      `  ${accepted(r.ours)}/${accepted(r.baseline)}`,
    ];
    console.log(row.join(" "));
  }
}

/** Prints, per kind of edit, for the corpus and the generated pages, and in total, what each peer did to how many new shapes and edges. */
export function printSummary(results: readonly CaseResult[], ours: boolean): void {
  console.log("");
  console.log("per kind (ours / baseline)");
  for (const kind of EDIT_KINDS) {
    const of = results.filter((r) => r.case.edit.kind === kind);
    if (of.length === 0) continue;
    console.log(`  ${kind.padEnd(14)} ${of.length} edits: ${line(of, ours)}`);
  }
  for (const [name, generated] of [
    ["corpus", false],
    ["generated", true],
  ] as const) {
    const of = results.filter((r) => r.case.generated === generated);
    if (of.length > 0) console.log(`  ${name.padEnd(14)} ${of.length} edits: ${line(of, ours)}`);
  }
  console.log(`  ${"total".padEnd(14)} ${results.length} edits: ${line(results, ours)}`);
  for (const [peer, pick] of [
    ["ours", (r: CaseResult) => r.ours],
    ["baseline", (r: CaseResult) => r.baseline],
  ] as const) {
    const refused = tally(results.flatMap((r) => pick(r) ?? [])).refused;
    if (refused.size === 0) continue;
    const codes = [...refused].map(([code, n]) => `${code} ×${n}`).join(", ");
    console.log(`  ${peer} refused: ${codes}`);
  }
}

function line(results: readonly CaseResult[], ours: boolean): string {
  const b = tally(results.map((r) => r.baseline));
  const o = ours ? tally(results.flatMap((r) => r.ours ?? [])) : undefined;
  const both = (f: (t: Totals) => string) => `${o ? f(o) : "–"} / ${f(b)}`;
  return [
    `overlapping ${both((t) => `${t.overlaps} of ${t.nodes} new shapes`)}`,
    `through a shape ${both((t) => `${t.through} of ${t.edges} new edges`)}`,
    `moved ${both((t) => String(t.moved))}`,
    `grown ${both((t) => String(t.grown))}`,
    `outside ${both((t) => String(t.outside))}`,
    `shared ${both((t) => String(t.shared))}`,
    `dangling ${both((t) => String(t.dangling))}`,
    `distance ${both((t) => (t.distanceRatio === undefined ? "·" : t.distanceRatio.toFixed(2)))}`,
    `accepted ${both((t) => `${t.accepted}/${t.edits}`)}`,
  ].join("; ");
}

function value(outcome: Outcome | undefined, f: (figures: ExtendFigures) => string): string {
  return outcome?.accepted ? f(outcome.figures) : "–";
}

function accepted(outcome: Outcome | undefined): string {
  if (!outcome) return "–";
  return outcome.accepted ? "yes" : outcome.code;
}
