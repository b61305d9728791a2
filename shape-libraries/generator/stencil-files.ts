/** draw.io's stencil XML files, parsed and named as `mxStencilRegistry.parseStencilSet` does. */

import { readFileSync } from "node:fs";
import path from "node:path";
import { DOMParser, type Element } from "@xmldom/xmldom";
import { listFiles } from "./drawio-files.ts";

/** One stencil of a stencil XML file, as draw.io registers it. */
export interface Stencil {
  /** Package, lower-cased, without the trailing dot (e.g. `mxgraph.aws4`). */
  pkg: string;
  /** Registered name after the package (lower-cased, spaces as `_`). */
  name: string;
  /** The name with spaces as `_` but case kept, as draw.io passes it to palettes. */
  stencilName: string;
  /** The `name` attribute as written. */
  displayName: string;
  w: number;
  h: number;
}

/** One stencil XML file and the stencils it registers, in file order. */
export interface StencilFile {
  /** Path relative to the stencils folder, with forward slashes. */
  file: string;
  stencils: Stencil[];
}

function childElements(node: Element): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === 1) out.push(child as Element);
  }
  return out;
}

/**
 * The name draw.io registers a stencil under. Mirrors `mxStencilRegistry.parseStencilSet` in
 * js/grapheditor/Graph.js of draw.io 14.6.12:
 *
 *   packageName = name + '.';  ...  packageName = packageName.toLowerCase();
 *   var stencilName = name.replace(/ /g,"_");
 *   mxStencilRegistry.addStencil(packageName + stencilName.toLowerCase(), new mxStencil(shape));
 *
 * Only spaces are replaced; dots, commas and brackets stay in the name.
 *
 * @example
 * stencilRegistryName("mxgraph.aws4", "A1 Instance"); // "mxgraph.aws4.a1_instance"
 */
export function stencilRegistryName(packageAttr: string, shapeName: string): string {
  return `${packageAttr.toLowerCase()}.${shapeName.replace(/ /g, "_").toLowerCase()}`;
}

/**
 * Parses every stencil file the way `mxStencilRegistry.parseStencilSet` does.
 *
 * @example
 * readStencils(drawioRoot()).find((f) => f.file === "aws4.xml")?.stencils.length;
 */
export function readStencils(root: string): StencilFile[] {
  const dir = path.join(root, "stencils");
  const files: StencilFile[] = [];
  for (const file of listFiles(dir, ".xml")) {
    const doc = new DOMParser().parseFromString(
      readFileSync(path.join(dir, file), "utf8"),
      "text/xml",
    );
    const top = doc.documentElement;
    if (top === null) throw new Error(`stencils/${file} has no root element`);
    // A <stencils> root wraps several <shapes> sets; draw.io parses each in turn.
    const sets = top.nodeName === "stencils" ? childElements(top) : [top];
    const stencils: Stencil[] = [];
    for (const set of sets) {
      if (set.nodeName !== "shapes" && top.nodeName === "stencils") continue;
      const pkgAttr = set.getAttribute("name");
      for (const shape of childElements(set)) {
        const name = shape.getAttribute("name");
        if (name === null) continue;
        const full = stencilRegistryName(pkgAttr ?? "", name);
        const pkg = (pkgAttr ?? "").toLowerCase();
        stencils.push({
          pkg,
          name: full.slice(pkg.length + 1),
          stencilName: name.replace(/ /g, "_"),
          displayName: name,
          w: sizeAttr(shape.getAttribute("w")),
          h: sizeAttr(shape.getAttribute("h")),
        });
      }
    }
    files.push({ file, stencils });
  }
  return files;
}

/** draw.io's `parseInt(w, 10)` with its default of 80 when the attribute is missing. */
function sizeAttr(value: string | null): number {
  return value === null ? 80 : Number.parseInt(value, 10);
}
