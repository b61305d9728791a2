/**
 * The hostile pages of `bench/render-hostile.ts`, each the shape of a case an outside review
 * found slow, hanging or crashing (issue #31), or a neighbour of one. Built on demand: some are
 * tens of megabytes.
 */

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { syntheticDiagram } from "../test/fixtures/synthetic.ts";

/** One case: its page, and how it is asked for. */
export interface RenderCase {
  name: string;
  xml: () => string;
  format: "svg" | "png";
  /** A public link's PNG shrinks a large picture to fit instead of refusing it. */
  fit?: boolean;
  scale?: number;
  /**
   * Parsed without the API's checks (`prepareXml`): our synthetic 50,000-cell diagrams are
   * 11 MB, over the 10 MB a stored diagram may have, and still worth drawing in the bench.
   */
  unchecked?: boolean;
}

/** A page of cells (already written as `<mxCell>` XML) under the default layer. */
export function page(cells: string[], model = ""): string {
  return `<mxGraphModel${model}><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
}

/** A vertex cell. */
export function vertex(
  id: string,
  value: string,
  style: string,
  x: number,
  y: number,
  w = 120,
  h = 60,
): string {
  return `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
}

const words = (chars: number) =>
  "lorem ipsum dolor sit amet ".repeat(Math.ceil(chars / 27)).slice(0, chars);

/** `count` vertices on a square grid `step` px apart, each with `style`. */
function grid(count: number, style: string, step = 80, size = 60, label = (i: number) => `c${i}`) {
  const side = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, i) =>
    vertex(`v${i}`, label(i), style, (i % side) * step, Math.floor(i / side) * step, size, size),
  );
}

