/**
 * CSS of `<drawforge-editor>`: the shell, toolbar, save status and banners, the draw.io stage and
 * the side panel, layered over the theme and panel styles.
 */
import { css } from "lit";
import { themeStyles } from "../shared/theme.ts";
import { houseStyleStyles } from "./house-style-styles.ts";
import { panelStyles } from "./panel-styles.ts";

/** The editor's styles: toolbar on top, draw.io on the left, the side panel on the right. */
export const editorStyles = [
  themeStyles,
  panelStyles,
  houseStyleStyles,
  css`
    :host {
      display: block;
      height: 600px;
      min-height: 360px;
    }
    .shell {
      /* The layout follows the editor's own width, not the window's: see the queries below. */
      container: editor / inline-size;
      display: flex;
      flex-direction: column;
      height: 100%;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_bg);
      overflow: hidden;
    }
    .toolbar {
      display: flex;
      align-items: center;
      gap: 12px;
      padding: 8px 12px;
      border-bottom: 1px solid var(--_border);
      background: var(--_bg);
      min-height: 48px;
    }
    .title {
      font-weight: 600;
      max-width: 32ch;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .status {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      font-size: 12px;
      color: var(--_muted);
      white-space: nowrap;
    }
    .status.unsaved,
    .status.saving {
      color: var(--_warning);
    }
    .status.conflict,
    .status.error {
      color: var(--_danger);
    }
    .live {
      width: 7px;
      height: 7px;
      border-radius: 50%;
      background: var(--_border);
    }
    .live.on {
      background: var(--_success);
    }
    button.link {
      border: 0;
      padding: 0;
      background: none;
      color: var(--_accent);
      font-size: 12px;
      text-decoration: underline;
    }
    .group,
    .tabs {
      display: inline-flex;
    }
    :is(.group, .tabs) button {
      border-radius: 0;
      margin-left: -1px;
    }
    :is(.group, .tabs) button:first-child {
      border-radius: calc(var(--_radius) - 2px) 0 0 calc(var(--_radius) - 2px);
      margin-left: 0;
    }
    :is(.group, .tabs) button:last-child {
      border-radius: 0 calc(var(--_radius) - 2px) calc(var(--_radius) - 2px) 0;
    }
    /* The active tab is a primary button (its hover too); raised, so its border is whole. */
    .tab.primary {
      position: relative;
    }
    .body {
      display: flex;
      flex: 1;
      min-height: 0;
    }
    .stage {
      position: relative;
      flex: 1;
      min-width: 0;
      background: var(--_surface);
    }
    /* In draw.io's place when the diagram is not open: what happened, and Retry. */
    .stage-notice {
      position: absolute;
      inset: 0;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: 4px;
      padding: 24px;
      text-align: center;
      color: var(--_muted);
      line-height: 1.5;
      overflow: auto;
    }
    .stage-notice p {
      margin: 0;
      max-width: 60ch;
      overflow-wrap: anywhere;
    }
    .stage-notice.error strong {
      color: var(--_danger);
    }
    .stage-notice button {
      margin-top: 12px;
    }
    iframe {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      border: 0;
    }
    .banner {
      display: flex;
      align-items: center;
      gap: 12px;
      padding: 8px 12px;
      border-bottom: 1px solid var(--_border);
      font-size: 13px;
      line-height: 1.4;
    }
    .banner.conflict {
      background: color-mix(in srgb, var(--_warning) 12%, var(--_bg));
    }
    .banner.error {
      background: color-mix(in srgb, var(--_danger) 10%, var(--_bg));
      color: var(--_danger);
    }
    .banner > span:first-child {
      flex: 1;
    }
    .banner-actions {
      display: inline-flex;
      gap: 8px;
      flex-shrink: 0;
    }
    button.icon {
      border: 0;
      background: none;
      padding: 2px 6px;
      font-size: 16px;
      color: var(--_muted);
    }
    .panel {
      width: var(--drawforge-panel-width, 340px);
      flex-shrink: 0;
      border-left: 1px solid var(--_border);
      background: var(--_bg);
      display: flex;
      flex-direction: column;
      min-height: 0;
    }
    /* Too narrow for draw.io and the panel side by side: the panel goes below. */
    @container editor (max-width: 720px) {
      .body {
        flex-direction: column;
      }
      .stage {
        min-height: 240px;
      }
      .panel {
        width: auto;
        height: 45%;
        border-left: 0;
        border-top: 1px solid var(--_border);
      }
    }
    /* A phone: the toolbar wraps, title and status above, the buttons below, none cut off. */
    @container editor (max-width: 560px) {
      .toolbar {
        flex-wrap: wrap;
        row-gap: 8px;
        padding: 8px;
      }
      .title {
        flex: 1;
        min-width: 0;
        max-width: none;
      }
      .spacer {
        flex-basis: 100%;
      }
      .tabs {
        margin-left: auto;
      }
      :is(.toolbar, .banner) button:not(.link) {
        min-height: 44px;
        min-width: 44px;
      }
    }
    /* Fingers, on any width: buttons big enough to tap (44 px, as phones advise). */
    @media (pointer: coarse) {
      :is(.toolbar, .banner) button:not(.link) {
        min-height: 44px;
        min-width: 44px;
      }
    }
  `,
];
