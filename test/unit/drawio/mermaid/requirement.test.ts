import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { corpus, describeCorpus, statements } from "./mermaid-corpus.ts";

const good = corpus("requirement");
const snippet = (name: string) => good.find((s) => s.name === name)?.text ?? "";

async function cellsOf(text: string, options: MermaidOptions = {}) {
  const result = await convertMermaid(text, options);
  const cells = parseDiagram(serializeDiagram(result.document)).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const style = (id: string, key: string) => getStyleValue(byId(id)?.attrs.style, key);
  const edge = (from: string, to: string) =>
    cells.find((c) => c.attrs.edge === "1" && c.attrs.source === from && c.attrs.target === to);
  const children = (id: string) => cells.filter((c) => c.attrs.parent === id);
  return { ...result, cells, byId, style, edge, children };
}

/** Markdown markers removed, as the drawing shows the words in bold or italic. */
const plain = (s: string) => s.replace(/\*\*|\*|(?<!\w)__?|__?(?!\w)/g, "");

/**
 * What a snippet must show, read independently of the converter: names, each body value,
 * the stereotype of each block and each relationship type as `<<type>>`, and the title.
 */
function requirementTexts(text: string): string[] {
  const out: string[] = [];
  for (const t of statements(text)) {
    const title = /^title\s+(.*)$/.exec(t);
    if (title) out.push(title[1] as string);
    const block = /^(\w+)\s+("[^"]*"|[^\s:{]+)/.exec(t);
    if (block && t.endsWith("{")) out.push(plain((block[2] as string).replace(/"/g, "")));
    const field = /^(id|text|risk|verifymethod|type|docref)\s*:\s*(.+)$/i.exec(t);
    if (field) out.push(plain((field[2] as string).replace(/^"|"$/g, "")).toLowerCase());
    const rel = /^("[^"]*"|[^\s-]+)\s*(?:-|<-)\s*(\w+)\s*(?:->|-)\s*("[^"]*"|\S+)$/.exec(t);
    if (rel) out.push(`<<${rel[2]}>>`);
  }
  return out.map((t) => t.toLowerCase());
}

describeCorpus(
  "requirement",
  (text) => convertMermaid(text),
  requirementTexts,
  (shown) => shown.toLowerCase(),
  { good: 10, bad: 3 },
);

describe("requirement boxes", () => {
  it("draws a requirement as a titled box: stereotype and bold name, then its fields", async () => {
    const { byId, children } = await cellsOf(snippet("basic.mmd"));
    expect(byId("test_req").attrs.style).toMatch(/^swimlane;/);
    expect(byId("test_req").attrs.value).toBe("&lt;&lt;Requirement&gt;&gt;<br><b>test_req</b>");
    const body = children("test_req")[0]?.attrs.value ?? "";
    expect(body).toBe("ID: 1<br>Text: the test text.<br>Risk: High<br>Verification: Test");
  });

  it("names each requirement kind and draws elements with type and doc ref", async () => {
    const { byId, children } = await cellsOf(snippet("larger.mmd"));
    expect(byId("test_req2").attrs.value).toContain("Functional Requirement");
    expect(byId("test_req6").attrs.value).toContain("Design Constraint");
    expect(byId("test_entity2").attrs.value).toContain("&lt;&lt;Element&gt;&gt;");
    expect(children("test_entity2")[0]?.attrs.value).toBe(
      "Type: word doc<br>Doc Ref: reqs/test_entity",
    );
  });

  it("keeps markdown bold and italic", async () => {
    const { children } = await cellsOf(snippet("markdown.mmd"));
    const body = children("__test_req__")[0]?.attrs.value ?? "";
    expect(body).toContain("<i>italicized text</i>");
    expect(body).toContain("<b>bold text</b>");
  });

  it("applies classDef, class, ::: and style", async () => {
    const { style } = await cellsOf(snippet("shorthand-classes.mmd"));
    expect(style("speed", "fillColor")).toBe("#e0f7e9");
    expect(style("cdn", "fillColor")).toBe("#fff3cd");
    expect(style("cdn", "fontStyle")).toBe("2");
    expect(style("uptime", "strokeWidth")).toBe("3");
    const showcase = await cellsOf(snippet("showcase.mmd"));
    expect(showcase.style("redundant", "fillColor")).toBe("#fde2e2");
  });
});

describe("requirement relationships", () => {
  it("labels each relationship with its type and joins source to destination", async () => {
    const { edge } = await cellsOf(snippet("larger.mmd"));
    expect(edge("test_entity", "test_req2")?.attrs.value).toBe("&lt;&lt;satisfies&gt;&gt;");
    // `test_req <- copies - test_entity2`: the source is test_entity2.
    expect(edge("test_entity2", "test_req")?.attrs.value).toBe("&lt;&lt;copies&gt;&gt;");
  });

  it("draws contains with a circle-plus at the container, the others dashed arrows", async () => {
    const { edge } = await cellsOf(snippet("all-relationships.mmd"));
    const contains = edge("a", "b")?.attrs.style;
    expect(getStyleValue(contains, "startArrow")).toBe("circlePlus");
    expect(getStyleValue(contains, "dashed")).toBeUndefined();
    const derives = edge("c", "d")?.attrs.style;
    expect(getStyleValue(derives, "dashed")).toBe("1");
    expect(getStyleValue(derives, "endArrow")).toBe("open");
  });
});

describe("requirement title, direction and limits", () => {
  it("draws the title and names the page after it", async () => {
    const { byId, title } = await cellsOf(snippet("showcase.mmd"));
    expect(title).toBe("Brake-by-wire requirements");
    expect(byId("diagram-title").attrs.value).toBe("Brake-by-wire requirements");
  });

  it("follows direction LR: the element left of the requirement it satisfies", async () => {
    const { cells } = await cellsOf(snippet("direction.mmd"));
    const x = (id: string) => {
      const cell = cells.find((c) => c.attrs.id === id);
      const g = cell?.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
      return Number(g.attrs.x);
    };
    expect(x("test_entity")).toBeLessThan(x("test_req"));
  });

  it("notes classes never defined", async () => {
    const { notes } = await cellsOf(snippet("combined.mmd"));
    expect(notes).toEqual([]);
    const missing = await cellsOf("requirementDiagram\nelement e {\n}\nclass e nowhere");
    expect(missing.notes.some((n) => n.includes("nowhere"))).toBe(true);
  });

  it("refuses more boxes than a diagram may have", async () => {
    const lines = ["requirementDiagram"];
    for (let i = 0; i < 2001; i++) lines.push(`element e${i} {`, "}");
    await expect(convertMermaid(lines.join("\n"))).rejects.toMatchObject({
      code: "mermaid_too_large",
    });
  });
});
