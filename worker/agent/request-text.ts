/**
 * A short title from a prompt, until the agent names the diagram: its first sentence, at most
 * 60 characters, capitalised.
 *
 * @example
 * titleFrom("checkout flow with retries. Use AWS icons"); // "Checkout flow with retries."
 */
export function titleFrom(prompt: string): string {
  const first = (prompt.split(/(?<=[.!?])\s|\n/)[0] ?? prompt).trim();
  const short = first.length > 60 ? `${first.slice(0, 57).replace(/\s+\S*$/, "")}…` : first;
  return short.charAt(0).toUpperCase() + short.slice(1);
}

/**
 * The prompt with the caller's theme and direction appended as plain instructions.
 *
 * @example
 * withHints("Login flow", { direction: "right" });
 * // 'Login flow\n\nLay it out left to right (direction "right").'
 */
export function withHints(
  prompt: string,
  options: { theme?: string | null | undefined; direction?: string | null | undefined },
): string {
  const hints = [
    options.theme ? `Use the ${options.theme} theme.` : "",
    options.direction
      ? `Lay it out ${options.direction === "down" || options.direction === "up" ? "top to bottom" : "left to right"} (direction "${options.direction}").`
      : "",
  ].filter(Boolean);
  return hints.length ? `${prompt}\n\n${hints.join(" ")}` : prompt;
}
