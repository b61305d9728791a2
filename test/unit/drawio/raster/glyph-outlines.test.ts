import { readFileSync } from "node:fs";
import type { Font } from "fontkit";
import { describe, expect, it } from "vitest";
import {
  LabelOutliner,
  parseDiagram,
  parseWoff,
  renderSvg,
} from "../../../../worker/drawio/index.ts";
import { MAX_COLOUR_GLYPHS } from "../../../../worker/drawio/raster/glyph-outlines.ts";
import { shapeLine } from "../../../../worker/drawio/raster/shaped-line.ts";
import type { OutlineLine, OutlineRun } from "../../../../worker/drawio/text/glyph-outliner.ts";
import { nodeFontLookup } from "../../../fixtures/label-fonts.ts";

const run = (text: string, style: Partial<OutlineRun> = {}): OutlineRun => ({
  text,
  size: 12,
  bold: false,
  italic: false,
  underline: false,
  color: "#000000",
  ...style,
});
const line = (runs: OutlineRun[], anchor: OutlineLine["anchor"] = "start"): OutlineLine => ({
  runs,
  x: 100,
  baseline: 50,
  anchor,
});

describe("label lines drawn as glyph outlines", () => {
  it("leaves lines the bundled Arimo files draw to <text>", () => {
    const outliner = new LabelOutliner(nodeFontLookup);
    expect(outliner.outline(line([run("Checkout → Pay"), run(" Ünïcode", { bold: true })]))).toBe(
      undefined,
    );
    const xml =
      '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="Pay &lt;b&gt;now&lt;/b&gt;" style="html=1;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="120" height="60" as="geometry"/></mxCell></root></mxGraphModel>';
    const doc = parseDiagram(xml);
    expect(renderSvg(doc, { outliner }).svg).toBe(renderSvg(doc).svg);
    expect(outliner.lines).toBe(0);
  });

  it("draws every script but emoji as outlines with no character missing", () => {
    const outliner = new LabelOutliner(nodeFontLookup);
    const samples = [
      "数据库 DB",
      "資料庫",
      "データベース",
      "데이터베이스",
      "قاعدة البيانات",
      "מסד נתונים",
      "डेटाबेस",
      "ฐานข้อมูล",
      "Cơ sở dữ liệu",
    ];
    for (const text of samples) {
      const svg = outliner.outline(line([run(text)]));
      expect(svg, text).toMatch(/^<g><g fill="#000000" transform="matrix\(0\.0\d+ 0 0 -0\.0\d+ /);
      expect((svg ?? "").match(/<path/g)?.length ?? 0, text).toBeGreaterThanOrEqual(2);
    }
    expect(outliner.missing).toBe(0);
    expect(outliner.wanted.size).toBe(0);
  });

  it("joins Arabic letters and draws an emoji sequence as one glyph", () => {
    const ids = (text: string) =>
      shapeLine(line([run(text)]), nodeFontLookup).pieces[0]?.glyphs.map((g) => g.id) ?? [];
    // Noto Sans Arabic draws each beh as its skeleton and its dot: initial, medial and final
    // skeletons differ from each other and from the isolated letter's.
    const alone = ids("ب");
    const joined = ids("ببب");
    expect(joined).toHaveLength(3 * alone.length);
    const skeletons = joined.filter((id) => !alone.includes(id) || id !== alone[0]);
    expect(new Set(skeletons).size).toBeGreaterThanOrEqual(3);
    expect(new Set(joined).size).toBeGreaterThan(new Set(alone).size);
    const family = shapeLine(line([run("👨‍👩‍👧")]), nodeFontLookup).pieces[0]?.glyphs;
    expect(family).toHaveLength(1);
  });

  it("orders a right-to-left phrase inside a left-to-right line", () => {
    const shaped = shapeLine(line([run("DB: מסד נתונים v2")]), nodeFontLookup);
    const texts = shaped.pieces.map((p) => p.glyphs.flatMap((g) => g.codePoints));
    const first = texts.findIndex((cps) => cps.includes(0x05de)); // מ, the first Hebrew letter
    const last = texts.findIndex((cps) => cps.includes(0x05dd)); // ם, the last
    expect(last).toBeLessThan(first);
    expect(texts[0]).toEqual([..."DB: "].map((c) => c.codePointAt(0)));
    expect(texts.at(-1)).toEqual([..." v2"].map((c) => c.codePointAt(0)));
  });

  it("anchors on the shaped advance, and draws underlines and bold runs", () => {
    const runs = [run("数据"), run("库", { bold: true, underline: true, color: "#ff0000" })];
    const width = shapeLine(line(runs), nodeFontLookup).width;
    expect(width).toBeCloseTo(36, 0);
    const outliner = new LabelOutliner(nodeFontLookup);
    const start = outliner.outline(line(runs, "start")) ?? "";
    const middle = outliner.outline(line(runs, "middle")) ?? "";
    const end = outliner.outline(line(runs, "end")) ?? "";
    expect(start).toContain("matrix(0.012 0 0 -0.012 100 50)");
    expect(middle).toContain(`matrix(0.012 0 0 -0.012 ${100 - width / 2} 50)`);
    expect(end).toContain(`matrix(0.012 0 0 -0.012 ${100 - width} 50)`);
    expect(start).toMatch(/<g fill="#ff0000"[^>]*>.*<\/g><rect x="124" y="51\.27"/);
    const bold = shapeLine(line(runs), nodeFontLookup).pieces.find((p) => p.run.bold)?.file?.path;
    expect(bold).toBe("fonts/noto-sans-sc/noto-sans-sc-116-700-normal.woff");
  });

  it("slants faces without italics, and keeps Arimo's own italics upright in the matrix", () => {
    const outliner = new LabelOutliner(nodeFontLookup);
    expect(outliner.outline(line([run("数据", { italic: true })]))).toContain(
      "matrix(0.012 0 0.0025512 -0.012",
    );
    expect(outliner.outline(line([run("đậm", { italic: true })]))).toMatch(
      /matrix\(0\.00585938 0 0 -0\.00585938 /,
    );
  });

  it("asks for the files it lacks and draws what it has", () => {
    const outliner = new LabelOutliner(() => undefined);
    expect(outliner.outline(line([run("数据库")]))).toBe("");
    expect([...outliner.wanted.keys()].sort()).toEqual([
      "fonts/noto-sans-sc/noto-sans-sc-116-400-normal.woff",
      "fonts/noto-sans-sc/noto-sans-sc-118-400-normal.woff",
    ]);
    expect(outliner.missing).toBe(3);
  });

  it("refuses a page with more glyphs to outline than a PNG draws (render_too_expensive)", () => {
    const label = "数据库服务".repeat(4_001); // 20,005 characters, on lines of a wide box
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="${label}" style="whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry width="4000" height="400" as="geometry"/></mxCell></root></mxGraphModel>`;
    const outliner = new LabelOutliner(nodeFontLookup);
    expect(() => renderSvg(parseDiagram(xml), { outliner })).toThrow(
      expect.objectContaining({
        code: "render_too_expensive",
        message: expect.stringContaining("characters drawn as outlines: 20,"),
      }),
    );
  });
});

/** The ids a picture defines and the ids it refers to. */
function idsOf(svg: string): { defined: string[]; referred: string[] } {
  return {
    defined: [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1] as string),
    referred: [...svg.matchAll(/(?:href="#|url\(#)([^")]+)/g)].map((m) => m[1] as string),
  };
}

