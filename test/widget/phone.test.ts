/**
 * The widget on a phone (390 × 844, touch, issue #36 item 11): the demo page's editor fits the
 * screen with every toolbar button in reach, and a publication's viewer starts readable and
 * pans and zooms by touch, wheel, drag, buttons and keys; on a desktop it still fits the width.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { backend, browserForFile, hasChromium, servers, shot } from "./harness.ts";

/** A flow of `n` steps in one row, 180 px apart: far wider than a phone. */
function wideXml(n = 10): string {
  const cells: string[] = ['<mxCell id="0"/>', '<mxCell id="1" parent="0"/>'];
  for (let i = 0; i < n; i++) {
    cells.push(
      `<mxCell id="s${i}" value="Step ${i + 1}" style="rounded=1;whiteSpace=wrap;html=1;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1"><mxGeometry x="${40 + i * 180}" y="40" width="120" height="60" as="geometry"/></mxCell>`,
    );
    if (i > 0) {
      cells.push(
        `<mxCell id="e${i}" edge="1" parent="1" source="s${i - 1}" target="s${i}" style="endArrow=block;html=1;"><mxGeometry relative="1" as="geometry"/></mxCell>`,
      );
    }
  }
  return `<mxGraphModel><root>${cells.join("")}</root></mxGraphModel>`;
}

/** A page as an iPhone-sized phone shows it: 390 × 844 CSS px, touch, a mobile viewport. */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/**
 * How far the page reaches past the phone's 390 px: 0 or less when nothing overflows. A mobile
 * browser zooms a page that overflows out until it fits, which widens `innerWidth` with it, so
 * both are compared with the screen's width.
 */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen.width,
  );
}

/** The viewer's zoom as its bar shows it, in percent. */
async function zoomShown(page: Page): Promise<number> {
  return Number.parseInt((await page.locator("drawforge-viewer .zoom").textContent()) ?? "", 10);
}

/** The viewer's canvas scroll position. */
function scrolled(page: Page): Promise<{ left: number; top: number }> {
  return page
    .locator("drawforge-viewer .canvas")
    .evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
}

/** A published wide diagram's page, once its viewer has drawn it. */
async function openPublication(page: Page): Promise<void> {
  const df = backend();
  const diagram = await df.diagrams.create({ xml: wideXml(), title: "Wide flow" });
  const pub = await df.diagrams.publications.create(diagram.id);
  await page.goto(pub.urls.page);
  const img = page.locator("drawforge-viewer img");
  await img.waitFor({ timeout: 60_000 });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
}

