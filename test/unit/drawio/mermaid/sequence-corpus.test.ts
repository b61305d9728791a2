/**
 * The sequence diagram corpus: every snippet in test/fixtures/mermaid/sequence converts to a
 * valid draw.io file that keeps all its text, the counts its `%% expect:` line names, headers
 * apart, messages top to bottom and labels between their lifelines; every snippet in
 * sequence-bad is refused with `mermaid_syntax` at the line and column its `%% expect-error:`
 * names.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { edgeRoute } from "../../../../worker/drawio/geometry/edge-routes.ts";
import { type LayoutCell, PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { convertSequenceDiagram } from "../../../../worker/drawio/mermaid/sequence/index.ts";
import { readLabel } from "../../../../worker/drawio/mermaid/sequence/text.ts";
import { readMermaid } from "../../../../worker/drawio/mermaid/source.ts";
import type { ConvertedDiagram } from "../../../../worker/drawio/mermaid/types.ts";
import type { DiagramPage } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { measureText } from "../../../../worker/drawio/text/estimate.ts";
import { decodeHtmlEntities } from "../../../../worker/drawio/text/label-text.ts";

const DIR = new URL("../../../fixtures/mermaid/", import.meta.url);
const corpus = (folder: string) =>
  readdirSync(new URL(`${folder}/`, DIR))
    .filter((name) => name.endsWith(".mmd"))
    .sort()
    .map((name) => [name, readFileSync(new URL(`${folder}/${name}`, DIR), "utf8")] as const);

const GOOD = corpus("sequence");
const BAD = corpus("sequence-bad");

/** A cell's label as a reader sees it: HTML breaks as line breaks, tags gone, entities decoded. */
function shown(value: string): string {
  return decodeHtmlEntities(value.replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]+>/g, ""));
}

/**
 * The texts a snippet writes, read from the source independently of the converter's parser:
 * message and note texts after the colon, `as` labels, frame conditions.
 */
function textsOf(source: string): string[] {
  const texts: string[] = [];
  for (const raw of source.split("\n")) {
    const line = raw.replace(/%%.*$/, "").trim();
    for (const statement of line.split(/;(?<!#\w+;)(?=\s|$)/)) {
      const s = statement.trim();
      const frame = /^(loop|alt|else|opt|par|and|critical|option|break)\s+(.+)$/i.exec(s);
      const as = /^(?:participant|actor)\s+\S+(?:@\{[^}]*\})?\s+as\s+(.+)$/i.exec(s);
      const colon = /(->|-x|-\)|note\s)/i.test(s) ? s.indexOf(":") : -1;
      const text = frame?.[2] ?? as?.[1] ?? (colon >= 0 ? s.slice(colon + 1) : "");
      for (const part of readLabel(text).text.split("\n")) {
        if (part.trim() !== "") texts.push(part.trim());
      }
    }
  }
  return texts;
}

interface Converted {
  page: DiagramPage;
  layout: PageLayout;
  lifelines: LayoutCell[];
  messages: LayoutCell[];
  out: Awaited<ReturnType<typeof convertSequenceDiagram>>;
}

