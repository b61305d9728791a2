/**
 * The editor's download buttons: exporting through draw.io (`.drawio`, SVG or PNG with the diagram
 * embedded) and saving the file in the browser.
 */
import type { DrawioFrame } from "../drawio/drawio-frame.ts";

/** The export buttons' formats. */
export type ExportKind = "drawio" | "svg" | "png";

/**
 * Exports the diagram through draw.io's own export action and downloads it: a `.drawio` file
 * (the XML draw.io would save), an SVG or a PNG, both with the diagram embedded so draw.io can
 * open them again.
 *
 * @example
 * await downloadExport(frame, "png", "Checkout flow");
 */
export async function downloadExport(
  frame: DrawioFrame,
  kind: ExportKind,
  title: string,
): Promise<void> {
  const reply = await frame.exportAs(kind === "png" ? "xmlpng" : "xmlsvg");
  const blob =
    kind === "drawio"
      ? new Blob([reply.xml ?? ""], { type: "application/vnd.jgraph.mxfile" })
      : blobOf(reply.data);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${fileName(title)}.${kind}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 30_000);
}

/** A data URI as a Blob, decoded here rather than fetched (a page's CSP may forbid data: fetches). */
function blobOf(uri: string): Blob {
  const comma = uri.indexOf(",");
  const header = uri.slice(5, comma);
  const body = uri.slice(comma + 1);
  const type = header.split(";")[0] || "application/octet-stream";
  if (!header.includes(";base64")) return new Blob([decodeURIComponent(body)], { type });
  const binary = atob(body);
  return new Blob([Uint8Array.from(binary, (c) => c.charCodeAt(0))], { type });
}

function fileName(title: string): string {
  return title.replace(/[\\/:*?"<>|]+/g, "-").trim() || "diagram";
}
