import { describe, expect, it } from "vitest";
import {
  backend,
  browserForFile,
  events,
  hasChromium,
  openEditor,
  script,
  shot,
  statusText,
  waitForEvent,
} from "./harness.ts";

describe.skipIf(!hasChromium)("drawforge-editor", () => {
  const chromium = browserForFile();

  async function open(extra: { viewer?: boolean; saveDelay?: number } = {}) {
    const opened = await openEditor(chromium.browser, extra);
    chromium.keep(opened.page);
    return opened;
  }

  it("opens the diagram's head version in draw.io", async () => {
    const { d, page, frame } = await open();
    const load = (await events(page, "drawforge-load"))[0];
    expect(load?.detail).toMatchObject({ diagramId: d.id, version: 1, title: "Order flow" });
    for (const label of ["Start", "Check stock", "Ship it"]) {
      await expect(frame.getByText(label, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    expect(await statusText(page)).toContain("Saved · v1");
    console.log("screenshot:", await shot(page, "editor-loaded"));
  });

  it("saves an edit made in draw.io as a new version", async () => {
    const { d, page, frame } = await open();
    // A person selects "Ship it" and deletes it.
    await frame.getByText("Ship it", { exact: true }).first().click();
    await frame.page().keyboard.press("Delete");
    const saved = await waitForEvent(page, "drawforge-save");
    expect(saved.detail).toEqual({ version: 2, previous: 1 });
    const change = (await events(page, "drawforge-change"))[0];
    expect(change?.detail).toMatchObject({ source: "edit", version: 1 });
    const head = await backend().diagrams.retrieve(d.id);
    expect(head.version).toBe(2);
    expect(head.xml).not.toContain("Ship it");
    expect(head.xml).toContain("Check stock");
    const [latest] = (await backend().diagrams.versions.list(d.id)).items;
    expect(latest).toMatchObject({ n: 2, author: "user" });
    await page.waitForFunction(() =>
      document
        .querySelector("drawforge-editor")
        ?.shadowRoot?.querySelector(".status")
        ?.textContent?.includes("v2"),
    );
    expect(await statusText(page)).toContain("Saved · v2");
  });

  it("streams a chat turn, previews it in draw.io and ends with the agent's version", async () => {
    const { d, page, frame } = await open();
    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: {
              operations: [{ op: "set_label", id: "check", value: "Check stock and fraud" }],
            },
          },
        ],
      },
      // A slow last step, so the preview can be seen before the turn ends.
      { text: "Renamed the check step to include fraud.", delayMs: 1500 },
    ]);
    const box = page.locator("drawforge-editor textarea");
    await box.fill("Make the check step mention fraud");
    await box.press("Enter");
    const start = await waitForEvent(page, "drawforge-turn-start");
    expect(start.detail).toEqual({ prompt: "Make the check step mention fraud" });
    // The preview is merged into draw.io while the turn still runs.
    await frame.getByText("Check stock and fraud", { exact: true }).first().waitFor();
    expect(await events(page, "drawforge-turn-end")).toEqual([]);
    await expect(page.locator("drawforge-editor .tool").first().textContent()).resolves.toMatch(
      /Editing the diagram/,
    );
    console.log("screenshot:", await shot(page, "editor-turn-running"));
    const end = await waitForEvent(page, "drawforge-turn-end");
    expect(end.detail).toMatchObject({ status: "changed", version: 2 });
    await expect(
      page.locator("drawforge-editor .bubble.assistant").last().textContent(),
    ).resolves.toContain("Renamed the check step to include fraud.");
    await page.locator("drawforge-editor .outcome.ok").waitFor();
    // The progress lines ("Editing the diagram") go once the turn has ended.
    await expect(page.locator("drawforge-editor .tool").count()).resolves.toBe(0);
    const [latest] = (await backend().diagrams.versions.list(d.id)).items;
    expect(latest).toMatchObject({ n: 2, author: "agent" });
    expect(await statusText(page)).toContain("Saved · v2");
    const change = (await events(page, "drawforge-change")).at(-1);
    expect(change?.detail).toMatchObject({ source: "agent", version: 2, author: "agent" });
    // Merging the agent's work into draw.io is not a person's edit: nothing more is saved.
    // (An absence check: draw.io would send its autosave within this window, past the debounce.)
    await page.waitForTimeout(800);
    expect(await events(page, "drawforge-save")).toEqual([]);
    expect((await backend().diagrams.retrieve(d.id)).version).toBe(2);
    console.log("screenshot:", await shot(page, "editor-turn-done"));
  });

  it("cancels a turn: nothing is saved and the preview is taken back", async () => {
    const { d, page, frame } = await open();
    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "start", value: "Begin here" }] },
          },
        ],
      },
      { text: "This answer comes too late.", delayMs: 10_000 },
    ]);
    const box = page.locator("drawforge-editor textarea");
    await box.fill("Rename Start");
    await box.press("Enter");
    await frame.getByText("Begin here", { exact: true }).first().waitFor();
    await page.locator("drawforge-editor [part=cancel-button]").click();
    const end = await waitForEvent(page, "drawforge-turn-end");
    expect(end.detail).toMatchObject({ status: "cancelled", version: null });
    await frame.getByText("Start", { exact: true }).first().waitFor();
    await expect(page.locator("drawforge-editor .outcome").last().textContent()).resolves.toBe(
      "Cancelled: nothing was saved; the diagram is as it was",
    );
    await expect(page.locator("drawforge-editor .tool").count()).resolves.toBe(0);
    console.log("screenshot:", await shot(page, "editor-turn-cancelled"));
    expect((await backend().diagrams.retrieve(d.id)).version).toBe(1);
  });

  it("restores a version from the history panel, with a preview first", async () => {
    const { d, page, frame } = await open();
    const df = backend();
    await df.diagrams.operations.apply(d.id, [{ op: "set_label", id: "end", value: "Deliver" }]);
    await frame.getByText("Deliver", { exact: true }).first().waitFor();
    await page.locator("drawforge-editor .tab", { hasText: "History" }).click();
    const rows = page.locator("drawforge-editor .version");
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole("button", { name: "Preview version 1" }).click();
    const thumb = page.locator("drawforge-editor .thumb img");
    await thumb.waitFor();
    expect(await thumb.getAttribute("alt")).toContain("Ship it");
    console.log("screenshot:", await shot(page, "editor-history"));
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await frame.getByText("Ship it", { exact: true }).first().waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    const [latest] = (await df.diagrams.versions.list(d.id)).items;
    expect(latest).toMatchObject({ n: 3, restored_from: 1, author: "user" });
    // A restore is labelled as one, not as an edit by hand.
    await expect(rows.first().locator(".author").textContent()).resolves.toBe("Restored");
    await expect(rows.first().locator(".message").textContent()).resolves.toBe(
      "Restored version 1",
    );
    const change = (await events(page, "drawforge-change")).at(-1);
    expect(change?.detail).toMatchObject({ source: "restore", version: 3 });
    expect(await statusText(page)).toContain("Saved · v3");
  });

  it("shows a change made through the API in the open editor and the viewer", async () => {
    const { d, page, frame } = await open({ viewer: true });
    await waitForEvent(page, "drawforge-load", { tag: "drawforge-viewer" });
    await backend().diagrams.operations.apply(d.id, [
      { op: "set_label", id: "start", value: "Begin" },
    ]);
    await frame.getByText("Begin", { exact: true }).first().waitFor();
    const editor = await waitForEvent(page, "drawforge-change", { tag: "drawforge-editor" });
    expect(editor.detail).toEqual({ source: "remote", version: 2, author: "api" });
    const viewer = await waitForEvent(page, "drawforge-change", { tag: "drawforge-viewer" });
    expect(viewer.detail).toEqual({ source: "remote", version: 2, author: "api" });
    await expect
      .poll(() => page.locator("drawforge-viewer img").getAttribute("alt"))
      .toContain("Begin");
    // An absence check: a save that a remote change wrongly caused would come within this window.
    await page.waitForTimeout(800);
    expect(await events(page, "drawforge-save")).toEqual([]);
    expect((await backend().diagrams.retrieve(d.id)).version).toBe(2);
    console.log("screenshot:", await shot(page, "editor-and-viewer-live"));
  });
});
