import { describe, expect, it } from "vitest";
import { PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/** The texts a packet shows: field labels, bit numbers (unless hidden) and the title. */
function packetTexts(text: string): string[] {
  const found: string[] = [];
  const title = /^title:\s*"?([^"\n]+)"?$/m.exec(text)?.[1];
  if (title) found.push(title.trim());
  const showBits = !/showBits:\s*false/.test(text);
  for (const line of statements(text)) {
    const t = /^title\s+(.+)$/.exec(line);
    if (t) found.push((t[1] as string).trim());
    const f = /^(\d+)(?:-(\d+))?\s*:\s*"([^"]*)"/.exec(line);
    if (f) {
      found.push(f[3] as string);
      if (showBits) found.push(f[1] as string, f[2] ?? (f[1] as string));
    }
    const plus = /^\+\d+\s*:\s*"([^"]*)"/.exec(line);
    if (plus) found.push(plus[1] as string);
  }
  return found.filter((s) => s !== "");
}

describeCorpus("packet", (text) => convertMermaid(text), packetTexts, undefined, {
  good: 10,
  bad: 3,
});

async function draw(text: string) {
  const out = await convertMermaid(text);
  const doc = parseDiagram(serializeDiagram(out.document));
  const layout = new PageLayout(doc.pages[0] as (typeof doc.pages)[0]);
  const boxes = layout.cells.filter((c) => c.id.startsWith("field-"));
  const rect = (id: string) => layout.cells.find((c) => c.id === id)?.rect;
  return { out, layout, boxes, rect };
}

describe("packet fields", () => {
  it("are as wide as their bits, on rows of 32 bits, placed by bit position", async () => {
    const d = await draw('packet\n0-15: "Source Port"\n16-31: "Destination Port"\n+8: "next"');
    const [a, b, c] = d.boxes.map((x) => x.rect);
    expect(a?.width).toBe(16 * 32 - 5);
    expect(b?.x).toBe((a?.x ?? 0) + 16 * 32);
    expect(c?.x).toBe(a?.x);
    expect(c?.y).toBeGreaterThan(a?.y ?? 0);
    expect(c?.width).toBe(8 * 32 - 5);
  });

  it("split at a row's end, each piece its own box, the later one marked as continuing", async () => {
    const d = await draw('packet\n0-23: "Header"\n24-39: "Length"');
    const labels = d.boxes.map((b) => b.element.attrs.value);
    expect(labels).toEqual(["Header", "Length", "Length (continued)"]);
    expect(d.out.nodes).toBe(2);
    expect(d.out.counts).toEqual({ fields: 2, bits: 40, rows: 2 });
    expect(d.out.notes.join(" ")).toContain("continued");
  });

  it("show the bits at their start and end, one number for a single bit", async () => {
    const d = await draw('packet\n0-15: "a"\n16: "b"');
    const numbers = d.layout.cells
      .filter((c) => c.id.startsWith("bit-"))
      .map((c) => c.element.attrs.value);
    expect(numbers).toEqual(["0", "15", "16"]);
  });

  it("follow config.packet.bitsPerRow", async () => {
    const d = await draw('---\nconfig:\n  packet:\n    bitsPerRow: 8\n---\npacket\n0-15: "a"');
    expect(d.boxes).toHaveLength(2);
    expect(d.out.counts?.rows).toBe(2);
  });

  it("past 64 Kib are refused as too large, not drawn", async () => {
    await expect(convertMermaid('packet\n0-99999999: "huge"')).rejects.toMatchObject({
      code: "mermaid_too_large",
    });
    await expect(
      convertMermaid('---\nconfig:\n  packet:\n    bitsPerRow: 1\n---\npacket\n+60000: "tall"'),
    ).rejects.toMatchObject({ code: "mermaid_too_large" });
  });
});

describe("packet themes", () => {
  it("draws light text on dark boxes for the dark theme", async () => {
    const out = await convertMermaid('packet\n0-15: "a"', { theme: "dark" });
    const xml = serializeDiagram(out.document);
    expect(xml).toContain('background="#1e1e1e"');
    expect(xml).toContain("fontColor=#f0f0f0");
  });
});
