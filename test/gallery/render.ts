/**
 * Regenerates the layout gallery: `npm run gallery` writes `test/gallery/<name>.png`, eight
 * layouts drawn by the real draw.io (needs Chromium: `apt-get install -y chromium`).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchDrawio } from "../browser/drawio.ts";
import { galleryEntries, renderEntry } from "./gallery.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const drawio = await launchDrawio();
try {
  for (const entry of galleryEntries()) {
    const file = path.join(here, `${entry.name}.png`);
    const { png } = await renderEntry(drawio, entry, file);
    console.log(`${path.relative(process.cwd(), file)}: ${entry.caption} (${png.length} bytes)`);
  }
} finally {
  await drawio.close();
}
