/**
 * Counts what the agent costs in tokens (o200k tokenizer, no model needed):
 * (a) the fixed prompt of every request: system prompt + tool schemas, as sent to the model;
 * (b) per corpus diagram, the context of an edit turn (fixed prompt + the compact view) against
 *     ~4,000 fixed tokens + the full XML twice (what XML-in-the-prompt tools send);
 * (c) per generated layout spec, the graph spec a model writes against the bare <mxCell> XML of
 *     the same diagram;
 * (d) per spec that Mermaid can say (no library icons, style overrides, swimlanes or zones), the
 *     same diagram written as a Mermaid flowchart against the graph spec and the bare cells;
 * (e) per provider, the share of a three-turn conversation's prompt its cache serves
 *     (`prompt-cache.ts`: the real AI SDK providers against the scripted server's cache rules);
 * (f) the house style's share of an edit turn's context: a typical memory (five rules, a theme)
 *     and a full one (every rule the limits allow), and the edit-context ratio with each.
 * Prints figures, then one JSON line.
 *
 *   npm run bench -- tokens
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { graphSpecs } from "../test/fixtures/graph-specs.ts";
import { mermaidOfSpec } from "../test/fixtures/mermaid-of-spec.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
import { serializeCell } from "../worker/drawio/model/serialize.ts";
import {
  editContext,
  FULL_HOUSE,
  fixedPromptTokens,
  TYPICAL_HOUSE,
} from "./agent-prompt-tokens.ts";
import { promptCacheShares } from "./prompt-cache.ts";
import { median } from "./stats.ts";

const fixedPrompt = await fixedPromptTokens();
const fixed = fixedPrompt.total;
console.log(
  `fixed prompt: ${fixed} tokens (system prompt ${fixedPrompt.system}, tool schemas ${fixedPrompt.tools}; target ≤ 2,500)`,
);
console.log(
  `  per tool: ${Object.entries(fixedPrompt.perTool)
    .map(([name, tokens]) => `${name} ${tokens}`)
    .join(", ")}`,
);

const edit = editContext(fixed);
const editRatio = edit.ratio;
console.log(
  `edit turn context vs full XML twice: median ratio ${editRatio.toFixed(3)} over ${edit.files} corpus files (target ≤ 0.35)`,
);
const houseTokens = {
  typical: countTokens(TYPICAL_HOUSE ?? ""),
  full: countTokens(FULL_HOUSE ?? ""),
};
const withHouse = {
  typical: editContext(fixed, TYPICAL_HOUSE),
  full: editContext(fixed, FULL_HOUSE),
};
for (const name of ["typical", "full"] as const) {
  console.log(
    `house style (${name}, ${houseTokens[name]} tokens): median ${(withHouse[name].houseShare * 100).toFixed(1)} % of an edit turn's prompt; edit ratio with it ${withHouse[name].ratio.toFixed(3)} (target ≤ 0.35)`,
  );
}

const createRatios: number[] = [];
const mermaidVsSpec: number[] = [];
const mermaidVsCells: number[] = [];
for (const { spec } of graphSpecs()) {
  const { document } = await layoutGraph(spec);
  const cells = (document.pages[0]?.cells ?? []).map(serializeCell).join("");
  const specTokens = countTokens(JSON.stringify(spec));
  const cellTokens = countTokens(cells);
  createRatios.push(specTokens / cellTokens);
  const mermaid = mermaidOfSpec(spec);
  if (mermaid !== undefined) {
    mermaidVsSpec.push(countTokens(mermaid) / specTokens);
    mermaidVsCells.push(countTokens(mermaid) / cellTokens);
  }
}
const createRatio = median(createRatios);
console.log(
  `graph spec vs bare mxCell XML: median ratio ${createRatio.toFixed(3)} over ${createRatios.length} specs (target ≤ 0.30)`,
);

const mermaidSpecRatio = median(mermaidVsSpec);
const mermaidCellRatio = median(mermaidVsCells);
console.log(
  `Mermaid flowchart vs graph spec: median ratio ${mermaidSpecRatio.toFixed(3)}, vs bare mxCell XML ${mermaidCellRatio.toFixed(3)}, over the ${mermaidVsSpec.length} specs Mermaid can say`,
);

console.log("prompt served from cache, three turns (draw, edit, read), per provider:");
const shares = await promptCacheShares();
for (const row of shares) {
  console.log(
    `  ${row.provider.padEnd(26)} ${String(row.cached).padStart(6)} of ${String(row.input).padStart(6)} prompt tokens cached: ${(row.share * 100).toFixed(1)} %`,
  );
}

console.log(
  JSON.stringify({
    fixed_prompt_tokens: fixed,
    cached_share: Object.fromEntries(
      shares.map((r) => [r.provider, Math.round(r.share * 1000) / 1000]),
    ),
    mermaid_vs_spec_ratio: Math.round(mermaidSpecRatio * 1000) / 1000,
    mermaid_vs_cells_ratio: Math.round(mermaidCellRatio * 1000) / 1000,
    edit_context_ratio: Math.round(editRatio * 1000) / 1000,
    house_style_tokens: houseTokens,
    house_style_share: {
      typical: Math.round(withHouse.typical.houseShare * 1000) / 1000,
      full: Math.round(withHouse.full.houseShare * 1000) / 1000,
    },
    edit_context_ratio_with_house: {
      typical: Math.round(withHouse.typical.ratio * 1000) / 1000,
      full: Math.round(withHouse.full.ratio * 1000) / 1000,
    },
    create_output_ratio: Math.round(createRatio * 1000) / 1000,
  }),
);
