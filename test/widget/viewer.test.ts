/**
 * `<drawforge-viewer>` in real Chromium: from inline XML or a `.drawio` URL drawn by the offline
 * draw.io's viewer library in a sandboxed frame; from the API with a view token, or from a
 * publication, drawn by the Worker's own SVG, with draw.io as the fallback.
 */
import { inflateRawSync } from "node:zlib";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { luminance } from "../fixtures/wcag-contrast.ts";
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

/** FLOW_XML with its middle step drawn by a shape no renderer knows. */
const UNKNOWN_SHAPE_XML = FLOW_XML.replace(
  'value="Check stock" style="rounded=1;',
  'value="Check stock" style="shape=mxgraph.nonexistent.thing;',
);

/** The viewer's image once loaded: who drew it, its size on screen and in the SVG, its text. */
async function shownImage(page: Page) {
  const img = page.locator("drawforge-viewer img");
  await img.waitFor();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
  const box = await img.boundingBox();
  return {
    renderer: await img.getAttribute("data-renderer"),
    alt: await img.getAttribute("alt"),
    src: (await img.getAttribute("src")) ?? "",
    naturalWidth: await img.evaluate((el: HTMLImageElement) => el.naturalWidth),
    width: box?.width ?? 0,
    height: box?.height ?? 0,
  };
}

/**
 * What a viewer's canvas shows, as shares of its pixels: light ones (relative luminance over
 * 0.6), ones within 4 of draw.io's dark page `#121212`, and ones within 8 of `colour`.
 */
async function canvasColours(page: Page, selector: string, colour: string) {
  const png = PNG.sync.read(await page.locator(`${selector} .canvas`).screenshot());
  const want = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  let light = 0;
  let page121212 = 0;
  let near = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const rgb = [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
    if (luminance(rgb) > 0.6) light++;
    if (rgb.every((v) => Math.abs(v - 0x12) <= 4)) page121212++;
    if (rgb.every((v, k) => Math.abs(v - (want[k] ?? 0)) <= 8)) near++;
  }
  const all = png.data.length / 4;
  return { light: light / all, background: page121212 / all, colour: near / all };
}

/** The URLs the page requests from now on. */
function requests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    urls.push(r.url());
  });
  return urls;
}

/** Adds markup to the page's body (whose components then start). */
function add(page: Page, markup: string): Promise<void> {
  return page.evaluate((html) => document.body.insertAdjacentHTML("beforeend", html), markup);
}

const fromDrawio = (urls: string[]) =>
  urls.filter((u) => u.startsWith(new URL(servers().drawio).origin));

/** Whether the page has started draw.io's viewer (its hidden renderer frame). */
const drawioLoaded = (page: Page) =>
  page.evaluate(
    () => document.querySelector('iframe[title="Drawforge diagram renderer"]') !== null,
  );

