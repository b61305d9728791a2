/**
 * draw.io's default stylesheet (`styles/default.xml`), the one copy the library reads: the keys
 * every vertex and edge starts from, and the named styles a cell style may start with.
 */

/** A style's keys and their values, as the stylesheet writes them. */
export type StyleKeys = Readonly<Record<string, string>>;

/** What every vertex starts from: a `label` (a rectangle), black on white, centred. */
export const DEFAULT_VERTEX_STYLE: StyleKeys = {
  shape: "label",
  fillColor: "#ffffff",
  strokeColor: "#000000",
  fontColor: "#000000",
  fontSize: "12",
  fontFamily: "Helvetica",
  align: "center",
  verticalAlign: "middle",
};

/** …and what every edge starts from: rounded, a classic arrow, labels on white. */
export const DEFAULT_EDGE_STYLE: StyleKeys = {
  shape: "connector",
  strokeColor: "#000000",
  fontColor: "#000000",
  fontSize: "11",
  fontFamily: "Helvetica",
  align: "center",
  verticalAlign: "middle",
  endArrow: "classic",
  rounded: "1",
  labelBackgroundColor: "#ffffff",
};

/** The `text` style, which `edgeLabel` extends. */
const TEXT: StyleKeys = {
  fillColor: "none",
  strokeColor: "none",
  gradientColor: "none",
  align: "left",
  verticalAlign: "top",
};

/**
 * The stylesheet's named styles a cell style may start with (`ellipse;…`), flattened: each
 * one's keys, merged over the defaults in the order the style names them.
 */
export const NAMED_STYLES: Readonly<Record<string, StyleKeys>> = {
  text: TEXT,
  edgeLabel: { ...TEXT, labelBackgroundColor: "#ffffff", fontSize: "11" },
  label: {
    fontStyle: "1",
    align: "left",
    verticalAlign: "middle",
    spacing: "2",
    spacingLeft: "52",
    imageWidth: "42",
    imageHeight: "42",
    rounded: "1",
  },
  icon: {
    fontStyle: "0",
    rounded: "1",
    align: "center",
    verticalLabelPosition: "bottom",
    verticalAlign: "top",
    labelBackgroundColor: "#ffffff",
    spacing: "0",
    spacingLeft: "0",
    spacingTop: "6",
    imageWidth: "48",
    imageHeight: "48",
  },
  swimlane: { shape: "swimlane", fontSize: "12", fontStyle: "1", startSize: "23" },
  group: {
    verticalAlign: "top",
    fillColor: "none",
    strokeColor: "none",
    gradientColor: "none",
    pointerEvents: "0",
  },
  ellipse: { shape: "ellipse", perimeter: "ellipsePerimeter" },
  rhombus: { shape: "rhombus", perimeter: "rhombusPerimeter" },
  triangle: { shape: "triangle", perimeter: "trianglePerimeter" },
  line: {
    shape: "line",
    strokeWidth: "4",
    labelBackgroundColor: "#ffffff",
    verticalAlign: "top",
    spacingTop: "8",
  },
  image: {
    shape: "image",
    labelBackgroundColor: "#ffffff",
    verticalAlign: "top",
    verticalLabelPosition: "bottom",
  },
  roundImage: {
    shape: "image",
    perimeter: "ellipsePerimeter",
    labelBackgroundColor: "#ffffff",
    verticalAlign: "top",
    verticalLabelPosition: "bottom",
  },
  rhombusImage: {
    shape: "image",
    perimeter: "rhombusPerimeter",
    labelBackgroundColor: "#ffffff",
    verticalAlign: "top",
    verticalLabelPosition: "bottom",
  },
  arrow: { shape: "arrow", edgeStyle: "none", fillColor: "#ffffff" },
};
