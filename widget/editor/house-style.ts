/**
 * `HouseStyle`: the team's house style as the editor shows it (`GET /v1/style`, read-only), and
 * whether this page's chat turns use it; its panel atop the History drawer.
 */
import { html, nothing, type TemplateResult } from "lit";
import type { HouseTheme, StyleMemory } from "../../sdk/types.ts";
import type { WidgetClient } from "../shared/client.ts";
import { errorDetail } from "../shared/errors.ts";
import type { SessionHost } from "./session.ts";
import { keepPick, readPick } from "./session-picks.ts";

/** Where a person's switch is kept for the rest of the page's session, as the model pick. */
const STORAGE_KEY = "drawforge-house-style";

type Values = Record<string, string | undefined>;

const DIRECTIONS = {
  down: "top to bottom",
  right: "left to right",
  up: "bottom to top",
  left: "right to left",
};
const COLOURS = { fillColor: "fill", strokeColor: "line", fontColor: "text" };

/**
 * The house style of the editor's tenant and this page's use of it. Turns use it unless the
 * switch is off: a person's switch (kept in `sessionStorage`) wins over the host page's
 * `house-style` attribute. Changing the style takes an API key, so the panel only shows it.
 *
 * @example
 * const house = new HouseStyle(host, df);
 * await house.load();
 * messages.stream(id, { prompt, style: house.choice });
 */
export class HouseStyle {
  memory: StyleMemory | undefined;
  error = "";
  /** What the host page asked for (the element's `house-style`). */
  preferred = "";
  readonly #host: SessionHost;
  readonly #df: WidgetClient;
  #switched = readPick(STORAGE_KEY);

  constructor(host: SessionHost, df: WidgetClient) {
    this.#host = host;
    this.#df = df;
  }

  /** Fetches the house style (on opening the panel); a failure shows there, never in the chat. */
  async load(): Promise<void> {
    try {
      this.memory = await this.#df.style.get();
      this.error = "";
    } catch (error) {
      this.error = errorDetail(error).message;
    }
    this.#host.requestUpdate();
  }

  /** What a turn sends as its `style`: `none` when the switch is off, nothing when on. */
  get choice(): "none" | undefined {
    return (this.#switched || this.preferred) === "none" ? "none" : undefined;
  }

  /** A person's switch: used from now on, and kept for the page. */
  set(on: boolean): void {
    this.#switched = on ? "house" : "none";
    keepPick(STORAGE_KEY, this.#switched);
    this.#host.requestUpdate();
  }

  /** The panel: the switch, the theme in swatches and words, the rules and where they came from. */
  render(): TemplateResult {
    const m = this.memory;
    const on = !this.choice;
    const rows = m ? themeRows(m.theme) : [];
    // Fetched each time it is opened: what the last turns taught it shows.
    const toggled = (e: Event) => (e.currentTarget as HTMLDetailsElement).open && this.load();
    return html`<details class="house" part="house-style" @toggle=${toggled}>
      <summary>House style${on ? nothing : html`<span class="off"> · off in this chat</span>`}</summary>
      <label class="switch"><input type="checkbox" .checked=${on} @change=${(e: Event) => this.set((e.currentTarget as HTMLInputElement).checked)}> Use house style</label>
      ${this.error ? html`<p class="inline-error" role="alert">${this.error}</p>` : nothing}
      ${
        !m
          ? nothing
          : rows.length + m.rules.length === 0
            ? html`<p class="empty">Nothing learned yet: restyle a few diagrams by hand, or tell the assistant your conventions.</p>`
            : html`<dl>${rows}</dl><ul aria-label="Rules">${m.rules.map(
                (r) =>
                  html`<li>${r.text}<small>${r.source === "person" ? "set by your team" : "learned from a conversation"}</small></li>`,
              )}</ul>`
      }
      <p class="empty">Changing the team's style needs an API key.</p>
    </details>`;
  }
}

/** The theme as rows of a description list: the direction, then every node, each kind, edges. */
function themeRows(theme: HouseTheme): TemplateResult[] {
  const parts: Array<[string, Values | undefined]> = [
    ["shapes", theme.node],
    ...Object.entries(theme.kinds ?? {}),
    ["connectors", theme.edge],
  ];
  const rows = parts
    .filter(([, v]) => v && Object.keys(v).length)
    .map(([name, v]) => html`<dt>${name}</dt><dd>${values(v ?? {})}</dd>`);
  const flow = theme.direction && DIRECTIONS[theme.direction];
  return flow ? [html`<dt>direction</dt><dd>${flow}</dd>`, ...rows] : rows;
}

/** One part's values: a swatch per colour, the others in words. */
function values(v: Values): unknown[] {
  const swatches = Object.entries(COLOURS)
    .filter(([key]) => v[key])
    .map(([key, name]) => {
      const said = `${name} ${v[key]}`;
      return html`<span class="swatch" role="img" title=${said} .style=${`background:${v[key] === "none" ? "none" : v[key]}`}></span>`;
    });
  const words = [
    v.fontFamily,
    v.fontSize && `${v.fontSize} pt`,
    v.strokeWidth && `${v.strokeWidth} px lines`,
    v.edgeStyle?.replace(/EdgeStyle$/, " lines").replace("orthogonal", "right-angled"),
    v.rounded && (v.rounded === "1" ? "rounded" : "square"),
    v.curved === "1" && "curved",
    v.shadow && (v.shadow === "1" ? "shadow" : "no shadow"),
  ].filter(Boolean);
  return [...swatches, words.join(", ")];
}
