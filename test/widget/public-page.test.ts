/**
 * A publication's page (`/p/{pub}`) in real Chromium: when the viewer falls back to draw.io (a
 * shape the Worker does not draw), images that the diagram's labels and shapes name on other
 * hosts are not fetched, by the page or by the renderer frame (issue #31).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backend, browserForFile, FLOW_XML, hasChromium, shot } from "./harness.ts";

/** A title a page must print as text, never as markup. */
const TITLE = `Order flow </title><script>alert(1)</script> "v2"`;

/** A host that records every request it gets: what a tracking pixel's owner would see. */
let tracker: Server;
let trackerUrl = "";
const asked: string[] = [];

beforeAll(async () => {
  tracker = createServer((req, res) => {
    asked.push(req.url ?? "");
    res.writeHead(200, { "content-type": "image/png" }).end();
  });
  await new Promise<void>((resolve) => tracker.listen(0, "127.0.0.1", resolve));
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => tracker.close(() => resolve()));
});

/** FLOW_XML with an image in a label, an image shape on the tracker, and a shape nobody draws. */
function hostileXml(): string {
  const label = `Check stock&lt;img src=&quot;${trackerUrl}/label.png&quot;&gt;`;
  return FLOW_XML.replace(
    'value="Check stock" style="rounded=1;',
    `value="${label}" style="rounded=1;`,
  )
    .replace(
      'value="Start" style="ellipse;',
      `value="Start" style="shape=image;image=${trackerUrl}/shape.png;`,
    )
    .replace(
      'value="Ship it" style="ellipse;',
      'value="Ship it" style="shape=mxgraph.nowhere.thing;',
    );
}

describe.skipIf(!hasChromium)("a publication's page", () => {
  const chromium = browserForFile();

  it("draws with draw.io's viewer without fetching anything the diagram names elsewhere", async () => {
    const df = backend();
    const diagram = await df.diagrams.create({ xml: hostileXml(), title: "Tracked" });
    const pub = await df.diagrams.publications.create(diagram.id);
    const context = await chromium.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = chromium.keep(await context.newPage());
    await page.goto(pub.urls.page);
    // The Worker names shapes it drew as boxes: the viewer asks draw.io, in its renderer frame.
    const img = page.locator('drawforge-viewer img[data-renderer="drawio"]');
    await img.waitFor({ timeout: 60_000 });
    expect(await img.getAttribute("alt")).toContain("Ship it");
    // Give a late image load its chance to happen.
    await page.waitForTimeout(1_000);
    console.log("screenshot:", await shot(page, "publication-page-fallback"));
    expect(asked).toEqual([]);
  });

  it("shows the diagram's title, an icon, and download links that download", async () => {
    const df = backend();
    const diagram = await df.diagrams.create({ xml: FLOW_XML, title: TITLE });
    const pub = await df.diagrams.publications.create(diagram.id);
    const context = await chromium.browser.newContext({
      viewport: { width: 1000, height: 700 },
      acceptDownloads: true,
    });
    const page = chromium.keep(await context.newPage());
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const icon = page.waitForResponse((r) => new URL(r.url()).pathname === "/favicon.svg");
    await page.goto(pub.urls.page);
    await page.locator('drawforge-viewer img[data-renderer="server"]').waitFor({ timeout: 60_000 });
    expect(await page.title()).toBe(TITLE);
    expect(await page.locator("h1").textContent()).toBe(TITLE);
    expect((await icon).status()).toBe(200);
    console.log("screenshot:", await shot(page, "publication-page-title"));
    const names: [label: string, file: string][] = [
      ["SVG", `${diagram.title}.svg`],
      ["PNG", `${diagram.title}.png`],
      ["draw.io file", `${diagram.title}.drawio`],
    ];
    for (const [label, name] of names) {
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: label, exact: true }).click();
      const file = await download;
      expect(await file.failure(), label).toBeNull();
      expect(file.suggestedFilename(), label).toBe(name.replace(/[^\p{L}\p{N} ._-]+/gu, ""));
    }
    expect(dialogs).toEqual([]);
  });
});
