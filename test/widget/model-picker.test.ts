/**
 * The chat's model picker (issue #37) against the real Worker: it lists the models that can run
 * (the global setup offers `scripted` and `scripted-blind`), a turn sends the one picked to the
 * model server, the host page's `model` attribute is where it starts and a person's pick lasts
 * for the page, and a Worker offering one model shows no picker at all.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalWorker, startLocalWorker } from "../support/local-worker.ts";
import { WIDGET_TEST_KEY } from "./global-setup.ts";
import {
  backend,
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

/** Sends `prompt` from the chat and waits for the turn's end (the `count`th on this page). */
async function turn(page: Page, prompt: string, count = 1): Promise<void> {
  await script([{ text: "Nothing to change." }]);
  const box = page.locator("drawforge-editor textarea");
  await box.fill(prompt);
  await box.press("Enter");
  const end = await waitForEvent(page, "drawforge-turn-end", { count });
  expect(end.detail).toMatchObject({ status: "unchanged" });
}

/** The markup of an editor on a fresh diagram of the global setup's Worker. */
async function editorOnFreshDiagram(extra: { model?: string } = {}): Promise<string> {
  return editorMarkup(await freshDiagram(), extra);
}

describe.skipIf(!hasChromium)("the chat's model picker", () => {
  const chromium = browserForFile();

  it("offers the models that can run, and a turn sends the one picked", async () => {
    const page = chromium.keep(await openPage(chromium.browser, await editorOnFreshDiagram()));
    await waitForEvent(page, "drawforge-load", { tag: "drawforge-editor" });
    // A labelled control: found by its role and name, as a screen reader finds it.
    const picker = page.getByRole("combobox", { name: "Model" });
    await picker.waitFor();
    expect(await picker.locator("option").allTextContents()).toEqual([
      "openai:scripted · images",
      "openai:scripted-blind",
    ]);
    // It starts on the deployment's default.
    expect(await picker.inputValue()).toBe("openai:scripted");
    console.log("screenshot:", await shot(page, "model-picker"));

    // Picked with the keyboard: focused, then an arrow key.
    await picker.focus();
    await page.keyboard.press("ArrowDown");
    expect(await picker.inputValue()).toBe("openai:scripted-blind");
    await turn(page, "Tidy it up");
    expect((await sentToModel()).map((r) => r.model)).toEqual(["scripted-blind"]);

    // Another pick, another model: each turn names the one showing.
    await picker.selectOption("openai:scripted");
    await turn(page, "And again", 2);
    expect((await sentToModel()).map((r) => r.model)).toEqual(["scripted"]);
  });

  it("follows the host page's model attribute until a person picks, and keeps the pick for the page", async () => {
    const markup = await editorOnFreshDiagram({ model: "openai:scripted-blind" });
    const page = chromium.keep(await openPage(chromium.browser, markup));
    await waitForEvent(page, "drawforge-load", { tag: "drawforge-editor" });
    const picker = page.getByRole("combobox", { name: "Model" });
    await picker.waitFor();
    expect(await picker.inputValue()).toBe("openai:scripted-blind");
    // The host page changes its mind: the picker follows.
    await page.evaluate(() =>
      document.querySelector("drawforge-editor")?.setAttribute("model", "openai:scripted"),
    );
    await expect.poll(() => picker.inputValue()).toBe("openai:scripted");

    // A person picks the other; a new editor on the same page (the same session) starts on
    // it, over its own attribute.
    await picker.selectOption("openai:scripted-blind");
    const again = await editorOnFreshDiagram({ model: "openai:scripted" });
    await page.evaluate((html) => {
      document.body.innerHTML = html;
    }, again);
    await waitForEvent(page, "drawforge-load", { tag: "drawforge-editor", count: 2 });
    await expect.poll(() => picker.inputValue()).toBe("openai:scripted-blind");
    await turn(page, "Anything to fix?");
    expect((await sentToModel()).map((r) => r.model)).toEqual(["scripted-blind"]);
  });

  describe("on a Worker that offers one model", () => {
    let single: LocalWorker | undefined;
    beforeAll(async () => {
      single = await startLocalWorker({
        API_KEYS: WIDGET_TEST_KEY,
        RATE_LIMIT: "off",
        OPENAI_API_KEY: "scripted-model-key",
        OPENAI_BASE_URL: `${servers().llm}/v1`,
        DRAWFORGE_MODEL: "scripted",
      });
    }, 120_000);
    afterAll(async () => {
      await single?.dispose();
    });

    it("shows no picker, and the chat still runs turns", async () => {
      const origin = single?.url ?? "";
      const d = await freshDiagram(undefined, undefined, backend(origin));
      const page = chromium.keep(await openPage(chromium.browser, editorMarkup(d), origin));
      await waitForEvent(page, "drawforge-load", { tag: "drawforge-editor" });
      // The list was asked for and answered (one model) before the first turn ends.
      await turn(page, "Anything to fix?");
      expect(await page.locator("drawforge-editor select").count()).toBe(0);
      expect(await page.locator("drawforge-editor [part=send-button]").isVisible()).toBe(true);
      expect((await sentToModel()).map((r) => r.model)).toEqual(["scripted"]);
      console.log("screenshot:", await shot(page, "model-picker-one-model"));
    });
  });
});
