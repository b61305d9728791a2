import { describe, expect, it } from "vitest";
import { lintDocument } from "../../../../worker/drawio/lint/index.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

/** What a gantt snippet must show, read with a few patterns: title, sections, task names. */
function ganttTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of statements(text)) {
    const title = /^title\s+(.+)$/i.exec(line);
    const section = /^section\s+(.+)$/i.exec(line);
    if (title) out.push(title[1] as string);
    else if (section) out.push(section[1] as string);
    else if (
      /^(dateFormat|axisFormat|tickInterval|excludes|includes|todayMarker|weekday|weekend|click)\b/i.test(
        line,
      )
    )
      continue;
    else if (line.includes(":")) out.push(line.slice(0, line.indexOf(":")));
  }
  return fragments(out);
}

describeCorpus("gantt", (text) => convertMermaid(text), ganttTexts, undefined, {
  good: 10,
  bad: 3,
});

async function cellsOf(text: string) {
  const converted = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(converted.document)).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const rect = (id: string) => rectOf(byId(id));
  const rectOf = (cell: XmlElement) => {
    const g = cell.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
    return {
      x: Number(g.attrs.x ?? 0),
      y: Number(g.attrs.y ?? 0),
      w: Number(g.attrs.width),
      h: Number(g.attrs.height),
    };
  };
  const labelled = (value: string) => cells.find((c) => c.attrs.value === value) as XmlElement;
  return { ...converted, cells, byId, rect, rectOf, labelled };
}

describe("gantt placement", () => {
  it("puts bars at their dates: x and width follow start and length on one scale", async () => {
    const { rect } = await cellsOf(
      "gantt\n  A : a, 2024-01-01, 10d\n  B : b, 2024-01-11, 5d\n  C : c, 2024-01-06, 20d",
    );
    const a = rect("a");
    const b = rect("b");
    const c = rect("c");
    const perDay = a.w / 10;
    expect(b.x).toBeCloseTo(a.x + 10 * perDay, 1);
    expect(b.w).toBeCloseTo(5 * perDay, 1);
    expect(c.x).toBeCloseTo(a.x + 5 * perDay, 1);
    expect(c.w).toBeCloseTo(20 * perDay, 1);
    expect(b.y).toBeGreaterThan(a.y);
    expect(c.y).toBeGreaterThan(b.y);
  });

  it("starts `after a b` at the latest end, `until` at the earliest start, no start after the previous task", async () => {
    const { rect, rectOf, labelled } = await cellsOf(
      "gantt\n  A : a, 2024-01-01, 10d\n  B : b, 2024-01-01, 4d\n  C : c, after a b, 2d\n  D : d, 2024-01-01, until c\n  E : 3d",
    );
    const perDay = rect("a").w / 10;
    expect(rect("c").x).toBeCloseTo(rect("a").x + 10 * perDay, 1);
    expect(rect("d").w).toBeCloseTo(10 * perDay, 1);
    expect(rectOf(labelled("E")).x).toBeCloseTo(rect("d").x + rect("d").w, 1);
  });

  it("pushes a length past excluded weekend days and shades them", async () => {
    // 2024-01-05 is a Friday: 3 working days end on Wednesday the 10th.
    const { rect, cells } = await cellsOf(
      "gantt\n  excludes weekends\n  Ref : r, 2024-01-05, 1d\n  T : t, 2024-01-05, 3d\n  End : e, 2024-01-01, 2024-01-15",
    );
    const perDay = rect("r").w;
    expect(rect("t").w).toBeCloseTo(5 * perDay, 1);
    expect(cells.filter((c) => c.attrs.id?.startsWith("excluded")).length).toBe(2);
  });

  it("draws milestones as diamonds and colours done, active and crit as Mermaid does", async () => {
    const { byId } = await cellsOf(
      "gantt\n  A : done, a, 2024-01-01, 2d\n  B : active, b, after a, 2d\n  C : crit, c, after b, 2d\n  M : milestone, m, after c, 0d",
    );
    expect(byId("a").attrs.style).toContain("fillColor=#D3D3D3");
    expect(byId("b").attrs.style).toContain("fillColor=#BFC7FF");
    expect(byId("c").attrs.style).toContain("strokeColor=#FF8888");
    expect(byId("m").attrs.style).toContain("rhombus");
  });

  it("writes tick dates in the axisFormat, in UTC", async () => {
    const { labelled } = await cellsOf(
      "gantt\n  axisFormat %b %d\n  tickInterval 1day\n  A : 2024-03-01, 3d",
    );
    expect(labelled("Mar 01")).toBeDefined();
    expect(labelled("Mar 04")).toBeDefined();
  });

  it("notes clicks and the today marker instead of dropping them", async () => {
    const { notes } = await cellsOf(
      'gantt\n  todayMarker stroke-width:5px\n  A : a, 2024-01-01, 2d\n  click a href "https://example.com"',
    );
    expect(notes.join(" ")).toMatch(/today/);
    expect(notes.join(" ")).toMatch(/example\.com/);
  });

  it("refuses a chart over 20 years long", async () => {
    await expect(convertMermaid("gantt\n  A : 2000-01-01, 100y")).rejects.toMatchObject({
      code: "mermaid_too_large",
    });
    await expect(
      convertMermaid("gantt\n  excludes weekends\n  A : 2000-01-01, 36500d"),
    ).rejects.toMatchObject({ code: "mermaid_too_large" });
  });
});

describe("gantt limits", () => {
  it("refuses tasks that together span over 20 years", async () => {
    await expect(
      convertMermaid("gantt\n  A : 2000-01-01, 1d\n  B : 2030-01-01, 1d"),
    ).rejects.toMatchObject({ code: "mermaid_too_large" });
  });

  it("keeps the title of a chart with no tasks", async () => {
    const { title, document } = await convertMermaid("gantt\n  title Nothing yet");
    expect(title).toBe("Nothing yet");
    expect(serializeDiagram(document)).toContain("Nothing yet");
  });

  it("falls back to automatic ticks when a tickInterval would make over 1,000", async () => {
    const { notes } = await convertMermaid(
      "gantt\n  tickInterval 1millisecond\n  A : 2000-01-01, 3000d",
    );
    expect(notes.join(" ")).toMatch(/over 1,000 ticks/);
  });
});

describe("gantt config", () => {
  it("reads axisFormat and tickInterval from the config when the chart gives none", async () => {
    const text =
      '---\nconfig:\n  gantt:\n    axisFormat: "%d.%m"\n    tickInterval: 1day\n---\ngantt\n  A : 2024-03-01, 2d';
    const converted = await convertMermaid(text);
    const xml = serializeDiagram(converted.document);
    expect(xml).toContain("01.03");
    expect(xml).toContain("02.03");
  });
});

describe("gantt axis labels", () => {
  it("leave out a date that would run into the one before it (every 2nd day: 31, then 1)", async () => {
    const converted = await convertMermaid(
      "gantt\n  dateFormat YYYY-MM-DD\n  section Build\n    API :done, api, 2026-07-01, 10d\n    Widget :after api, 20d\n    Release :milestone, 2026-08-03, 0d",
    );
    const overlaps = lintDocument(converted.document).filter((f) => f.code === "overlap");
    expect(overlaps.map((f) => f.message)).toEqual([]);
    const xml = serializeDiagram(converted.document);
    expect(xml).toContain("2026-07-31");
    expect(xml).not.toContain('value="2026-08-01"');
  });
});
