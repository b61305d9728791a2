import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { corpus, describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

const good = corpus("c4");
const snippet = (name: string) => good.find((s) => s.name === name)?.text ?? "";

async function cellsOf(text: string, options: MermaidOptions = {}) {
  const result = await convertMermaid(text, options);
  const cells = parseDiagram(serializeDiagram(result.document)).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const style = (id: string, key: string) => getStyleValue(byId(id)?.attrs.style, key);
  const edge = (from: string, to: string) =>
    cells.find((c) => c.attrs.edge === "1" && c.attrs.source === from && c.attrs.target === to);
  return { ...result, cells, byId, style, edge };
}

/**
 * What a snippet must show, read independently of the converter: every quoted argument of
 * the element, boundary and relationship calls (not tags, links, sprites or style updates),
 * and the title.
 */
function c4Texts(text: string): string[] {
  const out: string[] = [];
  for (const t of statements(text)) {
    const title = /^title\s+(.*)$/.exec(t);
    if (title) out.push(title[1] as string);
    if (/^(Update|Lay_)/.test(t) || !/^\w+\s*\(/.test(t)) continue;
    const withoutNamed = t.replace(/\$(tags|link|sprite)\s*=\s*"[^"]*"/g, "");
    for (const m of withoutNamed.matchAll(/"([^"]*)"/g)) out.push(m[1] as string);
  }
  return fragments(out);
}

describeCorpus("c4", (text) => convertMermaid(text), c4Texts, undefined, { good: 10, bad: 3 });

describe("C4 shapes", () => {
  it("draws people, boxes, databases and queues with draw.io's C4 and flowchart shapes", async () => {
    const { style } = await cellsOf(snippet("external-variants.mmd"));
    expect(style("s1", "rounded")).toBe("1");
    expect(style("s3", "shape")).toBe("cylinder3");
    expect(style("s4", "shape")).toBe("mxgraph.flowchart.direct_data");
    const { style: people } = await cellsOf(snippet("showcase.mmd"));
    expect(people("shopper", "shape")).toBe("mxgraph.c4.person");
  });

  it("colours each kind as the C4 model does, external ones grey", async () => {
    const { style } = await cellsOf(snippet("external-variants.mmd"));
    expect(style("s1", "fillColor")).toBe("#1168BD");
    expect(style("s2", "fillColor")).toBe("#999999");
    expect(style("c1", "fillColor")).toBe("#438DD5");
    expect(style("k1", "fillColor")).toBe("#85BBF0");
    expect(style("k2", "fillColor")).toBe("#CCCCCC");
  });

  it("labels an element with its bold name, type line with technology, and description", async () => {
    const { byId } = await cellsOf(snippet("showcase.mmd"));
    const value = byId("api").attrs.value ?? "";
    expect(value).toContain("<b>Shop API</b>");
    expect(value).toContain("[Container: Go]");
    expect(value).toContain("Prices, stock and orders as JSON");
  });

  it("reads named arguments and quoted commas", async () => {
    const { byId } = await cellsOf(snippet("named-arguments.mmd"));
    expect(byId("auth").attrs.value).toContain("Auth, sessions and tokens");
    expect(byId("auth").attrs.value).toContain("[Component: Spring Security]");
    expect(byId("auth").attrs.value).toContain("Signs users in, keeps sessions");
  });
});

describe("C4 boundaries", () => {
  it("holds elements in dashed containers, nested as written", async () => {
    const { byId, style } = await cellsOf(snippet("context.mmd"));
    expect(byId("SystemA").attrs.parent).toBe("b2");
    expect(byId("b2").attrs.parent).toBe("b1");
    expect(byId("b1").attrs.parent).toBe("b0");
    expect(style("b2", "container")).toBe("1");
    expect(style("b2", "dashed")).toBe("1");
    expect(byId("b2").attrs.value).toContain("<b>BankBoundary2</b>");
  });

  it("draws deployment nodes nested with their technology", async () => {
    const { byId } = await cellsOf(snippet("deployment.mmd"));
    expect(byId("api").attrs.parent).toBe("apache");
    expect(byId("apache").attrs.parent).toBe("dn");
    expect(byId("dn").attrs.value).toContain("[Ubuntu 16.04 LTS]");
  });
});

describe("C4 relationships", () => {
  it("joins the elements with their label and technology", async () => {
    const { edge } = await cellsOf(snippet("showcase.mmd"));
    const rel = edge("api", "db");
    expect(rel?.attrs.value).toContain("Reads and writes");
    expect(rel?.attrs.value).toContain("[SQL]");
    expect(getStyleValue(rel?.attrs.style, "endArrow")).toBe("blockThin");
  });

  it("draws BiRel with two arrowheads and Rel_Back backwards", async () => {
    const { edge } = await cellsOf(snippet("showcase.mmd"));
    const both = edge("support", "api");
    expect(getStyleValue(both?.attrs.style, "startArrow")).toBe("blockThin");
    const back = edge("shopper", "pay");
    expect(getStyleValue(back?.attrs.style, "startArrow")).toBe("blockThin");
    expect(getStyleValue(back?.attrs.style, "endArrow")).toBe("none");
  });

  it("applies UpdateElementStyle and UpdateRelStyle colours", async () => {
    const { style, edge } = await cellsOf(snippet("showcase.mmd"));
    expect(style("pay", "fillColor")).toBe("#7A4A9E");
    expect(getStyleValue(edge("api", "pay")?.attrs.style, "strokeColor")).toBe("#C0392B");
    const context = await cellsOf(snippet("context.mmd"));
    expect(context.style("customerA", "fontColor")).toBe("red");
  });

  it("places Rel_U's target above its source, the connector still running source to target", async () => {
    const { cells, edge } = await cellsOf(snippet("deployment.mmd"));
    const top = (id: string): number => {
      const cell = cells.find((c) => c.attrs.id === id);
      const g = cell?.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
      const parent = cell?.attrs.parent ?? "1";
      return Number(g?.attrs.y ?? 0) + (parent === "1" ? 0 : top(parent));
    };
    const rel = edge("web", "spa");
    expect(rel?.attrs.value).toContain("Delivers to the");
    expect(top("spa")).toBeLessThan(top("web"));
    expect(getStyleValue(rel?.attrs.style, "endArrow")).toBe("blockThin");
  });

  it("numbers RelIndex labels with their index", async () => {
    const { edge } = await cellsOf(snippet("named-arguments.mmd"));
    expect(edge("auth", "ldap")?.attrs.value).toContain("2: Checks passwords");
  });
});

describe("C4 title, notes and limits", () => {
  it("draws the title on the page and names the page after it", async () => {
    const { byId, title } = await cellsOf(snippet("showcase.mmd"));
    expect(title).toBe("Online shop: containers");
    expect(byId("c4-title").attrs.value).toBe("Online shop: containers");
  });

  it("notes offsets, layout config, tags and PlantUML-only calls", async () => {
    const { notes } = await cellsOf(snippet("container.mmd"));
    expect(notes.some((n) => n.includes("offsets"))).toBe(true);
    expect(notes.some((n) => n.includes('tags "v1.0"'))).toBe(true);
    const context = await cellsOf(snippet("context.mmd"));
    expect(context.notes.some((n) => n.startsWith("UpdateLayoutConfig"))).toBe(true);
    const lay = await cellsOf('C4Context\nPerson(a, "A")\nPerson(b, "B")\nLay_R(a, b)');
    expect(lay.notes.some((n) => n.startsWith("Lay_R"))).toBe(true);
  });

  it("refuses more elements than a diagram may have", async () => {
    const lines = ["C4Context"];
    for (let i = 0; i < 2001; i++) lines.push(`System(s${i}, "S${i}")`);
    await expect(convertMermaid(lines.join("\n"))).rejects.toMatchObject({
      code: "mermaid_too_large",
    });
  });

  it("keeps text light on the dark theme", async () => {
    const { edge } = await cellsOf(snippet("showcase.mmd"), { theme: "dark" });
    expect(getStyleValue(edge("api", "db")?.attrs.style, "fontColor")).toBe("#E0E0E0");
  });
});

describe("C4 dynamic diagrams", () => {
  it("number their relationships in order, as Mermaid draws them; RelIndex keeps its own", async () => {
    const xml = serializeDiagram(
      (
        await convertMermaid(
          'C4Dynamic\n  Container(a, "App")\n  Container(b, "API")\n  ContainerDb(c, "DB")\n  Rel(a, b, "Signs in")\n  Rel(b, c, "Reads user")',
        )
      ).document,
    );
    expect(xml).toContain("1: Signs in");
    expect(xml).toContain("2: Reads user");
    const context = serializeDiagram(
      (await convertMermaid('C4Context\n  Person(a, "A")\n  System(b, "B")\n  Rel(a, b, "Uses")'))
        .document,
    );
    expect(context).not.toContain("1: Uses");
  });
});
