/**
 * With draw.io on the page's origin (the Worker's own `/drawio/`, as `npm start` serves it), the
 * editor brings what an agent turn or a remote version added into view: scrolled to it, or
 * zoomed out when it is larger than the view.
 */
import type { Frame, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  backend,
  browserForFile,
  freshDiagram,
  hasChromium,
  openPage,
  script,
  servers,
  shot,
  waitForEvent,
} from "./harness.ts";

/** A vertex with a plain label, far from the first view (100 % at the page's corner). */
function farCell(id: string, label: string, x: number, y: number): string {
  return `<mxCell id="${id}" value="${label}" style="rounded=1;whiteSpace=wrap;html=1;fillColor=#fff2cc;" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="160" height="80" as="geometry"/></mxCell>`;
}

/** Is the label `text` wholly inside draw.io's scrolling diagram area? */
async function inView(frame: Frame, text: string): Promise<boolean> {
  const [label, area] = await Promise.all([
    frame.getByText(text, { exact: true }).first().boundingBox(),
    frame.locator(".geDiagramContainer").boundingBox(),
  ]);
  if (!label || !area) throw new Error(`no box for '${text}' or the diagram area`);
  return (
    label.x >= area.x &&
    label.y >= area.y &&
    label.x + label.width <= area.x + area.width &&
    label.y + label.height <= area.y + area.height
  );
}

/** draw.io's zoom, from the zoom box of its toolbar ("100%"). */
async function zoom(frame: Frame): Promise<number> {
  const text = await frame
    .locator(".geToolbar")
    .getByText(/^\d+%$/)
    .first()
    .textContent();
  return Number.parseInt(text ?? "", 10);
}

describe.skipIf(!hasChromium)("drawforge-editor with a same-origin draw.io", () => {
  const chromium = browserForFile();

  async function open(): Promise<{ id: string; page: Page; frame: Frame }> {
    const d = await freshDiagram();
    const drawio = `${servers().worker}/drawio/?offline=1`;
    const page = chromium.keep(
      await openPage(
        chromium.browser,
        `<drawforge-editor diagram-id="${d.id}" token="${d.edit}" drawio-url="${drawio}" save-delay="300"></drawforge-editor>`,
      ),
    );
    await waitForEvent(page, "drawforge-load", { tag: "drawforge-editor" });
    const frame = page.frames().find((f) => f.url().startsWith(`${servers().worker}/drawio/`));
    if (!frame) throw new Error("no same-origin draw.io frame");
    await frame.getByText("Check stock", { exact: true }).first().waitFor();
    return { id: d.id, page, frame };
  }

  it("scrolls to a cell a remote version added far off screen", async () => {
    const { id, page, frame } = await open();
    const before = await zoom(frame);
    console.log("screenshot:", await shot(page, "reveal-remote-before"));
    await backend().diagrams.operations.apply(id, [
      { op: "add", xml: farCell("far", "Far away", 3000, 2000) },
    ]);
    const change = await waitForEvent(page, "drawforge-change");
    expect(change.detail).toEqual({ source: "remote", version: 2, author: "api" });
    await frame.getByText("Far away", { exact: true }).first().waitFor({ state: "attached" });
    console.log("screenshot:", await shot(page, "reveal-remote-after"));
    expect(await inView(frame, "Far away")).toBe(true);
    // It fits at the zoom there was: scrolled, not zoomed.
    expect(await zoom(frame)).toBe(before);
    expect(before).toBe(100);
  });

  it("zooms out to fit what an agent turn added when it is larger than the view", async () => {
    const { page, frame } = await open();
    console.log("screenshot:", await shot(page, "reveal-agent-before"));
    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: {
              operations: [
                { op: "add", xml: farCell("north", "Far north", 200, 1600) },
                { op: "add", xml: farCell("east", "Far east", 3000, 2400) },
              ],
            },
          },
        ],
      },
      { text: "Added two far-away steps." },
    ]);
    const box = page.locator("drawforge-editor textarea");
    await box.fill("Add two far-away steps");
    await box.press("Enter");
    const end = await waitForEvent(page, "drawforge-turn-end");
    expect(end.detail).toMatchObject({ status: "changed", version: 2 });
    await waitForEvent(page, "drawforge-change");
    console.log("screenshot:", await shot(page, "reveal-agent-after"));
    expect(await inView(frame, "Far north")).toBe(true);
    expect(await inView(frame, "Far east")).toBe(true);
    expect(await zoom(frame)).toBeLessThan(100);
  });
});
