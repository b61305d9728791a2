/**
 * `ModelPicker`: the chat's choice of model, from `GET /v1/models`, remembered for the page,
 * and its compact `<select>`.
 */
import { html, nothing, type TemplateResult } from "lit";
import type { ModelOffer } from "../../sdk/types.ts";
import type { WidgetClient } from "../shared/client.ts";
import type { SessionHost } from "./session.ts";
import { keepPick, readPick } from "./session-picks.ts";

/** Where a person's pick is kept for the rest of the page's session (this tab, this origin). */
const STORAGE_KEY = "drawforge-model";

/**
 * Which model the editor's turns ask for. It loads the models the deployment offers once; with
 * more than one that can run it shows a picker, and the turns name the one picked. The choice
 * is, in order: a person's pick (kept in `sessionStorage`), the host page's `model` attribute,
 * then the deployment's default. With one model, or when the list cannot be had, nothing shows
 * and turns name no model (the deployment's default, or its vision model, answers).
 *
 * @example
 * const picker = new ModelPicker(host, df);
 * await picker.load();
 * chat.send(prompt, picker.chosen);
 */
export class ModelPicker {
  /** The models that can run (their provider is configured), in the deployment's order. */
  offers: ModelOffer[] = [];
  /** What the host page asked for (the element's `model`), if anything. */
  preferred = "";
  readonly #host: SessionHost;
  readonly #df: WidgetClient;
  #default = "";
  #picked = readPick(STORAGE_KEY);

  constructor(host: SessionHost, df: WidgetClient) {
    this.#host = host;
    this.#df = df;
  }

  /** Fetches the offered models; a failure leaves the picker hidden, never the chat broken. */
  async load(): Promise<void> {
    try {
      const list = await this.#df.models.list();
      this.offers = list.items.filter((m) => m.available);
      this.#default = list.default;
    } catch {
      this.offers = [];
    }
    this.#host.requestUpdate();
  }

  /** Whether there is a choice to make: more than one model can run. */
  get visible(): boolean {
    return this.offers.length > 1;
  }

  /** The model turns ask for: undefined when there is no choice. */
  get chosen(): string | undefined {
    if (!this.visible) return undefined;
    const offered = (id: string) => this.offers.some((m) => m.id === id);
    return (
      [this.#picked, this.preferred, this.#default].find((id) => id && offered(id)) ??
      this.offers[0]?.id
    );
  }

  /** A person's pick: used from now on, and kept for the page. */
  pick(id: string): void {
    this.#picked = id;
    keepPick(STORAGE_KEY, id);
    this.#host.requestUpdate();
  }

  /** The picker, or nothing when there is no choice. */
  render(disabled: boolean): TemplateResult | typeof nothing {
    if (!this.visible) return nothing;
    const chosen = this.chosen;
    return html`<label class="model" part="model">
      <span class="model-label">Model</span>
      <select
        part="model-select"
        .value=${chosen ?? ""}
        ?disabled=${disabled}
        title=${describe(this.offers.find((m) => m.id === chosen))}
        @change=${(event: Event) => this.pick((event.currentTarget as HTMLSelectElement).value)}
      >
        ${this.offers.map(
          (m) =>
            html`<option value=${m.id} ?selected=${m.id === chosen} title=${describe(m)}>${optionText(m)}</option>`,
        )}
      </select>
    </label>`;
  }
}

/**
 * An option's text: the model's `provider:model` name (the same model name can be offered by
 * two providers), with a mark for what sets it apart: it takes images, it reasons.
 *
 * @example
 * optionText(offer); // "anthropic:claude-sonnet-4-5 · images · reasons"
 */
export function optionText(m: ModelOffer): string {
  return [m.id, m.accepts.images ? "images" : "", m.reasoning ? "reasons" : ""]
    .filter(Boolean)
    .join(" · ");
}

/** What a model is, in a sentence, for its tooltip. */
function describe(m: ModelOffer | undefined): string {
  if (!m) return "";
  const takes = m.accepts.images ? (m.accepts.pdfs ? "images and PDFs" : "images") : "text only";
  return `${m.model} on ${m.provider}: takes ${takes}${m.reasoning ? "; thinks before it answers (slower)" : ""}`;
}
