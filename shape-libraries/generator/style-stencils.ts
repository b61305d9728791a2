/** Which shapes and stencils a style string draws. */

import { getStyleValue } from "../../worker/drawio/index.ts";

/**
 * The value of `shape=` in a style, if any. Like draw.io's style parser, a later occurrence of
 * a key wins and the value runs from the first `=` to the next `;`.
 *
 * @example
 * shapeOf("html=1;shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;");
 * // "mxgraph.aws4.resourceIcon"
 */
export function shapeOf(style: string): string | undefined {
  return styleValue(style, "shape");
}

/**
 * Style keys whose value names a stencil drawn inside a code shape (AWS 4 icons and others).
 *
 * @example
 * iconStyleKeys.map((k) => styleValue("resIcon=mxgraph.aws4.lambda", k));
 * // ["mxgraph.aws4.lambda", undefined, undefined, undefined]
 */
export const iconStyleKeys = ["resIcon", "prIcon", "grIcon", "bgIcon"] as const;

/**
 * The value of `key` in a style string (the last one, as draw.io reads it).
 *
 * @example
 * styleValue("shape=cylinder3;shape=mxgraph.aws4.s3;", "shape"); // "mxgraph.aws4.s3"
 */
export const styleValue = getStyleValue;

/**
 * Stencil names a style draws: its `shape=` and the stencils named by icon keys. Icon values
 * that start with `mxgraph.` are full names (AWS 4 `resIcon`, Cisco SAFE `bgIcon`); a short
 * `prIcon` (Cisco 19, GCP 2, Kubernetes) is relative to the shape's package, as those code
 * shapes resolve it (`mxStencilRegistry.getStencil('mxgraph.cisco19.' + prIcon)`). Other short
 * values are keywords (Cisco SAFE `bgIcon=ellipse`), not stencils.
 *
 * @example
 * stencilsUsed("shape=mxgraph.cisco19.rect;prIcon=router;");
 * // ["mxgraph.cisco19.rect", "mxgraph.cisco19.router"]
 */
export function stencilsUsed(style: string): string[] {
  const out: string[] = [];
  const shape = shapeOf(style);
  if (shape !== undefined) out.push(shape);
  for (const key of iconStyleKeys) {
    const value = styleValue(style, key);
    if (value === undefined || value === "") continue;
    if (value.startsWith("mxgraph.")) out.push(value);
    else if (key === "prIcon" && shape?.startsWith("mxgraph.")) {
      out.push(`${shape.slice(0, shape.lastIndexOf("."))}.${value}`);
    }
  }
  return out;
}