describe.skipIf(!hasChromium)("the widget on a phone", () => {
  const chromium = browserForFile();

  it("fits the demo editor to 390 px, every toolbar button visible and tappable", async () => {
    const page = chromium.keep(await phonePage(chromium.browser));
    await page.goto(`${servers().worker}/?drawio=${encodeURIComponent(servers().drawio)}`);
    await page.locator("drawforge-editor .status:not(.loading)").waitFor({ timeout: 60_000 });
    console.log("screenshot:", await shot(page, "phone-demo"));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const buttons = page.locator("drawforge-editor .toolbar button");
    const count = await buttons.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      const box = await button.boundingBox();
      const label = (await button.getAttribute("aria-label")) ?? (await button.textContent());
      expect(box, `${label} has a box`).not.toBeNull();
      if (!box) continue;
      // On screen, and big enough for a finger (WCAG 2.5.8 asks 24 px; phones want more).
      expect(box.x, `${label} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${label} ends on screen`).toBeLessThanOrEqual(390);
      expect(box.height, `${label} is tall enough to tap`).toBeGreaterThanOrEqual(36);
      expect(box.width, `${label} is wide enough to tap`).toBeGreaterThanOrEqual(36);
      // Nothing covers its middle: a tap there lands on the button.
      const hit = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const root = el.getRootNode() as ShadowRoot;
        return root.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
      });
      expect(hit, `${label} is not covered`).toBe(true);
    }
    // A tap on "History" opens the history; a tap on "Chat" brings the chat back.
    await page.locator("drawforge-editor .tabs button", { hasText: "History" }).tap();
    await page.locator("drawforge-editor .panel .history").waitFor();
    await page.locator("drawforge-editor .tabs button", { hasText: "Chat" }).tap();
    await page.locator("drawforge-editor .panel .chat").waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The chat's model picker (two models offered) sits beside Send, on screen, tappable.
    const picker = page.getByRole("combobox", { name: "Model" });
    await picker.scrollIntoViewIfNeeded();
    console.log("screenshot:", await shot(page, "phone-demo-model-picker"));
    const [pick, send] = await Promise.all([
      picker.boundingBox(),
      page.locator("drawforge-editor [part=send-button]").boundingBox(),
    ]);
    if (!pick || !send) throw new Error("the model picker or Send has no box");
    expect(pick.x).toBeGreaterThanOrEqual(0);
    expect(pick.x + pick.width).toBeLessThanOrEqual(send.x);
    expect(send.x + send.width).toBeLessThanOrEqual(390);
    expect(pick.height).toBeGreaterThanOrEqual(36);
  });

  it("starts a wide publication readable on a phone, and pinches, pans and zooms it", async () => {
    const page = chromium.keep(await phonePage(chromium.browser));
    await openPublication(page);
    console.log("screenshot:", await shot(page, "phone-publication"));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Fitting 1,800 px into 390 would be about 20 %: it starts at half size, to be panned.
    const start = await zoomShown(page);
    expect(start).toBeGreaterThanOrEqual(50);
    const img = page.locator("drawforge-viewer img");
    const width = async () => (await img.boundingBox())?.width ?? 0;
    const startWidth = await width();
    expect(startWidth).toBeGreaterThan(390);

    // Two fingers spread apart on the diagram: it grows.
    const canvas = page.locator("drawforge-viewer .canvas");
    const box = (await canvas.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const cx = box.x + box.width / 2;
    const cy = box.y + Math.min(box.height / 2, 80);
    const cdp = await page.context().newCDPSession(page);
    const touch = (
      type: "touchStart" | "touchMove" | "touchEnd",
      points: Array<[number, number]>,
    ) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: points.map(([x, y], id) => ({ x, y, id })),
      });
    await touch("touchStart", [
      [cx - 30, cy],
      [cx + 30, cy],
    ]);
    for (let step = 1; step <= 6; step++) {
      await touch("touchMove", [
        [cx - 30 - step * 12, cy],
        [cx + 30 + step * 12, cy],
      ]);
    }
    await touch("touchEnd", []);
    await expect.poll(() => zoomShown(page)).toBeGreaterThan(start * 1.5);
    expect(await width()).toBeGreaterThan(startWidth * 1.5);
    console.log("screenshot:", await shot(page, "phone-publication-pinched"));

    // One finger dragged to the left: the diagram moves with it.
    const before = await scrolled(page);
    await touch("touchStart", [[cx + 100, cy]]);
    for (let step = 1; step <= 8; step++) await touch("touchMove", [[cx + 100 - step * 20, cy]]);
    // Held still before lifting: no fling, which would swallow the next tap.
    await page.waitForTimeout(200);
    await touch("touchMove", [[cx - 60, cy]]);
    await touch("touchEnd", []);
    await expect.poll(async () => (await scrolled(page)).left).toBeGreaterThan(before.left + 60);

    // The buttons: − makes it smaller, Fit shows all of it.
    const pinched = await zoomShown(page);
    await page.getByRole("button", { name: "Zoom out" }).tap();
    await expect.poll(() => zoomShown(page)).toBeLessThan(pinched);
    await page.getByRole("button", { name: "Fit to width" }).tap();
    await expect.poll(() => zoomShown(page)).toBeLessThan(30);
    expect(await width()).toBeLessThanOrEqual(box.width);
  });

  it("zooms with ctrl+wheel at the pointer, pans by dragging, and answers keys, on a desktop too", async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = chromium.keep(await context.newPage());
    await openPublication(page);
    // A desktop keeps fitting the width, however small that makes a wide diagram.
    const img = page.locator("drawforge-viewer img");
    const canvas = page.locator("drawforge-viewer .canvas");
    const room = await canvas.evaluate((el) => el.clientWidth);
    const fitted = (await img.boundingBox())?.width ?? 0;
    expect(fitted).toBeLessThanOrEqual(room);
    expect(fitted).toBeGreaterThan(room - 40);
    const fit = await zoomShown(page);
    expect(fit).toBeLessThan(70);
    console.log("screenshot:", await shot(page, "desktop-publication"));

    // Ctrl+wheel up over the diagram zooms in; a plain wheel is left to the page.
    const box = (await canvas.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    await page.mouse.move(box.x + box.width * 0.75, box.y + 60);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -300);
    await page.keyboard.up("Control");
    await expect.poll(() => zoomShown(page)).toBeGreaterThan(fit * 1.3);
    // Zoomed about the pointer, which was right of the middle: the view moved right.
    expect((await scrolled(page)).left).toBeGreaterThan(0);

    // Dragging with the mouse moves the diagram with the pointer.
    const before = await scrolled(page);
    await page.mouse.move(box.x + box.width / 2, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + 60, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await scrolled(page)).left).toBeLessThan(before.left - 100);

    // Keys: + zooms, arrows pan, 0 fits again.
    await canvas.focus();
    const keyed = await zoomShown(page);
    await page.keyboard.press("+");
    await expect.poll(() => zoomShown(page)).toBeGreaterThan(keyed);
    const left = (await scrolled(page)).left;
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await scrolled(page)).left).toBeGreaterThan(left);
    await page.keyboard.press("0");
    await expect.poll(() => zoomShown(page)).toBe(fit);
  });
});
