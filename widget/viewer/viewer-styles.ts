/**
 * CSS of `<drawforge-viewer>`: the framed, scrolling canvas, its placeholder states and the zoom
 * bar, layered over the theme.
 */
import { css } from "lit";
import { themeStyles } from "../shared/theme.ts";

/** The viewer's styles: a quiet frame, the image centred, a small bar below it. */
export const viewerStyles = [
  themeStyles,
  css`
    :host {
      display: block;
    }
    .viewer {
      margin: 0;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_bg);
      overflow: hidden;
    }
    .canvas {
      overflow: auto;
      max-height: var(--drawforge-viewer-max-height, 80vh);
      padding: 12px;
      text-align: center;
      background: var(--drawforge-canvas, #ffffff);
      /* One finger pans (the canvas scrolls); two fingers are the viewer's pinch, not the page's. */
      touch-action: pan-x pan-y;
      overscroll-behavior-x: contain;
    }
    .canvas.dragging {
      cursor: grabbing;
    }
    /* Around a dark drawing: the colour of its own background (draw.io's dark page). */
    .dark {
      background: #121212;
    }
    /*
     * A light drawing in the dark theme, darkened as the server paints its dark one
     * (worker/drawio/render/dark-colours.ts): each colour inverted at 93 % and its hue turned
     * half a circle, which is draw.io's dark mode; white becomes #121212.
     */
    img.darkened {
      filter: invert(93%) hue-rotate(180deg);
    }
    .canvas:focus-visible {
      box-shadow: inset var(--_focus);
    }
    img {
      display: inline-block;
      height: auto;
      max-width: none;
      vertical-align: middle;
      user-select: none;
    }
    .placeholder {
      padding: 40px 16px;
      color: var(--_muted);
      font-size: 13px;
    }
    .placeholder.error {
      color: var(--_danger);
    }
    .bar {
      display: flex;
      align-items: center;
      gap: 6px;
      padding: 6px 10px;
      border-top: 1px solid var(--_border);
      background: var(--_surface);
    }
    .bar button {
      min-width: 30px;
      padding: 3px 8px;
    }
    /* Fingers: buttons big enough to tap. */
    @media (pointer: coarse) {
      .bar button {
        min-width: 44px;
        min-height: 40px;
      }
    }
    .bar button[aria-pressed="true"] {
      border-color: var(--_accent);
      color: var(--_accent);
    }
    .zoom {
      min-width: 44px;
      text-align: center;
      font-size: 12px;
      color: var(--_muted);
      font-variant-numeric: tabular-nums;
    }
    a {
      color: var(--_accent);
      font-size: 13px;
      text-decoration: none;
      border-radius: 4px;
      padding: 2px 4px;
    }
    a:hover {
      text-decoration: underline;
    }
  `,
];
