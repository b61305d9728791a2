/** CSS of the house-style panel atop the editor's History panel. */
import { css } from "lit";

/** The house-style panel: a disclosure with a switch, swatches, values in words and rules. */
export const houseStyleStyles = css`
    .house {
      border-bottom: 1px solid var(--_border);
      padding: 10px 12px;
      font-size: 13px;
      line-height: 1.4;
      /* Room for the theme and rules; the versions below keep the rest and scroll. */
      max-height: 70%;
      overflow-y: auto;
      flex-shrink: 0;
    }
    summary {
      cursor: pointer;
      font-weight: 600;
    }
    .off,
    dt,
    small {
      font-weight: 400;
      color: var(--_muted);
    }
    .switch {
      display: flex;
      align-items: center;
      gap: 8px;
      margin-top: 10px;
    }
    .house input {
      width: 18px;
      height: 18px;
      accent-color: var(--_accent);
    }
    dl {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 6px 10px;
    }
    dt {
      text-transform: capitalize;
    }
    dd {
      margin: 0;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px;
    }
    .swatch {
      width: 18px;
      height: 18px;
      border-radius: 4px;
      border: 1px solid var(--_border);
    }
    .house ul {
      padding-left: 18px;
    }
    small {
      display: block;
    }
    /* Fingers: the disclosure and the switch as tall as the buttons around them. */
    @container editor (max-width: 560px) {
      summary {
        padding: 12px 0;
      }
      .switch {
        min-height: 44px;
      }
    }
`;
