import { syntheticDiagram } from "./test/fixtures/synthetic.ts";
import { grid, svgImageStyle, blurredSvg } from "./test/fixtures/hostile/drawio-pages.ts";
import { startLocalWorker } from "./test/support/local-worker.ts";
import { parseDiagram } from "./worker/drawio/parse.ts";
import { renderSvg } from "./worker/drawio/render/index.ts";
import { planRaster, MAX_PNG_PIXELS } from "./worker/drawio/render/raster-plan.ts";
import { nodePngEngine } from "./test/fixtures/png-engine.ts";
const pages = { s1000: syntheticDiagram({ cells: 1000 }), img2000: grid(2_000, () => svgImageStyle(blurredSvg(1))), s300: syntheticDiagram({ cells: 300 }) };
const engine = await nodePngEngine();
for (const [k, xml] of Object.entries(pages)) {
  const r = renderSvg(parseDiagram(xml));
  const plan = planRaster({ svg: r.svg, width: r.width, height: r.height, tally: r.tally, scale: 1 }, { maxPixels: MAX_PNG_PIXELS, fit: true, workLimit: 1e12 });
  const ts = [];
  for (let i = 0; i < 3; i++) { const t = performance.now(); engine.rasterize(plan.svg, { scale: plan.zoom }); ts.push(Math.round(performance.now() - t)); }
  console.log("node", k, plan.work, ts.join(" "));
}
const w = await startLocalWorker({ API_KEYS: "k", RATE_LIMIT: "off" });
const h = { authorization: "Bearer k", "content-type": "application/json" };
for (const [k, xml] of Object.entries(pages)) {
  const ts = [];
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const res = await fetch(`${w.url}/v1/render`, { method: "POST", headers: h, body: JSON.stringify({ xml, format: i === 0 ? "svg" : "png" }) });
    await res.arrayBuffer();
    ts.push(`${res.status}:${Math.round(performance.now() - t)}`);
  }
  console.log("workerd", k, ts.join(" "));
}
await w.dispose();