/** The monochrome Noto Emoji file that holds `cp` (it has no SVG table). */
function monoEmoji(cp: number): Font {
  for (let subset = 0; subset <= 10; subset++) {
    const woff = readFileSync(
      `node_modules/@fontsource/noto-emoji/files/noto-emoji-${subset}-400-normal.woff`,
    );
    const font = parseWoff(new Uint8Array(woff));
    if (font.glyphForCodePoint(cp).id !== 0) return font;
  }
  throw new Error(`no monochrome file holds U+${cp.toString(16)}`);
}

describe("emoji drawn in colour from the font's SVG table", () => {
  it("draws an emoji in its own colours, whatever the text's", () => {
    const outliner = new LabelOutliner(nodeFontLookup);
    const svg = outliner.outline(line([run("🚀", { color: "#123456" })])) ?? "";
    expect(svg).toMatch(/<radialGradient /);
    const fills = new Set([...svg.matchAll(/fill="([^"]+)"/g)].map((m) => m[1]));
    expect(fills.size).toBeGreaterThan(3);
    expect(fills.has("#123456")).toBe(false);
    // At the pen on the baseline, in font units scaled to 12 px, y down as the document has it.
    expect(svg).toContain('<g fill="#000000" transform="matrix(0.0117188 0 0 0.0117188 100 50)">');
    expect(outliner.colourGlyphs).toBe(1);
    expect(outliner.missing).toBe(0);
  });

  it("gives every glyph drawn its own ids, and every reference an id of the picture", () => {
    const outliner = new LabelOutliner(nodeFontLookup);
    const svg = [
      outliner.outline(line([run("🚀 🚀")])),
      outliner.outline(line([run("👩‍💻 🇫🇷 ✅ 👍🏽")])),
    ].join("");
    const { defined, referred } = idsOf(svg);
    expect(defined.length).toBeGreaterThan(20);
    expect(new Set(defined).size).toBe(defined.length);
    for (const id of referred) expect(defined, id).toContain(id);
    expect(outliner.colourGlyphs).toBe(6);
  });

  it("draws a ZWJ sequence, a flag, a skin tone and a keycap each as one glyph", () => {
    for (const emoji of ["👩‍💻", "🇫🇷", "👍🏽", "1️⃣", "🏳️‍🌈"]) {
      const shaped = shapeLine(line([run(emoji)]), nodeFontLookup);
      expect(
        shaped.pieces.flatMap((p) => p.glyphs),
        emoji,
      ).toHaveLength(1);
      expect(shaped.width, emoji).toBeCloseTo((12 * 1275) / 1024, 5);
      const outliner = new LabelOutliner(nodeFontLookup);
      const svg = outliner.outline(line([run(emoji)])) ?? "";
      expect(svg.match(/<g fill="#000000" transform=/g), emoji).toHaveLength(1);
      expect(outliner.missing, emoji).toBe(0);
    }
  });

  it("draws a glyph its font has no SVG document for as an outline in the text's colour", () => {
    const mono = monoEmoji(0x1f680);
    const outliner = new LabelOutliner((file) =>
      file.family === "Noto Emoji" ? mono : nodeFontLookup(file),
    );
    const svg = outliner.outline(line([run("🚀", { color: "#ff0000" })])) ?? "";
    expect(svg).toMatch(
      /^<g><g fill="#ff0000" transform="matrix\(0\.0\d+ 0 0 -0\.0\d+ 100 50\)"><path d="M/,
    );
    expect(svg).not.toContain("Gradient");
    expect(outliner.colourGlyphs).toBe(0);
  });

  it("refuses a picture with more emoji than a PNG draws (render_too_expensive)", () => {
    const outliner = new LabelOutliner(nodeFontLookup);
    const half = "✅".repeat(MAX_COLOUR_GLYPHS / 2);
    outliner.outline(line([run(half)]));
    expect(() => outliner.outline(line([run(`${half}✅`)]))).toThrow(
      expect.objectContaining({
        code: "render_too_expensive",
        message: expect.stringContaining(`emoji drawn in colour: ${MAX_COLOUR_GLYPHS + 1}`),
      }),
    );
  });
});
