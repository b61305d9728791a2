/**
 * The real draw.io for one `describe` block: launched before its tests (with an output folder
 * for its pictures made), closed after them.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { type LaunchedDrawio, launchDrawio } from "./drawio.ts";

/**
 * Starts draw.io in Chromium around the current `describe` block and returns a getter for it.
 *
 * @example
 * const drawio = drawioForSuite("/tmp/shots-dark");
 * it("…", async () => { await drawio().renderSvg(xml); });
 */
export function drawioForSuite(out: string): () => LaunchedDrawio {
  let drawio: LaunchedDrawio | undefined;
  beforeAll(async () => {
    drawio = await launchDrawio();
    mkdirSync(out, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await drawio?.close();
  });
  return () => {
    if (!drawio) throw new Error("draw.io did not start");
    return drawio;
  };
}
