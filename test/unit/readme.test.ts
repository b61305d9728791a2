/**
 * The README against the code: its generated parts (the MCP tool table, the queues) must be what
 * `npm run docs:readme` writes, and the numbers of its limits table must be the constants the
 * code enforces. A failure names the part or the row to fix.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FINDING_LIMITS } from "../../worker/drawio/check/findings.ts";
import { COORDINATE_LIMIT } from "../../worker/drawio/check/validate.ts";
import { EXTEND_WORK_LIMIT } from "../../worker/drawio/extend/cost.ts";
import { ADD_GRAPH_LIMITS } from "../../worker/drawio/extend/spec.ts";
import { LAYOUT_LIMITS } from "../../worker/drawio/layout/cost.ts";
import { MAX_MERMAID_CHARS, MAX_MERMAID_NODES } from "../../worker/drawio/mermaid/source.ts";
import { REPLACE_TEXT_BUDGET } from "../../worker/drawio/operations/apply.ts";
import { MAX_PNG_PIXELS, RASTER_WORK_LIMIT } from "../../worker/drawio/raster/plan.ts";
import { RENDER_LIMITS } from "../../worker/drawio/render/render-cost.ts";
import { MAX_EXPRESSION_LENGTH } from "../../worker/drawio/xpath/parse.ts";
import { XPATH_BUDGET } from "../../worker/drawio/xpath/select.ts";
import { LIMITS } from "../../worker/schemas/limits.ts";
import { placeholderKvNamespaces } from "../../worker/scripts/deploy.ts";
import {
  deployFiguresDrift,
  deployFiguresPart,
  README_PARTS,
  README_PATH,
  readmePart,
  rewriteReadme,
} from "../../worker/scripts/readme.ts";

const README = readFileSync(README_PATH, "utf8");
const n = (value: number) => value.toLocaleString("en-US");
const MIB = 1024 * 1024;

describe("the README's generated parts", () => {
  it.each(Object.keys(README_PARTS))("%s is what npm run docs:readme writes", (name) => {
    const written = readmePart(rewriteReadme(README), name);
    expect(readmePart(README, name), `run npm run docs:readme (part ${name})`).toBe(written);
  });

  it("lists every MCP tool, the Mermaid one included, and the listing's real token count", () => {
    const part = readmePart(README, "mcp-tools") ?? "";
    expect(part).toContain("`create_diagram_from_mermaid`");
    expect(part).toMatch(/shows eight, [\d,]+ tokens; `\/mcp\?tools=all` lists all 16/);
  });

  it("says which queue has a dead-letter queue and which does not", () => {
    const part = readmePart(README, "batch-queues") ?? "";
    expect(part).toContain("dead-letter queue `drawforge-batch-items-dlq`");
    expect(part).toContain("`drawforge-webhooks` (8 attempts; the consumer itself records");
  });

  it("has the deployment figures, which the deploy dry run checks", () => {
    const part = readmePart(README, "deploy-figures") ?? "";
    expect(part).toMatch(/about [\d.]+ MiB gzip/);
    // The figures of an older release are drift; a few KiB are not.
    const today = { assetFiles: 2_220, assetMiB: 40.8, gzipKiB: 4_087 };
    expect(deployFiguresDrift(deployFiguresPart(today), { ...today, gzipKiB: 4_100 })).toEqual([]);
    const old = deployFiguresPart({ assetFiles: 262, assetMiB: 15, gzipKiB: 3_789 });
    expect(deployFiguresDrift(old, today).map((d) => d.split(":")[0])).toEqual([
      "gzipMiB",
      "assetFiles",
      "assetMiB",
    ]);
  });

  it("refuses a README that lost a part's markers", () => {
    expect(() => rewriteReadme(README.replace("<!-- generated:mcp-tools -->", ""))).toThrow(
      /no <!-- generated:mcp-tools --> part/,
    );
  });
});

/** The rows of the README's limits table: first cell → the rest of the row. */
function limitRows(): Map<string, string> {
  const start = README.indexOf("| what | limit | answer |");
  const table = README.slice(start, README.indexOf("\n\n", start)).split("\n").slice(2);
  return new Map(
    table.map((line) => {
      const [, what = "", ...rest] = line.split("|");
      return [what.trim(), rest.join("|")];
    }),
  );
}

