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
import { asSchema } from "ai";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { corpusFiles } from "../test/fixtures/corpus.ts";
import { graphSpecs } from "../test/fixtures/graph-specs.ts";
import { mermaidOfSpec } from "../test/fixtures/mermaid-of-spec.ts";
import { houseContext, SYSTEM_PROMPT, turnContext } from "../worker/agent/prompt.ts";
import { agentTools } from "../worker/agent/tools.ts";
import { WorkingCopy } from "../worker/agent/working-copy.ts";
import { layoutGraph } from "../worker/drawio/layout/index.ts";
import { emptyDocument } from "../worker/drawio/model/document.ts";
import { parseDiagram } from "../worker/drawio/model/parse.ts";
import { serializeCell } from "../worker/drawio/model/serialize.ts";
import { STYLE_LIMITS } from "../worker/schemas/style.ts";
import { promptCacheShares } from "./prompt-cache.ts";
import { median } from "./stats.ts";

const tools = agentTools(new WorkingCopy(emptyDocument()), { search: () => [] }, () => {});
const toolPayload = await Promise.all(
  Object.entries(tools).map(async ([name, t]) => ({
    type: "function",
    function: {
      name,
      description: t.description,
      parameters: await asSchema(t.inputSchema as Parameters<typeof asSchema>[0]).jsonSchema,
    },
  })),
);
const systemTokens = countTokens(SYSTEM_PROMPT);
const toolTokens = countTokens(JSON.stringify(toolPayload));
const fixed = systemTokens + toolTokens;
console.log(
  `fixed prompt: ${fixed} tokens (system prompt ${systemTokens}, tool schemas ${toolTokens}; target ≤ 2,500)`,
);

/** A memory a team builds in a few weeks: five rules, and a theme the layout applies. */
const TYPICAL_HOUSE = houseContext(
  [
    'Name databases by their engine ("Postgres", not "Database").',
    "Use the AWS 2024 icons for cloud services.",
    "Group services by owning team, one container per team.",
    "Write labels in sentence case, verbs first for steps.",
    "Show queues between services that talk asynchronously.",
  ],
  ["direction (right)", "node style", "edge style"],
);
/** The most the limits let in: every rule at its longest share of the character budget. */
const FULL_HOUSE = houseContext(
  Array.from({ length: STYLE_LIMITS.rules }, (_, i) =>
    `Rule ${i + 1}: ${"keep the diagram's conventions in every new drawing ".repeat(3)}`.slice(
      0,
      Math.floor(STYLE_LIMITS.ruleChars / STYLE_LIMITS.rules),
    ),
  ),
  ["direction (right)", "node style", "edge style"],
);

const editRatios: number[] = [];
const houseShares = { typical: [] as number[], full: [] as number[] };
const houseRatios = { typical: [] as number[], full: [] as number[] };
for (const file of corpusFiles()) {
  const doc = parseDiagram(file.xml);
  const compact = new WorkingCopy(doc).view();
  const prompt = "Rename the first step";
  const ours = fixed + countTokens(turnContext({ compact, prompt }));
  const theirs = 4_000 + 2 * countTokens(file.xml);
  editRatios.push(ours / theirs);
  for (const [name, house] of [
    ["typical", TYPICAL_HOUSE],
    ["full", FULL_HOUSE],
  ] as const) {
    const context = countTokens(turnContext({ compact, prompt, ...(house ? { house } : {}) }));
    houseShares[name].push(countTokens(house ?? "") / (fixed + context));
    houseRatios[name].push((fixed + context) / theirs);
  }
}
const editRatio = median(editRatios);
console.log(
  `edit turn context vs full XML twice: median ratio ${editRatio.toFixed(3)} over ${editRatios.length} corpus files (target ≤ 0.35)`,
);
const houseTokens = {
  typical: countTokens(TYPICAL_HOUSE ?? ""),
  full: countTokens(FULL_HOUSE ?? ""),
};
for (const name of ["typical", "full"] as const) {
  console.log(
    `house style (${name}, ${houseTokens[name]} tokens): median ${(median(houseShares[name]) * 100).toFixed(1)} % of an edit turn's prompt; edit ratio with it ${median(houseRatios[name]).toFixed(3)} (target ≤ 0.35)`,
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
      typical: Math.round(median(houseShares.typical) * 1000) / 1000,
      full: Math.round(median(houseShares.full) * 1000) / 1000,
    },
    edit_context_ratio_with_house: {
      typical: Math.round(median(houseRatios.typical) * 1000) / 1000,
      full: Math.round(median(houseRatios.full) * 1000) / 1000,
    },
    create_output_ratio: Math.round(createRatio * 1000) / 1000,
  }),
);
