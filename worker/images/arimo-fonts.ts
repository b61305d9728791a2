/**
 * The Arimo files bundled with the Worker (Helvetica's and Arial's metrics, as the SVG's line
 * breaks assume): Latin, Latin Extended, Greek and Cyrillic in regular, bold, italic and bold
 * italic. resvg draws `<text>` with them; the label outliner shapes mixed lines with them.
 */
import cyrillic400Italic from "@fontsource/arimo/files/arimo-cyrillic-400-italic.woff";
import cyrillic400 from "@fontsource/arimo/files/arimo-cyrillic-400-normal.woff";
import cyrillic700Italic from "@fontsource/arimo/files/arimo-cyrillic-700-italic.woff";
import cyrillic700 from "@fontsource/arimo/files/arimo-cyrillic-700-normal.woff";
import greek400Italic from "@fontsource/arimo/files/arimo-greek-400-italic.woff";
import greek400 from "@fontsource/arimo/files/arimo-greek-400-normal.woff";
import greek700Italic from "@fontsource/arimo/files/arimo-greek-700-italic.woff";
import greek700 from "@fontsource/arimo/files/arimo-greek-700-normal.woff";
import latin400Italic from "@fontsource/arimo/files/arimo-latin-400-italic.woff";
import latin400 from "@fontsource/arimo/files/arimo-latin-400-normal.woff";
import latin700Italic from "@fontsource/arimo/files/arimo-latin-700-italic.woff";
import latin700 from "@fontsource/arimo/files/arimo-latin-700-normal.woff";
import latinExt400Italic from "@fontsource/arimo/files/arimo-latin-ext-400-italic.woff";
import latinExt400 from "@fontsource/arimo/files/arimo-latin-ext-400-normal.woff";
import latinExt700Italic from "@fontsource/arimo/files/arimo-latin-ext-700-italic.woff";
import latinExt700 from "@fontsource/arimo/files/arimo-latin-ext-700-normal.woff";
import type { Font } from "fontkit";
import { parseWoff } from "../drawio/index.ts";

/**
 * The files by name, Latin regular first: resvg takes the first face of a family for text whose
 * font it lacks.
 */
export const ARIMO_FILES: readonly (readonly [string, ArrayBuffer])[] = [
  ["arimo-latin-400-normal.woff", latin400],
  ["arimo-latin-700-normal.woff", latin700],
  ["arimo-latin-400-italic.woff", latin400Italic],
  ["arimo-latin-700-italic.woff", latin700Italic],
  ["arimo-latin-ext-400-normal.woff", latinExt400],
  ["arimo-latin-ext-700-normal.woff", latinExt700],
  ["arimo-latin-ext-400-italic.woff", latinExt400Italic],
  ["arimo-latin-ext-700-italic.woff", latinExt700Italic],
  ["arimo-greek-400-normal.woff", greek400],
  ["arimo-greek-700-normal.woff", greek700],
  ["arimo-greek-400-italic.woff", greek400Italic],
  ["arimo-greek-700-italic.woff", greek700Italic],
  ["arimo-cyrillic-400-normal.woff", cyrillic400],
  ["arimo-cyrillic-700-normal.woff", cyrillic700],
  ["arimo-cyrillic-400-italic.woff", cyrillic400Italic],
  ["arimo-cyrillic-700-italic.woff", cyrillic700Italic],
];

const byPath = new Map(ARIMO_FILES.map(([name, bytes]) => [`fonts/arimo/${name}`, bytes]));
const parsed = new Map<string, Font>();

/**
 * A bundled Arimo file parsed for the outliner, by its manifest path (`fonts/arimo/…`), or
 * undefined for a file not bundled.
 *
 * @example
 * bundledArimo("fonts/arimo/arimo-latin-400-normal.woff")?.unitsPerEm; // 2048
 */
export function bundledArimo(path: string): Font | undefined {
  let font = parsed.get(path);
  if (font) return font;
  const bytes = byPath.get(path);
  if (!bytes) return undefined;
  font = parseWoff(new Uint8Array(bytes));
  parsed.set(path, font);
  return font;
}