/** An SVG image with `blurs` blurred rectangles, as a draw.io style writes it (base64, no `;base64`). */
function blurredSvgImage(blurs: number): string {
  const rects = Array.from(
    { length: blurs },
    (_, i) => `<rect x="${i}" y="${i}" width="1000" height="1000" filter="url(#b)"/>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><defs><filter id="b"><feGaussianBlur stdDeviation="200"/></filter></defs>${rects}</svg>`;
  return `data:image/svg+xml,${Buffer.from(svg).toString("base64")}`;
}

/** `count` distinct stencil names from the static assets (`npm run stencils:build`). */
function stencilNames(count: number): string[] {
  const dir = fileURLToPath(new URL("../widget/public/stencils/", import.meta.url));
  const names: string[] = [];
  for (const file of readdirSync(dir).sort()) {
    const parsed = JSON.parse(readFileSync(`${dir}${file}`, "utf8")) as Record<string, unknown>;
    names.push(...Object.keys(parsed).slice(0, Math.ceil(count / 200)));
    if (names.length >= count) break;
  }
  return names.slice(0, count);
}

function waypointEdge(points: number, style: string): string {
  const pts = Array.from(
    { length: points },
    (_, i) => `<mxPoint x="${(i * 37) % 3000}" y="${Math.floor(i / 80) * 5}"/>`,
  ).join("");
  return `<mxCell id="e" style="${style}" edge="1" parent="1"><mxGeometry relative="1" as="geometry"><mxPoint x="0" y="0" as="sourcePoint"/><mxPoint x="3000" y="3000" as="targetPoint"/><Array as="points">${pts}</Array></mxGeometry></mxCell>`;
}

function htmlTable(rows: number): string {
  const body = Array.from(
    { length: rows },
    (_, i) => `<tr><td>row ${i}</td><td>value</td></tr>`,
  ).join("");
  return `<table>${body}</table>`
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll('"', "&quot;");
}

/** Every case, cheapest to build first. */
export function renderCases(): RenderCase[] {
  const plain = "rounded=0;";
  return [
    {
      name: "label-40k-nowrap-png",
      format: "png",
      fit: true,
      xml: () => page([vertex("a", words(40_000), plain, 0, 0)]),
    },
    {
      name: "label-200k-nowrap-png",
      format: "png",
      fit: true,
      xml: () => page([vertex("a", words(200_000), plain, 0, 0)]),
    },
    {
      name: "label-200k-nowrap-svg",
      format: "svg",
      xml: () => page([vertex("a", words(200_000), plain, 0, 0)]),
    },
    {
      name: "label-200k-wrap-html-png",
      format: "png",
      fit: true,
      xml: () => page([vertex("a", words(200_000), "whiteSpace=wrap;html=1;", 0, 0)]),
    },
    {
      name: "label-200k-oneword-wrap-png",
      format: "png",
      fit: true,
      xml: () => page([vertex("a", "x".repeat(200_000), "whiteSpace=wrap;html=1;", 0, 0)]),
    },
    {
      name: "labels-2000x1k-png",
      format: "png",
      fit: true,
      xml: () => page(grid(2_000, plain, 80, 60, () => words(1_000))),
    },
    {
      name: "svg-image-blur-1-png",
      format: "png",
      fit: true,
      xml: () =>
        page([vertex("a", "", `shape=image;image=${blurredSvgImage(1)};`, 0, 0, 400, 400)]),
    },
    {
      name: "svg-image-blur-2000-png",
      format: "png",
      fit: true,
      xml: () => page(grid(2_000, `shape=image;image=${blurredSvgImage(1)};`, 50, 40, () => "")),
    },
    {
      name: "svg-image-blur-200x20-png",
      format: "png",
      fit: true,
      xml: () => page(grid(200, `shape=image;image=${blurredSvgImage(20)};`, 50, 40, () => "")),
    },
    {
      name: "dashed-edge-100k-points-svg",
      format: "svg",
      xml: () => page([waypointEdge(100_000, "dashed=1;")]),
    },
    {
      name: "dashed-edge-100k-points-png",
      format: "png",
      fit: true,
      xml: () => page([waypointEdge(100_000, "dashed=1;")]),
    },
    {
      name: "dashed-edge-10k-points-png",
      format: "png",
      fit: true,
      xml: () => page([waypointEdge(10_000, "dashed=1;dashPattern=1 1;")]),
    },
    {
      name: "gradient-shadow-2500-cap-png",
      format: "png",
      fit: true,
      xml: () => page(grid(2_500, "gradientColor=#0000ff;shadow=1;fillColor=#ff0000;", 81, 80)),
    },
    {
      name: "too-large-png",
      format: "png",
      fit: false,
      xml: () => page(grid(2_500, "gradientColor=#0000ff;shadow=1;", 200, 150)),
    },
    {
      name: "font-size-1e39-svg",
      format: "svg",
      xml: () => page([vertex("a", "big", "fontSize=1e39;", 0, 0)]),
    },
    {
      name: "background-onload-svg",
      format: "svg",
      xml: () =>
        page([vertex("a", "x", plain, 0, 0)], ` background="#fff&quot; onload=&quot;alert(1)"`),
    },
    {
      name: "cells-50k-svg",
      format: "svg",
      unchecked: true,
      xml: () => syntheticDiagram({ cells: 50_000 }),
    },
    {
      name: "cells-50k-png",
      format: "png",
      fit: true,
      unchecked: true,
      xml: () => syntheticDiagram({ cells: 50_000 }),
    },
    {
      name: "stencils-3000-svg",
      format: "svg",
      xml: () =>
        page(
          stencilNames(3_000).map((s, i) =>
            vertex(`s${i}`, "", `shape=${s};`, (i % 60) * 60, Math.floor(i / 60) * 60, 50, 50),
          ),
        ),
    },
    {
      name: "shadow-20000-svg",
      format: "svg",
      xml: () => page(grid(20_000, "shadow=1;rounded=1;", 70, 60)),
    },
    {
      name: "shadow-20000-png",
      format: "png",
      fit: true,
      xml: () => page(grid(20_000, "shadow=1;rounded=1;", 70, 60)),
    },
    {
      name: "html-table-50k-rows-svg",
      format: "svg",
      xml: () => page([vertex("a", htmlTable(50_000), "html=1;whiteSpace=wrap;", 0, 0, 400, 400)]),
    },
    {
      name: "html-table-50k-rows-png",
      format: "png",
      fit: true,
      xml: () => page([vertex("a", htmlTable(50_000), "html=1;whiteSpace=wrap;", 0, 0, 400, 400)]),
    },
  ];
}
