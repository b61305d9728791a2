import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  emojiFileOf,
  fontFileOf,
  fontFilesFor,
  isBundledArimo,
  needsOtherFonts,
} from "../../../../worker/drawio/text/font-choice.ts";

/** Where `npm install` put the file a manifest path names. */
const installed = (path: string) =>
  path.replace(/^fonts\/([^/]+)\//, "node_modules/@fontsource/$1/files/");

describe("the font files a text needs", () => {
  it("needs nothing for text the bundled Arimo files draw", () => {
    for (const text of ["Checkout → Pay", "Ünïcode & ©", "Αθήνα", "Москва", "Łódź ß œ", ""])
      expect(fontFilesFor(text, [{}, { bold: true }, { italic: true }])).toEqual([]);
    expect(needsOtherFonts("Plain ASCII")).toBe(false);
  });

  it("picks one Noto Sans SC subset per character group, per weight", () => {
    const files = fontFilesFor("数据库", [{}, { bold: true }]).map((f) => f.path);
    expect(files.sort()).toEqual([
      "fonts/noto-sans-sc/noto-sans-sc-116-400-normal.woff",
      "fonts/noto-sans-sc/noto-sans-sc-116-700-normal.woff",
      "fonts/noto-sans-sc/noto-sans-sc-118-400-normal.woff",
      "fonts/noto-sans-sc/noto-sans-sc-118-700-normal.woff",
    ]);
  });

  it("finds a file for each script, and every file it names is installed", () => {
    const samples: Record<string, string> = {
      "zh-Hans": "数据库",
      "zh-Hant": "資料庫",
      ja: "データベース",
      ko: "데이터베이스",
      ar: "قاعدة البيانات",
      he: "מסד נתונים",
      hi: "डेटाबेस",
      th: "ฐานข้อมูล",
      vi: "Cơ sở dữ liệu đậm",
      emoji: "🚀👍🏽🇫🇷",
    };
    for (const [script, text] of Object.entries(samples)) {
      const files = fontFilesFor(text, [{}, { bold: true, italic: true }]);
      expect(files.length, script).toBeGreaterThan(0);
      for (const file of files) expect(existsSync(installed(file.path)), file.path).toBe(true);
    }
  });

  it("falls back to Noto Sans TC for Han characters SC's files lack", () => {
    const tc = [...Array(0x9fff - 0x4e00).keys()]
      .map((i) => 0x4e00 + i)
      .find((cp) => fontFileOf("Noto Sans SC", cp, {})?.family === "Noto Sans TC");
    expect(tc).toBeDefined();
  });

  it("keeps Arimo's italics and gives Noto families their upright face", () => {
    expect(fontFilesFor("ậ", [{ bold: true, italic: true }])[0]?.path).toBe(
      "fonts/arimo/arimo-vietnamese-700-italic.woff",
    );
    expect(fontFilesFor("ก", [{ italic: true }])[0]?.path).toBe(
      "fonts/noto-sans-thai/noto-sans-thai-thai-400-normal.woff",
    );
  });

  it("answers which code points the bundled files draw", () => {
    expect(isBundledArimo(0x41)).toBe(true);
    expect(isBundledArimo(0x0416)).toBe(true);
    expect(isBundledArimo(0x1ead)).toBe(false);
    expect(isBundledArimo(0x05d0)).toBe(false);
  });

  it("needs the colour emoji file that holds a whole sequence, flags and keycaps included", () => {
    expect(needsOtherFonts("🇫🇷")).toBe(true);
    expect(needsOtherFonts("1️⃣")).toBe(true);
    const file = (text: string) => emojiFileOf(text)?.path.replace(/.*\//, "");
    // 💻 is in files 3 and 8, 👩 only in 8, where the sequence is ligated: 👩‍💻 needs 8 alone.
    expect(file("💻")).toBe("noto-color-emoji-3-400-normal.woff");
    expect(file("👩‍💻")).toBe("noto-color-emoji-8-400-normal.woff");
    expect(file("🇫🇷")).toBe("noto-color-emoji-0-400-normal.woff");
    expect(fontFilesFor("👩‍💻 🇫🇷").map((f) => f.path.replace(/.*\//, ""))).toEqual([
      "noto-color-emoji-8-400-normal.woff",
      "noto-color-emoji-0-400-normal.woff",
    ]);
  });
});