describe("the README's limits table states the limits the code enforces", () => {
  const rows = limitRows();
  const pngSide = Math.sqrt(MAX_PNG_PIXELS);
  const cases: [string, string[]][] = [
    ["request body", [`${LIMITS.bodyBytes / MIB} MB`]],
    ["diagram XML", [`${LIMITS.xmlBytes / MIB} MB`]],
    ["cells", [n(LIMITS.cells)]],
    ["pages", [n(LIMITS.pages)]],
    ["attributes on one element", [n(LIMITS.attributesPerElement)]],
    ["cell id", [`${n(LIMITS.idChars)} characters`]],
    ["coordinates and sizes", [`±${n(COORDINATE_LIMIT)}`]],
    ["title", [`${n(LIMITS.titleChars)} characters`]],
    ["operations per batch", [n(LIMITS.operations)]],
    ["list page", [`${LIMITS.pageSize.max} items`]],
    ["XPath", [`${n(MAX_EXPRESSION_LENGTH)} characters`, `${n(XPATH_BUDGET)} units`]],
    ["`replace_text`", [`${REPLACE_TEXT_BUDGET / 1e6} million characters`]],
    [
      "drawing a page",
      [
        `${n(RENDER_LIMITS.cells)} cells`,
        `${n(RENDER_LIMITS.labelChars)} characters in one label`,
        `${n(RENDER_LIMITS.allLabelChars)} in all`,
        `${n(RENDER_LIMITS.edgeWaypoints)} waypoints on one edge`,
        `${n(RENDER_LIMITS.allWaypoints)} in all`,
        `${n(RENDER_LIMITS.stencils)} distinct stencils`,
        `${n(RENDER_LIMITS.images)} images`,
        `${RENDER_LIMITS.imageChars / MIB} MiB`,
        `${n(RENDER_LIMITS.work)} units`,
      ],
    ],
    ["PNG size", [`${pngSide} × ${pngSide} px`]],
    ["PNG work", [`${n(RASTER_WORK_LIMIT)} units`]],
    ["layout", [`${n(LAYOUT_LIMITS.units)} units`, `nested ${LAYOUT_LIMITS.depth} deep`]],
    [
      "`add_graph`",
      [
        `${ADD_GRAPH_LIMITS.nodes} nodes`,
        `${ADD_GRAPH_LIMITS.edges} edges`,
        `${ADD_GRAPH_LIMITS.groups} groups`,
      ],
    ],
    ["placing new cells", [`${n(EXTEND_WORK_LIMIT)} units`]],
    ["Mermaid", [`${MAX_MERMAID_CHARS / 1024} KB`, `${n(MAX_MERMAID_NODES)} nodes`]],
    [
      "findings, lint",
      [`${FINDING_LIMITS.count} entries`, `${n(FINDING_LIMITS.messageBytes)} bytes`],
    ],
  ];

  it.each(cases)("%s", (prefix, figures) => {
    const row = [...rows].find(([what]) => what.startsWith(prefix));
    expect(row, `the limits table has a row "${prefix}…"`).toBeDefined();
    for (const figure of figures) expect(row?.[1]).toContain(figure);
  });
});

describe("the deploy script's checks", () => {
  it("warns about KV namespaces with the local placeholder ids, not real ones", () => {
    const warnings = placeholderKvNamespaces([
      { binding: "OAUTH_KV", id: "drawforge-oauth-local" },
      { binding: "PUBLICATIONS", id: "0123456789abcdef0123456789abcdef" },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("npx wrangler kv namespace create OAUTH_KV");
  });
});

describe("the README's curl examples", () => {
  it("never save a problem as if it were the file: every curl -o uses --fail-with-body", () => {
    const commands = README.replaceAll("\\\n", " ")
      .split("\n")
      .filter((line) => /^\s*curl /.test(line) && / -o \S/.test(line));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command).toContain("--fail-with-body");
  });
});
