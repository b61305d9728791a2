/**
 * The text module held to the fonts it stands for: widths against fontkit's shaping of the
 * same font files the PNG draws with, line breaks per script, emoji sequences as one glyph.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "../../../../worker/drawio/raster/woff.ts";
import { measureText, wrapText } from "../../../../worker/drawio/text/estimate.ts";
import { familyOf, fontStack } from "../../../../worker/drawio/text/font-families.ts";
import { breakPieces } from "../../../../worker/drawio/text/line-breaks.ts";
import { graphemes, textWidth } from "../../../../worker/drawio/text/metrics.ts";

const require = createRequire(import.meta.url);

function font(pkg: string, file: string): fontkit.Font {
  const path = require.resolve(`@fontsource/${pkg}/files/${file}`);
  return fontkit.create(
    Buffer.from(woffToSfnt(new Uint8Array(readFileSync(path)))),
  ) as fontkit.Font;
}

/** A text's width as fontkit shapes it (kerning off, as the module measures), in px at 12 px. */
function shaped(f: fontkit.Font, text: string): number {
  return (f.layout(text, { kern: false }).advanceWidth / f.unitsPerEm) * 12;
}

describe("textWidth", () => {
  const samples: [string, fontkit.Font, string[]][] = [
    [
      "Latin, Vietnamese, Greek, Cyrillic, Hebrew (Arimo)",
      font("arimo", "arimo-vietnamese-400-normal.woff"),
      ["Tiếng Việt"],
    ],
    [
      "Arabic (joined forms, lam-alef)",
      font("noto-sans-arabic", "noto-sans-arabic-arabic-400-normal.woff"),
      ["قاعدة البيانات", "خدمة الدفع", "المستخدم يسجل الدخول", "لا يوجد", "إدارة المخزون والطلبات"],
    ],
    [
      "Devanagari (half forms)",
      font("noto-sans-devanagari", "noto-sans-devanagari-devanagari-400-normal.woff"),
      ["डेटाबेस सर्वर", "उपयोगकर्ता लॉगिन करता है", "भुगतान सेवा"],
    ],
    [
      "Thai (marks without advance)",
      font("noto-sans-thai", "noto-sans-thai-thai-400-normal.woff"),
      ["ฐานข้อมูลลูกค้า", "ผู้ใช้เข้าสู่ระบบ"],
    ],
  ];
  for (const [name, f, texts] of samples) {
    it(`measures ${name} within 2% of the font shaped`, () => {
      for (const text of texts) {
        const real = shaped(f, text.replace(/[^\u0590-\u0e7f\u1ea0-\u1ef9 ]/g, ""));
        const ours = textWidth(text.replace(/[^\u0590-\u0e7f\u1ea0-\u1ef9 ]/g, ""), 12);
        if (real > 0) expect(Math.abs(ours / real - 1), text).toBeLessThan(0.02);
      }
    });
  }

  it("measures Latin with Arimo's advances, as before", () => {
    const arimo = font("arimo", "arimo-latin-400-normal.woff");
    for (const text of ["Checkout service", "Orders API (v2)", "WWW iii"])
      expect(textWidth(text, 12)).toBeCloseTo(shaped(arimo, text), 1);
  });

  it("measures Chinese, Japanese and Korean at their fonts' fixed widths", () => {
    expect(textWidth("数据库服务", 12)).toBe(60); // Noto Sans SC: 1 em
    expect(textWidth("データベース", 12)).toBe(72); // Noto Sans JP: 1 em
    expect(textWidth("데이터베이스", 10)).toBeCloseTo(55.2, 5); // Noto Sans KR: 0.92 em
    const sc = font("noto-sans-sc", "noto-sans-sc-118-400-normal.woff");
    expect(textWidth("数", 12)).toBeCloseTo(shaped(sc, "数"), 5);
  });

  it("counts an emoji sequence as one glyph (ZWJ, flags, skin tones, keycaps)", () => {
    for (const emoji of ["👩‍💻", "🇫🇷", "👍🏽", "1️⃣", "👨‍👩‍👧‍👦", "🚀"]) {
      expect(graphemes(emoji), emoji).toHaveLength(1);
      expect(familyOf(emoji), emoji).toBe("Noto Emoji");
      expect(textWidth(emoji, 12), emoji).toBeCloseTo(textWidth("🚀", 12), 5);
    }
    expect(familyOf("©")).toBe("Arimo");
  });
});

describe("breakPieces", () => {
  it("breaks Latin after spaces only", () => {
    expect(breakPieces("Checkout service v2")).toEqual(["Checkout ", "service ", "v2"]);
  });

  it("breaks between CJK characters, never before closing punctuation nor after opening", () => {
    expect(breakPieces("数据库。服务")).toEqual(["数", "据", "库。", "服", "务"]);
    expect(breakPieces("「注文」サービス")).toEqual(["「注", "文」", "サ", "ー", "ビ", "ス"]);
    // Small kana may start a line, as Chromium draws draw.io's labels; not under the strict rule.
    expect(breakPieces("ちょっと")).toEqual(["ち", "ょ", "っ", "と"]);
    expect(breakPieces("ちょっと", { strict: true })).toEqual(["ちょっ", "と"]);
    expect(breakPieces("「注文」サービス", { strict: true })).toEqual([
      "「注",
      "文」",
      "サー",
      "ビ",
      "ス",
    ]);
    expect(breakPieces("数据Database")).toEqual(["数", "据", "Database"]);
  });

  it("breaks Thai between words, with the platform's (ICU's) dictionary, as Chromium does", () => {
    const pieces = breakPieces("ผู้ใช้เข้าสู่ระบบ");
    expect(pieces.join("")).toBe("ผู้ใช้เข้าสู่ระบบ");
    expect(pieces).toEqual(["ผู้", "ใช้", "เข้า", "สู่", "ระบบ"]);
  });

  it("keeps Arabic and Hebrew words whole and breaks them at spaces", () => {
    expect(breakPieces("قاعدة البيانات API")).toEqual(["قاعدة ", "البيانات ", "API"]);
    expect(breakPieces("מסד נתונים")).toEqual(["מסד ", "נתונים"]);
  });

  it("breaks between emoji but never inside one", () => {
    expect(breakPieces("👩‍💻👍🏽")).toEqual(["👩‍💻", "👍🏽"]);
  });
});

describe("wrapText", () => {
  it("wraps Chinese between characters to the width", () => {
    const lines = wrapText("订单服务调用支付网关并等待回调", 60);
    expect(lines).toEqual(["订单服务调", "用支付网关", "并等待回调"]);
    expect(measureText("订单服务调用支付网关并等待回调", 60)).toEqual({
      width: 60,
      height: 45,
      lines: 3,
    });
  });

  it("wraps mixed right-to-left and Latin labels at spaces", () => {
    const lines = wrapText("خدمة الدفع Payments API v2", 80);
    expect(lines.join(" ")).toBe("خدمة الدفع Payments API v2");
    for (const line of lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(80);
  });
});

describe("fontStack", () => {
  it("names the fonts a reader's machine has for each script, and leaves Latin alone", () => {
    expect(fontStack("Helvetica", "Orders – “API” ậ")).toBe("Helvetica");
    const stack = fontStack("Helvetica", "订单 🚀 طلب");
    expect(stack).toMatch(
      /^Helvetica, "Noto Sans SC".*"Noto Color Emoji".*"Noto Sans Arabic".*sans-serif$/,
    );
  });
});
