import { inflateSync } from "node:zlib";
import { Resvg } from "@resvg/resvg-wasm";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { encodePng } from "../../../../worker/drawio/raster/encode.ts";
import { huffmanCode } from "../../../../worker/drawio/raster/huffman.ts";
import type { PngEngine } from "../../../../worker/drawio/raster/png.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { corpusFiles } from "../../../fixtures/corpus.ts";
import { nodePngEngine } from "../../../fixtures/png-engine.ts";

/** Decodes with pngjs, which checks every chunk's CRC and, through zlib, the Adler-32. */
function decode(png: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(png));
}

/** Premultiplied RGBA pixels from a function of (x, y). */
function image(width: number, height: number, pixel: (x: number, y: number) => number[]) {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set(pixel(x, y), 4 * (y * width + x));
  return { width, height, pixels };
}

let engine: PngEngine;
beforeAll(async () => {
  engine = await nodePngEngine();
});

describe("encodePng", () => {
  it("writes the same pixels as resvg's own PNG writer, opaque and transparent", () => {
    const names = [
      "blog_bubble-chart.drawio",
      "templates_cloud_aws_2.xml",
      "templates_software_class_3.xml",
      "templates_venn_venn_4.xml",
      "examples_Infographic.xml",
    ];
    const files = corpusFiles().filter((file) => names.includes(file.name));
    expect(files).toHaveLength(names.length);
    for (const file of files) {
      const { svg } = renderSvg(parseDiagram(file.xml));
      for (const background of ["#ffffff", undefined]) {
        const resvg = new Resvg(svg, background ? { background } : {});
        const drawn = resvg.render();
        const theirs = decode(drawn.asPng());
        const ours = encodePng({ width: drawn.width, height: drawn.height, pixels: drawn.pixels });
        const decoded = decode(ours);
        expect([decoded.width, decoded.height]).toEqual([theirs.width, theirs.height]);
        expect(Buffer.compare(decoded.data, theirs.data), `${file.name} on ${background}`).toBe(0);
        drawn.free();
        resvg.free();
      }
    }
  });

  it("turns premultiplied colour back into straight colour", () => {
    const png = encodePng(image(2, 1, (x) => (x === 0 ? [64, 0, 32, 128] : [0, 0, 0, 0])));
    expect([...decode(png).data]).toEqual([128, 0, 64, 128, 0, 0, 0, 0]);
  });

  it("codes flat runs of every length, across block boundaries, and noise", () => {
    // Runs of 4·(w − 1) bytes: every way a run splits into matches of 3–258 bytes.
    for (let width = 1; width <= 200; width++) {
      const flat = image(width, 3, (x, y) => (y === 1 ? [20, 40, 60, 255] : [x % 7, 9, 9, 255]));
      expect(decode(encodePng(flat)).data.equals(Buffer.from(flat.pixels))).toBe(true);
    }
    // Noise: nearly every byte a literal, so many blocks of 65,536 tokens.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed >> 16;
    };
    const noise = image(300, 300, () => [random() & 255, random() & 255, random() & 255, 255]);
    const png = encodePng(noise);
    expect(decode(png).data.equals(Buffer.from(noise.pixels))).toBe(true);
    // The zlib stream alone, through Node's inflate (which checks the Adler-32).
    const idat = png.subarray(41, png.length - 16);
    expect(inflateSync(idat).length).toBe(300 * (300 * 4 + 1));
  });

  it("is smaller than resvg's PNG for a real diagram", () => {
    const file = corpusFiles().find((f) => f.name === "templates_cloud_aws_2.xml");
    const resvg = new Resvg(renderSvg(parseDiagram(file?.xml ?? "")).svg, { background: "#fff" });
    const drawn = resvg.render();
    const ours = encodePng({ width: drawn.width, height: drawn.height, pixels: drawn.pixels });
    expect(ours.length).toBeLessThan(drawn.asPng().length);
    drawn.free();
    resvg.free();
  });

  it("refuses a size that does not match the pixels", () => {
    expect(() => encodePng({ width: 0, height: 1, pixels: new Uint8Array(0) })).toThrow(
      /at least 1 × 1/,
    );
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(12) })).toThrow(
      /width × height × 4/,
    );
  });

  it("reads an unaligned view by copying it", () => {
    const backing = new Uint8Array(9);
    backing.set([1, 2, 3, 255, 4, 5, 6, 255], 1);
    const png = encodePng({ width: 2, height: 1, pixels: backing.subarray(1) });
    expect([...decode(png).data]).toEqual([1, 2, 3, 255, 4, 5, 6, 255]);
  });
});

describe("the PNG engine", () => {
  it("encodes straight from resvg's memory the pixels resvg's getter copies", () => {
    expect(engine.readsInPlace).toBe(true);
    const file = corpusFiles().find((f) => f.name === "templates_uml_sequence_2.xml");
    // Without labels, so the engine's fonts make no difference.
    const svg = renderSvg(parseDiagram(file?.xml ?? "")).svg.replace(/<text[\s\S]*?<\/text>/g, "");
    const ours = engine.rasterize(svg, { scale: 1.5 }).png;
    const resvg = new Resvg(svg, {
      fitTo: { mode: "zoom", value: 1.5 },
      shapeRendering: 2,
      textRendering: 1,
    });
    const drawn = resvg.render();
    const copied = encodePng({ width: drawn.width, height: drawn.height, pixels: drawn.pixels });
    expect(Buffer.from(ours).equals(Buffer.from(copied))).toBe(true);
    drawn.free();
    resvg.free();
  });
});

describe("huffmanCode", () => {
  const kraft = (lengths: Uint8Array) =>
    [...lengths].reduce((sum, length) => sum + (length ? 2 ** -length : 0), 0);

  it("gives frequent symbols short codes and makes a complete code", () => {
    const { lengths } = huffmanCode(Uint32Array.of(5, 1, 1), 15);
    expect([...lengths]).toEqual([1, 2, 2]);
    expect(kraft(lengths)).toBe(1);
  });

  it("keeps every code within the limit, still complete", () => {
    // Fibonacci frequencies make the deepest possible tree: 29 levels unlimited.
    const fibonacci = [1, 1];
    while (fibonacci.length < 30) fibonacci.push((fibonacci.at(-1) ?? 0) + (fibonacci.at(-2) ?? 0));
    for (const limit of [7, 15]) {
      const { lengths } = huffmanCode(fibonacci, limit);
      expect(Math.max(...lengths)).toBe(limit);
      expect(kraft(lengths)).toBe(1);
    }
  });

  it("gives a lone symbol a one-bit code with a partner", () => {
    expect([...huffmanCode([0, 0, 9], 15).lengths]).toEqual([1, 0, 1]);
  });
});
