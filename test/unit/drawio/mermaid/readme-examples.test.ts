/**
 * The README's "From Mermaid" section cannot drift from the code: its table has a row (and a
 * gallery picture) for every type the converter knows, and each of its examples converts to a
 * drawing with nothing on top of anything else; its curl example's loop is drawn without jogs.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { edgeRoutes } from "../../../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { lintDocument } from "../../../../worker/drawio/lint/index.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { MERMAID_TYPES, type MermaidType } from "../../../../worker/drawio/mermaid/source.ts";

const ROOT = new URL("../../../../", import.meta.url);
const readme = readFileSync(new URL("README.md", ROOT), "utf8");
const start = readme.indexOf("## From Mermaid");
const section = readme.slice(start, readme.indexOf("\n## ", start + 3));
const examples = [...section.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] as string);
/** The gallery picture of each type (its corpus folder's name). */
const pictures = [...section.matchAll(/\(test\/gallery\/mermaid\/([\w-]+)\.png\)/g)].map(
  (m) => m[1] as string,
);
/** The Mermaid of the section's `POST /v1/convert` curl example (a JSON string in the shell). */
const curlExample = JSON.parse(
  /"mermaid":("(?:[^"\\]|\\.)*")/.exec(section)?.[1] ?? '""',
) as string;

/** The bends of each edge of a converted diagram, by `source → target`. */
async function bendsOf(text: string): Promise<Record<string, number>> {
  const { document } = await convertMermaid(text);
  const page = document.pages[0];
  if (!page) throw new Error("no page");
  const bends: Record<string, number> = {};
  for (const route of edgeRoutes(new PageLayout(page))) {
    const [from, to] = route.ends.map((end) => end.cell?.id);
    bends[`${from} → ${to}`] = route.points.length - 2;
  }
  return bends;
}

/** The corpus folder of a type, where its key is not one already. */
const FOLDERS: Partial<Record<MermaidType, string>> = { gitGraph: "git-graph" };

describe("the README's From Mermaid section", () => {
  it("has a row with a gallery picture for every type", () => {
    const types = Object.keys(MERMAID_TYPES) as MermaidType[];
    expect(pictures.sort()).toEqual(types.map((t) => FOLDERS[t] ?? t).sort());
    for (const name of pictures) {
      expect(existsSync(new URL(`test/gallery/mermaid/${name}.png`, ROOT)), name).toBe(true);
    }
    for (const keywords of Object.values(MERMAID_TYPES)) {
      expect(section.includes(`\`${keywords[0]}\``), keywords[0]).toBe(true);
    }
  });

  it("shows an example of every type beyond the flowchart family", async () => {
    const shown = new Set<string>();
    for (const text of examples) shown.add((await convertMermaid(text)).type);
    const family = new Set(["flowchart", "sequence", "class", "state"]);
    const others = Object.keys(MERMAID_TYPES).filter((t) => !family.has(t));
    expect([...shown].sort()).toEqual(others.sort());
  });

  it.each(examples.map((text) => [text.split("\n")[0], text] as const))(
    "converts %s with nothing on top of anything else",
    async (_header, text) => {
      const { document } = await convertMermaid(text);
      const crowded = lintDocument(document).filter(
        (f) => f.code === "overlap" || f.code === "edge_crosses_vertex",
      );
      expect(crowded.map((f) => f.message)).toEqual([]);
    },
  );

  it("draws the curl example's back edge (pay -no-> cart) as a straight line, with no jogs", async () => {
    expect(curlExample).toContain("pay -->|no| cart");
    // Issue #36: ELK's fixed port shares on sides of different heights, and the label's room
    // between them, made it a staircase of four bends.
    expect(await bendsOf(curlExample)).toEqual({
      "cart → pay": 0,
      "pay → ship": 0,
      "pay → cart": 0,
    });
    // The same loop top to bottom, and with a label that makes one box taller.
    const down = await bendsOf(curlExample.replace("flowchart LR", "flowchart TD"));
    expect(down["pay → cart"]).toBe(0);
    const tall = await bendsOf(
      "flowchart LR\n  a[Start] --> b[Check stock with a long label that wraps]\n  b -->|retry| a\n  b --> c[Done]",
    );
    expect(tall["b → a"]).toBe(0);
  });
});
