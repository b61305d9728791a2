/**
 * The draw.io this deployment's pages embed (`DRAWIO_URL`), as an absolute URL; undefined when
 * unset, for the widget's default (diagrams.net). A path names this deployment's own copy.
 *
 * @example
 * drawioUrlOf({ DRAWIO_URL: "/drawio/?offline=1" }, "https://df.example");
 * // "https://df.example/drawio/?offline=1"
 */
export function drawioUrlOf(env: { DRAWIO_URL?: string }, origin: string): string | undefined {
  const configured = env.DRAWIO_URL?.trim();
  if (!configured) return undefined;
  try {
    const url = new URL(configured, origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
