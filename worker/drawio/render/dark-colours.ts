/**
 * The colours of the `dark` theme, decided in this one place for the SVG, the PNG (drawn from
 * the SVG) and the viewer (which shows the SVG).
 *
 * The rule is draw.io's own dark mode as its sources (28.0.10: `mxUtils.getLightDarkColor` and
 * `getInverseColor`, `mxSvgCanvas2D.getLightDarkColor`, `Graph.replaceDefaultColors`,
 * `Graph.getAdaptiveColors`) paint it. draw.io writes every colour a shape, an edge or a label is
 * painted with as a light/dark pair and lets the picture's colour scheme pick one. Which pair a
 * colour gets depends on the page's `adaptiveColors` (an `mxGraphModel` attribute):
 *
 * - `auto` (draw.io's default in the browser, and ours when the attribute is absent): every
 *   colour the author wrote is turned around: each channel inverted at 93 % (white becomes
 *   `#121212`, not black), then the hue turned half a circle, so light fills become dark ones of
 *   the same hue and dark text light text. Fills, strokes, fonts, label backgrounds and borders,
 *   gradients, swimlane fills and a stencil's own colours are all treated alike, so a label's
 *   box stays the colour of the lane it sits in, whatever that lane was.
 * - `simple` (draw.io's desktop default): the author's colours are kept as written; only the
 *   defaults change.
 * - `none`: nothing changes; the picture stays light, on white when it has no background.
 *
 * In `auto` and `simple` the stylesheet's defaults (and a colour written as `default`) take
 * draw.io's dark defaults: `#121212` for backgrounds (fill, label background, swimlane fill)
 * and `#ffffff` for foregrounds (stroke, font, label border, gradient). The page background is
 * `#121212`, or the author's background turned around (draw.io inverts it even under
 * `simple`). Images keep their pixels.
 */
import { cssColor } from "./css-values.ts";

/** How a page's colours follow the theme (draw.io's `adaptiveColors`). */
export type AdaptiveColors = "auto" | "simple" | "none";

/** Which colours a drawing paints with: light as written, or dark by a page's rule. */
export interface ColourTheme {
  dark: boolean;
  adaptive: AdaptiveColors;
}

/** The light theme: every colour as written. */
export const LIGHT: ColourTheme = { dark: false, adaptive: "auto" };

/** draw.io's dark background (`Editor.darkColor`), the page and every default fill. */
export const DARK_BACKGROUND = "#121212";

/** draw.io's dark foreground: default strokes, text and label borders. */
export const DARK_FOREGROUND = "#ffffff";

/** Keys whose default is a background colour (the others' is a foreground one). */
const BACKGROUND_KEYS = new Set([
  "fillColor",
  "labelBackgroundColor",
  "swimlaneFillColor",
  "imageBackground",
]);

/**
 * The theme a page is drawn in: its `adaptiveColors` (`auto` when absent, `default` or not one
 * of draw.io's words) in the light or dark theme.
 *
 * @example
 * colourTheme(true, page.modelAttributes.adaptiveColors); // { dark: true, adaptive: "auto" }
 */
export function colourTheme(dark: boolean, adaptiveColors: string | undefined): ColourTheme {
  const word = adaptiveColors?.trim().toLowerCase();
  const adaptive = word === "simple" || word === "none" ? word : "auto";
  return { dark, adaptive };
}

/**
 * A colour the author wrote, as the theme paints it (lower-case `#rrggbb` when turned around;
 * anything that is not a plain colour, such as `none` or a gradient URL, as it came).
 *
 * @example
 * themedColour("#dae8fc", { dark: true, adaptive: "auto" }); // "#1d2b3f"
 */
export function themedColour(colour: string, theme: ColourTheme): string {
  if (!theme.dark || theme.adaptive !== "auto") return colour;
  return inverseColour(colour) ?? colour;
}

/**
 * A default colour for `key` (what the stylesheet gives, or `default` written): white or black
 * in the light theme (and under `none`), draw.io's dark defaults otherwise.
 *
 * @example
 * defaultColour("fillColor", { dark: true, adaptive: "simple" }); // "#121212"
 */
export function defaultColour(key: string, theme: ColourTheme): string {
  const background = BACKGROUND_KEYS.has(key);
  if (!theme.dark || theme.adaptive === "none") return background ? "#ffffff" : "#000000";
  return background ? DARK_BACKGROUND : DARK_FOREGROUND;
}

/**
 * The page's background in the theme: as written in the light theme (none for `none` or
 * absent); in the dark one draw.io's dark background, or the written one turned around, or
 * white under `none` with nothing written (draw.io's viewer does so, to keep light text legible).
 *
 * @example
 * pageBackground("#ffffff", { dark: true, adaptive: "auto" }); // "#121212"
 */
export function pageBackground(
  written: string | undefined,
  theme: ColourTheme,
): string | undefined {
  const colour = written === undefined || written === "none" ? undefined : cssColor(written);
  if (!theme.dark) return colour;
  if (theme.adaptive === "none") return colour ?? "#ffffff";
  return colour ? (inverseColour(colour) ?? DARK_BACKGROUND) : DARK_BACKGROUND;
}

/** How much of each channel is inverted (draw.io's `percentage`): not all, so white is not black. */
const INVERT = 0.93;

/**
 * The rows of a 180° hue rotation in draw.io's coefficients (Rec. 709 luminance 0.2126, 0.7152,
 * 0.0722): at half a turn the sine is 0, so each entry is twice a luminance weight, less 1 on
 * the diagonal.
 */
const HALF_TURN: readonly (readonly [number, number, number])[] = [
  [2 * 0.2126 - 1, 2 * 0.7152, 2 * 0.0722],
  [2 * 0.2126, 2 * 0.7152 - 1, 2 * 0.0722],
  [2 * 0.2126, 2 * 0.7152, 2 * 0.0722 - 1],
];

/**
 * A colour turned around for the dark theme: each channel inverted at 93 %, then the hue
 * rotated 180°, so lightness flips and hue stays. Hex and `rgb()` colours (what draw.io and
 * its HTML labels write); undefined for anything else (a CSS name is painted as written).
 *
 * @example
 * inverseColour("#ffffff"); // "#121212"
 * inverseColour("#000000"); // "#ededed"
 */
export function inverseColour(colour: string): string | undefined {
  const channels = channelsOf(colour.trim().toLowerCase());
  if (!channels) return undefined;
  const [r = 0, g = 0, b = 0] = channels.map((v) =>
    Math.round((255 - v) * INVERT + v * (1 - INVERT)),
  );
  const channel = ([m0, m1, m2]: readonly [number, number, number]) =>
    Math.round(Math.max(0, Math.min(255, m0 * r + m1 * g + m2 * b)));
  return `#${HALF_TURN.map((row) => channel(row).toString(16).padStart(2, "0")).join("")}`;
}

/** The red, green and blue (0–255) of `#rgb`, `#rrggbb` or `rgb()`/`rgba()` of numbers. */
function channelsOf(colour: string): number[] | undefined {
  const short = /^#([0-9a-f]{3})$/.exec(colour)?.[1];
  const hex = short ? [...short].map((c) => c + c).join("") : /^#([0-9a-f]{6})$/.exec(colour)?.[1];
  if (hex) return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*[\d.]+\s*)?\)$/.exec(
    colour,
  );
  if (!fn) return undefined;
  return [fn[1], fn[2], fn[3]].map((v) => Math.max(0, Math.min(255, Math.round(Number(v)))));
}
