/**
 * The widget's theming: the `--drawforge-*` custom properties with light and dark defaults, and the
 * base button, focus and helper styles both elements share.
 */
import { css } from "lit";

/** The components' themes: they style the widget's own chrome, not the diagram. */
export type WidgetTheme = "light" | "dark" | "auto";

const dark = css`
    --_accent: var(--drawforge-accent, #4c8dff);
    --_accent-text: var(--drawforge-accent-text, #0d1117);
    --_bg: var(--drawforge-background, #0d1117);
    --_surface: var(--drawforge-surface, #161b22);
    --_border: var(--drawforge-border, #30363d);
    --_text: var(--drawforge-text, #e6edf3);
    --_muted: var(--drawforge-muted, #8d96a0);
    --_success: var(--drawforge-success, #3fb950);
    --_warning: var(--drawforge-warning, #d29922);
    --_danger: var(--drawforge-danger, #f85149);
`;

/**
 * The custom properties both components are themed with, their light defaults, and the dark
 * ones (`theme="dark"`, or `theme="auto"` in a dark system). Pages override any of them on the
 * element, e.g. `drawforge-editor { --drawforge-accent: #0a7; }`.
 */
export const themeStyles = css`
  :host {
    --_font: var(--drawforge-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
    --_accent: var(--drawforge-accent, #2563eb);
    --_accent-text: var(--drawforge-accent-text, #ffffff);
    --_bg: var(--drawforge-background, #ffffff);
    --_surface: var(--drawforge-surface, #f6f8fa);
    --_border: var(--drawforge-border, #d0d7de);
    --_text: var(--drawforge-text, #1f2328);
    --_muted: var(--drawforge-muted, #656d76);
    --_success: var(--drawforge-success, #1a7f37);
    --_warning: var(--drawforge-warning, #9a6700);
    --_danger: var(--drawforge-danger, #cf222e);
    --_radius: var(--drawforge-radius, 8px);
    --_focus: var(--drawforge-focus, 0 0 0 2px color-mix(in srgb, var(--_accent) 45%, transparent));
    font-family: var(--_font);
    font-size: 14px;
    color: var(--_text);
    box-sizing: border-box;
  }
  :host([theme="dark"]) {
    ${dark}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme="auto"]) {
      ${dark}
    }
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    font-size: 13px;
    color: var(--_text);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    padding: 5px 10px;
    cursor: pointer;
    line-height: 1.2;
  }
  button:hover:not(:disabled) {
    background: var(--_surface);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-text);
  }
  button.primary:hover:not(:disabled) {
    background: color-mix(in srgb, var(--_accent) 88%, black);
  }
  :focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  /* The gap that pushes the rest of a bar to its end (editor toolbar, viewer bar). */
  .spacer {
    flex: 1;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
