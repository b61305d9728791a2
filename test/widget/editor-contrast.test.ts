import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, hasChromium, openEditor, shot } from "./harness.ts";

/** WCAG 2 AA for text: 4.5:1 (the labels are 12–13 px, never "large text"). */
const AA = 4.5;

/**
 * The contrast of an element's text with what is behind it, read off the computed styles: its
 * `color` over the backgrounds of it and its ancestors (out of shadow roots too), laid on top
 * of each other until an opaque one. Colours come as `rgb()`/`rgba()` or, from `color-mix()`,
 * as `color(srgb …)`.
 */
function contrastOf(locator: Locator): Promise<{ ratio: number; fg: string; bg: string }> {
  return locator.evaluate((element) => {
    type Rgba = [number, number, number, number];
    const parse = (text: string): Rgba => {
      const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)$/.exec(text);
      if (srgb) {
        const [r, g, b] = [srgb[1], srgb[2], srgb[3]].map((v) => Number(v) * 255);
        return [r ?? 0, g ?? 0, b ?? 0, srgb[4] === undefined ? 1 : Number(srgb[4])];
      }
      const rgb = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/.exec(text);
      if (!rgb) throw new Error(`unparsed colour: ${text}`);
      return [
        Number(rgb[1]),
        Number(rgb[2]),
        Number(rgb[3]),
        rgb[4] === undefined ? 1 : Number(rgb[4]),
      ];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (below[i] ?? 0) * (1 - a)).concat(1) as Rgba;
    };
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; ) {
      const layer = parse(getComputedStyle(node).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] >= 1) break;
      node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
    }
    const bg = layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    const fg = over(parse(getComputedStyle(element).color), bg);
    const luminance = (c: Rgba) => {
      const [r, g, b] = [c[0], c[1], c[2]].map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const [light, dark] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
    const hex = (c: Rgba) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, "0"))
        .join("")}`;
    return { ratio: ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05), fg: hex(fg), bg: hex(bg) };
  });
}

/**
 * Every enabled button of the toolbar and the open panel, at rest, hovered, focused from the
 * keyboard and both: those whose label falls under {@link AA}, as readable lines.
 */
async function lowContrast(page: Page, theme: string): Promise<string[]> {
  const failures: string[] = [];
  const buttons = page.locator("drawforge-editor button:visible:enabled");
  const count = await buttons.count();
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    const label = ((await button.textContent()) ?? "").trim();
    const pressed = (await button.getAttribute("aria-pressed")) === "true" ? " (active)" : "";
    const states: [string, () => Promise<void>][] = [
      ["rest", () => page.mouse.move(0, 0)],
      ["hover", () => button.hover()],
      [
        "focus-visible",
        async () => {
          await page.mouse.move(0, 0);
          await page.keyboard.press("Shift");
          await button.focus();
        },
      ],
      ["focus-visible+hover", () => button.hover()],
    ];
    for (const [state, enter] of states) {
      await enter();
      if (state.startsWith("focus")) {
        await expect(button.evaluate((b) => b.matches(":focus-visible"))).resolves.toBe(true);
      }
      const { ratio, fg, bg } = await contrastOf(button);
      if (ratio < AA) {
        failures.push(
          `${theme}: "${label}"${pressed} ${state}: ${fg} on ${bg} = ${ratio.toFixed(2)}:1`,
        );
      }
    }
    await button.blur();
  }
  return failures;
}

describe.skipIf(!hasChromium)("drawforge-editor contrast", () => {
  const chromium = browserForFile();

  it("keeps the active History tab's label readable while it is hovered", async () => {
    const { page } = await openEditor(chromium.browser);
    chromium.keep(page);
    const history = page.locator("drawforge-editor .tab", { hasText: "History" });
    await history.click();
    await expect(history.getAttribute("aria-pressed")).resolves.toBe("true");
    await history.hover();
    const { ratio, fg, bg } = await contrastOf(history);
    console.log("screenshot:", await shot(page, "editor-history-tab-hover"));
    expect(ratio, `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
  });

  it("keeps every button's label readable in every state, in the light and dark themes", async () => {
    const { page } = await openEditor(chromium.browser);
    chromium.keep(page);
    const editor = page.locator("drawforge-editor");
    const failures: string[] = [];
    for (const theme of ["light", "dark"]) {
      await editor.evaluate((e, t) => e.setAttribute("theme", t), theme);
      // Each panel open in turn, so both tabs are seen active and inactive, with their panel's
      // buttons (the chat's suggestions and Send; the history's refresh, preview and restore).
      for (const panel of ["Chat", "History"]) {
        const tab = page.locator("drawforge-editor .tab", { hasText: panel });
        if ((await tab.getAttribute("aria-pressed")) !== "true") await tab.click();
        if (panel === "History") await page.locator("drawforge-editor .version").first().waitFor();
        failures.push(...(await lowContrast(page, theme)));
        await tab.hover();
        console.log("screenshot:", await shot(page, `editor-contrast-${theme}-${panel}`));
      }
    }
    expect(failures).toEqual([]);
  });
});
