/**
 * The demo page (`/` with DEMO_PAGE=1): a fresh diagram with an editor and a viewer, pointed at
 * another draw.io with `?drawio=`, and opened from the viewer on the editor page; `?diagram=`
 * reopens only the demo's own diagrams.
 */
import { describe, expect, it } from "vitest";
import { backend, browserForFile, FLOW_XML, hasChromium, servers, shot } from "./harness.ts";

describe.skipIf(!hasChromium)("the demo page", () => {
  const chromium = browserForFile();

  it("shows the editor and the viewer on a fresh diagram, with the draw.io it is given", async () => {
    const { worker, drawio } = servers();
    const page = await chromium.browser.newPage({ viewport: { width: 1400, height: 1100 } });
    // Recorded from the first script on, so no event is missed however fast it comes.
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __loads: unknown[] }).__loads = seen;
      document.addEventListener("drawforge-load", (e) => {
        seen.push({
          tag: (e.target as Element).tagName.toLowerCase(),
          ...(e as CustomEvent).detail,
        });
      });
    });
    const loaded = async (tag: string) => {
      const handle = await page.waitForFunction(
        (t) =>
          (window as unknown as { __loads: Array<{ tag: string }> }).__loads.find(
            (l) => l.tag === t,
          ),
        tag,
        { timeout: 30_000 },
      );
      return (await handle.jsonValue()) as unknown as { diagramId: string; version: number };
    };
    await page.goto(`${worker}/?drawio=${encodeURIComponent(drawio)}`);
    const [editor, viewer] = await Promise.all([
      loaded("drawforge-editor"),
      loaded("drawforge-viewer"),
    ]);
    expect(editor.diagramId).toMatch(/^d_/);
    expect(viewer.diagramId).toBe(editor.diagramId);
    const frameUrl = await page.locator("drawforge-editor iframe").getAttribute("src");
    expect(frameUrl?.startsWith(new URL(drawio).origin)).toBe(true);
    const alt = await page.locator("drawforge-viewer img").getAttribute("alt");
    expect(alt).toContain("Write a prompt");
    console.log("screenshot:", await shot(page, "demo-page"));

    // The viewer's "Open in editor" opens the same diagram on the editor page, with an edit
    // token in the fragment.
    const href = await page.getByRole("link", { name: "Open in editor" }).getAttribute("href");
    expect(href).toMatch(new RegExp(`^/edit/${editor.diagramId}#token=dft_`));
    await page.goto(new URL(href ?? "", worker).href);
    const again = await loaded("drawforge-editor");
    expect(again.diagramId).toBe(editor.diagramId);
    await page.close();
  });

  it("refuses to open a diagram that is not the demo's with ?diagram=", async () => {
    const other = await backend().diagrams.create({ xml: FLOW_XML, title: "Not a demo" });
    const res = await fetch(`${servers().worker}/?diagram=${other.id}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: string }).detail).toContain("links.editor");
  });

  it("serves widget.js with CORS and long cache headers", async () => {
    const res = await fetch(`${servers().worker}/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toMatch(/max-age=86400/);
    expect(await res.text()).toContain("drawforge-editor");
  });
});
