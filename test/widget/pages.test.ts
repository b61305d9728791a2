/**
 * The Worker's pages in real Chromium as a user without internet meets them: every request to
 * another host is refused, and the API reference (`/docs`), the demo page and the editor page
 * of `links.editor` must still draw, from the Worker alone (Scalar and draw.io copied into its
 * static assets, `DRAWIO_URL=/drawio/?offline=1` as `npm start` sets it).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { WIDGET_TEST_KEY } from "./global-setup.ts";
import { browserForFile, hasChromium, script, servers, shot } from "./harness.ts";

describe.skipIf(!hasChromium)("the Worker's pages without internet", () => {
  const chromium = browserForFile();

  /** A page that can reach the Worker and nothing else; `refused` lists what it tried. */
  async function offlinePage(): Promise<{ page: Page; refused: string[] }> {
    const page = await chromium.browser.newPage({ viewport: { width: 1400, height: 900 } });
    chromium.keep(page);
    const refused: string[] = [];
    const worker = new URL(servers().worker).origin;
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(worker) || url.startsWith("data:") || url.startsWith("blob:")) {
        return route.continue();
      }
      refused.push(url);
      return route.abort("internetdisconnected");
    });
    return { page, refused };
  }

  it("draws the API reference from the Worker's own copy of Scalar", async () => {
    const { page, refused } = await offlinePage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(`${servers().worker}/docs`);
    // The document's title and an operation's summary, drawn by Scalar.
    await page.getByRole("heading", { name: "Drawforge API" }).waitFor({ timeout: 30_000 });
    await page.getByText("Create a diagram").first().waitFor();
    console.log("screenshot:", await shot(page, "docs-offline"));
    expect(refused).toEqual([]);
    expect(errors.filter((e) => /Content.Security.Policy/i.test(e))).toEqual([]);
  });

  it("shows a working editor and viewer on the demo page, with draw.io from the Worker", async () => {
    const { page, refused } = await offlinePage();
    await page.goto(servers().worker);
    const frame = page.locator("drawforge-editor iframe");
    const src = (await frame.getAttribute("src")) ?? "";
    expect(src.startsWith(`${servers().worker}/drawio/`)).toBe(true);
    const drawio = page.frameLocator("drawforge-editor iframe");
    await drawio.getByText("Write a prompt", { exact: true }).first().waitFor({ timeout: 60_000 });
    await page.locator("drawforge-viewer img").first().waitFor({ timeout: 30_000 });
    console.log("screenshot:", await shot(page, "demo-offline"));
    expect(refused).toEqual([]);
  });

  it("opens the diagram of links.editor in the editor page", async () => {
    const { page, refused } = await offlinePage();
    await script([
      {
        tools: [
          {
            name: "create_from_graph",
            args: {
              graph: {
                nodes: [
                  { id: "cart", label: "Cart" },
                  { id: "pay", label: "Pay by link" },
                ],
                edges: [{ from: "cart", to: "pay" }],
              },
            },
          },
        ],
      },
      { text: "Drew it." },
    ]);
    const res = await fetch(`${servers().worker}/v1/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${WIDGET_TEST_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "A cart that pays by link" }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { diagram_id: string; links: { editor: string } };
    await page.goto(answer.links.editor);
    const drawio = page.frameLocator("drawforge-editor iframe");
    await drawio.getByText("Pay by link", { exact: true }).first().waitFor({ timeout: 60_000 });
    const id = await page.locator("drawforge-editor").getAttribute("diagram-id");
    expect(id).toBe(answer.diagram_id);
    console.log("screenshot:", await shot(page, "editor-link"));
    expect(refused).toEqual([]);

    // Without the token the page says what to do instead of opening anything.
    await page.goto(answer.links.editor.replace(/#.*$/, ""));
    await page.getByText("This link cannot open the diagram").waitFor();
    expect(await page.locator("drawforge-editor").count()).toBe(0);
  });
});
