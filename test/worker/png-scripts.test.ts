/**
 * Labels in every script drawn in PNGs (issue #35): one label per script through
 * `POST /v1/render {"format":"png"}`, a diagram's export and a publication, each with ink in its box and no
 * character left out (`X-Drawforge-Missing-Glyphs` absent), the fonts loaded from the assets.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, buildRequest, createDiagram } from "./api.ts";
import { decodePng } from "./png-pixels.ts";

const SAMPLES: readonly (readonly [string, string])[] = [
  ["zh-Hans", "数据库服务"],
  ["zh-Hant", "資料庫服務"],
  ["ja", "データベース"],
  ["ko", "데이터베이스"],
  ["ar", "قاعدة البيانات"],
  ["he", "מסד נתונים"],
  ["hi", "डेटाबेस सेवा"],
  ["th", "ฐานข้อมูล"],
  ["vi", "Cơ sở dữ liệu"],
  ["emoji", "🚀 👍🏽 🇫🇷"],
];
const BOX = { width: 200, height: 60, gapX: 20, gapY: 20, columns: 3 };

function at(i: number): { x: number; y: number } {
  const col = i % BOX.columns;
  const row = Math.floor(i / BOX.columns);
  return { x: col * (BOX.width + BOX.gapX), y: row * (BOX.height + BOX.gapY) };
}

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

/** One unstroked, unfilled box per sample (the only ink is the label), bold on odd rows. */
const XML = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${SAMPLES.map(
  ([lang, text], i) => {
    const { x, y } = at(i);
    const bold = Math.floor(i / BOX.columns) % 2 === 1 ? "fontStyle=1;" : "";
    return `<mxCell id="${lang}" value="${escapeXml(text)}" style="text;html=1;align=center;verticalAlign=middle;strokeColor=none;fillColor=none;fontSize=16;${bold}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${BOX.width}" height="${BOX.height}" as="geometry"/></mxCell>`;
  },
).join("")}</root></mxGraphModel>`;

/**
 * The share of drawn pixels (a channel under half: dark text, or an emoji's colours) in sample
 * `i`'s box, inset so that no neighbour reaches in.
 */
function inkIn(image: ReturnType<typeof decodePng>, i: number): number {
  const { x, y } = at(i);
  let ink = 0;
  let all = 0;
  for (let py = y + 4; py < y + BOX.height - 4; py++)
    for (let px = x + 4; px < x + BOX.width - 4; px++) {
      const o = (py * image.width + px) * 4;
      all++;
      const [r, g, b] = [image.pixels[o], image.pixels[o + 1], image.pixels[o + 2]] as number[];
      if (Math.min(r as number, g as number, b as number) < 128) ink++;
    }
  return ink / all;
}

async function renderPng(): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await exports.default.fetch(
    buildRequest("/v1/render", { method: "POST", body: { xml: XML, format: "png" } }),
  );
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("PNG labels in every script", () => {
  let first: { res: Response; bytes: Uint8Array };
  beforeAll(async () => {
    first = await renderPng();
  }, 120_000);

  it("draws every sample with ink in its box and no character left out", () => {
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("x-drawforge-missing-glyphs")).toBeNull();
    const image = decodePng(first.bytes);
    SAMPLES.forEach(([lang], i) => {
      expect(inkIn(image, i), lang).toBeGreaterThan(0.015);
    });
  });

  it("draws the same picture again from the isolate's cached fonts", async () => {
    const again = await renderPng();
    expect(again.res.headers.get("x-drawforge-missing-glyphs")).toBeNull();
    expect(again.bytes).toEqual(first.bytes);
  });

  it("draws them in a diagram's export", async () => {
    const id = await createDiagram(XML);
    const res = await exports.default.fetch(buildRequest(`/v1/diagrams/${id}/export?format=png`));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-drawforge-missing-glyphs")).toBeNull();
    const image = decodePng(new Uint8Array(await res.arrayBuffer()));
    SAMPLES.forEach(([lang], i) => {
      expect(inkIn(image, i), lang).toBeGreaterThan(0.015);
    });
  });

  it("draws them in a publication's PNG", async () => {
    const id = await createDiagram(XML);
    const pub = await api(`/v1/diagrams/${id}/publications`, { method: "POST", body: {} });
    const path = new URL(pub.json.urls.png as string).pathname;
    const res = await exports.default.fetch(buildRequest(path, { auth: null }));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-drawforge-missing-glyphs")).toBeNull();
    const image = decodePng(new Uint8Array(await res.arrayBuffer()));
    SAMPLES.forEach(([lang], i) => {
      expect(inkIn(image, i), lang).toBeGreaterThan(0.015);
    });
  });

  it("counts characters no font draws, and still answers", async () => {
    const xml = XML.replace("数据库服务", "\u{e000}\u{e001}数据库");
    const res = await exports.default.fetch(
      buildRequest("/v1/render", { method: "POST", body: { xml, format: "png" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-drawforge-missing-glyphs")).toBe("2");
  });

  it("loads at most 32 MB of fonts for one page, leaving the rest out and counted", async () => {
    // One emoji from each colour emoji file (flags and people are 8 and 11 MB parsed).
    const emoji = "🇫🇷 👩‍💻 🚀 ✅ 👍🏽 🍕 🐱 ⚽ 🎉 🏠 🌍 📦 🔒 ❤️ 😀 🧪 🛠️ 🎸 🦄 🌮";
    const xml = XML.replace("数据库服务", emoji);
    const res = await exports.default.fetch(
      buildRequest("/v1/render", { method: "POST", body: { xml, format: "png" } }),
    );
    expect(res.status).toBe(200);
    const missing = Number(res.headers.get("x-drawforge-missing-glyphs") ?? 0);
    expect(missing, "emoji of the files over the page's limit").toBeGreaterThan(0);
    expect(missing).toBeLessThan(20);
  });
});
