/**
 * Colours several Mermaid types share: the text and page colours of the dark theme, the hues of
 * Mermaid's colour scale (`cScale0` …), and `hsl()` written as `#rrggbb` for draw.io styles.
 */

/** Text on the dark theme's page: a light grey that reads on {@link DARK_PAGE}. */
export const DARK_TEXT = "#f0f0f0";

/** The page background of a type drawn on the dark theme. */
export const DARK_PAGE = "#1e1e1e";

/**
 * The colour of a chart's text: {@link DARK_TEXT} on the dark theme, else `light`.
 *
 * @example
 * chartText("dark"); // "#f0f0f0"
 * chartText("default", "#1f1f1f"); // "#1f1f1f"
 */
export function chartText(theme: string | undefined, light = "#333333"): string {
  return theme === "dark" ? DARK_TEXT : light;
}

/**
 * The page background for `theme`: {@link DARK_PAGE} on the dark theme, else none (white).
 *
 * @example
 * placedDocument(cells, width, height, pageBackground(options.theme));
 */
export function pageBackground(theme: string | undefined): string | undefined {
  return theme === "dark" ? DARK_PAGE : undefined;
}

/**
 * The hues of Mermaid's colour scale in its default theme (`cScale0` … `cScale11`): the primary
 * colour, then turned round the wheel.
 */
export const COLOUR_SCALE_HUES: readonly number[] = [
  240, 60, 80, 270, 300, 330, 0, 30, 90, 150, 180, 210,
];

/**
 * A colour from hue (degrees), saturation and lightness (percent), as `#rrggbb`.
 *
 * @example
 * hsl(240, 100, 50); // "#0000ff"
 */
export function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
