/**
 * The tenant object's house-style memory: the style values people set by hand in each diagram
 * (a theme is learned from them), the values a person pinned, and the rules the summary model
 * learned from conversations or a person wrote.
 */
import { z } from "zod";
import {
  type HouseTheme,
  HouseThemeSchema,
  learnHouseTheme,
  overlayHouseTheme,
  type StyleObservation,
} from "../drawio/index.ts";
import { DiagramIdSchema } from "../schemas/common.ts";
import {
  STYLE_LIMITS,
  type StyleMemory as StyleMemoryView,
  type StyleRule,
  StyleRuleTextSchema,
} from "../schemas/style.ts";

const timestamp = z.iso.datetime();
const Observation = z.object({
  target: z.string().min(1).max(40),
  key: z.string().min(1).max(40),
  value: z.string().min(1).max(100),
});

export const ObserveInput = z.object({
  diagram_id: DiagramIdSchema,
  observations: z.array(Observation).max(STYLE_LIMITS.observationsPerDiagram),
  at: timestamp,
});
export const SetInput = z.object({
  theme: HouseThemeSchema.optional(),
  rules: z.array(StyleRuleTextSchema).max(STYLE_LIMITS.rules).optional(),
  at: timestamp,
});
export const LearnRulesInput = z.object({
  /** The learned rules as the job left them; the person's rules are not the job's to change. */
  rules: z.array(StyleRuleTextSchema).max(STYLE_LIMITS.rules),
  /** The memory's revision the job read: a change since then wins, and this is dropped. */
  revision: z.number().int().min(0),
  at: timestamp,
});

/** The memory as a turn uses it, with the revision a rules job writes against. */
export interface StyleMemoryState extends StyleMemoryView {
  revision: number;
}

/**
 * The house style of one tenant, in its object's SQLite. Hand-edit observations are kept per
 * diagram (its latest value per target and key, for the most recent diagrams only), so the
 * learned theme is a vote of diagrams, not of edits; what a person sets through
 * `PUT /v1/style` is pinned over what is learned. Every change bumps a revision.
 *
 * @example
 * const memory = new StyleMemory(ctx.storage.sql);
 * memory.observe("d1", [{ target: "process", key: "fillColor", value: "#e0f2f1" }], now);
 * memory.read().theme; // learned once two diagrams agree
 */
export class StyleMemory {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  /** Records what a person set by hand in one diagram; a later value for the same key replaces it. */
  observe(diagramId: string, observations: StyleObservation[], at: string): void {
    if (observations.length === 0) return;
    for (const o of observations) {
      this.#sql.exec(
        `INSERT INTO style_observations (diagram_id, target, key, value, observed_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (diagram_id, target, key) DO UPDATE SET value = ?4, observed_at = ?5`,
        diagramId,
        o.target,
        o.key,
        o.value,
        at,
      );
    }
    // Only the most recent diagrams vote: a team's style drifts, and the table stays small.
    this.#sql.exec(
      `DELETE FROM style_observations WHERE diagram_id NOT IN (
         SELECT diagram_id FROM style_observations GROUP BY diagram_id
         ORDER BY MAX(observed_at) DESC LIMIT ?)`,
      STYLE_LIMITS.diagramsRemembered,
    );
    this.#touch(at);
  }

  /** The memory: the theme (learned, with pinned values over it), the rules, the revision. */
  read(): StyleMemoryState {
    const rows = this.#sql
      .exec<{ diagram_id: string; target: string; key: string; value: string }>(
        "SELECT diagram_id, target, key, value FROM style_observations",
      )
      .toArray();
    const learned = learnHouseTheme(
      rows.map((r) => ({
        diagram: r.diagram_id,
        target: r.target as StyleObservation["target"],
        key: r.key,
        value: r.value,
      })),
    );
    const settings = this.#settings();
    const pinned = settings.pinned;
    return {
      theme: overlayHouseTheme(learned, pinned),
      pinned,
      rules: this.#rules(),
      learned_from: { diagrams: new Set(rows.map((r) => r.diagram_id)).size },
      updated_at: settings.updated_at,
      revision: settings.revision,
    };
  }

  /**
   * A person's edit: `theme` replaces the pinned values and starts learning afresh (what was
   * learned so far is now theirs to keep or drop); `rules` replaces every rule.
   */
  set(input: { theme?: HouseTheme | undefined; rules?: string[] | undefined }, at: string): void {
    this.#touch(at);
    if (input.theme) {
      this.#sql.exec("DELETE FROM style_observations");
      this.#sql.exec(
        "UPDATE style_settings SET pinned = ? WHERE singleton = 1",
        JSON.stringify(input.theme),
      );
    }
    if (input.rules) {
      this.#sql.exec("DELETE FROM style_rules");
      this.#insertRules(input.rules, "person", at);
    }
  }

  /** Forgets everything: observations, pinned values and rules. */
  clear(at: string): void {
    this.#touch(at);
    this.#sql.exec("DELETE FROM style_observations");
    this.#sql.exec("DELETE FROM style_rules");
    this.#sql.exec("UPDATE style_settings SET pinned = NULL WHERE singleton = 1");
  }

  /**
   * The rules job's answer: replaces the learned rules, unless the memory changed since the job
   * read it (then this answer is dropped: a person's edit or a newer job wins). Returns whether
   * it was stored.
   */
  learnRules(rules: string[], revision: number, at: string): boolean {
    if (this.#settings().revision !== revision) return false;
    const room = STYLE_LIMITS.rules - this.#rules().filter((r) => r.source === "person").length;
    this.#sql.exec("DELETE FROM style_rules WHERE source = 'conversation'");
    this.#insertRules(rules.slice(0, Math.max(0, room)), "conversation", at);
    this.#touch(at);
    return true;
  }

  #insertRules(rules: string[], source: StyleRule["source"], at: string): void {
    let chars = this.#rules().reduce((n, r) => n + r.text.length, 0);
    for (const text of rules) {
      chars += text.length;
      if (chars > STYLE_LIMITS.ruleChars) break;
      this.#sql.exec(
        "INSERT INTO style_rules (text, source, updated_at) VALUES (?, ?, ?)",
        text,
        source,
        at,
      );
    }
  }

  #rules(): StyleRule[] {
    return this.#sql
      .exec<{ text: string; source: string; updated_at: string }>(
        "SELECT text, source, updated_at FROM style_rules ORDER BY position",
      )
      .toArray()
      .map((r) => ({
        text: r.text,
        source: r.source === "person" ? "person" : "conversation",
        updated_at: r.updated_at,
      }));
  }

  #settings(): { pinned: HouseTheme; revision: number; updated_at: string | null } {
    const row = this.#sql
      .exec<{ pinned: string | null; revision: number; updated_at: string | null }>(
        "SELECT pinned, revision, updated_at FROM style_settings WHERE singleton = 1",
      )
      .toArray()[0];
    if (!row) return { pinned: {}, revision: 0, updated_at: null };
    const pinned = row.pinned ? HouseThemeSchema.safeParse(JSON.parse(row.pinned)) : undefined;
    return {
      pinned: pinned?.success ? pinned.data : {},
      revision: row.revision,
      updated_at: row.updated_at,
    };
  }

  #touch(at: string): void {
    this.#sql.exec(
      `INSERT INTO style_settings (singleton, revision, updated_at) VALUES (1, 1, ?1)
       ON CONFLICT (singleton) DO UPDATE SET revision = revision + 1, updated_at = ?1`,
      at,
    );
  }
}
