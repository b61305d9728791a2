import { corpusFiles } from "./test/fixtures/corpus.ts";
import { syntheticDiagram } from "./test/fixtures/synthetic.ts";
import { nodePngEngine } from "./test/fixtures/png-engine.ts";
import { parseDiagram } from "./worker/drawio/parse.ts";
import { renderSvg } from "./worker/drawio/render/index.ts";
import { planRaster, MAX_PNG_PIXELS } from "./worker/drawio/render/raster-plan.ts";
const engine = await nodePngEngine();
const rows: [string, number, number][] = [];
const inputs = corpusFiles().map((f) => ({ name: f.name, xml: f.xml }));
inputs.push({ name: "synthetic-1000", xml: syntheticDiagram({ cells: 1000 }) });
inputs.push({ name: "synthetic-5000", xml: syntheticDiagram({ cells: 5000 }) });
for (const { name, xml } of inputs) {
  let doc; try { doc = parseDiagram(xml); } catch { continue; }
  for (let p = 0; p < doc.pages.length; p++) {
    try {
      const r = renderSvg(doc, { page: p });
      const plan = planRaster({ svg: r.svg, width: r.width, height: r.height, tally: r.tally, scale: 1 }, { maxPixels: MAX_PNG_PIXELS, fit: true, workLimit: 1e12 });
      const t = performance.now();
      engine.rasterize(plan.svg, { scale: plan.zoom });
      rows.push([`${name}#${p}`, plan.work, performance.now() - t]);
    } catch (e) { rows.push([`${name}#${p} ${(e as Error).message.slice(0, 40)}`, -1, 0]); }
  }
}
rows.sort((a, b) => b[1] - a[1]);
for (const r of rows.slice(0, 15)) console.log(r[0].slice(0, 60).padEnd(60), String(r[1]).padStart(9), r[2].toFixed(0).padStart(6), "ms", (r[2] * 1000 / Math.max(1, r[1])).toFixed(2));
const byRatio = rows.filter(r => r[1] > 0).map(r => [r[0], r[1], r[2], r[2] * 1000 / Math.max(1, r[1])] as const).sort((a, b) => b[3] - a[3]); for (const r of byRatio.slice(0, 8)) console.log("ratio", r[0].slice(0, 50), r[1], r[2].toFixed(0), r[3].toFixed(2));
const ratio = rows.filter(r => r[1] > 20000).map(r => r[2] * 1000 / r[1]).sort((a, b) => a - b);
console.log("pages", rows.length, "µs/unit median", ratio[Math.floor(ratio.length / 2)]?.toFixed(2), "max", ratio.at(-1)?.toFixed(2));
