/**
 * Writes `worker/drawio/text/font-files.ts`: which @fontsource WOFF file holds each code point
 * a label may need beyond the Arimo files the PNG rasteriser bundles (Latin, Latin Extended,
 * Greek, Cyrillic), per family as `familyOf` picks it, read from each file's own cmap (the
 * `unicode.json` ranges overlap and promise glyphs some files lack: Arimo's latin-ext has no ậ).
 * `worker/scripts/static-assets.ts` copies the same files to `widget/public/fonts/`.
 *
 *   npm run fonts:build
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";
import { type FontFamily, familyOfCodePoint, woffToSfnt } from "../../worker/drawio/index.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** One family's files: the package, the faces copied, and which code points it serves. */
interface FamilySource {
  family: FontFamily;
  pkg: string;
  faces: readonly string[];
  /** Subsets not to use (Arimo's bundled ones), or the only ones to use. */
  skip?: readonly string[];
  only?: readonly string[];
  /** Whether a code point of this file is one the family draws. */
  serves(cp: number): boolean;
  /**
   * Whether to list the code points several files hold (`shared`): an emoji sequence is
   * ligated only in a file holding all its code points, not always its first one's.
   */
  shared?: boolean;
}

const UPRIGHT = ["400-normal", "700-normal"];
const routed = (family: FontFamily) => (cp: number) => familyOfCodePoint(cp) === family;

/** Arimo's subsets that `worker/images/png-engine.ts` bundles. */
export const BUNDLED_ARIMO = ["latin", "latin-ext", "greek", "cyrillic"] as const;

const bundled = new Set<number>();
for (const subset of BUNDLED_ARIMO)
  for (const cp of open("arimo", subset, "400-normal").characterSet) bundled.add(cp);

/** The families, in the order the manifest lists them. */
export const SOURCES: readonly FamilySource[] = [
  {
    family: "Arimo",
    pkg: "arimo",
    faces: [...UPRIGHT, "400-italic", "700-italic"],
    skip: BUNDLED_ARIMO,
    serves: (cp) => familyOfCodePoint(cp) === "Arimo" && !bundled.has(cp),
  },
  { family: "Noto Sans SC", pkg: "noto-sans-sc", faces: UPRIGHT, serves: routed("Noto Sans SC") },
  // Han characters that Noto Sans SC's files lack, as a browser falls back to TC for them.
  {
    family: "Noto Sans TC",
    pkg: "noto-sans-tc",
    faces: UPRIGHT,
    serves: (cp) => familyOfCodePoint(cp) === "Noto Sans SC" && !simplified().has(cp),
  },
  { family: "Noto Sans JP", pkg: "noto-sans-jp", faces: UPRIGHT, serves: routed("Noto Sans JP") },
  { family: "Noto Sans KR", pkg: "noto-sans-kr", faces: UPRIGHT, serves: routed("Noto Sans KR") },
  {
    family: "Noto Sans Arabic",
    pkg: "noto-sans-arabic",
    faces: UPRIGHT,
    serves: routed("Noto Sans Arabic"),
  },
  {
    family: "Noto Sans Devanagari",
    pkg: "noto-sans-devanagari",
    faces: UPRIGHT,
    serves: routed("Noto Sans Devanagari"),
  },
  {
    family: "Noto Sans Thai",
    pkg: "noto-sans-thai",
    faces: UPRIGHT,
    serves: routed("Noto Sans Thai"),
  },
  // Noto Color Emoji, drawn from its OpenType SVG table (its COLRv1 tables no JS reader draws),
  // under the family name the text module gives emoji.
  {
    family: "Noto Emoji",
    pkg: "noto-color-emoji",
    faces: ["400-normal"],
    serves: (cp) => cp >= 0x20,
    shared: true,
  },
];

let simplifiedPoints: Set<number> | undefined;

/** The code points Noto Sans SC's files hold. */
function simplified(): Set<number> {
  simplifiedPoints ??= new Set(
    subsetsOf("noto-sans-sc").flatMap((subset) => [
      ...open("noto-sans-sc", subset, "400-normal").characterSet,
    ]),
  );
  return simplifiedPoints;
}

function open(pkg: string, subset: string, face: string): fontkit.Font {
  const file = `${root}node_modules/@fontsource/${pkg}/files/${pkg}-${subset}-${face}.woff`;
  // Unwrapped as the Worker unwraps it: fontkit's own WOFF reader fails on some of these files.
  return fontkit.create(Buffer.from(woffToSfnt(readFileSync(file)))) as fontkit.Font;
}

