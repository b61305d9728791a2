/**
 * The widget bundle's entry: defines `<drawforge-editor>` and `<drawforge-viewer>` (once, even if
 * the script loads twice) and types them for the DOM.
 */
import { DrawforgeEditor } from "./editor/drawforge-editor.ts";
import { DrawforgeViewer } from "./viewer/drawforge-viewer.ts";

declare global {
  interface HTMLElementTagNameMap {
    "drawforge-editor": DrawforgeEditor;
    "drawforge-viewer": DrawforgeViewer;
  }
}

// Guarded: a page that loads widget.js twice (two docs plugins, say) must not throw.
if (!customElements.get("drawforge-editor")) {
  customElements.define("drawforge-editor", DrawforgeEditor);
}
if (!customElements.get("drawforge-viewer")) {
  customElements.define("drawforge-viewer", DrawforgeViewer);
}
