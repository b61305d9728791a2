/**
 * `<drawforge-viewer>` in real Chromium: drawn by the offline draw.io's viewer library in a
 * sandboxed frame, from inline XML, from a URL, or from the API with a view token.
 */
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  backend,
  browserForFile,
  events,
  FLOW_XML,
  freshDiagram,
  hasChromium,
  openPage,
  servers,
  shot,
  waitForEvent,
} from "./harness.ts";

/** Quotes text for an HTML attribute. */
function attr(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

describe.skipIf(!hasChromium)("drawforge-viewer", () => {
  const chromium = browserForFile();

  it("draws inline XML, fits the width, zooms, and links to an editor", async () => {
    const page = chromium.keep(
      await openPage(
        chromium.browser,
        `<drawforge-viewer xml="${attr(FLOW_XML)}" drawio-url="${servers().drawio}" style="width:420px"></drawforge-viewer>`,
      ),
    );
    await waitForEvent(page, "drawforge-load");
    const img = page.locator("drawforge-viewer img");
    expect(await img.getAttribute("alt")).toBe("Diagram: Start, Check stock, Ship it");
    const fitted = Number(await img.getAttribute("width"));
    // The diagram is about 500 px wide: it is scaled down to the viewer's width.
    expect(fitted).toBeGreaterThan(300);
    expect(fitted).toBeLessThan(400);
    const zoom = page.locator("drawforge-viewer .zoom");
    expect(Number.parseInt((await zoom.textContent()) ?? "", 10)).toBeLessThan(100);
    console.log("screenshot:", await shot(page, "viewer-fitted"));
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(async () => Number(await img.getAttribute("width"))).toBeGreaterThan(fitted);
    // Keyboard: focus the canvas, "0" fits again.
    await page.locator("drawforge-viewer .canvas").focus();
    await page.keyboard.press("0");
    await expect.poll(async () => Number(await img.getAttribute("width"))).toBe(fitted);
    await page.keyboard.press("-");
    await expect.poll(async () => Number(await img.getAttribute("width"))).toBeLessThan(fitted);
    const href =
      (await page.getByRole("link", { name: "Open in editor" }).getAttribute("href")) ?? "";
    expect(href).toMatch(/^https:\/\/app\.diagrams\.net\/#R/);
    const packed = decodeURIComponent(href.slice(href.indexOf("#R") + 2));
    const xml = decodeURIComponent(inflateRawSync(Buffer.from(packed, "base64")).toString("utf8"));
    expect(xml).toBe(FLOW_XML);
  });

  it("draws a .drawio file from src", async () => {
    const src = `${servers().drawio.replace(/\/\?.*$/, "")}/templates/flowcharts/cross_functional_flowchart_1.xml`;
    const page = chromium.keep(
      await openPage(
        chromium.browser,
        `<drawforge-viewer src="${src}" drawio-url="${servers().drawio}" editor-url="https://example.com/edit"></drawforge-viewer>`,
      ),
    );
    await waitForEvent(page, "drawforge-load");
    const img = page.locator("drawforge-viewer img");
    expect((await img.getAttribute("alt"))?.length).toBeGreaterThan(20);
    expect(await page.getByRole("link", { name: "Open in editor" }).getAttribute("href")).toBe(
      "https://example.com/edit",
    );
    console.log("screenshot:", await shot(page, "viewer-src"));
  });

  it("shows a stored diagram with a view token and follows new versions", async () => {
    const d = await freshDiagram();
    const page = chromium.keep(
      await openPage(
        chromium.browser,
        `<drawforge-viewer diagram-id="${d.id}" token="${d.view}" drawio-url="${servers().drawio}"></drawforge-viewer>`,
      ),
    );
    const load = await waitForEvent(page, "drawforge-load");
    expect(load.detail).toEqual({ diagramId: d.id, version: 1, title: "Order flow" });
    const img = page.locator("drawforge-viewer img");
    expect(await img.getAttribute("alt")).toBe("Order flow: Start, Check stock, Ship it");
    await backend().diagrams.operations.apply(d.id, [
      { op: "set_label", id: "end", value: "Deliver" },
    ]);
    const change = await waitForEvent(page, "drawforge-change");
    expect(change.detail).toEqual({ source: "remote", version: 2, author: "api" });
    await expect
      .poll(() => img.getAttribute("alt"))
      .toBe("Order flow: Start, Check stock, Deliver");
  });

  it("refuses an API key as its token, without calling the API", async () => {
    const d = await freshDiagram();
    const page = chromium.keep(
      await openPage(
        chromium.browser,
        `<drawforge-viewer diagram-id="${d.id}" token="widget-test-key"></drawforge-viewer>
       <drawforge-editor diagram-id="${d.id}" token="widget-test-key" drawio-url="${servers().drawio}"></drawforge-editor>`,
      ),
    );
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/v1/")) requests.push(r.url());
    });
    const viewer = await waitForEvent(page, "drawforge-error", { tag: "drawforge-viewer" });
    expect(viewer.detail).toMatchObject({ code: "not_a_widget_token" });
    const editor = await waitForEvent(page, "drawforge-error", { tag: "drawforge-editor" });
    expect(editor.detail).toMatchObject({ code: "not_a_widget_token" });
    await expect(page.locator("drawforge-viewer .placeholder").textContent()).resolves.toMatch(
      /not a widget token/,
    );
    await expect(page.locator("drawforge-editor .banner.error").textContent()).resolves.toMatch(
      /not a widget token/,
    );
    expect(requests).toEqual([]);
    expect(await events(page, "drawforge-load")).toEqual([]);
  });
});
