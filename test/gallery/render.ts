/**
 * Regenerates the galleries: `npm run gallery` writes `test/gallery/<name>.png`, eight layouts
 * drawn by the real draw.io, and `test/gallery/extend-<name>-{before,after}.png`, four corpus
 * diagrams before and after an `add_graph` edit, and `test/gallery/mermaid/<type>.png`, one
 * converted Mermaid example per diagram type (needs Chromium: `apt-get install -y chromium`).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchDrawio } from "../browser/drawio.ts";
import { extendEntries, renderExtendPair } from "./extend.ts";
import { galleryEntries, renderEntry } from "./gallery.ts";
import { mermaidGalleryEntries, renderMermaidEntry } from "./mermaid.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const drawio = await launchDrawio();
try {
  for (const entry of galleryEntries()) {
    const file = path.join(here, `${entry.name}.png`);
    const { png } = await renderEntry(drawio, entry, file);
    console.log(`${path.relative(process.cwd(), file)}: ${entry.caption} (${png.length} bytes)`);
  }
  for (const entry of extendEntries()) {
    const { before, after } = await renderExtendPair(drawio, entry, here);
    const file = path.relative(process.cwd(), path.join(here, `extend-${entry.name}`));
    console.log(
      `${file}-{before,after}.png: ${entry.caption} (${before.png.length}, ${after.png.length} bytes)`,
    );
  }
  for (const entry of mermaidGalleryEntries()) {
    const file = path.join(here, "mermaid", `${entry.type}.png`);
    const png = await renderMermaidEntry(drawio, entry, file);
    console.log(`${path.relative(process.cwd(), file)}: ${entry.snippet} (${png.length} bytes)`);
  }
} finally {
  await drawio.close();
}
