/**
 * Where a line may break, per script, as a browser breaks a label: after spaces; between
 * Chinese, Japanese and Korean characters and emoji (never before closing punctuation or small
 * kana, never after opening punctuation); between Thai words; nowhere else.
 */
import { graphemes } from "./metrics.ts";

/** Code units that need more than breaking at spaces (Thai, CJK, emoji). */
const NEEDS_RULES =
  /[\u0e00-\u0e7f\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\ud800-\udfff\u2600-\u27bf]/;
/** Characters a line break may fall on either side of (UAX #14's ideographic class, roughly). */
const IDEOGRAPHIC =
  /^(?:[\u1100-\u115f\u2e80-\u2fff\u3003-\u3007\u3012\u3013\u3020-\u3029\u3030-\u303a\u303d-\u303f\u3042-\u3096\u309f\u30a2-\u30fa\u30ff-\u318f\u3190-\u31ef\u3200-\u4dbf\u4e00-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff01-\uff60]|\p{Extended_Pictographic}|\p{Regional_Indicator})/u;
/**
 * What a line may not begin with: closing brackets and punctuation, iteration marks (the
 * kinsoku rules a browser keeps by default). Small kana and the prolonged sound mark may begin
 * a line, as in Chromium's default `line-break: normal`, which is how draw.io draws them; the
 * strict rule keeps them off a line's start too (`STRICT_NO_BREAK_BEFORE`).
 */
const NO_BREAK_BEFORE = new Set(
  "、。，．・：；？！゛゜ヽヾゝゞ々〻）］｝〕〉》」』】〙〗〟’”｠»‐–〜？！!?,.:;)]}%",
);
/** Small kana and the prolonged sound mark: kept off a line's start only by the strict rule. */
const STRICT_NO_BREAK_BEFORE = new Set(
  "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿー",
);
/** What a line may not end with: opening brackets and quotes. */
const NO_BREAK_AFTER = new Set("（［｛〔〈《「『【〘〖〝‘“｟«([{");

const thaiWords = new Intl.Segmenter("th", { granularity: "word" });

/**
 * A text cut where a line may break, each piece keeping the spaces after it: joined back they
 * give the text. Latin breaks only after spaces (as the renderer's labels always have);
 * `strict` also keeps small kana and "ー" off a line's start (CSS `line-break: strict`).
 *
 * @example
 * breakPieces("Checkout service"); // ["Checkout ", "service"]
 * breakPieces("数据库。服务"); // ["数", "据", "库。", "服", "务"]
 * breakPieces("ちょっと", { strict: true }); // ["ちょっ", "と"]
 */
export function breakPieces(text: string, options: { strict?: boolean } = {}): string[] {
  if (!NEEDS_RULES.test(text)) return text.split(/(?<= )/).filter((p) => p !== "");
  const thai = /[\u0e00-\u0e7f]/.test(text) ? thaiBoundaries(text) : undefined;
  const out: string[] = [];
  let piece = "";
  let at = 0;
  let prev = "";
  for (const g of graphemes(text)) {
    const kept = options.strict === true && STRICT_NO_BREAK_BEFORE.has(g);
    if (piece !== "" && !kept && breaksBetween(prev, g, thai?.has(at))) {
      out.push(piece);
      piece = "";
    }
    piece += g;
    prev = g;
    at += g.length;
  }
  if (piece !== "") out.push(piece);
  return out;
}

/** Whether a line may break between two graphemes (`thai`: a Thai word ends here). */
function breaksBetween(before: string, after: string, thai: boolean | undefined): boolean {
  if (after === " ") return false;
  if (before === " ") return true;
  if (NO_BREAK_BEFORE.has(after) || NO_BREAK_AFTER.has(before)) return false;
  if (thai) return true;
  return IDEOGRAPHIC.test(before) || IDEOGRAPHIC.test(after);
}

/** Where Thai words end in a text (code-unit offsets), from the platform's word segmenter. */
function thaiBoundaries(text: string): Set<number> {
  const out = new Set<number>();
  for (const { index, segment } of thaiWords.segment(text))
    if (/[\u0e00-\u0e7f]/.test(segment)) {
      out.add(index);
      out.add(index + segment.length);
    }
  return out;
}
