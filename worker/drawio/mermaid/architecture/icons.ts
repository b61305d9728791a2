/**
 * Icons of services and groups as draw.io shapes: Mermaid's built-in icons (`cloud`,
 * `database`, `disk`, `internet`, `server`) as draw.io's own shapes, iconify names
 * (`logos:aws-lambda`, `aws:s3`) looked up in the shape catalogue, a plain box otherwise.
 */
import type { Theme } from "../../layout/spec.ts";
import { applyLibraryShape, type LibraryShapes } from "../../shapes/library-style.ts";
import type { LibraryShape } from "../../shapes/types.ts";

/** How an icon is drawn: its style (label below it) and whether it was found. */
export interface DrawnIcon {
  style: string;
  found: boolean;
}

const LABEL_BELOW =
  "verticalLabelPosition=bottom;verticalAlign=top;align=center;html=1;whiteSpace=wrap;";

/** Mermaid's built-in icons: a draw.io core shape, or a stencil draw.io ships. */
const BUILT_IN: Record<string, string> = {
  cloud: "ellipse;shape=cloud;",
  database: "shape=cylinder3;boundedLbl=1;backgroundOutline=1;size=10;",
  disk: "shape=mxgraph.office.devices.hard_disk;strokeColor=none;",
  internet: "shape=mxgraph.office.concepts.globe_internet;strokeColor=none;",
  server: "shape=mxgraph.office.servers.server_generic;strokeColor=none;",
};

/** Library packages to try for an iconify prefix (or a name's first word). */
const PACKAGES: Record<string, readonly string[]> = {
  aws: ["mxgraph.aws4"],
  azure: ["mxgraph.azure", "mxgraph.mscae"],
  gcp: ["mxgraph.gcp2"],
  google: ["mxgraph.gcp2"],
  k8s: ["mxgraph.kubernetes"],
  kubernetes: ["mxgraph.kubernetes"],
  cisco: ["mxgraph.cisco19", "mxgraph.cisco"],
};

/**
 * The draw.io style of an icon, label below it. Unknown names are drawn as a plain box and
 * reported as not found (the caller notes them).
 *
 * @example
 * iconStyle("logos:aws-lambda", catalog, "default").style; // "…resIcon=mxgraph.aws4.lambda;…"
 */
export function iconStyle(
  icon: string | undefined,
  shapes: LibraryShapes | undefined,
  theme: Theme,
): DrawnIcon {
  const colours =
    theme === "dark"
      ? "fillColor=#A99BE6;fontColor=#F0F0F0;"
      : "fillColor=#505050;fontColor=#333333;";
  const plain = `rounded=1;arcSize=12;${LABEL_BELOW}${theme === "dark" ? "fillColor=#2D2D44;strokeColor=#A99BE6;fontColor=#F0F0F0;" : "fillColor=#ECECFF;strokeColor=#9370DB;fontColor=#333333;"}`;
  if (icon === undefined) return { style: plain, found: true };
  const builtIn = BUILT_IN[icon];
  if (builtIn) {
    const own = icon === "cloud" || icon === "database";
    const fill = own
      ? theme === "dark"
        ? "fillColor=#2D2D44;strokeColor=#A99BE6;fontColor=#F0F0F0;"
        : "fillColor=#ECECFF;strokeColor=#9370DB;fontColor=#333333;"
      : colours;
    return { style: `${builtIn}${LABEL_BELOW}${fill}`, found: true };
  }
  const entry = shapes ? lookUp(icon, shapes) : undefined;
  if (!entry) return { style: plain, found: false };
  const style = applyLibraryShape(
    `${LABEL_BELOW}${theme === "dark" ? "fontColor=#F0F0F0;" : ""}`,
    entry,
  );
  return { style, found: true };
}

/** The catalogue entry an iconify name stands for, trying the likely draw.io names. */
function lookUp(icon: string, shapes: LibraryShapes): LibraryShape | undefined {
  const colon = icon.indexOf(":");
  const prefix = colon === -1 ? "" : icon.slice(0, colon).toLowerCase();
  let name = (colon === -1 ? icon : icon.slice(colon + 1)).toLowerCase();
  const first = name.split("-")[0] ?? "";
  const packages = PACKAGES[prefix] ?? PACKAGES[first];
  if (packages && PACKAGES[first]) name = name.slice(first.length + 1);
  const leaf = name.replace(/-/g, "_");
  const names: string[] = [];
  for (const pkg of packages ?? []) names.push(`${pkg}.${leaf}`, `${pkg}.${leaf}_function`);
  if (prefix !== "" && prefix !== "logos") names.push(`mxgraph.${prefix}.${leaf}`);
  for (const candidate of names) {
    const found = shapes.libraryShapes(candidate)[0];
    if (found) return found;
  }
  return undefined;
}
