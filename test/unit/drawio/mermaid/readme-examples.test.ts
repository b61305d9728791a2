/**
 * The README's "From Mermaid" section cannot drift from the code: its table has a row (and a
 * gallery picture) for every type the converter knows, and each of its examples converts to a
 * drawing with nothing on top of anything else.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
});
