import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

/** What a journey snippet must show, read with a few patterns: title, sections, tasks, scores, actors. */
function journeyTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of statements(text)) {
    const title = /^title\s+(.+)$/i.exec(line);
    const section = /^section\s+(.+)$/i.exec(line);
    if (title) out.push(title[1] as string);
    else if (section) out.push(section[1] as string);
    else {
      const [name, score, actors] = line.split(":");
      out.push(name ?? "", score ?? "", ...(actors ?? "").split(","));
    }
  }
  return fragments(out);
}

describeCorpus("journey", (text) => convertMermaid(text), journeyTexts, undefined, {
  good: 10,
  bad: 3,
});

async function cellsOf(text: string) {
  const converted = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(converted.document)).pages[0]?.cells ?? [];
  const labelled = (value: string) => cells.find((c) => c.attrs.value === value) as XmlElement;
  const rect = (cell: XmlElement) => {
    const g = cell.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
    return {
      x: Number(g.attrs.x ?? 0),
      y: Number(g.attrs.y ?? 0),
      w: Number(g.attrs.width),
      h: Number(g.attrs.height),
    };
  };
  return { ...converted, cells, labelled, rect };
}

const DOCS =
  "journey\n  title My working day\n  section Go to work\n    Make tea: 5: Me\n    Go upstairs: 3: Me\n    Do work: 1: Me, Cat\n  section Go home\n    Go downstairs: 5: Me";

describe("journey drawing", () => {
  it("sets each score marker as high as its score, under its task, joined by a connector", async () => {
    const { cells, rect } = await cellsOf(DOCS);
    const scores = cells.filter((c) => c.attrs.id?.startsWith("score"));
    const tasks = cells.filter((c) => /^task-\d+$/.test(c.attrs.id ?? ""));
    expect(scores.map((s) => s.attrs.value)).toEqual(["5", "3", "1", "5"]);
    const ys = scores.map((s) => rect(s).y);
    expect(ys[0]).toBeLessThan(ys[1] as number);
    expect(ys[1]).toBeLessThan(ys[2] as number);
    expect(ys[3]).toBe(ys[0]);
    for (const [i, task] of tasks.entries()) {
      const t = rect(task);
      const s = rect(scores[i] as XmlElement);
      expect(s.x + s.w / 2).toBeCloseTo(t.x + t.w / 2, 1);
      const link = cells.find(
        (c) => c.attrs.source === task.attrs.id && c.attrs.target === scores[i]?.attrs.id,
      );
      expect(link).toBeDefined();
    }
  });

  it("joins consecutive scores with the journey line", async () => {
    const { cells } = await cellsOf(DOCS);
    const line = cells.filter((c) => c.attrs.id?.startsWith("journey"));
    expect(line.map((c) => [c.attrs.source, c.attrs.target])).toEqual([
      ["score-1", "score-2"],
      ["score-2", "score-3"],
      ["score-3", "score-4"],
    ]);
  });

  it("gives each actor a colour in the legend and a dot of that colour on their tasks", async () => {
    const { cells } = await cellsOf(DOCS);
    const dots = (parent: string) =>
      cells.filter((c) => c.attrs.parent === parent).map((c) => c.attrs.style);
    expect(dots("task-3")).toHaveLength(2);
    // Sorted as Mermaid sorts actors: Cat first.
    expect(dots("task-3")).toContain(cells.find((c) => c.attrs.id === "actor-dot-1")?.attrs.style);
    expect(cells.find((c) => c.attrs.id === "actor-1")?.attrs.value).toBe("Cat");
  });

  it("places section headers over their own tasks", async () => {
    const { labelled, rect } = await cellsOf(DOCS);
    const work = rect(labelled("Go to work"));
    const home = rect(labelled("Go home"));
    const tea = rect(labelled("Make tea"));
    const down = rect(labelled("Go downstairs"));
    expect(tea.x).toBeGreaterThanOrEqual(work.x);
    expect(tea.x + tea.w).toBeLessThanOrEqual(work.x + work.w);
    expect(down.x).toBeGreaterThanOrEqual(home.x);
    expect(work.x + work.w).toBeLessThan(home.x);
  });

  it("notes a score outside 1 to 5 and keeps its number", async () => {
    const { notes, labelled } = await cellsOf("journey\n  section A\n    Odd: 7: Me");
    expect(notes.join(" ")).toMatch(/outside/);
    expect(labelled("7")).toBeDefined();
  });
});
