/**
 * The layout gallery in the real draw.io: each of its eight layouts loads, every node label is
 * drawn, and the swimlane pool is drawn as lanes of one length stacked across the flow. The
 * screenshots go to /tmp/gallery-shots/ for a person to look at (`npm run gallery` refreshes
 * the copies in test/gallery/). Skips without Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GraphSpecSchema } from "../../worker/drawio/layout/spec.ts";
import { galleryEntries, renderEntry } from "../gallery/gallery.ts";
import { findChromium, hasLabel, type LaunchedDrawio, launchDrawio } from "./drawio.ts";

const SHOTS = "/tmp/gallery-shots";
const chromium = findChromium();

describe.skipIf(chromium === undefined)("the layout gallery in the real draw.io", () => {
  let drawio: LaunchedDrawio;
  beforeAll(async () => {
    drawio = await launchDrawio();
  }, 60_000);
  afterAll(async () => {
    await drawio?.close();
  });

  for (const entry of galleryEntries()) {
    it(`${entry.name}: loads and draws every label`, async () => {
      const { svg, png } = await renderEntry(drawio, entry, `${SHOTS}/${entry.name}.png`);
      expect(png.length).toBeGreaterThan(5_000);
      const spec = GraphSpecSchema.parse(entry.spec);
      for (const node of spec.nodes) {
        if (node.label.trim() !== "") expect(hasLabel(svg, node.label), node.label).toBe(true);
      }
      for (const group of spec.groups) expect(hasLabel(svg, group.label), group.label).toBe(true);
    }, 60_000);
  }

  it("draws the swimlane pool as lanes of one length, touching, headers on the left", async () => {
    const entry = galleryEntries().find((e) => e.name === "support-lanes");
    if (!entry) throw new Error("no swimlane entry");
    const { svg } = await renderEntry(drawio, entry, `${SHOTS}/support-lanes-pool.png`);
    // draw.io draws a lane with its header on the left (`horizontal=0`) as two paths: the
    // header `M 30 y0 L 0 y0 L 0 y1 L 30 y1` and the body `M 30 y0 L x1 y0 L x1 y1 L 30 y1`.
    const n = String.raw`([\d.]+)`;
    const bodies = [
      ...svg.matchAll(new RegExp(`<path d="M ${n} ${n} L ${n} \\2 L \\3 ${n} L \\1 \\4"`, "g")),
    ]
      .map((m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]) }))
      .filter((b) => b.x1 > b.x0 + 500);
    const headers = [
      ...svg.matchAll(new RegExp(`<path d="M ${n} ${n} L 0 \\2 L 0 ${n} L \\1 \\3"`, "g")),
    ];
    expect(headers).toHaveLength(3);
    expect(bodies).toHaveLength(3);
    const [first] = bodies;
    for (const [k, body] of bodies.entries()) {
      // One length, one start, and each lane starting where the one above it ends.
      expect(body.x0).toBe(first?.x0);
      expect(body.x1).toBe(first?.x1);
      if (k > 0) expect(body.y0).toBeCloseTo(bodies[k - 1]?.y1 ?? Number.NaN, 0);
    }
    for (const label of ["Customer", "Support agent", "Engineering"]) {
      expect(hasLabel(svg, label)).toBe(true);
    }
  }, 60_000);
});
