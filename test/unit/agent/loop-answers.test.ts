/**
 * The agent loop's unusual answers: a diagram written as text instead of a tool call, an
 * empty answer, a refusal. Each ends the turn with words a person understands and an outcome.
 */
import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { runAgentLoop } from "../../../worker/agent/loop.ts";
import { validateDocument } from "../../../worker/drawio/check/validate.ts";
import { emptyDocument } from "../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../worker/drawio/model/serialize.ts";
import { call, finish, say, scriptedModel } from "./scripted-model.ts";

const shapes = shapeCatalog();
const MERMAID = "flowchart LR\n  cart[Cart] --> pay{Pay?}\n  pay -->|ok| done([Order placed])\n";
const CELLS =
  '<mxCell id="s" value="Start" style="rounded=1;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell>\n' +
  '<mxCell id="t" value="Stop" vertex="1" parent="1"><mxGeometry x="240" y="40" width="120" height="60" as="geometry"/></mxCell>\n' +
  '<mxCell id="st" edge="1" parent="1" source="s" target="t"><mxGeometry relative="1" as="geometry"/></mxCell>';
const SMALL = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${CELLS}</root></mxGraphModel>`;

function labels(result: { document?: Parameters<typeof serializeDiagram>[0] }): string[] {
  const xml = serializeDiagram(result.document ?? emptyDocument());
  return (parseDiagram(xml).pages[0]?.cells ?? []).map((c) => c.attrs.value ?? "").filter(Boolean);
}

/** One turn on `document` whose model answers with `steps`. */
function turn(steps: Parameters<typeof scriptedModel>[0], document = emptyDocument()) {
  return runAgentLoop({ model: scriptedModel(steps), document, prompt: "Checkout flow", shapes });
}

describe("a diagram in the model's text", () => {
  it("draws a fenced Mermaid block, and keeps it out of the reply", async () => {
    const result = await turn([
      say(`Here is the checkout flow:\n\n\`\`\`mermaid\n${MERMAID}\`\`\`\n\nWant retries too?`),
    ]);
    expect(result).toMatchObject({ status: "changed", outcome: "drawn_from_text" });
    expect(labels(result)).toEqual(expect.arrayContaining(["Cart", "Pay?", "Order placed", "ok"]));
    expect(validateDocument(result.document ?? emptyDocument(), { shapes })).toEqual(
      result.findings,
    );
    expect(result.text).toBe(
      "Drew the diagram from the Mermaid in the model's answer.\n\nHere is the checkout flow.\n\nWant retries too?",
    );
    expect(result.text).not.toContain("flowchart");
  });

  it("draws draw.io XML, fenced or not, wrapped or loose cells", async () => {
    const forms = [
      `\`\`\`xml\n<mxfile><diagram name="P">${SMALL}</diagram></mxfile>\n\`\`\``,
      SMALL,
      `Cells:\n${CELLS}\nThat is all.`,
    ];
    for (const form of forms) {
      const result = await turn([say(form)]);
      expect(result, form).toMatchObject({ status: "changed", outcome: "drawn_from_text" });
      expect(labels(result)).toEqual(["Start", "Stop"]);
      expect(result.text).toMatch(
        /^Drew the diagram from the draw\.io XML in the model's answer\./,
      );
      expect(result.text).not.toContain("mxCell");
    }
  });

  it("takes a whole diagram that reuses the diagram's ids as its new version", async () => {
    const revised = SMALL.replace('value="Stop"', 'value="Done"');
    const result = await turn([say(`Updated:\n${revised}`)], parseDiagram(SMALL));
    expect(result).toMatchObject({ status: "changed", outcome: "drawn_from_text" });
    expect(labels(result)).toEqual(["Start", "Done"]);
  });

  it("adds Mermaid beside an existing diagram, as the tool would", async () => {
    const result = await turn([say(`\`\`\`mermaid\n${MERMAID}\`\`\``)], parseDiagram(SMALL));
    expect(result).toMatchObject({ status: "changed", outcome: "drawn_from_text" });
    expect(labels(result)).toEqual(expect.arrayContaining(["Start", "Stop", "Cart", "Pay?"]));
  });

  it("changes nothing and says why when the diagram does not parse or validate", async () => {
    const broken = [
      ["```mermaid\nflowchart LR\n  a --> \n  b -->|x\n```", /could not be drawn: /],
      [`${CELLS.slice(0, 120)}`, /could not be drawn: the XML was cut off/],
      ["<mxGraphModel><root></root></mxGraphModel>", /could not be drawn: no cells could be read/],
    ] as const;
    for (const [text, why] of broken) {
      const result = await turn([say(`Sure.\n${text}`)]);
      expect(result, text).toMatchObject({ status: "unchanged", outcome: "text_diagram_invalid" });
      expect(result.document).toBeUndefined();
      expect(result.text).toMatch(why);
      expect(result.text).toMatch(/^Sure\.\n\nThe model wrote (the Mermaid|the draw\.io XML) /);
      expect(result.text).toMatch(/Nothing changed\.$/);
    }
  });

  it("leaves an ordinary answer alone, and text after a tool's change as the model wrote it", async () => {
    const question = await turn([say("Which payment provider do you use?")]);
    expect(question).toMatchObject({
      status: "unchanged",
      text: "Which payment provider do you use?",
    });
    expect(question.outcome).toBeUndefined();
    const drawn = await turn([
      [call("create_from_mermaid", { mermaid: MERMAID })],
      say(`Drew it from:\n\`\`\`mermaid\n${MERMAID}\`\`\``),
    ]);
    expect(drawn).toMatchObject({ status: "changed" });
    expect(drawn.outcome).toBeUndefined();
    expect(drawn.text).toContain("```mermaid");
  });
});

describe("empty answers and refusals", () => {
  it("says the model gave an empty answer", async () => {
    const result = await turn([[]]);
    expect(result).toEqual(
      expect.objectContaining({
        status: "unchanged",
        outcome: "empty_answer",
        text: "The model gave an empty answer; nothing changed.",
      }),
    );
    const cut = await turn([[finish("length", "length")]]);
    expect(cut.text).toBe(
      "The model gave an empty answer (it reached its output limit); nothing changed.",
    );
  });

  it("is not an empty answer when the model only read the diagram", async () => {
    const result = await turn([[call("read_diagram", {})], []]);
    expect(result.status).toBe("unchanged");
    expect(result.outcome).toBeUndefined();
  });

  it("says the model declined, with its words or the provider's reason", async () => {
    const worded = await turn([
      [...say("I can't help with that."), finish("content-filter", "stop")],
    ]);
    expect(worded).toMatchObject({
      status: "unchanged",
      outcome: "refused",
      text: "The model declined: I can't help with that.",
    });
    const silent = await turn([[finish("content-filter", "refusal")]]);
    expect(silent).toMatchObject({
      status: "unchanged",
      outcome: "refused",
      text: "The model declined to answer (refusal); nothing changed.",
    });
  });
});
