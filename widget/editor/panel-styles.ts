/**
 * CSS of the editor's side panels: the chat transcript and prompt form, and the version history
 * list.
 */
import { css } from "lit";

/** The side panels' styles: the chat (bubbles, tool activity, prompt) and the version list. */
export const panelStyles = css`
    .chat,
    .history {
      display: flex;
      flex-direction: column;
      flex: 1;
      min-height: 0;
    }
    .log,
    .versions {
      list-style: none;
      margin: 0;
      padding: 12px;
      overflow-y: auto;
      flex: 1;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .empty {
      color: var(--_muted);
      font-size: 13px;
      line-height: 1.5;
      padding: 4px 2px;
      margin: 0;
    }
    .bubble {
      padding: 8px 12px;
      border-radius: 12px;
      line-height: 1.45;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      max-width: 92%;
    }
    .bubble.user {
      align-self: flex-end;
      background: var(--_accent);
      color: var(--_accent-text);
      border-bottom-right-radius: 4px;
    }
    .bubble.assistant {
      align-self: flex-start;
      background: var(--_surface);
      border: 1px solid var(--_border);
      border-bottom-left-radius: 4px;
    }
    .tool {
      display: flex;
      align-items: center;
      gap: 8px;
      font-size: 12px;
      color: var(--_muted);
      padding-left: 4px;
    }
    .tool .dot {
      width: 8px;
      height: 8px;
      border-radius: 50%;
      background: var(--_success);
    }
    .tool.running .dot {
      background: var(--_accent);
      animation: pulse 1s ease-in-out infinite;
    }
    .outcome {
      font-size: 12px;
      padding: 4px 8px;
      border-radius: 6px;
      align-self: center;
      background: var(--_surface);
      color: var(--_muted);
    }
    .outcome.ok {
      color: var(--_success);
    }
    .outcome.error {
      color: var(--_danger);
    }
    .thinking {
      display: flex;
      gap: 4px;
      padding: 8px 4px;
    }
    .thinking span {
      width: 6px;
      height: 6px;
      border-radius: 50%;
      background: var(--_muted);
      animation: pulse 1.2s ease-in-out infinite;
    }
    .thinking span:nth-child(2) {
      animation-delay: 0.2s;
    }
    .thinking span:nth-child(3) {
      animation-delay: 0.4s;
    }
    @keyframes pulse {
      50% {
        opacity: 0.3;
      }
    }
    .prompt {
      border-top: 1px solid var(--_border);
      padding: 10px 12px 12px;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    textarea {
      font: inherit;
      color: var(--_text);
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) - 2px);
      padding: 8px 10px;
      resize: vertical;
      min-height: 64px;
    }
    textarea:focus-visible {
      border-color: var(--_accent);
    }
    .prompt-actions {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
    }
    .hint {
      font-size: 11px;
      color: var(--_muted);
    }
    /* With a model picker the row holds the picker and Send; the hint gets a line of its own. */
    .prompt-actions:has(.model) {
      flex-wrap: wrap;
      row-gap: 6px;
    }
    .prompt-actions:has(.model) .hint {
      flex-basis: 100%;
    }
    .model {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      flex: 1;
      min-width: 0;
      font-size: 12px;
      color: var(--_muted);
    }
    .model select {
      font: inherit;
      color: var(--_text);
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) - 2px);
      padding: 4px 6px;
      /* As wide as its longest name, up to a point; Send stays at the end of the row. */
      flex: 0 1 auto;
      min-width: 0;
      max-width: 36ch;
      text-overflow: ellipsis;
      cursor: pointer;
    }
    .model select:disabled {
      opacity: 0.5;
      cursor: default;
    }
    .model select:focus-visible {
      border-color: var(--_accent);
    }
    /* Fingers: as tall as the buttons around it. */
    @container editor (max-width: 560px) {
      .model select,
      .prompt-actions button {
        min-height: 44px;
      }
    }
    @media (pointer: coarse) {
      .model select {
        min-height: 44px;
      }
    }
    .panel-head {
      display: flex;
      align-items: center;
      justify-content: space-between;
      padding: 10px 12px 0;
    }
    h2 {
      font-size: 13px;
      margin: 0;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--_muted);
    }
    .inline-error {
      color: var(--_danger);
      font-size: 12px;
      margin: 8px 12px 0;
    }
    .version {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 10px;
      display: flex;
      flex-direction: column;
      gap: 6px;
    }
    .version.current {
      border-color: var(--_accent);
      box-shadow: inset 3px 0 0 var(--_accent);
    }
    .version-line {
      display: flex;
      align-items: center;
      gap: 8px;
      font-size: 12px;
    }
    .badge {
      font-weight: 600;
      font-variant-numeric: tabular-nums;
    }
    .author {
      padding: 1px 6px;
      border-radius: 10px;
      background: var(--_surface);
      color: var(--_muted);
    }
    .author.agent {
      color: var(--_accent);
    }
    time {
      margin-left: auto;
      color: var(--_muted);
    }
    .message {
      margin: 0;
      font-size: 13px;
      line-height: 1.4;
      overflow-wrap: anywhere;
    }
    .version-actions {
      display: flex;
      align-items: center;
      gap: 6px;
    }
    .version-actions button {
      padding: 3px 8px;
      font-size: 12px;
    }
    .current-label {
      font-size: 12px;
      color: var(--_accent);
      margin-left: 4px;
    }
    .thumb {
      --drawforge-viewer-max-height: 220px;
    }
    .thumb::part(open-link) {
      display: none;
    }
    .suggestions {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: 6px;
      margin-top: 10px;
    }
    .suggestions button {
      border-radius: 14px;
      font-size: 12px;
      color: var(--_accent);
    }
`;
