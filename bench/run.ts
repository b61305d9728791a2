/**
 * Runs one benchmark suite: `npm run bench` (the draw.io core), `npm run bench -- api` (HTTP
 * latency of the Worker under load), `npm run bench -- xpath` (selection cost beside the DOM
 * approach), `npm run bench -- extend` (adding to hand-laid pages), `npm run bench --
 * extend-router` (our edge router beside libavoid). Flags after the suite name go to the suite.
 */
export {};

const SUITES: Record<string, string> = {
  drawio: "./drawio.ts",
  api: "./api.ts",
  layout: "./layout.ts",
  shapes: "./shapes.ts",
  tokens: "./tokens.ts",
  sdk: "./sdk.ts",
  batch: "./batch.ts",
  widget: "./widget.ts",
  quality: "./quality.ts",
  xpath: "./xpath.ts",
  "test-times": "./test-times.ts",
  render: "./render.ts",
  "render-hostile": "./render-hostile.ts",
  "scripts-ocr": "./scripts-ocr.ts",
  mcp: "./mcp.ts",
  mermaid: "./mermaid.ts",
  "mermaid-compare": "./mermaid-compare.ts",
  hostile: "./hostile.ts",
  extend: "./extend.ts",
  "extend-router": "./extend-router.ts",
  "relayout-order": "./relayout-order.ts",
};

const first = process.argv[2];
const suiteName = first !== undefined && !first.startsWith("-") ? first : "drawio";
const suite = SUITES[suiteName];
if (suite === undefined) {
  const known = Object.keys(SUITES).join(", ");
  console.error(`unknown benchmark suite "${suiteName}"; choose one of: ${known}`);
  process.exit(2);
}
await import(suite);