async function convert(text: string): Promise<Converted> {
  const out = await convertSequenceDiagram(readMermaid(text), {});
  const doc = parseDiagram(serializeDiagram(out.document));
  const errors = validateDocument(doc).filter((f) => f.severity === "error");
  expect(errors).toEqual([]);
  const page = doc.pages[0] as DiagramPage;
  const layout = new PageLayout(page);
  return {
    page,
    layout,
    lifelines: layout.cells.filter((c) => c.style?.startsWith("shape=umlLifeline")),
    messages: layout.cells.filter((c) => c.edge),
    out,
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A lifeline's header as a reader sees it: the box, or a figure with its name under it. */
function headerBox(layout: PageLayout, c: LayoutCell): Box {
  const r = layout.absoluteRect(c) as Box;
  const label = measureText(shown(c.element.attrs.value ?? ""), Number.POSITIVE_INFINITY);
  if (!/participant=uml/.test(c.style ?? "")) {
    return { ...r, height: Number(/size=(\d+)/.exec(c.style ?? "")?.[1] ?? 40) };
  }
  const width = Math.max(r.width, label.width);
  return { x: r.x + r.width / 2 - width / 2, y: r.y, width, height: 42 + label.height };
}

/** Where a message's label is drawn: above the middle of its line, or beside a self loop. */
function labelBox(layout: PageLayout, m: LayoutCell): Box {
  const points = edgeRoute(layout, m)?.points ?? [];
  const text = shown(m.element.attrs.value ?? "");
  const lines = text === "" ? [] : text.split("\n");
  const width = Math.max(0, ...lines.map((l) => measureText(l, Number.POSITIVE_INFINITY).width));
  const height = lines.length * 15;
  const [a, b, c] = points;
  if (points.length === 4 && a && b && c) {
    return { x: b.x + 4, y: (b.y + c.y) / 2 - height / 2, width, height };
  }
  const end = points[points.length - 1] ?? { x: 0, y: 0 };
  const mid = ((a?.x ?? 0) + end.x) / 2;
  return { x: mid - width / 2, y: end.y - height - 2, width, height };
}

describe("the sequence corpus converts", () => {
  it("has the snippets the brief asks for", () => {
    expect(GOOD.length).toBeGreaterThanOrEqual(35);
    expect(BAD.length).toBeGreaterThanOrEqual(8);
  });

  it.each(GOOD)("%s", async (_name, text) => {
    const expected = /%% expect: nodes=(\d+) edges=(\d+)/.exec(text);
    expect(expected, "the snippet names its counts").not.toBeNull();
    const { layout, lifelines, messages, out } = await convert(text);
    expect(out.nodes).toBe(Number(expected?.[1]));
    expect(out.edges).toBe(Number(expected?.[2]));
    expect(lifelines).toHaveLength(out.nodes);
    expect(messages).toHaveLength(out.edges);

    const values = layout.cells.map((c) => shown(c.element.attrs.value ?? "")).join("\n");
    const flat = values.replace(/\s+/g, " ");
    for (const t of textsOf(text))
      expect(flat, `"${t}" is drawn`).toContain(t.replace(/\s+/g, " "));

    // Nothing a reader reads overlaps: headers, notes, frame tabs and message labels.
    const boxes = [
      ...lifelines.map((c) => ({ what: `header ${c.id}`, ...headerBox(layout, c) })),
      ...layout.cells
        .filter((c) => c.style?.startsWith("shape=note"))
        .map((c) => ({ what: `note ${c.id}`, ...(layout.absoluteRect(c) as Box) })),
      ...layout.cells
        .filter((c) => c.style?.startsWith("shape=umlFrame"))
        .map((c) => {
          const r = layout.absoluteRect(c) as Box;
          return {
            what: `tab ${c.id}`,
            ...r,
            width: Number(/width=(\d+)/.exec(c.style ?? "")?.[1]),
            height: 20,
          };
        }),
      ...messages.map((m) => ({ what: `label ${m.id}`, ...labelBox(layout, m) })),
    ];
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x + 1 ||
          b.x + b.width <= a.x + 1 ||
          a.y + a.height <= b.y + 1 ||
          b.y + b.height <= a.y + 1;
        expect(apart, `${a.what} and ${b.what} overlap`).toBe(true);
      }
    });

    // Messages run top to bottom, each label fitting between its two lifelines.
    let above = Number.NEGATIVE_INFINITY;
    for (const m of messages) {
      const route = edgeRoute(layout, m);
      expect(route, `message ${m.id} has a route`).toBeDefined();
      const points = route?.points ?? [];
      const ys = points.map((p) => p.y);
      expect(Math.min(...ys)).toBeGreaterThan(above);
      above = Math.max(...ys);
      const [start, end] = [points[0], points[points.length - 1]];
      if (!start || !end || m.element.attrs.source === m.element.attrs.target) continue;
      expect(start.y).toBeCloseTo(end.y, 3);
      const label = shown(m.element.attrs.value ?? "");
      const width = Math.max(0, ...label.split("\n").map((l) => measureText(l, 1e9).width));
      expect(Math.abs(end.x - start.x), `"${label}" fits`).toBeGreaterThanOrEqual(width);
    }
  });
});

describe("malformed sequence diagrams are refused", () => {
  it.each(BAD)("%s", async (_name, text) => {
    const [, line, column] = (/%% expect-error: line=(\d+) column=(\d+)/.exec(text) ?? []).map(
      Number,
    );
    expect(line).toBeGreaterThan(0);
    const error = await convertSequenceDiagram(readMermaid(text), {}).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DrawioError);
    expect((error as DrawioError).code).toBe("mermaid_syntax");
    expect((error as DrawioError).line).toBe(line);
    expect((error as DrawioError).column).toBe(column);
    expect((error as DrawioError).message).toMatch(new RegExp(`^line ${line}, column \\d+: `));
  });
});

describe("mangled snippets", () => {
  it("are converted to valid files or refused with a Mermaid error, never anything else", async () => {
    let seed = 20;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const noise = "-<>:;#+()[]{}@,x \n";
    const mangle = (text: string): string => {
      const lines = text.split("\n");
      const at = random(text.length + 1);
      switch (random(5)) {
        case 0:
          return text.slice(0, at) + text.slice(at + 1 + random(4));
        case 1:
          return text.slice(0, at) + noise[random(noise.length)] + text.slice(at);
        case 2:
          lines.splice(1 + random(lines.length), 0, lines[1 + random(lines.length - 1)] ?? "");
          return lines.join("\n");
        case 3:
          lines.splice(2 + random(Math.max(1, lines.length - 2)), 1);
          return lines.join("\n");
        default: {
          const [i, j] = [2 + random(lines.length - 2), 2 + random(lines.length - 2)];
          [lines[i], lines[j]] = [lines[j] ?? "", lines[i] ?? ""];
          return lines.join("\n");
        }
      }
    };
    let converted = 0;
    let refused = 0;
    for (const [name, text] of GOOD) {
      for (let k = 0; k < 25; k++) {
        const mangled = mangle(mangle(text));
        const out = await Promise.resolve()
          .then(() => convertSequenceDiagram(readMermaid(mangled), {}))
          .catch((e: unknown) => e);
        if (out instanceof Error) {
          expect(out, `${name}:\n${mangled}`).toBeInstanceOf(DrawioError);
          expect((out as DrawioError).code, `${name}:\n${mangled}`).toMatch(
            /^(mermaid_|empty_input)/,
          );
          refused++;
        } else {
          const xml = serializeDiagram((out as ConvertedDiagram).document);
          const errors = validateDocument(parseDiagram(xml)).filter((f) => f.severity === "error");
          expect(errors, `${name}:\n${mangled}`).toEqual([]);
          converted++;
        }
      }
    }
    expect(converted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
