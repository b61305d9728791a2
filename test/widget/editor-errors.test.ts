/**
 * The components saying what went wrong (issue #36, item 7): a page on an origin the Worker's
 * ALLOWED_ORIGINS does not list is told so, not "TypeError: Failed to fetch"; an editor that
 * refuses its token does not leave draw.io spinning; a draw.io that is not there is named, with
 * Retry, and is not called a failed save.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { connect, createServer as createTcpServer, type Socket } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../fixtures/free-port.ts";
import {
  browserForFile,
  events,
  freshDiagram,
  hasChromium,
  openPage,
  servers,
  shot,
  statusText,
  waitForEvent,
} from "./harness.ts";

/** A host page on an origin of its own (not the Worker's), serving whatever body a test sets. */
let host: Server;
let hostOrigin = "";
let hostBody = "";

beforeAll(async () => {
  host = createHttpServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(hostBody);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const address = host.address();
  hostOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  host.closeAllConnections();
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

/** Forwards a port to the test draw.io server: draw.io coming up where there was nothing. */
async function forward(port: number): Promise<{ close(): Promise<void> }> {
  const target = new URL(servers().drawio);
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on("error", () => {
        socket.destroy();
        upstream.destroy();
      });
      s.on("close", () => sockets.delete(s));
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Text of an element inside a component's shadow root. */
function text(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .textContent()
    .then((t) => (t ?? "").replace(/\s+/g, " ").trim());
}

describe.skipIf(!hasChromium)("the components' errors", () => {
  const chromium = browserForFile();

  it("names ALLOWED_ORIGINS and the page's origin when the Worker does not allow it", async () => {
    const d = await freshDiagram();
    const { worker, drawio } = servers();
    const closed = await freePort();
    hostBody = `<!doctype html><meta charset="utf-8"><title>docs</title>
      <script type="module" src="${worker}/widget.js"></script>
      <drawforge-viewer id="blocked" diagram-id="${d.id}" token="${d.view}"></drawforge-viewer>
      <drawforge-viewer id="down" api-base="http://127.0.0.1:${closed}" diagram-id="${d.id}" token="${d.view}"></drawforge-viewer>
      <drawforge-editor diagram-id="${d.id}" token="${d.edit}" drawio-url="${drawio}" style="height:480px"></drawforge-editor>`;
    const context = await chromium.browser.newContext({ viewport: { width: 1200, height: 1000 } });
    const page = chromium.keep(await context.newPage());
    const errors: Array<{ id: string; code: string; message: string }> = [];
    await page.exposeFunction("__error", (e: { id: string; code: string; message: string }) =>
      errors.push(e),
    );
    await page.addInitScript(() => {
      document.addEventListener("drawforge-error", (event) => {
        const target = event.target as Element;
        const { code, message } = (event as CustomEvent).detail;
        (window as unknown as { __error: (e: unknown) => void }).__error({
          id: target.id || target.tagName.toLowerCase(),
          code,
          message,
        });
      });
    });
    await page.goto(`${hostOrigin}/docs`);
    await expect
      .poll(() => errors.map((e) => e.id).sort(), { timeout: 30_000 })
      .toEqual(["blocked", "down", "drawforge-editor"]);
    console.log("screenshot:", await shot(page, "errors-cors"));
    const byId = Object.fromEntries(errors.map((e) => [e.id, e]));

    // The Worker answers, but not to this origin: CORS, and the setting that fixes it.
    expect(byId.blocked?.code).toBe("cors_blocked");
    const blocked = await text(page, "#blocked .placeholder");
    expect(blocked).toContain("ALLOWED_ORIGINS");
    expect(blocked).toContain(hostOrigin);
    expect(blocked).toContain(new URL(worker).origin);
    expect(blocked).not.toContain("Failed to fetch");
    // The editor says the same where draw.io would be, and draw.io is not left spinning.
    expect(byId["drawforge-editor"]?.code).toBe("cors_blocked");
    const notice = await text(page, "drawforge-editor .stage-notice");
    expect(notice).toContain("ALLOWED_ORIGINS");
    expect(notice).toContain(hostOrigin);
    expect(await page.locator("drawforge-editor iframe").count()).toBe(0);
    expect(await statusText(page)).toContain("Not opened");

    // Nothing answers at all: unreachable, and CORS named as the likely cause if it is up.
    expect(byId.down?.code).toBe("network_error");
    const down = await text(page, "#down .placeholder");
    expect(down).toMatch(/blocked or the server is unreachable/);
    expect(down).toContain("ALLOWED_ORIGINS");
    expect(down).toContain(hostOrigin);
  });

  it("starts no draw.io for an editor given an API key", async () => {
    const d = await freshDiagram();
    const page = chromium.keep(await openPage(chromium.browser, ""));
    const fromDrawio: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(new URL(servers().drawio).origin)) fromDrawio.push(r.url());
    });
    await page.evaluate(
      ([id, url]) =>
        document.body.insertAdjacentHTML(
          "beforeend",
          `<drawforge-editor diagram-id="${id}" token="widget-test-key" drawio-url="${url}"></drawforge-editor>`,
        ),
      [d.id, servers().drawio] as const,
    );
    const error = await waitForEvent(page, "drawforge-error");
    expect(error.detail).toMatchObject({ code: "not_a_widget_token" });
    expect(await text(page, "drawforge-editor .banner.error")).toMatch(/not a widget token/);
    expect(await text(page, "drawforge-editor .stage-notice")).toMatch(/draw.io was not started/);
    expect(await statusText(page)).toContain("Not opened");
    expect(await statusText(page)).not.toContain("Loading");
    // An absence: no frame, and nothing asked of draw.io, however long one waits.
    await page.waitForTimeout(1_000);
    expect(await page.locator("drawforge-editor iframe").count()).toBe(0);
    expect(fromDrawio).toEqual([]);
    console.log("screenshot:", await shot(page, "errors-api-key"));
  });

  it("says draw.io could not be loaded from its URL, not 'Not saved', and retries", async () => {
    const d = await freshDiagram();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/?offline=1`;
    const page = chromium.keep(
      await openPage(
        chromium.browser,
        `<drawforge-editor diagram-id="${d.id}" token="${d.edit}" drawio-url="${url}"></drawforge-editor>`,
      ),
    );
    const error = await waitForEvent(page, "drawforge-error", { timeout: 20_000 });
    expect(error.detail).toMatchObject({ code: "drawio_unreachable" });
    const notice = page.locator("drawforge-editor .stage-notice");
    await notice.waitFor();
    const told = await text(page, "drawforge-editor .stage-notice");
    expect(told).toContain("draw.io could not be loaded");
    expect(told).toContain(url);
    const status = await statusText(page);
    expect(status).toContain("Not opened");
    expect(status).not.toContain("Not saved");
    expect(await page.locator("drawforge-editor .banner").count()).toBe(0);
    expect(await page.locator("drawforge-editor iframe").count()).toBe(0);
    expect(await events(page, "drawforge-save")).toEqual([]);
    console.log("screenshot:", await shot(page, "errors-drawio-unreachable"));

    // draw.io comes up there; Retry opens the diagram.
    const server = await forward(port);
    try {
      await notice.getByRole("button", { name: "Retry" }).click();
      const load = await waitForEvent(page, "drawforge-load", { timeout: 60_000 });
      expect(load.detail).toMatchObject({ diagramId: d.id, version: 1 });
      expect(await statusText(page)).toContain("Saved · v1");
      expect(await page.locator("drawforge-editor .stage-notice").count()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
