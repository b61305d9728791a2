/**
 * Mermaid pasted into `<drawforge-editor>`'s chat is converted by the Worker, with no model turn,
 * and replaces the diagram as a new version; Mermaid that does not parse changes nothing.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  backend,
  browserForFile,
  events,
  hasChromium,
  openEditor,
  script,
  servers,
  shot,
  statusText,
  waitForEvent,
} from "./harness.ts";

const FLOWCHART = [
  "flowchart LR",
  "  cart[Fill cart] --> pay{Paid?}",
  "  pay -->|yes| ship([Ship parcel])",
  "  pay -->|no| cart",
  '  click ship "https://example.com/track"',
].join("\n");

/** Types `text` into the chat box and sends it, as a person pasting and pressing Enter. */
async function paste(page: Page, text: string): Promise<void> {
  const box = page.locator("drawforge-editor textarea");
  await box.fill(text);
  await box.press("Enter");
}

/** What the scripted model was sent since the last `script()`. */
async function modelRequests(): Promise<unknown[]> {
  return (await fetch(`${servers().llm}/__requests`)).json() as Promise<unknown[]>;
}

describe.skipIf(!hasChromium)("drawforge-editor, Mermaid pasted into the chat", () => {
  const chromium = browserForFile();

  async function open() {
    const opened = await openEditor(chromium.browser);
    chromium.keep(opened.page);
    // No steps queued, and the model's request log emptied: any call would show up there.
    await script([]);
    return opened;
  }

  it("converts it without the model and saves it over the diagram as a new version", async () => {
    const { d, page, frame } = await open();
    await expect(
      page.locator("drawforge-editor textarea").getAttribute("placeholder"),
    ).resolves.toMatch(/paste Mermaid/);
    await paste(page, FLOWCHART);
    const end = await waitForEvent(page, "drawforge-turn-end");
    expect(end.detail).toMatchObject({ status: "changed", version: 2 });
    expect((await events(page, "drawforge-turn-start"))[0]?.detail).toEqual({ prompt: FLOWCHART });

    const head = await backend().diagrams.retrieve(d.id);
    expect(head.version).toBe(2);
    for (const label of ["Fill cart", "Paid?", "Ship parcel", "yes", "no"]) {
      expect(head.xml).toContain(`value="${label}"`);
    }
    expect(head.xml).not.toContain("Check stock");
    const [latest] = (await backend().diagrams.versions.list(d.id)).items;
    expect(latest).toMatchObject({ n: 2, author: "user", message: "Imported from Mermaid" });

    // The editor shows the converted cells, and no longer the old ones.
    await frame.getByText("Ship parcel", { exact: true }).first().waitFor();
    await expect(frame.getByText("Fill cart", { exact: true }).first().isVisible()).resolves.toBe(
      true,
    );
    await expect(frame.getByText("Check stock", { exact: true }).count()).resolves.toBe(0);
    await expect.poll(() => statusText(page)).toContain("Saved · v2");

    const outcomes = await page.locator("drawforge-editor .outcome").allTextContents();
    expect(outcomes).toEqual([
      "Converted from Mermaid: 3 shapes, 3 connectors. The previous version is in History.",
      // What the Worker could not carry over, in its words.
      "click actions (links, callbacks, tooltips) are not carried over",
      "Saved as version 2",
    ]);
    await expect(
      page.locator("drawforge-editor .bubble.user").last().textContent(),
    ).resolves.toContain("cart[Fill cart] --> pay{Paid?}");
    expect(await modelRequests()).toEqual([]);
    console.log("screenshot:", await shot(page, "editor-mermaid-pasted"));
    // History says where version 2 came from: an import, not an edit by hand.
    await page.locator("drawforge-editor .tab", { hasText: "History" }).click();
    const rows = page.locator("drawforge-editor .version");
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.first().locator(".author").textContent()).resolves.toBe(
      "Imported from Mermaid",
    );
    await expect(rows.first().locator(".message").count()).resolves.toBe(0);
    console.log("screenshot:", await shot(page, "editor-mermaid-history"));
    await page.locator("drawforge-editor .tab", { hasText: "Chat" }).click();
    // It came the way an agent's version comes (the session's end of a turn), as the person's,
    // and showing it is not an unsaved edit: past the save debounce, nothing more is saved.
    const change = (await events(page, "drawforge-change")).at(-1);
    expect(change?.detail).toMatchObject({ source: "mermaid", author: "user", version: 2 });
    await page.waitForTimeout(800);
    const [saves, after] = await Promise.all([
      events(page, "drawforge-save"),
      backend().diagrams.retrieve(d.id),
    ]);
    expect({ saves, version: after.version }).toEqual({ saves: [], version: 2 });
  });

  it("says where Mermaid that does not parse goes wrong, and changes nothing", async () => {
    const { d, page, frame } = await open();
    await paste(page, "```mermaid\nflowchart LR\n    A[Pick] --> B[Pack]\n    B -->\n```");
    const end = await waitForEvent(page, "drawforge-turn-end");
    expect(end.detail).toMatchObject({ status: "failed", version: null });
    const error = (await events(page, "drawforge-error"))[0];
    expect(error?.detail).toMatchObject({ code: "mermaid_syntax", status: 422 });

    const outcome = page.locator("drawforge-editor .outcome.error");
    await expect(outcome.textContent()).resolves.toMatch(/^Mermaid line 3, column 7: ./);
    const head = await backend().diagrams.retrieve(d.id);
    expect(head.version).toBe(1);
    expect(head.xml).toContain("Check stock");
    await expect(frame.getByText("Check stock", { exact: true }).first().isVisible()).resolves.toBe(
      true,
    );
    expect(await statusText(page)).toContain("Saved · v1");
    expect(await modelRequests()).toEqual([]);
    console.log("screenshot:", await shot(page, "editor-mermaid-error"));
  });

  it("saves nothing when the paste is cancelled before the conversion answers", async () => {
    const { d, page } = await open();
    // The Worker's answer held back until Cancel has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/v1/diagrams/*/convert", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await paste(page, FLOWCHART);
    await page.locator("drawforge-editor [part=cancel-button]").click();
    release();
    const end = await waitForEvent(page, "drawforge-turn-end");
    expect(end.detail).toMatchObject({ status: "cancelled", version: null });
    await expect(page.locator("drawforge-editor .outcome").last().textContent()).resolves.toBe(
      "Cancelled: nothing was saved; the diagram is as it was",
    );
    const head = await backend().diagrams.retrieve(d.id);
    expect(head.version).toBe(1);
    expect(head.xml).toContain("Check stock");
    expect(await statusText(page)).toContain("Saved · v1");
  });

  it("converts the other types the same way: an ER diagram pasted becomes tables", async () => {
    const { d, page } = await open();
    await paste(
      page,
      "erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  CUSTOMER {\n    string id PK\n    string email\n  }",
    );
    await waitForEvent(page, "drawforge-turn-end");
    const head = await backend().diagrams.retrieve(d.id);
    expect(head.version).toBe(2);
    expect(head.xml).toContain("shape=table");
    expect(head.xml).toContain("ERzeroToMany");
    expect(head.xml).toContain("CUSTOMER");
    expect(await modelRequests()).toEqual([]);
  });

  it("lets the Worker name a Mermaid type it does not convert", async () => {
    const { d, page } = await open();
    await paste(page, "zenuml\n  title Launch\n  Alice.pay()");
    await waitForEvent(page, "drawforge-turn-end");
    await expect(page.locator("drawforge-editor .outcome.error").textContent()).resolves.toMatch(
      /^Mermaid line 1: "zenuml" diagrams are not converted/,
    );
    expect((await backend().diagrams.retrieve(d.id)).version).toBe(1);
    expect(await modelRequests()).toEqual([]);
  });
});
