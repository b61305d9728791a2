/**
 * The treemap's colours: one hue per top-level section, and the lighter and darker shades of it
 * its headers, bodies, leaves and borders are painted with.
 */

/** One hue per top-level section, in order (pastels dark text reads well on). */
export const SECTION_HUES = [
  "#8fb8de",
  "#f4b183",
  "#a9d18e",
  "#ffd966",
  "#c5a3d9",
  "#f19c99",
  "#7fd1c7",
  "#d6b48a",
  "#b4c7e7",
  "#e6a5c8",
];

/** The shades one section is painted with. */
export interface Shades {
  header: string;
  body: string;
  leaf: string;
  border: string;
}

/**
 * The shades of a hue (`#rrggbb`).
 *
 * @example
 * shadesOf("#8fb8de").border; // a darker blue
 */
export function shadesOf(hue: string): Shades {
  return {
    header: hue,
    body: mix(hue, "#ffffff", 0.75),
    leaf: mix(hue, "#ffffff", 0.3),
    border: mix(hue, "#000000", 0.35),
  };
}

function mix(a: string, b: string, share: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const parts = [0, 1, 2].map((i) =>
    Math.round(channel(a, i) * (1 - share) + channel(b, i) * share)
      .toString(16)
      .padStart(2, "0"),
  );
  return `#${parts.join("")}`;
}