/** The subsets of a package, as `unicode.json` names them (`[116]` is the file `…-116-…`). */
export function subsetsOf(pkg: string): string[] {
  const path = `${root}node_modules/@fontsource/${pkg}/unicode.json`;
  const ranges = JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
  return Object.keys(ranges).map((name) => name.replace(/^\[(.*)\]$/, "$1"));
}

/** `code point,subset,subset…` in base 36 per code point held by several subsets, the code point counted from the previous one. */
function encodeShared(holders: Map<number, number[]>): string {
  let previous = 0;
  const out: string[] = [];
  for (const [cp, subsets] of [...holders].sort((a, b) => a[0] - b[0])) {
    if (subsets.length < 2) continue;
    out.push([cp - previous, ...subsets].map((n) => n.toString(36)).join(","));
    previous = cp;
  }
  return out.join(";");
}

/** `start,length,subset` in base 36 per run of code points held by one subset, `;` between. */
function encodeRuns(owner: Map<number, number>): string {
  const points = [...owner.keys()].sort((a, b) => a - b);
  const out: string[] = [];
  let previousEnd = 0;
  for (let i = 0; i < points.length; ) {
    const first = points[i] as number;
    const subset = owner.get(first) as number;
    let last = first;
    while (points[i + 1] === last + 1 && owner.get(last + 1) === subset) {
      last += 1;
      i += 1;
    }
    i += 1;
    out.push([first - previousEnd, last - first, subset].map((n) => n.toString(36)).join(","));
    previousEnd = last;
  }
  return out.join(";");
}

function familyEntry(source: FamilySource): string {
  const subsets = source.only
    ? [...source.only]
    : subsetsOf(source.pkg).filter((name) => !source.skip?.includes(name));
  const owner = new Map<number, number>();
  const holders = new Map<number, number[]>();
  subsets.forEach((subset, index) => {
    for (const cp of open(source.pkg, subset, "400-normal").characterSet) {
      if (!source.serves(cp)) continue;
      if (!owner.has(cp)) owner.set(cp, index);
      holders.set(cp, [...(holders.get(cp) ?? []), index]);
    }
  });
  const used = subsets.filter((_, index) => [...owner.values()].includes(index));
  // Subsets that serve nothing here are dropped and the indexes renumbered.
  const renumber = new Map(used.map((name) => [subsets.indexOf(name), used.indexOf(name)]));
  const runs = encodeRuns(new Map([...owner].map(([cp, i]) => [cp, renumber.get(i) ?? 0])));
  const shared = source.shared
    ? encodeShared(
        new Map([...holders].map(([cp, all]) => [cp, all.map((i) => renumber.get(i) ?? 0)])),
      )
    : "";
  console.log(`${source.family}: ${owner.size} code points in ${used.length} files`);
  return `{
    family: ${JSON.stringify(source.family)},
    pkg: ${JSON.stringify(source.pkg)},
    faces: ${JSON.stringify(source.faces)},
    subsets: ${JSON.stringify(used)},
    runs: ${JSON.stringify(runs)},${shared ? `\n    shared: ${JSON.stringify(shared)},` : ""}
  }`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = `// Generated by shape-libraries/generator/font-files.ts (npm run fonts:build). Do not edit.
// The @fontsource WOFF files (SIL Open Font License 1.1; Arimo: Apache License 2.0) that hold
// each code point beyond the bundled Arimo files, read from their cmaps; each family's runs are
// "start,length,subset" in base 36, start counted from the previous run's last code point.

/** One family's files under \`fonts/<pkg>/<pkg>-<subset>-<face>.woff\` in the static assets. */
export interface FontFileFamily {
  readonly family: string;
  readonly pkg: string;
  /** \`<weight>-<style>\`, e.g. \`700-normal\`. */
  readonly faces: readonly string[];
  readonly subsets: readonly string[];
  readonly runs: string;
  /**
   * Code points several subsets hold, \`code point,subset,subset…\` in base 36, the code point
   * counted from the previous one: an emoji sequence is drawn from a file holding all of its.
   */
  readonly shared?: string;
}

/** Every family's files, in the order \`fontFilesFor\` tries them. */
export const FONT_FILE_FAMILIES: readonly FontFileFamily[] = [
${SOURCES.map(familyEntry).join(",\n")}
];

/** The Arimo files the rasteriser bundles (${BUNDLED_ARIMO.join(", ")}): not copied, not loaded. */
export const BUNDLED_ARIMO_FILES: FontFileFamily = ${familyEntry({
    family: "Arimo",
    pkg: "arimo",
    faces: ["400-normal", "700-normal", "400-italic", "700-italic"],
    only: BUNDLED_ARIMO,
    serves: () => true,
  })};
`;
  writeFileSync(`${root}worker/drawio/text/font-files.ts`, text);
}
