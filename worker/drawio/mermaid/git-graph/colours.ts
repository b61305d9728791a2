/**
 * The colours of a git graph, as Mermaid's default theme derives them: eight branch colours
 * (commits, connectors, branch name boxes), their inverses for highlighted commits, and the
 * greys and pale fills of lines, labels and tags; lighter text on the dark theme.
 */

import { chartText, DARK_PAGE } from "../colours.ts";

/** Mermaid's default `git0` … `git7`: its primary, secondary and tertiary colours and hue turns, darkened. */
const BRANCH = [
  "#0000ec",
  "#dede00",
  "#9bec00",
  "#0076ec",
  "#00ecec",
  "#00ec76",
  "#ec00ec",
  "#ec0000",
];
/** `gitInv0` … `gitInv7`. */
const INVERSE = [
  "#939300",
  "#2121ff",
  "#6413ff",
  "#ff8913",
  "#ff1313",
  "#ff1389",
  "#13ff13",
  "#13ffff",
];

/** The colours one drawing uses. */
export interface GitPalette {
  branch: (index: number) => string;
  inverse: (index: number) => string;
  /** The text on a branch's name box. */
  branchText: (index: number) => string;
  lane: string;
  text: string;
  labelBackground: string;
  tagFill: string;
  tagStroke: string;
  /** The inner fill of merge commits and the cross of reversed ones. */
  inner: string;
  pickFill: string;
  background?: string;
}

/**
 * The palette for a theme: Mermaid's default colours, or the same branch colours on a dark page.
 *
 * @example
 * gitPalette("dark").background; // "#1e1e1e"
 */
export function gitPalette(theme: string | undefined): GitPalette {
  const dark = theme === "dark";
  return {
    branch: (i) => BRANCH[i % BRANCH.length] as string,
    inverse: (i) => INVERSE[i % INVERSE.length] as string,
    branchText: (i) => (i % BRANCH.length === 0 || i % BRANCH.length === 3 ? "#ffffff" : "#000000"),
    lane: dark ? "#aaaaaa" : "#333333",
    text: chartText(theme, "#000021"),
    labelBackground: dark ? "#333333" : "#ffffde",
    tagFill: dark ? "#333333" : "#ececff",
    tagStroke: dark ? "#b8a6f0" : "#9370db",
    inner: dark ? DARK_PAGE : "#ececff",
    pickFill: dark ? "#888888" : "#333333",
    ...(dark ? { background: DARK_PAGE } : {}),
  };
}
