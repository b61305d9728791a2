import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { lintPage } from "../../../../worker/drawio/lint/index.ts";
import { convertFlowchart } from "../../../../worker/drawio/mermaid/flowchart/index.ts";
import { MAX_MERMAID_NODES, readMermaid } from "../../../../worker/drawio/mermaid/source.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/mermaid/", import.meta.url));

/** The snippets of a fixture folder, each with what its header line expects. */
function corpus(folder: string, header: RegExp) {
  const dir = `${FIXTURES}${folder}/`;
  return readdirSync(dir)
    .filter((name) => name.endsWith(".mmd"))
    .sort()
    .map((name) => {
      const text = readFileSync(dir + name, "utf8");
      const expected = header.exec(text);
      if (!expected) throw new Error(`${name} has no ${header.source} line`);
      return [name, text, expected] as const;
    });
}

const convert = (text: string, options: MermaidOptions = {}) =>
  convertFlowchart(readMermaid(text), options);

/** Cells of the converted page, with labels as plain text. */
async function drawn(text: string, options: MermaidOptions = {}) {
  const result = await convert(text, options);
  const document = parseDiagram(serializeDiagram(result.document));
  const page = document.pages[0];
  if (!page) throw new Error("no page");
  const cells = page.cells;
  const vertices = cells.filter((c) => c.attrs.vertex === "1");
  const edges = cells.filter((c) => c.attrs.edge === "1");
  return { result, document, page, vertices, edges };
}

/** A label as a reader sees it: HTML line breaks, bold, italic and entities undone, blanks collapsed. */
const plain = (value: string) =>
  value
    .replace(/<br>/g, " ")
    .replace(/<\/?[bi]>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe("Mermaid flowcharts: the corpus of snippets", () => {
  const snippets = corpus("flowchart", /%% expect: nodes=(\d+) edges=(\d+)(?: groups=(\d+))?/);

  it("has at least 70 snippets", () => expect(snippets.length).toBeGreaterThanOrEqual(70));

  it.each(snippets)(
    "%s: valid, counted, labelled and laid out cleanly",
    async (_name, text, expected) => {
      const [nodes, edges, groups] = [expected[1], expected[2], expected[3] ?? "0"].map(Number);
      const labels = (/%% labels: (.*)/.exec(text)?.[1] ?? "")
        .split(" | ")
        .filter((l) => l !== "")
        .map((l) => plain(l.replaceAll("\\n", "\n")));
      const { result, document, page, vertices, edges: edgeCells } = await drawn(text);

      expect(validateDocument(document).filter((f) => f.severity === "error")).toEqual([]);
      expect(result.nodes).toBe(nodes);
      expect(vertices).toHaveLength((nodes as number) + (groups as number));
      expect(result.edges).toBe(edges);
      expect(edgeCells).toHaveLength(edges as number);
      const values = new Set(page.cells.map((c) => plain(c.attrs.value ?? "")));
      for (const label of labels) expect([...values]).toContain(label);
      const lint = lintPage(page, { rules: ["overlap", "edge_crosses_vertex"] });
      expect(lint.map((f) => f.message)).toEqual([]);
    },
  );
});

describe("Mermaid flowcharts: malformed snippets", () => {
  const snippets = corpus("flowchart-bad", /%% expect-error: line=(\d+)(?: column=(\d+))?/);

  it("has at least 15 malformed snippets", () =>
    expect(snippets.length).toBeGreaterThanOrEqual(15));

  it.each(snippets)(
    "%s: refused as mermaid_syntax at its line and column",
    async (_name, text, expected) => {
      const error = await convert(text).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DrawioError);
      const e = error as DrawioError;
      expect(e.code).toBe("mermaid_syntax");
      expect(e.line).toBe(Number(expected[1]));
      if (expected[2] !== undefined) expect(e.column).toBe(Number(expected[2]));
      expect(e.message).toMatch(new RegExp(`^line ${expected[1]}, column \\d+: `));
    },
  );
});

describe("Mermaid flowcharts: size", () => {
  const chain = (n: number) =>
    `flowchart TD\n${Array.from({ length: n - 1 }, (_, i) => `  n${i} --> n${i + 1}`).join("\n")}`;

  it("refuses 10,000 nodes with mermaid_too_large as soon as the limit is passed", async () => {
    const started = performance.now();
    const error = await convert(chain(10_000)).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ code: "mermaid_too_large", line: MAX_MERMAID_NODES + 1 });
  });

  it("converts a 200-node flowchart", async () => {
    const text = `${chain(200)}\n${Array.from({ length: 40 }, (_, i) => `  n${i * 5} --> n${(i * 5 + 7) % 200}`).join("\n")}`;
    const { result, vertices, edges, document } = await drawn(text);
    expect(result.nodes).toBe(200);
    expect(vertices).toHaveLength(200);
    expect(edges).toHaveLength(199 + 40);
    expect(validateDocument(document).filter((f) => f.severity === "error")).toEqual([]);
  });

  it("refuses more links than a diagram may have", async () => {
    const many = Array.from({ length: 80 }, (_, i) => `a${i}`).join(" & ");
    const text = `flowchart LR\n  ${many} --> ${many.replaceAll("a", "b")}`;
    await expect(convert(text)).rejects.toMatchObject({ code: "mermaid_too_large", line: 2 });
  });
});
