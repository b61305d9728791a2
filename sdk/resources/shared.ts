/**
 * What the resource classes share: the encoded `/v1/diagrams/{id}` path, and the `If-Match` and
 * `Prefer` headers of calls that write a version.
 */
import type { RequestOptions } from "../internal/transport.ts";

/** Options of calls that make a new version. */
export interface WriteOptions extends RequestOptions {
  /** The version you edited (`If-Match`): if the diagram has moved on, the call fails with 412. */
  ifMatch?: number;
  /** Answer with the diagram's XML too (`Prefer: return=representation`); by default writes answer with metadata only. */
  returnXml?: boolean;
}

/**
 * The path of a diagram, or of something under it; the id is encoded, so no id can reach
 * another route.
 *
 * @example
 * diagramPath("d_1", "/versions"); // "/v1/diagrams/d_1/versions"
 */
export function diagramPath(id: string, rest = ""): string {
  return `/v1/diagrams/${encodeURIComponent(id)}${rest}`;
}

/**
 * The headers {@link WriteOptions} ask for.
 *
 * @example
 * writeHeaders({ ifMatch: 4, returnXml: true }); // { "if-match": '"4"', prefer: "return=representation" }
 */
export function writeHeaders(options: WriteOptions): Record<string, string | undefined> {
  return {
    "if-match": options.ifMatch === undefined ? undefined : `"${options.ifMatch}"`,
    prefer: options.returnXml ? "return=representation" : undefined,
  };
}
