/**
 * The pages of `bench/render-hostile.ts`: every render and public-link case of the hostile
 * table (`test/fixtures/hostile/`), asked for as its request asks (`POST /v1/render` with its
 * format and scale; a public link's PNG shrunk to fit; an export's SVG), so the in-process
 * bench times, step by step, the very pages `npm run bench -- hostile` sends over HTTP.
 */

import { HOSTILE_CASES, type HostileContext } from "../test/fixtures/hostile/index.ts";

/** How one page is drawn. */
export interface RenderRequest {
  xml: string;
  format: "svg" | "png";
  /** A public link's PNG shrinks a large picture to fit instead of refusing it. */
  fit: boolean;
  scale: number;
}

/** One case: its name in the hostile table, and its page, built on demand (some are MBs). */
export interface RenderCase {
  name: string;
  build(): RenderRequest;
}

/** Requests aim at ids; here only the page and how it is asked for matter. */
const PLACEHOLDER: HostileContext = {
  key: "bench",
  diagram: "d_bench",
  version: 1,
  publication: "pub_bench",
  viewToken: "dft_view",
  editToken: "dft_edit",
};

/** The render and public-link cases that draw a page, in the table's order. */
export function renderCases(): RenderCase[] {
  const cases: RenderCase[] = [];
  for (const hostile of HOSTILE_CASES) {
    if (hostile.path !== "render" && hostile.path !== "public") continue;
    const probe = hostile.request(PLACEHOLDER);
    const published = /^\/p\/.+\.(svg|png)$/.exec(probe.path);
    const exported = /\/export\?format=(svg|png)/.exec(probe.path);
    if (probe.path === "/v1/render") {
      cases.push({
        name: hostile.name,
        build() {
          const body = hostile.request(PLACEHOLDER).body as {
            xml: string;
            format: "svg" | "png";
            scale?: number;
          };
          return { xml: body.xml, format: body.format, fit: false, scale: body.scale ?? 1 };
        },
      });
    } else if ((published || exported) && hostile.stored) {
      const format = (published?.[1] ?? exported?.[1]) as "svg" | "png";
      const stored = hostile.stored;
      cases.push({
        name: hostile.name,
        build: () => ({ xml: stored(), format, fit: Boolean(published), scale: 1 }),
      });
    }
  }
  return cases;
}
