/**
 * Our SVG renderer beside the real draw.io (issue #18's proof, in small): each gallery layout
 * and a few corpus pages are drawn by `renderSvg` and exported by draw.io itself, both are
 * rasterised by Chromium at one size, and the share of differing pixels must stay small. The
 * side-by-side pictures go to /tmp/drawforge-render-test/ for a person to look at
 * (`npm run bench -- render` measures every layout and the whole corpus). Skips without Chromium.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DrawingAssets } from "../../worker/drawio/index.ts";
import { layoutGraph } from "../../worker/drawio/layout/index.ts";
import { convertMermaid } from "../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import { renderSvg } from "../../worker/drawio/render/index.ts";
import { corpusFiles } from "../fixtures/corpus.ts";
import { loadAllStencilAssets } from "../fixtures/stencil-assets.ts";
import { galleryEntries } from "../gallery/gallery.ts";
import { findChromium, type LaunchedDrawio, launchDrawio } from "./drawio.ts";
import { compareWithDrawio } from "./render-compare.ts";

const OUT = "/tmp/drawforge-render-test";
let loadedStencils: DrawingAssets | undefined;
/** Every stencil bucket, read once (from `npm run stencils:build`). */
const stencils = () => {
  loadedStencils ??= loadAllStencilAssets();
  return loadedStencils;
};
/**
 * Mermaid diagrams: sequences with UML figures as heads and every kind of arrowhead, a pie
 * chart's slices and a block diagram's block arrows.
 */
const MERMAID_PAGES = [
  "sequence/participant-types.mmd",
  "sequence/arrows.mmd",
  "sequence/half-arrows.mmd",
  "pie/showcase.mmd",
  "block/block-arrows.mmd",
];
const CORPUS_PAGES = [
  "blog_bpmn-translation-process.drawio",
  "blog_gantt-chemical-batch.drawio",
  "templates_software_class_3.xml",
  "templates_business_bpmn_5.xml",
];

describe.skipIf(findChromium() === undefined)("our SVG beside draw.io's", () => {
  let drawio: LaunchedDrawio;
  beforeAll(async () => {
    drawio = await launchDrawio();
    mkdirSync(OUT, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await drawio?.close();
  });

  for (const entry of galleryEntries()) {
    it(`${entry.name}: differs from draw.io's export in under 2 % of pixels`, async () => {
      const { xml } = await layoutGraph(entry.spec);
      // Drawn with the stencils the Worker serves, as draw.io draws its icons.
      const ours = renderSvg(parseDiagram(xml), { assets: stencils() }).svg;
      const c = await compareWithDrawio(drawio, entry.name, ours, xml, `${OUT}/${entry.name}.png`);
      expect(c.mismatch).toBeLessThan(0.02);
    }, 60_000);
  }

  for (const path of MERMAID_PAGES) {
    it(`Mermaid ${path}: differs from draw.io's export in under 2 % of pixels`, async () => {
      const text = readFileSync(new URL(`../fixtures/mermaid/${path}`, import.meta.url));
      const xml = serializeDiagram((await convertMermaid(text.toString("utf8"))).document);
      const ours = renderSvg(parseDiagram(xml)).svg;
      const name = path.replace("/", "-");
      const c = await compareWithDrawio(drawio, name, ours, xml, `${OUT}/${name}.png`);
      expect(c.mismatch).toBeLessThan(0.02);
    }, 60_000);
  }

  for (const name of CORPUS_PAGES) {
    it(`corpus ${name}: differs from draw.io's export in under 6 % of pixels`, async () => {
      const file = corpusFiles().find((f) => f.name === name);
      if (!file) throw new Error(`${name} is not in the corpus`);
      const doc = parseDiagram(file.xml);
      const first = serializeDiagram({ ...doc, pages: doc.pages.slice(0, 1) });
      const c = await compareWithDrawio(
        drawio,
        name,
        renderSvg(doc).svg,
        first,
        `${OUT}/${name}.png`,
      );
      expect(c.mismatch).toBeLessThan(0.06);
    }, 60_000);
  }
});