describe.skipIf(!hasChromium)("drawforge-viewer", () => {
  const chromium = browserForFile();

  it("draws inline XML, fits the width, zooms, and links to an editor", async () => {
    const page = chromium.keep(
      await openPage(
        chromium.browser,
        `<drawforge-viewer xml="${attr(FLOW_XML)}" drawio-url="${servers().drawio}" style="width:420px"></drawforge-viewer>`,
      ),
    );
    const load = await waitForEvent(page, "drawforge-load");
    // Inline XML has no server drawing: draw.io draws it.
    expect(load.detail).toMatchObject({ renderer: "drawio" });
    const img = page.locator("drawforge-viewer img");
    expect(await img.getAttribute("data-renderer")).toBe("drawio");
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

  it("shows a stored diagram with the server's SVG, without draw.io, and follows new versions", async () => {
    const d = await freshDiagram();
    const page = chromium.keep(await openPage(chromium.browser, ""));
    const urls = requests(page);
    await add(
      page,
      `<drawforge-viewer diagram-id="${d.id}" token="${d.view}" drawio-url="${servers().drawio}"></drawforge-viewer>`,
    );
    const load = await waitForEvent(page, "drawforge-load");
    expect(load.detail).toEqual({
      diagramId: d.id,
      version: 1,
      title: "Order flow",
      renderer: "server",
    });
    const first = await shownImage(page);
    expect(first).toMatchObject({
      renderer: "server",
      alt: "Order flow: Start, Check stock, Ship it",
    });
    expect(first.src).toMatch(/^blob:/);
    expect(first.naturalWidth).toBeGreaterThan(400);
    expect(first.width).toBeGreaterThan(300);
    expect(first.height).toBeGreaterThan(40);
    expect(urls.some((u) => u.includes(`/v1/diagrams/${d.id}/export?format=svg&version=1`))).toBe(
      true,
    );
    expect(fromDrawio(urls)).toEqual([]);
    console.log("screenshot:", await shot(page, "viewer-server-svg"));

    // A new version is fetched and drawn again by the server.
    await backend().diagrams.operations.apply(d.id, [
      { op: "set_label", id: "end", value: "Deliver" },
    ]);
    const change = await waitForEvent(page, "drawforge-change");
    expect(change.detail).toEqual({ source: "remote", version: 2, author: "api" });
    await expect
      .poll(() => page.locator("drawforge-viewer img").getAttribute("alt"))
      .toBe("Order flow: Start, Check stock, Deliver");
    const second = await shownImage(page);
    expect(second.renderer).toBe("server");
    expect(second.src).not.toBe(first.src);
    expect(urls.some((u) => u.includes("export?format=svg&version=2"))).toBe(true);
    expect(fromDrawio(urls)).toEqual([]);
    expect(await drawioLoaded(page)).toBe(false);
    console.log("screenshot:", await shot(page, "viewer-server-svg-v2"));
  });

  it("falls back to draw.io when the server drew a shape it does not know, unless told not to", async () => {
    const d = await freshDiagram(UNKNOWN_SHAPE_XML, "Odd shape");
    const page = chromium.keep(await openPage(chromium.browser, ""));
    const urls = requests(page);
    await add(
      page,
      `<drawforge-viewer id="auto" diagram-id="${d.id}" token="${d.view}" drawio-url="${servers().drawio}"></drawforge-viewer>
       <drawforge-viewer id="forced" renderer="server" diagram-id="${d.id}" token="${d.view}" drawio-url="${servers().drawio}"></drawforge-viewer>`,
    );
    await waitForEvent(page, "drawforge-load", { count: 2 });
    const loads = await events(page, "drawforge-load");
    expect(loads.map((e) => e.detail.renderer).sort()).toEqual(["drawio", "server"]);
    const auto = page.locator("#auto img");
    expect(await auto.getAttribute("data-renderer")).toBe("drawio");
    expect(await auto.getAttribute("alt")).toBe("Odd shape: Start, Check stock, Ship it");
    expect(await auto.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(400);
    expect(await drawioLoaded(page)).toBe(true);
    expect(fromDrawio(urls).length).toBeGreaterThan(0);
    // renderer="server": the server's drawing, the unknown shape as its box.
    expect(await page.locator("#forced img").getAttribute("data-renderer")).toBe("server");
    console.log("screenshot:", await shot(page, "viewer-unknown-shape"));
  });

  it("falls back to draw.io when the SVG request fails, and renderer=drawio skips the server", async () => {
    const d = await freshDiagram();
    const page = chromium.keep(await openPage(chromium.browser, ""));
    const urls = requests(page);
    const viewer = (id: string, extra = "") =>
      `<drawforge-viewer id="${id}" ${extra} diagram-id="${d.id}" token="${d.view}" drawio-url="${servers().drawio}"></drawforge-viewer>`;
    await page.route("**/export?format=svg*", (route) => route.fulfill({ status: 503 }));
    await add(page, viewer("failing"));
    await waitForEvent(page, "drawforge-load");
    expect(await page.locator("#failing img").getAttribute("data-renderer")).toBe("drawio");
    expect(await events(page, "drawforge-error")).toEqual([]);
    const exports = () => urls.filter((u) => u.includes("/export?")).length;
    const failed = exports();
    expect(failed).toBeGreaterThan(0);
    await page.unroute("**/export?format=svg*");
    await add(page, viewer("drawio", 'renderer="drawio"'));
    await waitForEvent(page, "drawforge-load", { count: 2 });
    expect(await page.locator("#drawio img").getAttribute("data-renderer")).toBe("drawio");
    expect(exports()).toBe(failed);
  });

  it("asks the server for its dark drawing in the dark theme", async () => {
    const d = await freshDiagram();
    const page = chromium.keep(await openPage(chromium.browser, ""));
    const urls = requests(page);
    await add(
      page,
      `<drawforge-viewer theme="dark" diagram-id="${d.id}" token="${d.view}"></drawforge-viewer>`,
    );
    await waitForEvent(page, "drawforge-load");
    expect((await shownImage(page)).renderer).toBe("server");
    expect(urls.some((u) => u.includes("theme=dark"))).toBe(true);
    expect(await page.locator("drawforge-viewer .canvas").getAttribute("class")).toContain("dark");
    console.log("screenshot:", await shot(page, "viewer-server-dark"));
  });

  it("shows the diagram dark by draw.io's rule in the dark theme, whoever draws it", async () => {
    const d = await freshDiagram();
    const page = chromium.keep(await openPage(chromium.browser, ""));
    const viewer = (id: string, extra: string) =>
      `<drawforge-viewer id="${id}" theme="dark" ${extra} drawio-url="${servers().drawio}"></drawforge-viewer>`;
    await add(
      page,
      viewer("server", `diagram-id="${d.id}" token="${d.view}"`) +
        viewer("drawio", `diagram-id="${d.id}" token="${d.view}" renderer="drawio"`) +
        viewer("inline", `xml="${attr(FLOW_XML)}"`) +
        `<drawforge-viewer id="light" xml="${attr(FLOW_XML)}" drawio-url="${servers().drawio}"></drawforge-viewer>`,
    );
    await waitForEvent(page, "drawforge-load", { count: 4 });
    expect(await page.locator("#server img").getAttribute("data-renderer")).toBe("server");
    expect(await page.locator("#drawio img").getAttribute("data-renderer")).toBe("drawio");
    for (const id of ["server", "drawio", "inline", "light"]) {
      await expect
        .poll(() => page.locator(`#${id} img`).evaluate((el: HTMLImageElement) => el.complete))
        .toBe(true);
    }
    console.log("screenshot:", await shot(page, "viewer-dark-every-renderer"));
    // "Check stock" is #dae8fc; draw.io's dark mode paints it #1d293b (dark-colours.ts).
    const light = await canvasColours(page, "#light", "#dae8fc");
    expect(light.light).toBeGreaterThan(0.5);
    for (const id of ["server", "drawio", "inline"]) {
      const shown = await canvasColours(page, `#${id}`, "#1d293b");
      expect(shown.light, id).toBeLessThan(0.03);
      expect(shown.background, id).toBeGreaterThan(0.5);
      expect(shown.colour, id).toBeGreaterThan(0.01);
    }
  });

  it("shows a publication from any of its public links with the server's SVG, without a token", async () => {
    const d = await freshDiagram();
    const pub = await backend().diagrams.publications.create(d.id);
    const page = chromium.keep(await openPage(chromium.browser, ""));
    const urls = requests(page);
    // The page's link, and the file's link as a path relative to the page.
    await add(
      page,
      `<drawforge-viewer id="page" src="${pub.urls.page}" drawio-url="${servers().drawio}"></drawforge-viewer>
       <drawforge-viewer id="file" src="${new URL(pub.urls.drawio).pathname}" drawio-url="${servers().drawio}"></drawforge-viewer>`,
    );
    await waitForEvent(page, "drawforge-load", { count: 2 });
    for (const load of await events(page, "drawforge-load")) {
      expect(load.detail).toMatchObject({ diagramId: null, renderer: "server" });
    }
    for (const id of ["page", "file"]) {
      const img = page.locator(`#${id} img`);
      expect(await img.getAttribute("data-renderer")).toBe("server");
      expect(await img.getAttribute("alt")).toBe("Diagram: Start, Check stock, Ship it");
      expect((await img.boundingBox())?.width).toBeGreaterThan(300);
    }
    expect(urls).toEqual(
      expect.arrayContaining([`${pub.urls.page}.svg`, `${pub.urls.page}.drawio`]),
    );
    expect(urls.filter((u) => u.includes("/v1/"))).toEqual([]);
    expect(fromDrawio(urls)).toEqual([]);
    expect(await drawioLoaded(page)).toBe(false);
    // "Open in editor": a diagrams.net copy of the published file.
    expect(
      await page
        .locator("#page")
        .getByRole("link", { name: "Open in editor" })
        .getAttribute("href"),
    ).toMatch(/^https:\/\/app\.diagrams\.net\/#R/);
    console.log("screenshot:", await shot(page, "viewer-publication"));
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
