/**
 * The outer paths of the draw.io stencils whose outline we carry, and how one is fitted into a
 * cell's box.
 */

import type { OutlinePath } from "./path.ts";

/**
 * The outer path of a draw.io stencil, in the stencil's own units (`w0` × `h0`), written as
 * absolute SVG path commands (M, L, Q, C, A, Z). `fixed` is the stencil's `aspect="fixed"`:
 * scaled uniformly and centred in the cell instead of stretched.
 */
export interface StencilOutline {
  w0: number;
  h0: number;
  fixed: boolean;
  path: string;
}

/**
 * Stencils whose outline we know, by their registry name.
 *
 * @example
 * STENCIL_OUTLINES["mxgraph.kubernetes.frame"]?.fixed; // true
 */
export const STENCIL_OUTLINES: Readonly<Record<string, StencilOutline>> = {
  // flowchart.xml "Direct Data": a horizontal cylinder, half-ellipse caps 9 units deep.
  "mxgraph.flowchart.direct_data": {
    w0: 98,
    h0: 60,
    fixed: false,
    path: "M9 0 L89 0 A9 30 0 1 1 89 60 L9 60 A9 30 0 1 1 9 0 Z",
  },
  // kubernetes.xml "frame": the heptagon badge behind every Kubernetes icon.
  "mxgraph.kubernetes.frame": {
    w0: 18.13,
    h0: 17.51,
    fixed: true,
    path:
      "M9 0.01 C8.84 0.02 8.68 0.06 8.54 0.13 L2.27 3.12 C1.94 3.28 1.7 3.58 1.62 3.93 " +
      "L0.07 10.66 C0 10.97 0.06 11.3 0.23 11.57 C0.26 11.6 0.28 11.63 0.3 11.67 " +
      "L4.64 17.06 C4.87 17.34 5.22 17.51 5.58 17.51 L12.54 17.51 C12.9 17.51 13.25 17.34 " +
      "13.48 17.06 L17.82 11.66 C18.04 11.38 18.13 11.01 18.05 10.66 L16.5 3.93 " +
      "C16.42 3.58 16.18 3.28 15.85 3.12 L9.58 0.13 C9.4 0.04 9.2 0 9 0.01 Z",
  },
};

const ARITY: Readonly<Record<string, number>> = { M: 2, L: 2, Q: 4, C: 6, A: 7, Z: 0 };

/**
 * Draws a stencil's outline into `w` × `h` at (`x`, `y`) as draw.io's `mxStencil` places it:
 * stretched to the box, or, when `fixed`, scaled by the smaller ratio and centred.
 *
 * @example
 * const p = new OutlinePath();
 * drawStencil(STENCIL_OUTLINES["mxgraph.flowchart.direct_data"]!, p, 0, 0, 120, 60);
 */
export function drawStencil(
  stencil: StencilOutline,
  p: OutlinePath,
  x: number,
  y: number,
  w: number,
  h: number,
  inverse = false,
): void {
  // `inverse`: mxStencil's computeAspect for direction north/south, which lays the stencil
  // out in the box turned a quarter (only a shape class that draws a stencil, such as the
  // Kubernetes icon, meets it: a stencil drawn as the shape itself gets an unturned box).
  const [bw, bh] = inverse ? [h, w] : [w, h];
  let sx = bw / stencil.w0;
  let sy = bh / stencil.h0;
  let x0 = inverse ? x + (w - h) / 2 : x;
  let y0 = inverse ? y - (w - h) / 2 : y;
  if (stencil.fixed) {
    sx = Math.min(sx, sy);
    sy = sx;
    x0 += (bw - stencil.w0 * sx) / 2;
    y0 += (bh - stencil.h0 * sy) / 2;
  }
  const X = (v: number) => x0 + v * sx;
  const Y = (v: number) => y0 + v * sy;
  const tokens = stencil.path.match(/[A-Za-z]|-?[\d.]+(?:e-?\d+)?/g) ?? [];
  let i = 0;
  while (i < tokens.length) {
    const command = tokens[i++] as string;
    const n = ARITY[command];
    if (n === undefined) throw new Error(`stencil path: unknown command ${command}`);
    const a = tokens.slice(i, i + n).map(Number);
    i += n;
    const v = (k: number) => a[k] as number;
    if (command === "M") p.moveTo(X(v(0)), Y(v(1)));
    else if (command === "L") p.lineTo(X(v(0)), Y(v(1)));
    else if (command === "Q") p.quadTo(X(v(0)), Y(v(1)), X(v(2)), Y(v(3)));
    else if (command === "C") p.curveTo(X(v(0)), Y(v(1)), X(v(2)), Y(v(3)), X(v(4)), Y(v(5)));
    else if (command === "A") {
      p.arcTo(v(0) * sx, v(1) * sy, v(2), v(3) === 1, v(4) === 1, X(v(5)), Y(v(6)));
    } else p.close();
  }
}
