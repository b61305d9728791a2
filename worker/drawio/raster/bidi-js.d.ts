/** Types for bidi-js 1.0 (the package ships none): the parts the glyph outliner uses. */
declare module "bidi-js" {
  /** The Unicode Bidirectional Algorithm over one text. */
  interface Bidi {
    /** Each UTF-16 unit's embedding level (odd: right to left), for a base direction. */
    getEmbeddingLevels(
      text: string,
      direction?: "ltr" | "rtl" | "auto",
    ): { levels: Uint8Array; paragraphs: { start: number; end: number; level: number }[] };
    /** The mirrored form of a bracket or similar character, if it has one. */
    getMirroredCharacter(char: string): string | null;
  }
  export default function bidiFactory(): Bidi;
}
