/**
 * Drawforge's web components: `<drawforge-editor>` (draw.io with an AI chat panel and the
 * version history) and `<drawforge-viewer>` (read-only, for docs pages). Loading this module
 * defines both elements. Built into one ESM file, `widget.js`, that the Worker serves.
 *
 * @example
 * <script type="module" src="https://drawforge.example.com/widget.js"></script>
 * <drawforge-viewer diagram-id="d_…" token="dft_…"></drawforge-viewer>
 */
import "./register.ts";

export { DrawforgeEditor } from "./editor/drawforge-editor.ts";
export type { SaveState } from "./editor/session.ts";
export type {
  ChangeSource,
  DrawforgeEventDetails,
  DrawforgeEventMap,
} from "./shared/events.ts";
export type { WidgetTheme } from "./shared/theme.ts";
export { DrawforgeViewer } from "./viewer/drawforge-viewer.ts";
export type { RendererChoice, RendererName } from "./viewer/drawing.ts";
