/**
 * A person's picks in the editor (the model, the house-style switch), kept for the rest of the
 * page's session: this tab, this origin, as long as storage is allowed.
 */

/**
 * A pick made earlier on this page, or "" when there is none or storage is off.
 *
 * @example
 * const model = readPick("drawforge-model"); // "openai:gpt-5" after a pick
 */
export function readPick(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/**
 * Keeps a pick for the page's session; storage may be off (a sandboxed frame), and then the pick
 * lasts as long as the element.
 *
 * @example
 * keepPick("drawforge-model", "openai:gpt-5");
 */
export function keepPick(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Nothing to do: the element keeps the pick itself.
  }
}
