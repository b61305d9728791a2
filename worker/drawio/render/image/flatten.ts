/**
 * SVG images turned into raster images before a picture is rasterised. resvg draws each
 * `<image>` of an SVG into a layer the size of the whole picture (measured: 42 ms per image on
 * a 1000 × 1000 px picture, 170 ms on 2000 × 2000; 2,000 of them wedged the server), where a
 * PNG image costs a fraction of a millisecond. Each distinct image is drawn once, at the pixel
 * size it is shown at, and every `<image>` of it then shows that PNG: the same picture for a
 * fraction of the work.
 */

/**
 * Rasterises one SVG document to cover a box of `width` × `height` px (its proportions kept);
 * its PNG as base64, or undefined when it cannot be drawn.
 */
export type RasterizeImage = (svg: string, width: number, height: number) => string | undefined;

/** Our `<image>` elements with SVG data (written by `element()`, attributes in this order). */
const SVG_IMAGE =
  /<image x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)" xlink:href="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]*)"/g;

/**
 * The zoom at which an image of `size` covers a box of `width` × `height` px, its proportions
 * kept; where covering would need over four times the box's pixels (a long thin image), the
 * zoom at which it fits inside instead.
 *
 * @example
 * coverZoom({ width: 20, height: 10 }, 40, 40); // 4
 */
export function coverZoom(
  size: { width: number; height: number },
  width: number,
  height: number,
): number {
  const cover = Math.max(width / size.width, height / size.height);
  const fit = Math.min(width / size.width, height / size.height);
  return size.width * size.height * cover * cover > 4 * width * height ? fit : cover;
}

/**
 * The picture with each SVG image shown as a PNG drawn at its size on screen (`pixelsPerUnit`:
 * the drawing's scale times the zoom it is rasterised at). An image that cannot be drawn stays
 * as it was.
 *
 * @example
 * flattenSvgImages(svg, 2, (inner, width, height) => pngBase64Of(inner, width, height));
 */
export function flattenSvgImages(
  svg: string,
  pixelsPerUnit: number,
  rasterize: RasterizeImage,
): string {
  if (!svg.includes("data:image/svg+xml;base64,")) return svg;
  const done = new Map<string, string | undefined>();
  return svg.replace(
    SVG_IMAGE,
    (whole, x: string, y: string, w: string, h: string, data: string) => {
      const width = Math.max(1, Math.ceil(Number(w) * pixelsPerUnit));
      const height = Math.max(1, Math.ceil(Number(h) * pixelsPerUnit));
      const key = `${width}x${height}:${data}`;
      let png = done.get(key);
      if (!done.has(key)) {
        const inner = atobUtf8(data);
        png = inner === undefined ? undefined : rasterize(inner, width, height);
        done.set(key, png);
      }
      if (png === undefined) return whole;
      return `<image x="${x}" y="${y}" width="${w}" height="${h}" xlink:href="data:image/png;base64,${png}"`;
    },
  );
}

function atobUtf8(base64: string): string | undefined {
  try {
    const binary = atob(base64);
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
