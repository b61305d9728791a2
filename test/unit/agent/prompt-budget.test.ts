/**
 * The agent's fixed prompt leaves room for a team's house style (#38: up to ~250 tokens in every
 * turn's context, with the edit-context ratio still ≤ 0.35), and keeps every instruction a model
 * needs to use the tools well.
 */
import { describe, expect, it } from "vitest";
import { editContext, FULL_HOUSE, fixedPromptTokens } from "../../../bench/agent-prompt-tokens.ts";
import { SYSTEM_PROMPT } from "../../../worker/agent/prompt.ts";
import { agentTools } from "../../../worker/agent/tools.ts";
import { WorkingCopy } from "../../../worker/agent/working-copy.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";

/** What a house style may add to every turn's context. */
const HOUSE_STYLE_TOKENS = 250;

/** The fixed prompt before #38 made room for the house style. */
const BEFORE_HOUSE_STYLE = 1_632;

describe("the agent's prompt budget", () => {
  it("has room for a house style: the fixed prompt is 250 tokens under its old size", async () => {
    const fixed = await fixedPromptTokens();
    expect(fixed.total).toBeLessThanOrEqual(BEFORE_HOUSE_STYLE - HOUSE_STYLE_TOKENS);
  });

  it("keeps an edit turn's context at most 0.35 of the full XML twice, with the fullest house style in it", async () => {
    const { total } = await fixedPromptTokens();
    const edit = editContext(total, FULL_HOUSE);
    expect(edit.files).toBeGreaterThan(50);
    expect(edit.houseShare).toBeGreaterThan(0.05);
    expect(edit.ratio).toBeLessThanOrEqual(0.35);
  });

  it("still tells the model every rule, in the system prompt or the tool it concerns", () => {
    const tools = agentTools(new WorkingCopy(emptyDocument()), { search: () => [] }, () => {});
    const said = (name: keyof typeof tools) => tools[name].description ?? "";
    expect(SYSTEM_PROMPT).toMatch(/never invent coordinates/i);
    expect(SYSTEM_PROMPT).toMatch(/when unsure, read_diagram first/);
    expect(SYSTEM_PROMPT).toMatch(/search_shapes; never guess shape names/);
    expect(SYSTEM_PROMPT).toMatch(/Fix the errors tool results report/);
    expect(SYSTEM_PROMPT).toMatch(/changes the user made by hand/);
    expect(SYSTEM_PROMPT).toMatch(/one short sentence/);
    expect(SYSTEM_PROMPT).toMatch(/Prefer create_from_mermaid/);
    expect(said("create_from_graph")).toMatch(/give only the new nodes/);
    expect(said("write_cells")).toMatch(/Only for what a graph cannot express/);
    expect(said("continue_cells")).toMatch(/cut off: send exactly the text that comes next/);
    expect(said("relayout")).toMatch(/after large edits/);
    expect(said("search_shapes")).toMatch(/exact style is filled in/);
  });
});
