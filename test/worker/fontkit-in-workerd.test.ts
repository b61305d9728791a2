/** fontkit inside workerd: a Noto Sans SC subset and Noto Sans Arabic parsed, shaped and outlined. */
import arabic from "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff";
import sc116 from "@fontsource/noto-sans-sc/files/noto-sans-sc-116-400-normal.woff";
import sc118 from "@fontsource/noto-sans-sc/files/noto-sans-sc-118-400-normal.woff";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "../../worker/drawio/raster/woff.ts";

function shapedPaths(woff: ArrayBuffer, text: string): { paths: string[]; missing: number } {
  const font = fontkit.create(woffToSfnt(new Uint8Array(woff)) as never) as fontkit.Font;
  const run = font.layout(text);
  return {
    paths: run.glyphs.map((glyph) => glyph.path.toSVG()),
    missing: run.glyphs.filter((glyph) => glyph.id === 0).length,
  };
}

describe("fontkit inside workerd", () => {
  it("shapes Chinese from a Noto Sans SC subset into outlines", () => {
    // 数 is in subset 118, 据库 in subset 116.
    const first = shapedPaths(sc118, "数");
    const rest = shapedPaths(sc116, "据库");
    expect(first.missing + rest.missing).toBe(0);
    const paths = [...first.paths, ...rest.paths];
    expect(paths).toHaveLength(3);
    for (const path of paths) expect(path.length).toBeGreaterThan(20);
  });

  it("shapes joined Arabic into outlines", () => {
    const { paths, missing } = shapedPaths(arabic, "قاعدة البيانات");
    expect(missing).toBe(0);
    expect(paths.filter((path) => path.length > 20).length).toBeGreaterThanOrEqual(10);
  });
});
