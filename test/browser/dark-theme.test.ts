/**
 * Our dark theme beside draw.io's own dark mode (issue #36, item 4).
 *
 * draw.io 14.6 (the local copy) has only its old dark mode: a dark stylesheet for the default
 * colours, authors' colours kept (the black-box-on-a-light-lane look this item is about), and its
 * SVG export switches back to the light stylesheet. Current draw.io (28.0.10's sources, read for
 * `dark-colours.ts`) paints each colour as a light/dark pair whose dark half is the colour through
 * an `invert(93%)` and a half-turn of hue: exactly what Chromium's CSS filter
 * `invert(93%) hue-rotate(180deg)` does to every pixel. So the reference here is draw.io 14.6's
 * own light export seen through that filter, drawn by Chromium, not by our code; ours is our
 * dark SVG (and the PNG made from it). Both must agree in pixels and in the colour of every
 * shape, text must stay readable on its fill (WCAG ≥ 4.5 where the light drawing had it), edges
 * must stand out from the canvas (≥ 3), and no label box may be dark on a light lane. The
 * side-by-side pictures go to /tmp/shots-dark/. Skips without Chromium.
 */
import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { getCellAttribute } from "../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import { CellStyle } from "../../worker/drawio/render/cell-style.ts";
import { colourTheme, LIGHT } from "../../worker/drawio/render/dark-colours.ts";
import { renderSvg } from "../../worker/drawio/render/index.ts";
import { corpusFiles } from "../fixtures/corpus.ts";
import { nodePngEngine } from "../fixtures/png-engine.ts";
import { contrast, luminance } from "../fixtures/wcag-contrast.ts";
import { findChromium } from "./drawio.ts";
import { drawioForSuite } from "./drawio-suite.ts";
import { compareRasters, rasterise, sizeOf } from "./render-compare.ts";

const OUT = "/tmp/shots-dark";
/** draw.io's dark colour, as Chromium's filter computes it (what `Graph.invertColor` read). */
const DRAWIO_DARK = "invert(93%) hue-rotate(180deg)";

const model = (cells: string) =>
  `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`;
