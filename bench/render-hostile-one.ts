/**
 * One case of `bench/render-hostile.ts`, in a process of its own: prints a JSON line with the
 * answer a route would give (`ok 200`, or the status and code of the error) and the time of
 * each step in ms.
 */

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { nodePngEngine } from "../test/fixtures/png-engine.ts";
import { prepareXml } from "../worker/diagram/documents.ts";
import { DrawioError } from "../worker/drawio/errors.ts";
import { MAX_PNG_PIXELS, planRaster } from "../worker/drawio/raster/plan.ts";
import { DrawingAssetCache } from "../worker/drawio/render/assets/asset-cache.ts";
import { drawingNeeds } from "../worker/drawio/render/assets/stencil-needs.ts";
import { renderSvg } from "../worker/drawio/render/index.ts";
import { PROBLEM_CODES } from "../worker/schemas/problem-codes.ts";
import { renderCases } from "./render-hostile-cases.ts";

const name = process.argv[2];
const found = renderCases().find((c) => c.name === name);
if (!found) throw new Error(`no case ${name}`);
const request = found.build();
const xml = request.xml;
const steps: Record<string, number> = {};
const time = <T>(step: string, run: () => T): T => {
  const started = performance.now();
  try {
    return run();
  } finally {
    steps[step] = performance.now() - started;
  }
};
const engine = request.format === "png" ? await nodePngEngine() : undefined;
// The engine's first picture pays for starting resvg, as an isolate's first PNG does once.
engine?.rasterize('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>');

let answer = "ok 200";
const assets = new DrawingAssetCache();
const started = performance.now();
try {
  const prepared = time("prepare", () => prepareXml(xml));
  if ("code" in prepared) {
    answer = `${prepared.status} ${prepared.code}`;
  } else {
    time("assets", () => {
      // What `loadDrawingAssets` fetches from the static assets.
      const dir = fileURLToPath(new URL("../widget/public/stencils/", import.meta.url));
      const { buckets } = drawingNeeds(prepared.document, 0, assets);
      for (const b of buckets)
        assets.addStencilBucket(b, readFileSync(`${dir}${b}.json`, "utf8"), 256);
    });
    const scale = request.scale;
    const rendered = time("svg", () => renderSvg(prepared.document, { page: 0, scale, assets }));
    steps.svg_kb = rendered.svg.length / 1024;
    if (engine) {
      // What `pngOf` does: planned before resvg parses anything, then rasterised.
      const plan = time("plan", () =>
        planRaster(
          { ...rendered, scale },
          {
            maxPixels: MAX_PNG_PIXELS,
            fit: request.fit,
            drawnAt: scale,
          },
        ),
      );
      const png = time("png", () =>
        engine.rasterize(plan.svg, { scale: plan.zoom, drawnAt: scale, background: "#ffffff" }),
      );
      steps.png_kb = png.png.byteLength / 1024;
      steps.work_k = plan.work / 1000;
    }
  }
} catch (error) {
  if (error instanceof DrawioError) {
    const status = (PROBLEM_CODES as Record<string, { status: number } | undefined>)[error.code]
      ?.status;
    answer = `${status ?? "?"} ${error.code}`;
  } else {
    answer = `500 ${error instanceof Error ? error.message.slice(0, 60) : String(error)}`;
  }
}
const total = performance.now() - started;
console.log(JSON.stringify({ answer, steps, total }));
