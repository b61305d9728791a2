import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { pngEngine } from "../../worker/images/png-engine.ts";
import { api, buildRequest, createDiagram, expectProblem, SMALL_XML } from "./api.ts";
import { decodePng } from "./png-pixels.ts";

/** Calls the Worker and keeps the body as bytes. */
async function fetchBytes(path: string, init: Parameters<typeof buildRequest>[1] = {}) {
  const res = await exports.default.fetch(buildRequest(path, init));
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The share of pixels that are not plain white and opaque. */
function inkShare(image: { pixels: Uint8Array }): number {
  let ink = 0;
  for (let i = 0; i < image.pixels.length; i += 4) {
    const [r, g, b, a] = image.pixels.subarray(i, i + 4);
    if (r !== 255 || g !== 255 || b !== 255 || a !== 255) ink++;
  }
  return ink / (image.pixels.length / 4);
}

describe("PNG images: export, render and publications, rasterised in the Worker", () => {
  // The first PNG of an isolate loads resvg's 2.4 MB WASM and the fonts, which the test
  // runner's module link makes slow: one warm-up request pays for it, with room to spare.
  beforeAll(async () => {
    const warm = await fetchBytes("/v1/render", {
      method: "POST",
      body: { xml: SMALL_XML, format: "png" },
    });
    expect(warm.res.status).toBe(200);
  }, 120_000);

  it("encodes straight from resvg's memory in workerd, with no copy of the picture", async () => {
    expect((await pngEngine()).readsInPlace).toBe(true);
  });

  it("exports the head as a PNG as large as the SVG, with its shapes and text drawn", async () => {
    const id = await createDiagram();
    const svg = await api(`/v1/diagrams/${id}/export?format=svg`);
    const w = Number(/width="(\d+)px"/.exec(svg.text)?.[1]);
    const h = Number(/height="(\d+)px"/.exec(svg.text)?.[1]);
    const { res, bytes } = await fetchBytes(`/v1/diagrams/${id}/export?format=png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''Test.png");
    const image = decodePng(bytes);
    expect([image.width, image.height]).toEqual([w, h]);
    // White background, two boxes with their labels and an edge: some ink, mostly white.
    expect(image.pixels[3]).toBe(255);
    const ink = inkShare(image);
    expect(ink).toBeGreaterThan(0.03);
    expect(ink).toBeLessThan(0.5);
  });

  it("scales, keeps a transparent background on request, and draws dark", async () => {
    const id = await createDiagram();
    const one = decodePng((await fetchBytes(`/v1/diagrams/${id}/export?format=png`)).bytes);
    const two = decodePng(
      (await fetchBytes(`/v1/diagrams/${id}/export?format=png&scale=2&transparent=true`)).bytes,
    );
    expect(two.width).toBeGreaterThanOrEqual(one.width * 2 - 1);
    expect(two.width).toBeLessThanOrEqual(one.width * 2 + 1);
    // The top row between the two boxes is background.
    const gap = (image: { width: number }) => (Math.floor(image.width / 2) + image.width) * 4 + 3;
    expect(one.pixels[gap(one)]).toBe(255);
    expect(two.pixels[gap(two)]).toBe(0);
    const dark = decodePng(
      (await fetchBytes(`/v1/diagrams/${id}/export?format=png&theme=dark`)).bytes,
    );
    const at = gap(dark) - 3;
    expect([...dark.pixels.subarray(at, at + 3)]).toEqual([0x12, 0x12, 0x12]);
    const bad = await api(`/v1/diagrams/${id}/export?format=png&transparent=maybe`);
    expectProblem(bad, 422, "invalid_request");
  });

  it("refuses an image over 4096 × 4096 px with 422 image_too_large, changing nothing", async () => {
    const big = SMALL_XML.replace('x="220" y="20"', 'x="3000" y="3000"');
    const id = await createDiagram(big);
    const res = await api(`/v1/diagrams/${id}/export?format=png&scale=4`);
    const problem = expectProblem(res, 422, "image_too_large");
    // 3,141 px square at scale 1: at scale 4 the most that fits is 4096 / 3,141 ≈ 1.3.
    expect(problem.detail).toMatch(/lower the scale to 1\.3\d? or less/);
    const smaller = await fetchBytes(`/v1/diagrams/${id}/export?format=png&scale=1`);
    expect(smaller.res.status).toBe(200);
  });

  it("renders XML sent in the body as a PNG and names the shapes drawn as boxes", async () => {
    const xml = SMALL_XML.replace(
      'value="Start" vertex="1"',
      'value="Start" style="shape=mxgraph.nowhere.thing;" vertex="1"',
    );
    const { res, bytes } = await fetchBytes("/v1/render", {
      method: "POST",
      body: { xml, format: "png", scale: 1.5 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-drawforge-unknown-shapes")).toBe("mxgraph.nowhere.thing");
    expect(inkShare(decodePng(bytes))).toBeGreaterThan(0.03);
  });

  it("publishes a PNG: public, cached, revalidated by ETag", async () => {
    const id = await createDiagram();
    const pub = await api(`/v1/diagrams/${id}/publications`, { method: "POST", body: {} });
    expect(pub.status).toBe(201);
    const url = new URL(pub.json.urls.png as string);
    expect(url.pathname).toBe(`/p/${pub.json.id}.png`);
    const { res, bytes } = await fetchBytes(url.pathname, { auth: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("etag")).toBe('"1"');
    expect(decodePng(bytes).width).toBeGreaterThan(100);
    const again = await fetchBytes(url.pathname, {
      auth: null,
      headers: { "if-none-match": '"1"' },
    });
    expect(again.res.status).toBe(304);
  });

  it("shrinks a published PNG too large for one image to the largest size allowed", async () => {
    const id = await createDiagram(SMALL_XML.replace('x="220" y="20"', 'x="5000" y="5000"'));
    const pub = await api(`/v1/diagrams/${id}/publications`, { method: "POST", body: {} });
    const { res, bytes } = await fetchBytes(new URL(pub.json.urls.png as string).pathname, {
      auth: null,
    });
    expect(res.status).toBe(200);
    const { width, height } = decodePng(bytes);
    expect(width * height).toBeLessThanOrEqual(4096 * 4096);
    expect(width).toBeGreaterThan(4000);
  }, 60_000);
});

describe("PNG images of hostile diagrams: refused or bounded before the rasteriser does the work", () => {
  const words = (n: number) => "lorem ipsum dolor sit amet ".repeat(Math.ceil(n / 27)).slice(0, n);
  const model = (cells: string[]) =>
    `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
  const cell = (
    id: string,
    value: string,
    style: string,
    x: number,
    y: number,
    w: number,
    h: number,
  ) =>
    `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
  const codeOf = (bytes: Uint8Array) =>
    (JSON.parse(new TextDecoder().decode(bytes)) as { code: string }).code;
  const timed = async (path: string, init: Parameters<typeof buildRequest>[1] = {}) => {
    const started = performance.now();
    const answer = await fetchBytes(path, init);
    return { ...answer, ms: performance.now() - started };
  };

  beforeAll(async () => {
    const warm = await fetchBytes("/v1/render", {
      method: "POST",
      body: { xml: SMALL_XML, format: "png" },
    });
    expect(warm.res.status).toBe(200);
  }, 120_000);

  it("answers image_too_large from the picture's size, before resvg parses its text (was 3–14 s)", async () => {
    const cells = Array.from({ length: 1_000 }, (_, i) =>
      cell(
        `v${i}`,
        words(300),
        "whiteSpace=wrap;html=1;",
        (i % 40) * 150,
        Math.floor(i / 40) * 250,
        140,
        240,
      ),
    );
    const id = await createDiagram(model(cells));
    const { res, bytes, ms } = await timed(`/v1/diagrams/${id}/export?format=png`);
    expect(res.status).toBe(422);
    expect(codeOf(bytes)).toBe("image_too_large");
    expect(ms).toBeLessThan(2_000);
  });

  it("refuses a 40,000-character label's PNG export, and shrinks its public PNG (was 14 s per request)", async () => {
    const id = await createDiagram(model([cell("a", words(40_000), "", 0, 0, 120, 60)]));
    const exported = await timed(`/v1/diagrams/${id}/export?format=png`);
    expect(exported.res.status).toBe(422);
    expect(codeOf(exported.bytes)).toBe("render_too_expensive");
    expect(exported.ms).toBeLessThan(2_000);
    const pub = await api(`/v1/diagrams/${id}/publications`, { method: "POST", body: {} });
    const shown = await timed(new URL(pub.json.urls.png as string).pathname, { auth: null });
    expect(shown.res.status).toBe(200);
    expect(shown.ms).toBeLessThan(2_000);
  });

  it("draws 500 embedded SVG images with blur filters quickly, their script and filters gone (was 2 s each)", async () => {
    const hostile = btoa(
      `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000" onload="alert(1)"><script>alert(2)</script><defs><filter id="b"><feGaussianBlur stdDeviation="200"/></filter></defs>${'<rect width="1000" height="1000" fill="red" filter="url(#b)"/>'.repeat(5)}</svg>`,
    );
    const cells = Array.from({ length: 500 }, (_, i) =>
      cell(
        `i${i}`,
        "",
        `shape=image;image=data:image/svg+xml,${hostile};`,
        (i % 25) * 50,
        Math.floor(i / 25) * 50,
        40,
        40,
      ),
    );
    const xml = model(cells);
    const svg = await api("/v1/render", { method: "POST", body: { xml } });
    expect(svg.status).toBe(200);
    const inner = atob(/data:image\/svg\+xml;base64,([^"]+)/.exec(svg.text)?.[1] ?? "");
    expect(inner).toContain("<rect");
    expect(inner).not.toMatch(/script|onload|feGaussianBlur|filter=/);
    const png = await timed("/v1/render", { method: "POST", body: { xml, format: "png" } });
    expect(png.res.status).toBe(200);
    expect(inkShare(decodePng(png.bytes))).toBeGreaterThan(0.1);
    expect(png.ms).toBeLessThan(5_000);
  });

  it("draws fontSize=1e39 as the largest size a style may have, not a 500", async () => {
    const xml = model([cell("a", "big", "fontSize=1e39;", 0, 0, 120, 60)]);
    const svg = await api("/v1/render", { method: "POST", body: { xml } });
    expect(svg.status).toBe(200);
    expect(svg.text).not.toMatch(/Infinity|e\+39/);
    const pub = await timed("/v1/render", { method: "POST", body: { xml, format: "png" } });
    expect([200, 422]).toContain(pub.res.status);
  });
});
