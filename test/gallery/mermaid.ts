/**
 * The Mermaid gallery: one example per diagram type (its corpus' `showcase.mmd`, or a chosen
 * snippet of the four types whose corpora predate showcases), converted and drawn by the real draw.io, written to `test/gallery/mermaid/<type>.png`
 * for the README. `npm run gallery` regenerates it with the layout galleries.
 */

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { convertMermaid } from "../../worker/drawio/mermaid/index.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import type { LaunchedDrawio } from "../browser/drawio.ts";
import { measureBoxes } from "../browser/icon-pixels.ts";

const CORPUS = fileURLToPath(new URL("../fixtures/mermaid/", import.meta.url));

/** The snippet shown for the types whose corpus has no `showcase.mmd` (it predates them). */
const SHOWN: Record<string, string> = {
  flowchart: "realistic-ci-pipeline.mmd",
  sequence: "alt-opt.mmd",
  class: "domain.mmd",
  state: "order-lifecycle.mmd",
};

/** One picture: the type's corpus folder, the snippet shown and its text. */
export interface MermaidGalleryEntry {
  type: string;
  snippet: string;
  text: string;
}

/** One entry per type folder of the corpus, in name order. */
export function mermaidGalleryEntries(): MermaidGalleryEntry[] {
  return readdirSync(CORPUS)
    .filter((f) => !f.endsWith("-bad") && statSync(path.join(CORPUS, f)).isDirectory())
    .sort()
    .map((type) => {
      const dir = path.join(CORPUS, type);
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(".mmd"))
        .sort();
      const snippet = existsSync(path.join(dir, "showcase.mmd"))
        ? "showcase.mmd"
        : (SHOWN[type] ?? files[0]);
      if (snippet === undefined) throw new Error(`${type} has no snippets`);
      return { type, snippet, text: readFileSync(path.join(dir, snippet), "utf8") };
    });
}

/**
 * Converts one entry and has the open draw.io draw it, writing the PNG to `pngPath`.
 *
 * @example
 * await renderMermaidEntry(drawio, mermaidGalleryEntries()[0], "/tmp/er.png");
 */
export async function renderMermaidEntry(
  drawio: LaunchedDrawio,
  entry: MermaidGalleryEntry,
  pngPath: string,
): Promise<Buffer> {
  const xml = serializeDiagram(
    (await convertMermaid(entry.text, { shapes: shapeCatalog() })).document,
  );
  const svg = await drawio.renderSvg(xml);
  const { png } = await measureBoxes(drawio.browser, svg, [], pngPath);
  return png;
}
