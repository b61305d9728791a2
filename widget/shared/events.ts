/**
 * The DOM events the editor and viewer dispatch (`drawforge-*`), the type of each one's `detail`,
 * and `emit` to fire them across shadow roots.
 */
import type { Author } from "../../worker/schemas/version.ts";
import type { RendererName } from "../viewer/drawing.ts";

/** Where a change of the shown diagram came from. */
export type ChangeSource = "edit" | "remote" | "agent" | "mermaid" | "restore" | "reload";

/** The `detail` of every event the components fire, by event name. */
export interface DrawforgeEventDetails {
  /**
   * The diagram is shown (the editor: draw.io has opened the head version; the viewer says
   * who drew it in `renderer`).
   */
  "drawforge-load": {
    diagramId: string | null;
    version: number | null;
    title: string | null;
    renderer?: RendererName;
  };
  /**
   * The shown diagram changed: a person's edit (`edit`, not saved yet), another editor or the
   * API (`remote`), the agent's new version (`agent`), Mermaid pasted in the chat and saved
   * (`mermaid`), a restore or a reload.
   */
  "drawforge-change": {
    source: ChangeSource;
    version: number | null;
    author: Author | null;
  };
  /** A person's edits were saved as a new version. */
  "drawforge-save": { version: number; previous: number };
  /** The agent started working on a prompt. */
  "drawforge-turn-start": { prompt: string };
  /** The agent's turn ended: with a new version, without one, failed or cancelled. */
  "drawforge-turn-end": {
    status: "changed" | "unchanged" | "failed" | "cancelled";
    version: number | null;
    text: string;
    error?: string;
  };
  /** Something failed. `code` is stable: the API's problem code, or one of the widget's own. */
  "drawforge-error": { code: string; message: string; status?: number };
}

/** Every event of the components, typed. */
export type DrawforgeEventMap = {
  [K in keyof DrawforgeEventDetails]: CustomEvent<DrawforgeEventDetails[K]>;
};

declare global {
  interface GlobalEventHandlersEventMap extends DrawforgeEventMap {}
}

/**
 * Fires a component event: bubbling and composed, so it crosses shadow roots and reaches
 * `document`.
 *
 * @example
 * emit(this, "drawforge-save", { version: 4, previous: 3 });
 */
export function emit<K extends keyof DrawforgeEventDetails>(
  target: EventTarget,
  name: K,
  detail: DrawforgeEventDetails[K],
): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