const box = (
  id: string,
  label: string,
  style: string,
  x: number,
  y: number,
  w = 120,
  h = 60,
  p = "1",
) =>
  `<mxCell id="${id}" value="${label}" style="${style}" vertex="1" parent="${p}"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
const link = (id: string, label: string, style: string, s: string, t: string, p = "1") =>
  `<mxCell id="${id}" value="${label}" style="${style}" edge="1" parent="${p}" source="${s}" target="${t}"><mxGeometry relative="1" as="geometry"/></mxCell>`;

/** A diagram, and points (page coordinates) inside shapes, away from labels, to compare. */
interface Case {
  name: string;
  xml: string;
  samples: Array<[number, number]>;
  /** The largest share of differing pixels allowed (as `render.test.ts` allows in light). */
  mismatch: number;
}

const CASES: Case[] = [
  {
    name: "flow-defaults",
    xml: model(
      box("s", "Start", "ellipse;", 40, 0, 120, 50) +
        box("p", "Check order", "rounded=1;", 40, 100) +
        box("d", "In stock?", "rhombus;", 40, 210, 120, 80) +
        box("y", "Ship", "", 240, 220) +
        link("e1", "", "", "s", "p") +
        link("e2", "", "", "p", "d") +
        link("e3", "yes", "edgeStyle=orthogonalEdgeStyle;", "d", "y"),
    ),
    samples: [
      [100, 6],
      [100, 106],
      [100, 222],
      [300, 226],
    ],
    mismatch: 0.02,
  },
  {
    name: "explicit-light-fills",
    xml: model(
      [
        ["#dae8fc", "#6c8ebf", ""],
        ["#d5e8d4", "#82b366", ""],
        ["#fff2cc", "#d6b656", ""],
        ["#f8cecc", "#b85450", ""],
        ["#e1d5e7", "#9673a6", ""],
        ["#f5f5f5", "#666666", "fontColor=#333333;"],
      ]
        .map(([fill, stroke, font], i) =>
          box(
            `b${i}`,
            `Step ${i + 1}`,
            `rounded=1;fillColor=${fill};strokeColor=${stroke};${font}`,
            (i % 3) * 180,
            Math.floor(i / 3) * 120,
          ),
        )
        .join("") +
        link("e1", "", "strokeColor=#666666;", "b0", "b1") +
        link("e2", "", "strokeColor=#666666;", "b1", "b2") +
        link("e3", "", "strokeColor=#666666;", "b3", "b4"),
    ),
    samples: [0, 1, 2, 3, 4, 5].map((i) => [(i % 3) * 180 + 60, Math.floor(i / 3) * 120 + 8]),
    mismatch: 0.02,
  },
  {
    name: "pool-with-labelled-edge",
    xml: model(
      box("pool", "Orders", "swimlane;horizontal=0;startSize=30;", 0, 0, 560, 320) +
        box(
          "l1",
          "Sales",
          "swimlane;horizontal=0;startSize=30;fillColor=#dae8fc;swimlaneFillColor=#dae8fc;",
          30,
          0,
          530,
          160,
          "pool",
        ) +
        box(
          "l2",
          "Warehouse",
          "swimlane;horizontal=0;startSize=30;fillColor=#fff2cc;swimlaneFillColor=#fff2cc;",
          30,
          160,
          530,
          160,
          "pool",
        ) +
        box("a", "Take order", "rounded=1;", 60, 50, 120, 60, "l1") +
        box("b", "Confirm", "rounded=1;", 340, 50, 120, 60, "l1") +
        box("c", "Pack", "rounded=1;", 340, 50, 120, 60, "l2") +
        link("e1", "approved", "edgeStyle=orthogonalEdgeStyle;", "a", "b", "l1") +
        link("e2", "send", "edgeStyle=orthogonalEdgeStyle;", "b", "c", "pool"),
    ),
    samples: [
      [100, 140],
      [100, 300],
      [150, 56],
      [430, 56],
      [430, 216],
    ],
    mismatch: 0.02,
  },
];

/** Corpus pages with pools, lanes, tinted fills and labelled flows (each one's first page). */
const CORPUS: Case[] = [
  "templates_business_swimlane.xml",
  "examples_bpmn-example.drawio",
  "templates_business_bpmn_5.xml",
].map((name) => ({
  name: `corpus-${name}`,
  // Read when its test runs.
  get xml() {
    const file = corpusFiles().find((f) => f.name === name);
    if (!file) throw new Error(`${name} is not in the corpus`);
    const doc = parseDiagram(file.xml);
    return serializeDiagram({ ...doc, pages: doc.pages.slice(0, 1) });
  },
  samples: [],
  mismatch: 0.06,
}));

const hex6 = (c: string | undefined) => (c && /^#[0-9a-f]{6}$/.test(c) ? c : undefined);

/**
 * What a person would notice in the dark drawing of a page, cell by cell: text that was
 * readable on its fill and no longer is, an edge that stood out on white and fades into the
 * canvas, a label box dark on a light lane.
 */
function readabilityProblems(xml: string): string[] {
  const page = parseDiagram(xml).pages[0];
  if (!page) return ["no page"];
  const dark = colourTheme(true, page.modelAttributes.adaptiveColors);
  const canvas = "#121212";
  const problems: string[] = [];
  const byId = new Map(page.cells.map((c) => [getCellAttribute(c, "id"), c]));
  for (const cell of page.cells) {
    const id = getCellAttribute(cell, "id");
    const style = getCellAttribute(cell, "style");
    const label = getCellAttribute(cell, "value");
    if (getCellAttribute(cell, "vertex") === "1" && label) {
      const [light, night] = [LIGHT, dark].map((t) => new CellStyle(style, "vertex", t));
      const pair = (s: CellStyle | undefined) => [
        hex6(s?.color("fontColor")),
        hex6(s?.color("fillColor")),
      ];
      const [lf, lb] = pair(light);
      const [df, db] = pair(night);
      if (lf && lb && df && db && contrast(lf, lb) >= 4.5 && contrast(df, db) < 4.5) {
        problems.push(`${id}: text ${df} on ${db} (${contrast(df, db).toFixed(2)})`);
      }
    }
    if (getCellAttribute(cell, "edge") === "1") {
      const lightStroke = hex6(new CellStyle(style, "edge", LIGHT).color("strokeColor"));
      const night = new CellStyle(style, "edge", dark);
      const stroke = hex6(night.color("strokeColor"));
      if (
        lightStroke &&
        stroke &&
        contrast(lightStroke, "#ffffff") >= 3 &&
        contrast(stroke, canvas) < 3
      ) {
        problems.push(
          `${id}: edge ${stroke} on ${canvas} (${contrast(stroke, canvas).toFixed(2)})`,
        );
      }
      const labelBox = hex6(night.color("labelBackgroundColor"));
      const lane = byId.get(getCellAttribute(cell, "parent") ?? "");
      const laneFill =
        lane &&
        hex6(
          new CellStyle(getCellAttribute(lane, "style"), "vertex", dark).color("swimlaneFillColor"),
        );
      if (label && labelBox && laneFill && luminance(laneFill) > 0.4 && luminance(labelBox) < 0.1) {
        problems.push(`${id}: label box ${labelBox} on light lane ${laneFill}`);
      }
    }
  }
  return problems;
}

/** The pixel `[r, g, b]` at page coordinates, given the drawing's translation. */
function pixel(png: PNG, at: [number, number], shift: [number, number]): number[] {
  const i = 4 * (png.width * Math.floor(at[1] + shift[1]) + Math.floor(at[0] + shift[0]));
  return [...png.data.subarray(i, i + 3)];
}

/** Where our SVG puts the page's origin (its drawing group's translation). */
function shiftOf(svg: string): [number, number] {
  const m = /<g transform="translate\((-?[\d.]+),(-?[\d.]+)\)">/.exec(svg);
  return [Number(m?.[1] ?? 0), Number(m?.[2] ?? 0)];
}

const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

describe.skipIf(findChromium() === undefined)("our dark theme beside draw.io's dark mode", () => {
  const drawio = drawioForSuite(OUT);

  for (const c of [...CASES, ...CORPUS]) {
    it(`${c.name}: matches draw.io's dark colours in pixels, shape by shape, and stays readable`, async () => {
      const doc = parseDiagram(c.xml);
      const ours = renderSvg(doc, { theme: "dark" }).svg;
      const light = await drawio().renderSvg(c.xml);
      const engine = await nodePngEngine();
      const png = Buffer.from(engine.rasterize(ours).png);
      const page = await drawio().browser.newPage();
      try {
        const a = sizeOf(light);
        const b = sizeOf(ours);
        const width = Math.min(4000, Math.max(a.width, b.width));
        const height = Math.min(4000, Math.max(a.height, b.height));
        const theirs = await rasterise(page, light, width, height, DRAWIO_DARK);
        const oursSvg = await rasterise(page, ours, width, height);
        const compared = compareRasters(c.name, theirs, oursSvg, width, height);
        await page.setViewportSize({ width: 1800, height: 1200 });
        const cell = (title: string, src: string) =>
          `<figure style="margin:0"><figcaption>${title}</figcaption><img src="${src}"></figure>`;
        await page.setContent(
          `<html><body style="margin:8px;font:13px sans-serif;background:#777;color:#fff"><div>${c.name}: ${(compared.mismatch * 100).toFixed(2)} % of pixels differ from draw.io's dark colours</div><div style="display:flex;gap:8px;align-items:flex-start;flex-wrap:wrap">${cell("draw.io 14.6, light export", `data:image/svg+xml;base64,${Buffer.from(light).toString("base64")}`)}${cell("draw.io's dark rule (its export through invert(93%) hue-rotate(180deg))", dataUri(theirs))}${cell("ours: dark SVG", dataUri(oursSvg))}${cell("ours: dark PNG", dataUri(png))}${cell("difference", dataUri(compared.diff))}</div></body></html>`,
        );
        await page.screenshot({ path: `${OUT}/${c.name}.png`, fullPage: true });
        writeFileSync(`${OUT}/${c.name}.svg`, ours);
        console.log(`${c.name}: ${(compared.mismatch * 100).toFixed(2)} % of pixels differ`);

        expect(compared.mismatch).toBeLessThan(c.mismatch);
        const reference = PNG.sync.read(theirs);
        const fromSvg = PNG.sync.read(oursSvg);
        const fromPng = PNG.sync.read(png);
        const shift = shiftOf(ours);
        for (const at of c.samples) {
          const want = pixel(reference, at, shift);
          for (const [what, got] of [
            ["svg", pixel(fromSvg, at, shift)],
            ["png", pixel(fromPng, at, shift)],
          ] as const) {
            const off = Math.max(...want.map((v, i) => Math.abs(v - (got[i] ?? 0))));
            expect(off, `${what} at ${at}: ours ${got}, draw.io's ${want}`).toBeLessThanOrEqual(8);
          }
        }
        expect(readabilityProblems(c.xml)).toEqual([]);
      } finally {
        await page.close();
      }
    }, 90_000);
  }
});
