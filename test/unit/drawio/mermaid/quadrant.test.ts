import { describe, expect, it } from "vitest";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import { childElements } from "../../../../worker/drawio/xml/nodes.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

const unquote = (t: string) => t.trim().replace(/^"(.*)"$/, "$1");

/** The texts a quadrant chart shows: title, axis and quadrant labels, point names. */
function quadrantTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of statements(text)) {
    const keyword = /^(?:title|quadrant-[1-4])\s+(.+)$/.exec(line);
    if (keyword) out.push(unquote(keyword[1] as string));
    const axis = /^[xy]-axis\s+(.+)$/.exec(line);
    if (axis) out.push(...(axis[1] as string).split("-->").map(unquote));
    const point = /^(.+?)(?::::\w+)?\s*:\s*\[/.exec(line);
    if (point && !line.startsWith("classDef")) out.push(unquote(point[1] as string));
  }
  return out;
}

describeCorpus("quadrant", (text) => convertMermaid(text), quadrantTexts, undefined, {
  good: 10,
  bad: 3,
});

async function page(text: string) {
  const out = await convertMermaid(text);
  const cells = parseDiagram(serializeDiagram(out.document)).pages[0]?.cells ?? [];
  const byId = (id: string) => {
    const cell = cells.find((c) => c.attrs.id === id);
    return cell?.name === "UserObject" ? childElements(cell)[0] : cell;
  };
  const rect = (id: string) => {
    const cell = byId(id);
    const a = (cell && childElements(cell).find((c) => c.name === "mxGeometry")?.attrs) ?? {};
    return { x: Number(a.x), y: Number(a.y), width: Number(a.width), height: Number(a.height) };
  };
  return { out, cells, byId, rect };
}

describe("quadrant chart", () => {
  it("numbers quadrants as Mermaid: 1 top right, 2 top left, 3 bottom left, 4 bottom right", async () => {
    const p = await page(
      "quadrantChart\n quadrant-1 A\n quadrant-2 B\n quadrant-3 C\n quadrant-4 D",
    );
    const [q1, q2, q3, q4] = [1, 2, 3, 4].map((n) => p.rect(`quadrant-${n}`));
    expect(q1?.x).toBeGreaterThan(q2?.x ?? 0);
    expect(q1?.y).toBe(q2?.y);
    expect(q3?.y).toBeGreaterThan(q2?.y ?? 0);
    expect(q4?.x).toBe(q1?.x);
    expect(q4?.y).toBe(q3?.y);
  });

  it("places a point by its value: x across, y up", async () => {
    const p = await page("quadrantChart\n A: [0.25, 0.75]");
    const q2 = p.rect("quadrant-2");
    const a = p.rect("point-1");
    expect(a.x + a.width / 2).toBeCloseTo(q2.x + q2.width / 2);
    expect(a.y + a.height / 2).toBeCloseTo(q2.y + q2.height / 2);
  });

  it("styles points by class, their own properties winning", async () => {
    const p = await page(
      "quadrantChart\n A:::hot: [0.5, 0.5] color: #00ff00\n classDef hot color: #ff0000, radius: 9",
    );
    const style = p.byId("point-1")?.attrs.style ?? "";
    expect(getStyleValue(style, "fillColor")).toBe("#00ff00");
    expect(p.rect("point-1").width).toBe(18);
  });

  it("moves names apart so that none covers another", async () => {
    const p = await page(
      "quadrantChart\n Alpha: [0.5, 0.5]\n Beta: [0.5, 0.5]\n Gamma: [0.5, 0.5]",
    );
    const names = [1, 2, 3].map((n) => p.rect(`point-${n}-name`));
    for (const [i, a] of names.entries())
      for (const b of names.slice(i + 1))
        expect(
          a.x + a.width <= b.x ||
            b.x + b.width <= a.x ||
            a.y + a.height <= b.y ||
            b.y + b.height <= a.y,
        ).toBe(true);
  });
});
