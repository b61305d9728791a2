/**
 * The width of Arabic as it joins: each letter takes its isolated, final, initial or medial
 * form from its neighbours, and lam followed by alef becomes one ligature.
 */
import { ARABIC_FORMS } from "./script-metrics.ts";

/** Letters that join the letter before them but never the one after (Unicode's type R). */
const RIGHT_JOINING = new Set([
  0x0622, 0x0623, 0x0624, 0x0625, 0x0627, 0x0629, 0x062f, 0x0630, 0x0631, 0x0632, 0x0648, 0x0671,
  0x0672, 0x0673, 0x0675, 0x0676, 0x0677, 0x0688, 0x0689, 0x068a, 0x068b, 0x068c, 0x068d, 0x068e,
  0x068f, 0x0690, 0x0691, 0x0692, 0x0693, 0x0694, 0x0695, 0x0696, 0x0697, 0x0698, 0x0699, 0x06c0,
  0x06c3, 0x06c4, 0x06c5, 0x06c6, 0x06c7, 0x06c8, 0x06c9, 0x06ca, 0x06cb, 0x06cd, 0x06cf, 0x06d2,
  0x06d3, 0x06d5, 0x06ee, 0x06ef,
]);
/** Letters that join nothing (hamza, high hamza). */
const NON_JOINING = new Set([0x0621, 0x0674, 0x06dd]);
const ALEFS = new Set([0x0622, 0x0623, 0x0625, 0x0627]);
const LAM = 0x0644;
const TATWEEL = 0x0640;
const ZWJ = 0x200d;
const LAM_ALEF = 0xfefb;

/** How a letter joins: D both sides, R only to the letter before it, U neither, T transparent. */
type Joining = "D" | "R" | "U" | "T";

function joiningOf(cp: number): Joining {
  if (/\p{M}/u.test(String.fromCodePoint(cp))) return "T";
  if (cp === TATWEEL || cp === ZWJ) return "D";
  if (RIGHT_JOINING.has(cp)) return "R";
  if (NON_JOINING.has(cp) || cp < 0x0620 || cp > 0x06ff || (cp >= 0x0660 && cp <= 0x066d))
    return "U";
  return "D";
}

/**
 * The advance, in thousandths of an em, of a run of Arabic code points (letters and their
 * marks), each letter in the form its neighbours give it; `isolatedEm` gives a code point's
 * plain advance (marks: 0).
 *
 * @example
 * arabicRunEm([0x0628, 0x0627, 0x0628], false, isolated); // the joined word, narrower than the sum
 */
export function arabicRunEm(
  cps: readonly number[],
  bold: boolean,
  isolatedEm: (cp: number) => number,
): number {
  const forms = bold ? ARABIC_FORMS.bold : ARABIC_FORMS.regular;
  const letters = cps.map((cp, i) => ({ cp, i, joining: joiningOf(cp) }));
  const joined = letters.filter((l) => l.joining !== "T");
  let em = 0;
  for (const l of letters) if (l.joining === "T") em += isolatedEm(l.cp);
  for (let k = 0; k < joined.length; k++) {
    const { cp, joining } = joined[k] as (typeof joined)[number];
    const prev = joined[k - 1];
    const next = joined[k + 1];
    const joinsPrev = joining !== "U" && prev?.joining === "D";
    if (cp === LAM && next && ALEFS.has(next.cp)) {
      // Lam-alef: one glyph for the pair, which joins only the letter before it.
      const ligature = forms[LAM_ALEF];
      em += ligature?.[joinsPrev ? 1 : 0] ?? isolatedEm(cp) + isolatedEm(next.cp);
      k++;
      continue;
    }
    const joinsNext = joining === "D" && next !== undefined && next.joining !== "U";
    const own = forms[cp];
    const form = joinsPrev ? (joinsNext ? 3 : 1) : joinsNext ? 2 : 0;
    em += own?.[form] ?? isolatedEm(cp);
  }
  return em;
}
