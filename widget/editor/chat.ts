/**
 * `ChatController`: runs the editor's chat, streaming agent turns into a transcript with live
 * previews, or converting pasted Mermaid and saving it directly.
 */
import type { TurnEvent, TurnStream } from "../../sdk/index.ts";
import type { WidgetClient } from "../shared/client.ts";
import { errorDetail } from "../shared/errors.ts";
import { emit } from "../shared/events.ts";
import { MERMAID_IMPORT } from "./history.ts";
import { HouseStyle } from "./house-style.ts";
import { mermaidSource } from "./mermaid.ts";
import { ModelPicker } from "./model-picker.ts";
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
 * A message that is Mermaid ({@link mermaidSource}) is converted by the Worker instead, with no
 * model: the result replaces the diagram as a new version (the one before stays in History).
 *
 * @example
 * const chat = new ChatController(host, df, session, id);
 * await chat.send("Add a fraud check after payment");
 */
export class ChatController {
  items: ChatItem[] = [];
  running = false;
  /** The model the turns ask for, and its picker. */
  readonly models: ModelPicker;
  /** The team's house style, and whether the turns use it. */
  readonly house: HouseStyle;
  readonly #host: SessionHost;
  readonly #df: WidgetClient;
  readonly #session: EditorSession;
  readonly #id: string;
  #stream: TurnStream | undefined;
  #cancelled = false;
  /** Aborts a Mermaid conversion in flight (a paste can be cancelled until it is saved). */
  #converting: AbortController | undefined;

  constructor(host: SessionHost, df: WidgetClient, session: EditorSession, id: string) {
    this.#host = host;
    this.#df = df;
    this.#session = session;
    this.#id = id;
    this.models = new ModelPicker(host, df);
    this.house = new HouseStyle(host, df);
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

  /**
   * Runs one agent turn on `prompt` (on the picked model, with or without the house style), or
   * converts it if it is Mermaid.
   */
  async send(prompt: string): Promise<void> {
    const text = prompt.trim();
    if (text === "" || this.running) return;
    const mermaid = mermaidSource(text);
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
      if (mermaid === undefined) {
        const model = this.models.chosen;
        const style = this.house.choice;
        this.#stream = this.#df.diagrams.messages.stream(this.#id, {
          prompt: text,
          ...(model === undefined ? {} : { model }),
          ...(style === undefined ? {} : { style }),
        });
        for await (const event of this.#stream) {
          this.#apply(event);
          if (event.type === "turn.completed") {
            status = event.status;
            version = event.status === "changed" ? event.version : null;
            reply = event.text;
            failure = event.error;
          }
        }
      } else {
        version = await this.#paste(mermaid);
        status = "changed";
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
    if (this.#session.turnRunning) {
      await this.#session.endTurn(
        status === "changed",
        mermaid === undefined ? "agent" : "mermaid",
      );
    }
    emit(this.#host, "drawforge-turn-end", {
      status,
      version,
      text: reply,
      ...(failure === undefined ? {} : { error: failure }),
    });
    this.#host.requestUpdate();
  }

  /** Stops the running turn, or a paste not saved yet; the server saves nothing of it. */
  cancel(): void {
    this.#cancelled = true;
    void this.#stream?.cancel();
    this.#converting?.abort();
  }

  /**
   * Converts Mermaid on the Worker and saves it over the diagram as a new version, so the one
   * before stays in History; says what was drawn and what the Worker noticed.
   */
  async #paste(mermaid: string): Promise<number> {
    this.#converting = new AbortController();
    const { xml, counts, notes, findings, lint } = await this.#df
      .convert(this.#id, { mermaid }, { signal: this.#converting.signal })
      .finally(() => {
        this.#converting = undefined;
      });
    // Cancelled as the answer came: nothing is saved. Once saving, Cancel has nothing to stop.
    if (this.#cancelled) throw new Error("cancelled");
    const saved = await this.#df.diagrams.replace(
      this.#id,
      { xml, message: MERMAID_IMPORT },
      // No version yet means nothing was opened: 0 fails with 412 rather than overwrite.
      { ifMatch: this.#session.version ?? 0 },
    );
    const said = [...notes, ...[...findings, ...lint].map((f) => f.message)];
    // A few lines of them, not a wall: the rest is counted.
    if (said.length > 4) said.splice(3, Infinity, `and ${said.length - 3} more`);
    this.items = [
      ...this.items,
      {
        kind: "status",
        text: `Converted from Mermaid: ${count(counts.nodes, "shape")}, ${count(counts.edges, "connector")}. The previous version is in History.`,
        tone: "ok",
      },
      ...said.map((text): ChatItem => ({ kind: "status", text, tone: "muted" })),
    ];
    return saved.version;
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
      case "turn.completed":
        // An answer that was not an ordinary one (a diagram pasted as text, an empty answer, a
        // refusal): the turn's own words say what happened, in place of what streamed.
        if (!event.outcome) return;
        this.#replaceReply(event.text);
        break;
      default:
        return;
    }
    this.#host.requestUpdate();
  }

  /** The running turn's reply in the transcript becomes `text` (one is added if it had none). */
  #replaceReply(text: string): void {
    const asked = this.items.findLastIndex((item) => item.kind === "user");
    const at = this.items.findLastIndex((item, n) => n > asked && item.kind === "assistant");
    const reply: ChatItem = { kind: "assistant", text };
    this.items =
      at < 0 ? [...this.items, reply] : this.items.map((item, n) => (n === at ? reply : item));
  }

  /**
   * Ends a turn in the transcript: its progress lines ("Drawing the diagram"…) go, however it
   * ended, and one line says how it ended.
   */
  #finish(status: TurnStatus, version: number | null, failure: string | undefined): void {
    const line: ChatItem =
      status === "changed"
        ? { kind: "status", text: `Saved as version ${version}`, tone: "ok" }
        : status === "unchanged"
          ? { kind: "status", text: "No change to the diagram", tone: "muted" }
          : status === "cancelled"
            ? {
                kind: "status",
                text: "Cancelled: nothing was saved; the diagram is as it was",
                tone: "muted",
              }
            : {
                kind: "status",
                // The Worker's Mermaid errors start with where: "line 3, column 7: …".
                text: `${failure?.startsWith("line ") ? "Mermaid" : "Failed:"} ${failure ?? "unknown error"}`,
                tone: "error",
              };
    this.items = [...this.items.filter((item) => item.kind !== "tool"), line];
  }
}

/** "1 shape", "12 shapes". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
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
