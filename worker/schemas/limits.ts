/** The service's size limits, in one place so the schemas, the docs and the errors agree. */
export const LIMITS = {
  /** Largest request body accepted, in bytes (JSON escaping makes bodies larger than their XML). */
  bodyBytes: 16 * 1024 * 1024,
  /** Largest diagram XML, in UTF-8 bytes. */
  xmlBytes: 10 * 1024 * 1024,
  /** Most cells in one diagram, over all pages. */
  cells: 50_000,
  /** Most pages in one diagram (the real files we know have at most 6). */
  pages: 100,
  /** Most attributes on one element (the real files we know have at most 7). */
  attributesPerElement: 500,
  /** Longest cell id, in characters (the real files we know stay under 30). */
  idChars: 512,
  /** Longest title, in characters. */
  titleChars: 200,
  /** Longest version message, in characters. */
  messageChars: 1_000,
  /** Most operations in one batch. */
  operations: 1_000,
  /** Default and largest page size of lists. */
  pageSize: { default: 20, max: 100 },
  /** Longest `Idempotency-Key`, in characters. */
  idempotencyKeyChars: 255,
  /** How long a widget token may live, in seconds. */
  tokenTtlSeconds: { default: 3_600, max: 86_400 },
} as const;
