import type { TurnEvent, TurnStream } from "../../sdk/index.ts";
import type { WidgetClient } from "../shared/client.ts";
import { errorDetail } from "../shared/errors.ts";
import { emit } from "../shared/events.ts";
import type { EditorSession, SessionHost } from "./session.ts";

/** One line of the chat transcript. */
export type ChatItem =
  | { kind: "user"; text: string }
  | { kind: "assistant"; text: string }
  | { kind: "tool"; tool: string; state: "running" | "done" }
  | { kind: "status"; text: string; tone: "ok" | "muted" | "error" };

type TurnStatus = "changed" | "unchanged" | "failed" | "cancelled";

/** What people read instead of tool names. */
const TOOL_LABELS: Record<string, string> = {
  read_diagram: "Reading the diagram",
  create_from_graph: "Drawing the diagram",
  write_cells: "Writing cells",
  continue_cells: "Writing more cells",
  edit_diagram: "Editing the diagram",
  relayout: "Tidying the layout",
  search_shapes: "Looking up shapes",
};

/**
 * The agent chat of an editor: sends a prompt as a streamed turn through the SDK, turns its
 * events into a transcript (text as it arrives, tool activity, the outcome), merges each
 * `diagram.preview` into the editor, and leaves the final version to the session.
 *
 * @example
 * const chat = new ChatController(host, df, session, id);
 * await chat.send("Add a fraud check after payment");
 */
export class ChatController {
  items: ChatItem[] = [];
  running = false;
  readonly #host: SessionHost;
  readonly #df: WidgetClient;
  readonly #session: EditorSession;
  readonly #id: string;
  #stream: TurnStream | undefined;
  #cancelled = false;

  constructor(host: SessionHost, df: WidgetClient, session: EditorSession, id: string) {
    this.#host = host;
    this.#df = df;
    this.#session = session;
    this.#id = id;
  }

  /** Loads the earlier conversation (the last 20 messages), oldest first. */
  async loadHistory(): Promise<void> {
    try {
      const page = await this.#df.diagrams.messages.list(this.#id, { limit: 20 });
      const earlier: ChatItem[] = page.items
        .slice()
        .reverse()
        .map((m) => ({ kind: m.role, text: m.content }));
      this.items = [...earlier, ...this.items];
      this.#host.requestUpdate();
    } catch {
      // The transcript is a convenience; the editor works without it.
    }
  }

  /** Runs one agent turn on `prompt`. */
  async send(prompt: string): Promise<void> {
    const text = prompt.trim();
    if (text === "" || this.running) return;
    this.running = true;
    this.#cancelled = false;
    this.items = [...this.items, { kind: "user", text }];
    this.#host.requestUpdate();
    let status: TurnStatus = "failed";
    let version: number | null = null;
    let reply = "";
    let failure: string | undefined;
    try {
      await this.#session.beginTurn();
      emit(this.#host, "drawforge-turn-start", { prompt: text });
      this.#stream = this.#df.diagrams.messages.stream(this.#id, { prompt: text });
      for await (const event of this.#stream) {
        this.#apply(event);
        if (event.type === "turn.completed") {
          status = event.status;
          version = event.status === "changed" ? event.version : null;
          reply = event.text;
          failure = event.error;
        }
      }
    } catch (error) {
      const detail = errorDetail(error);
      status = this.#cancelled ? "cancelled" : "failed";
      if (status === "failed") {
        failure = detail.message;
        emit(this.#host, "drawforge-error", detail);
      }
    } finally {
      this.#stream = undefined;
      this.running = false;
    }
    this.#finish(status, version, failure);
    // The session was not put into the turn when beginTurn itself failed.
    if (this.#session.turnRunning) await this.#session.endTurn(status === "changed");
    emit(this.#host, "drawforge-turn-end", {
      status,
      version,
      text: reply,
      ...(failure === undefined ? {} : { error: failure }),
    });
    this.#host.requestUpdate();
  }

  /** Stops the running turn; the server saves nothing of it. */
  cancel(): void {
    this.#cancelled = true;
    void this.#stream?.cancel();
  }

  #apply(event: TurnEvent): void {
    switch (event.type) {
      case "text.delta": {
        const last = this.items.at(-1);
        if (last?.kind === "assistant") last.text += event.text;
        else this.items = [...this.items, { kind: "assistant", text: event.text }];
        break;
      }
      case "tool.call":
        this.items = [...this.items, { kind: "tool", tool: event.tool, state: "running" }];
        break;
      case "tool.result": {
        const running = this.items.findLast((i) => i.kind === "tool" && i.state === "running");
        if (running?.kind === "tool") running.state = "done";
        break;
      }
      case "diagram.preview":
        this.#session.preview(event.xml);
        break;
      default:
        return;
    }
    this.#host.requestUpdate();
  }

  #finish(status: TurnStatus, version: number | null, failure: string | undefined): void {
    for (const item of this.items) if (item.kind === "tool") item.state = "done";
    const line: ChatItem =
      status === "changed"
        ? { kind: "status", text: `Saved as version ${version}`, tone: "ok" }
        : status === "unchanged"
          ? { kind: "status", text: "No change to the diagram", tone: "muted" }
          : status === "cancelled"
            ? { kind: "status", text: "Cancelled — nothing was saved", tone: "muted" }
            : { kind: "status", text: `Failed: ${failure ?? "unknown error"}`, tone: "error" };
    this.items = [...this.items, line];
  }
}

/**
 * A tool's name as people read it.
 *
 * @example
 * toolLabel("edit_diagram"); // "Editing the diagram"
 */
export function toolLabel(tool: string): string {
  return TOOL_LABELS[tool] ?? tool.replaceAll("_", " ");
}
