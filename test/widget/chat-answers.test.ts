/**
 * The chat's transcript for answers that were not ordinary ones (issue #37): a diagram the
 * model pasted as Mermaid is drawn and the bubble says so instead of showing the block; an
 * empty answer gets a bubble saying it was empty.
 */
import { describe, expect, it } from "vitest";
import { browserForFile, hasChromium, openEditor, script, shot, waitForEvent } from "./harness.ts";

describe.skipIf(!hasChromium)("the chat on unusual answers", () => {
  const chromium = browserForFile();

  /** Sends a prompt from an open editor whose model answers with `text`; the turn's end. */
  async function ask(text: string) {
    const { page, frame } = await openEditor(chromium.browser);
    chromium.keep(page);
    await script([{ text }]);
    const box = page.locator("drawforge-editor textarea");
    await box.fill("Redraw it as a checkout");
    await box.press("Enter");
    const end = await waitForEvent(page, "drawforge-turn-end");
    const bubble = page.locator("drawforge-editor .bubble.assistant").last();
    return { page, frame, end, reply: (await bubble.textContent()) ?? "" };
  }

  it("shows what was drawn from Mermaid in the model's text, not the Mermaid", async () => {
    const mermaid = "```mermaid\nflowchart LR\n  cart[Cart] --> pay[Pay]\n```";
    const { page, frame, end, reply } = await ask(`Here it is:\n${mermaid}\nAnything else?`);
    expect(end.detail).toMatchObject({ status: "changed", version: 2 });
    expect(reply).toContain("Drew the diagram from the Mermaid in the model's answer.");
    expect(reply).toContain("Anything else?");
    expect(reply).not.toContain("flowchart");
    await frame.getByText("Pay", { exact: true }).first().waitFor();
    console.log("screenshot:", await shot(page, "chat-drawn-from-text"));
  });

  it("says the model gave an empty answer", async () => {
    const { page, end, reply } = await ask("");
    expect(end.detail).toMatchObject({ status: "unchanged" });
    expect(reply).toContain("The model gave an empty answer; nothing changed.");
    console.log("screenshot:", await shot(page, "chat-empty-answer"));
  });
});
