/**
 * The editor's House style panel (issue #38) against the real Worker, in a tenant of its own: it
 * says when nothing is learned, shows a pinned theme in swatches and words and the rules with
 * where they came from (one learned from a chat turn by the summary model), and its switch, or
 * the host page's `house-style="none"`, sends the chat's turns without the style.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Drawforge } from "../../sdk/index.ts";
import { WIDGET_STYLE_KEY } from "./global-setup.ts";
import {
  browserForFile,
  editorMarkup,
  freshDiagram,
  hasChromium,
  openPage,
  script,
  sentToModel,
  servers,
  shot,
  waitForEvent,
} from "./harness.ts";

const RULE = "Label databases with their engine (Postgres).";

/** The backend's client for the style tenant. */
function styleTenant(): Drawforge {
  return new Drawforge({ apiKey: WIDGET_STYLE_KEY, baseUrl: servers().worker, maxRetries: 0 });
}

/** An editor of a fresh diagram of the style tenant, on its History panel, once loaded. */
async function historyEditor(page: Page | null, attributes = ""): Promise<Page> {
  const d = await freshDiagram(undefined, "Orders", styleTenant());
  const markup = editorMarkup(d).replace(
    "<drawforge-editor ",
    `<drawforge-editor panel="history" ${attributes}`,
  );
  const opened = page ?? (await openPage(chromium.browser, markup));
  if (page) await page.evaluate((html) => (document.body.innerHTML = html), markup);
  await waitForEvent(opened, "drawforge-load", {
    tag: "drawforge-editor",
    count: page ? 2 : 1,
  });
  return opened;
}

/** The house-style panel's disclosure, opened with the keyboard. */
async function openPanel(page: Page): Promise<ReturnType<Page["locator"]>> {
  const panel = page.locator("drawforge-editor .house");
  await panel.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  return panel;
}

/** Sends `prompt` from the chat and waits for the turn's end; answers what the model was sent. */
async function turn(page: Page, prompt: string, count: number): Promise<string> {
  await page.locator("drawforge-editor button.tab", { hasText: "Chat" }).click();
  await script([{ text: "Nothing to change." }]);
  const box = page.locator("drawforge-editor textarea");
  await box.fill(prompt);
  await box.press("Enter");
  await waitForEvent(page, "drawforge-turn-end", { count });
  await page.locator("drawforge-editor button.tab", { hasText: "History" }).click();
  return JSON.stringify(await sentToModel());
}

const chromium = browserForFile();

describe.skipIf(!hasChromium)("the house-style panel", () => {
  it("says nothing is learned yet, and that changing the style needs an API key", async () => {
    const df = styleTenant();
    await df.style.clear();
    const page = chromium.keep(await historyEditor(null));
    const panel = await openPanel(page);
    await expect
      .poll(() => panel.textContent())
      .toContain(
        "Nothing learned yet: restyle a few diagrams by hand, or tell the assistant your conventions.",
      );
    expect(await panel.textContent()).toContain("Changing the team's style needs an API key.");
    expect(await page.getByRole("checkbox", { name: "Use house style" }).isChecked()).toBe(true);
    console.log("screenshot:", await shot(page, "house-style-empty"));
  });

  it("shows the theme in swatches and words and the rules with their source; the switch leaves the style out of turns", async () => {
    const df = styleTenant();
    await df.style.set({
      theme: {
        direction: "right",
        node: { fillColor: "#e0f2f1", strokeColor: "#00796b", rounded: "1", fontFamily: "Inter" },
        kinds: { decision: { fillColor: "#fff8e1", strokeColor: "#f9a825" } },
        edge: { edgeStyle: "orthogonalEdgeStyle", strokeColor: "#455a64" },
      },
      rules: [RULE],
    });
    const page = chromium.keep(await historyEditor(null));
    // A correction in the chat: the summary model learns a rule from it after the turn.
    expect(await turn(page, "Call it Postgres, not Database", 1)).toContain(RULE);
    await expect.poll(async () => (await df.style.get()).rules.length, { timeout: 15_000 }).toBe(2);

    const panel = await openPanel(page);
    const rows = panel.locator("dl");
    await expect
      .poll(() => rows.locator("dt").allTextContents())
      .toEqual(["direction", "shapes", "decision", "connectors"]);
    expect(await rows.locator("dd").allTextContents()).toEqual([
      "left to right",
      "Inter, rounded",
      "",
      "right-angled lines",
    ]);
    // Each colour a swatch named by what it colours, painted in it.
    const swatches = await rows
      .locator(".swatch")
      .evaluateAll((spans) =>
        spans.map((s) => `${s.getAttribute("title")} ${getComputedStyle(s).backgroundColor}`),
      );
    expect(swatches).toEqual([
      "fill #e0f2f1 rgb(224, 242, 241)",
      "line #00796b rgb(0, 121, 107)",
      "fill #fff8e1 rgb(255, 248, 225)",
      "line #f9a825 rgb(249, 168, 37)",
      "line #455a64 rgb(69, 90, 100)",
    ]);
    expect(
      await panel.getByRole("list", { name: "Rules" }).locator("li").allTextContents(),
    ).toEqual([
      `${RULE}set by your team`,
      'Name it "Postgres", not "Database".learned from a conversation',
    ]);
    console.log("screenshot:", await shot(page, "house-style-wide"));
    await page.locator("drawforge-editor").evaluate((e) => e.setAttribute("theme", "dark"));
    console.log("screenshot:", await shot(page, "house-style-dark"));
    await page.locator("drawforge-editor").evaluate((e) => e.setAttribute("theme", "light"));
    // A phone, with the editor as tall as the demo page makes it there.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addStyleTag({ content: "drawforge-editor{height:calc(100svh - 24px)}" });
    await page.waitForTimeout(300);
    console.log("screenshot:", await shot(page, "house-style-phone"));
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.addStyleTag({ content: "drawforge-editor{height:620px}" });

    // Off with the keyboard: the summary says so, and the next turn goes without the style.
    await page.getByRole("checkbox", { name: "Use house style" }).focus();
    await page.keyboard.press("Space");
    await expect
      .poll(() => panel.locator("summary").textContent())
      .toBe("House style · off in this chat");
    const plain = await turn(page, "Tidy it up", 2);
    expect(plain).toContain("Tidy it up");
    expect(plain).not.toContain(RULE);
    console.log("screenshot:", await shot(page, "house-style-off"));

    // The switch lasts for the page's session: a new editor starts off too.
    await historyEditor(page);
    await openPanel(page);
    const again = page.getByRole("checkbox", { name: "Use house style" });
    expect(await again.isChecked()).toBe(false);
    await again.check();
    expect(await turn(page, "And again", 3)).toContain(RULE);
  });

  it('starts with the style off when the host page says house-style="none"', async () => {
    const page = chromium.keep(await historyEditor(null, 'house-style="none"'));
    await openPanel(page);
    expect(await page.getByRole("checkbox", { name: "Use house style" }).isChecked()).toBe(false);
    const plain = await turn(page, "Tidy it up", 1);
    expect(plain).toContain("Tidy it up");
    expect(plain).not.toContain(RULE);
    await styleTenant().style.clear();
  });
});
