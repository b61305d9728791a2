/**
 * The Lit template of the editor's chat panel: transcript entries, starter suggestions on an empty
 * chat, and the prompt form with Send or Cancel.
 */
import { html, nothing, type TemplateResult } from "lit";
import { type ChatController, type ChatItem, toolLabel } from "./chat.ts";

/** Prompts offered on an empty chat, to show what the agent does. */
const SUGGESTIONS = [
  "Add an error path for failures",
  "Lay it out top to bottom",
  "Group the steps into swimlanes",
];

/** What the chat panel needs from the editor. */
export interface ChatViewOptions {
  disabled: boolean;
  onSend(prompt: string): void;
}

/**
 * The chat panel: the conversation with the agent (its reply streaming in, tool activity as
 * it happens), the prompt box (which also takes Mermaid to convert), the model picker when
 * there is a choice, and Send or Cancel.
 *
 * @example
 * renderChat(this.chat, { disabled: false, onSend: (p) => this.chat.send(p) });
 */
export function renderChat(chat: ChatController, o: ChatViewOptions): TemplateResult {
  const submit = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const box = form.querySelector("textarea");
    if (!box || box.value.trim() === "") return;
    o.onSend(box.value);
    box.value = "";
  };
  const key = (event: KeyboardEvent) => {
    // Enter sends, Shift+Enter starts a new line: as in every chat.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      (event.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
    }
  };
  return html`<section class="chat" part="chat" aria-label="Chat with the agent">
    <ol class="log" role="log" aria-live="polite" aria-label="Conversation">
      ${
        chat.items.length === 0
          ? html`<li class="empty">
            Describe a diagram, or a change to this one.
            <div class="suggestions">
              ${SUGGESTIONS.map(
                (text) =>
                  html`<button type="button" ?disabled=${o.disabled} @click=${() => o.onSend(text)}>${text}</button>`,
              )}
            </div>
          </li>`
          : chat.items.map(renderItem)
      }
      ${
        chat.running && chat.items.at(-1)?.kind === "user"
          ? html`<li class="thinking" aria-label="The agent is working"><span></span><span></span><span></span></li>`
          : nothing
      }
    </ol>
    <form class="prompt" part="prompt" @submit=${submit}>
      <label class="sr-only" for="prompt">Message to the agent</label>
      <textarea
        id="prompt"
        rows="3"
        placeholder="Ask the agent, or paste Mermaid…"
        ?disabled=${o.disabled}
        @keydown=${key}
      ></textarea>
      <div class="prompt-actions">
        <span class="hint">Enter to send · Shift+Enter for a new line</span>
        ${chat.models.render(o.disabled)}
        ${
          chat.running
            ? html`<button type="button" part="cancel-button" @click=${() => chat.cancel()}>Cancel</button>`
            : html`<button type="submit" class="primary" part="send-button" ?disabled=${o.disabled}>Send</button>`
        }
      </div>
    </form>
  </section>`;
}

function renderItem(item: ChatItem): TemplateResult {
  switch (item.kind) {
    case "user":
      return html`<li class="bubble user"><span class="sr-only">You: </span>${item.text}</li>`;
    case "assistant":
      return html`<li class="bubble assistant"><span class="sr-only">Agent: </span>${item.text}</li>`;
    case "tool":
      return html`<li class="tool ${item.state}">
        <span class="dot" aria-hidden="true"></span>${toolLabel(item.tool)}${item.state === "running" ? "…" : ""}
      </li>`;
    case "status":
      return html`<li class="outcome ${item.tone}">${item.text}</li>`;
  }
}
