import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { type RenderedSvg, renderSvg } from "../../../../worker/drawio/render/index.ts";

/**
 * Renders one vertex at the origin, so the SVG's coordinates are the shape's own.
 *
 * @example
 * drawCell("shape=umlEntity;", 80, 80).svg;
 */
export const drawCell = (style: string, w: number, h: number, label = "Label"): RenderedSvg =>
  renderSvg(
    parseDiagram(
      `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="a" value="${label}" style="${style}" vertex="1" parent="1"><mxGeometry width="${w}" height="${h}" as="geometry"/></mxCell></root></mxGraphModel>`,
    ),
  );
