/**
 * Extending real diagrams, in the real draw.io: four corpus files, each before and after an
 * `add_graph` edit (test/gallery/extend.ts). After the edit every new node's label is drawn and
 * every label drawn before still is. The screenshots go to /tmp/extend-shots/ for a person to
 * look at (`npm run gallery` refreshes the copies in test/gallery/). Skips without Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addedLabels, extendEntries, renderExtendPair } from "../gallery/extend.ts";
import {
  findChromium,
  hasLabel,
  type LaunchedDrawio,
  labelsInSvg,
  launchDrawio,
} from "./drawio.ts";

const SHOTS = "/tmp/extend-shots";
const chromium = findChromium();

describe.skipIf(chromium === undefined)("extended corpus diagrams in the real draw.io", () => {
  let drawio: LaunchedDrawio;
  beforeAll(async () => {
    drawio = await launchDrawio();
  }, 60_000);
  afterAll(async () => {
    await drawio?.close();
  });

  for (const entry of extendEntries()) {
    it(`${entry.name}: draws the new nodes and keeps every old label`, async () => {
      const { before, after } = await renderExtendPair(drawio, entry, SHOTS);
      expect(before.png.length).toBeGreaterThan(5_000);
      expect(after.png.length).toBeGreaterThan(5_000);
      for (const label of addedLabels(entry)) {
        expect(hasLabel(before.svg, label), `before: ${label}`).toBe(false);
        expect(hasLabel(after.svg, label), `after: ${label}`).toBe(true);
      }
      const kept = labelsInSvg(before.svg);
      expect(kept.length).toBeGreaterThan(0);
      for (const label of kept) expect(hasLabel(after.svg, label), label).toBe(true);
    }, 60_000);
  }
});
