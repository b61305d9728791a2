/**
 * `<drawforge-editor>` guarding a diagram: a conflicting save is shown, never overwritten;
 * messages from anywhere but its draw.io frame are ignored; exports come from draw.io itself.
 */
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  backend,
  browserForFile,
  events,
  hasChromium,
  openEditor,
  servers,
  shot,
  statusText,
  waitForEvent,
} from "./harness.ts";

describe.skipIf(!hasChromium)("drawforge-editor, guarding the diagram", () => {
  const chromium = browserForFile();

  async function open(extra: { viewer?: boolean; saveDelay?: number } = {}) {
    const opened = await openEditor(chromium.browser, extra);
    chromium.keep(opened.page);
    return opened;
  }

  it("shows a conflict instead of overwriting, and lets the person keep theirs or reload", async () => {
    // A long save delay keeps the edit pending while someone else saves.
    const { d, page, frame } = await open({ saveDelay: 60_000 });
    const df = backend();
    await frame.getByText("Ship it", { exact: true }).first().click();
    await frame.page().keyboard.press("Delete");
    await expect.poll(() => statusText(page)).toContain("Unsaved changes");
    await df.diagrams.operations.apply(d.id, [{ op: "set_label", id: "start", value: "Begin" }]);
    const banner = page.locator("drawforge-editor .banner.conflict");
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Someone else saved version 2/);
    expect(await statusText(page)).toContain("Conflict");
    const error = await waitForEvent(page, "drawforge-error");
    expect(error.detail).toMatchObject({ code: "version_mismatch", status: 412 });
    // Nothing was overwritten.
    expect((await df.diagrams.retrieve(d.id)).xml).toContain("Ship it");
    console.log("screenshot:", await shot(page, "editor-conflict"));

    await banner.getByRole("button", { name: "Keep mine" }).click();
    const saved = await waitForEvent(page, "drawforge-save");
    expect(saved.detail).toEqual({ version: 3, previous: 2 });
    const mine = await df.diagrams.retrieve(d.id);
    expect(mine.xml).not.toContain("Ship it");
    expect(mine.xml).toContain(">");

    // Again, and this time take theirs.
    await frame.getByText("Check stock", { exact: true }).first().click();
    await frame.page().keyboard.press("Delete");
    await expect.poll(() => statusText(page)).toContain("Unsaved changes");
    await df.diagrams.operations.apply(d.id, [{ op: "set_label", id: "start", value: "Theirs" }]);
    await banner.waitFor();
    await banner.getByRole("button", { name: "Reload theirs" }).click();
    await frame.getByText("Theirs", { exact: true }).first().waitFor();
    await frame.getByText("Check stock", { exact: true }).first().waitFor();
    expect(await statusText(page)).toContain("Saved · v4");
    expect((await df.diagrams.retrieve(d.id)).version).toBe(4);
  });

  it("ignores messages that do not come from its draw.io frame and origin", async () => {
    const { d, page, frame } = await open();
    const forged = JSON.stringify({
      event: "autosave",
      xml: "<mxGraphModel><root/></mxGraphModel>",
    });
    // From the page itself (wrong window, wrong origin).
    await page.evaluate((m) => window.postMessage(m, "*"), forged);
    // From another frame: the draw.io server under another origin name (localhost, not 127.0.0.1).
    const other = new URL(servers().drawio);
    other.hostname = "localhost";
    await page.evaluate((src) => {
      const iframe = document.createElement("iframe");
      iframe.src = src;
      iframe.name = "foreign";
      document.body.appendChild(iframe);
    }, `${other.origin}/package.json`);
    const foreign = await page
      .waitForFunction(() => true)
      .then(async () => {
        for (let i = 0; i < 50; i++) {
          const f = page
            .frames()
            .find((x) => x.name() === "foreign" && x.url().startsWith(other.origin));
          if (f) return f;
          await page.waitForTimeout(100);
        }
        throw new Error("the foreign frame did not load");
      });
    await foreign.evaluate((m) => window.parent.postMessage(m, "*"), forged);
    // From the real draw.io frame, but not a message of the protocol.
    await frame.evaluate(() => {
      window.parent.postMessage(JSON.stringify({ event: "autosave", xml: 42 }), "*");
      window.parent.postMessage(JSON.stringify({ event: "autosave" }), "*");
      window.parent.postMessage({ event: "autosave", xml: "<x/>" }, "*");
      window.parent.postMessage("not json", "*");
    });
    // An absence check: nothing may come of those messages, however long we wait; this window is
    // past the save debounce.
    await page.waitForTimeout(1200);
    expect(await events(page, "drawforge-change")).toEqual([]);
    expect(await events(page, "drawforge-save")).toEqual([]);
    expect((await backend().diagrams.retrieve(d.id)).version).toBe(1);
    expect(await statusText(page)).toContain("Saved · v1");
  });

  it("exports .drawio, SVG and PNG through draw.io", async () => {
    const { page } = await open();
    const files: Record<string, Buffer> = {};
    for (const [label, name] of [
      [".drawio", "Download as .drawio"],
      ["SVG", "Download as SVG"],
      ["PNG", "Download as PNG"],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name }).click(),
      ]);
      const path = await download.path();
      files[label] = readFileSync(path);
      expect(download.suggestedFilename()).toBe(
        `Order flow.${label === ".drawio" ? "drawio" : label.toLowerCase()}`,
      );
    }
    const drawio = files[".drawio"]?.toString("utf8") ?? "";
    expect(drawio).toMatch(/^<mxfile/);
    // draw.io saves its pages compressed: base64 of raw deflate of the URI-encoded XML.
    const page0 = /<diagram[^>]*>([^<]+)<\/diagram>/.exec(drawio)?.[1] ?? "";
    const xml = decodeURIComponent(inflateRawSync(Buffer.from(page0, "base64")).toString("utf8"));
    expect(xml).toContain("Check stock");
    expect(files.SVG?.toString("utf8")).toMatch(/^<svg[\s\S]*content="/);
    expect(files.PNG?.subarray(1, 4).toString("latin1")).toBe("PNG");
  });
});
