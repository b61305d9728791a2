import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import { childElements, type XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/**
 * The texts a kanban board shows: every column and card text, assignees, and tickets when
 * they are not links (a linked ticket is a `<UserObject>` label, which the corpus does not read).
 */
function kanbanTexts(text: string): string[] {
  const linked = /ticketBaseUrl/.test(text);
  const out: string[] = [];
  for (const line of statements(text)) {
    const [head, meta = ""] = line.split("@{");
    const m = /^([^\s[]*)\s*(?:\[(.*)\])?$/.exec((head as string).trim());
    if (m) out.push((m[2] ?? (m[1] as string)).replace(/^"(.*)"$/, "$1"));
    const assigned = /assigned:\s*'?([^',}]+)'?/.exec(meta);
    if (assigned) out.push((assigned[1] as string).trim());
    const ticket = /ticket:\s*'?([^',}]+)'?/.exec(meta);
    if (ticket && !linked) out.push((ticket[1] as string).trim());
  }
  return out;
}

describeCorpus("kanban", (text) => convertMermaid(text), kanbanTexts, undefined, {
  good: 10,
  bad: 3,
});

async function page(text: string) {
  const out = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(out.document)).pages[0]?.cells ?? [];
  const mx = (c: XmlElement) => (c.name === "mxCell" ? c : (childElements(c)[0] as XmlElement));
  return { out, cells, mx };
}

describe("kanban board", () => {
  it("puts cards inside their column, stacked in source order", async () => {
    const p = await page(
      "kanban\n todo[Todo]\n   a[First]\n   b[Second]\n done[Done]\n   c[Third]",
    );
    const parentOf = (label: string) => p.cells.find((c) => c.attrs.value === label)?.attrs.parent;
    expect(parentOf("First")).toBe("column_todo");
    expect(parentOf("Third")).toBe("column_done");
    const y = (label: string) =>
      Number(childElements(p.cells.find((c) => c.attrs.value === label) as XmlElement)[0]?.attrs.y);
    expect(y("Second")).toBeGreaterThan(y("First"));
    const lane = p.cells.find((c) => c.attrs.id === "column_todo");
    expect(lane?.attrs.style?.startsWith("swimlane;")).toBe(true);
  });

  it("links the ticket with ticketBaseUrl and marks priority with a stripe", async () => {
    const p = await page(
      "---\nconfig:\n  kanban:\n    ticketBaseUrl: 'https://t.example/#TICKET#'\n---\nkanban\n todo[Todo]\n   a[Card]@{ ticket: MC-1, assigned: 'ana', priority: 'Very High' }",
    );
    const ticket = p.cells.find((c) => c.name === "UserObject" && c.attrs.label === "MC-1");
    expect(ticket?.attrs.link).toBe("https://t.example/MC-1");
    const stripe = p.cells.find((c) => c.attrs.priority === "Very High");
    expect(getStyleValue(p.mx(stripe as XmlElement).attrs.style ?? "", "fillColor")).toBe(
      "#ff0000",
    );
    expect(p.cells.some((c) => c.attrs.value === "ana")).toBe(true);
  });

  it("counts columns and cards", async () => {
    const p = await page("kanban\n a[A]\n   x[X]\n b[B]");
    expect(p.out.counts).toEqual({ columns: 2, cards: 1 });
    expect(p.out.nodes).toBe(1);
  });
});
