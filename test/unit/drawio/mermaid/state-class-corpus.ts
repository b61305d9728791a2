/**
 * The Mermaid corpora of the state and class diagram tests: snippets whose first line says what
 * to expect (`%% expect: nodes=N edges=M`, or `%% expect-error: line=N column=C` for text that
 * must be refused), and the text a converted diagram shows.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../worker/drawio/check/validate.ts";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { lintDocument } from "../../../../worker/drawio/lint/index.ts";
import type { ConvertedDiagram } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { decodeHtmlEntities } from "../../../../worker/drawio/text/label-text.ts";

const ROOT = fileURLToPath(new URL("../../../fixtures/mermaid/", import.meta.url));

/** One snippet of a corpus. */
export interface Snippet {
  name: string;
  /** The text with its first line blanked, so that line numbers stay as in the file. */
  text: string;
  nodes?: number;
  edges?: number;
  line?: number;
  column?: number;
}

/** The snippets of `test/fixtures/mermaid/<folder>/`, by file name. */
export function corpus(folder: string): Snippet[] {
  const dir = `${ROOT}${folder}/`;
  return readdirSync(dir)
    .filter((f) => f.endsWith(".mmd"))
    .sort()
    .map((name) => {
      const raw = readFileSync(dir + name, "utf8");
      const first = raw.split("\n")[0] ?? "";
      const number = (key: string) => {
        const m = new RegExp(`\\b${key}=(\\d+)`).exec(first);
        return m ? Number(m[1]) : undefined;
      };
      const snippet: Snippet = { name, text: raw.replace(/^[^\n]*/, "") };
      for (const key of ["nodes", "edges", "line", "column"] as const) {
        const n = number(key);
        if (n !== undefined) snippet[key] = n;
      }
      return snippet;
    });
}

/** The errors draw.io would refuse the file for. */
export function validationErrors(xml: string): string[] {
  return validateDocument(parseDiagram(xml))
    .filter((f) => f.severity === "error")
    .map((f) => f.message);
}

/** Every label of the file as plain text, whitespace (and line breaks) collapsed. */
export function shownText(xml: string): string {
  const doc = parseDiagram(xml);
  const labels = (doc.pages[0]?.cells ?? []).map((c) =>
    decodeHtmlEntities((c.attrs.value ?? "").replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, "")),
  );
  return squash(labels.join(" \n "));
}

/** Text with its whitespace collapsed, as {@link shownText} compares it. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The texts a snippet's labels must show: split at line breaks, blanks dropped. */
export function fragments(texts: readonly string[]): string[] {
  return texts
    .flatMap((t) => t.split(/<br\s*\/?>|\\n|\n/i))
    .map(squash)
    .filter((t) => t !== "");
}

/** The statement lines of a snippet: comments removed, trimmed, blanks and the header dropped. */
export function statements(text: string): string[] {
  const lines = text
    .split("\n")
    .map((l) => l.replace(/%%.*$/, "").trim())
    .filter((l) => l !== "");
  if (lines[0] === "---") lines.splice(0, lines.indexOf("---", 1) + 1);
  return lines.slice(1);
}

/**
 * The corpus tests of one diagram type: at least 25 snippets and 7 malformed ones; each snippet
 * converts to a file draw.io opens without errors, with no shapes on top of each other and no
 * line through a shape, shows every text `texts` reads from it (compared after `clean`), and
 * counts the nodes and edges its first line expects; each
 * malformed one is refused as `mermaid_syntax` at the line and column its first line names.
 *
 * @example
 * describeCorpus("state", (text) => convertStateDiagram(readMermaid(text), {}), stateTexts);
 */
export function describeCorpus(
  folder: string,
  convert: (text: string) => Promise<ConvertedDiagram>,
  texts: (text: string) => string[],
  clean: (shown: string) => string = (shown) => shown,
): void {
  const good = corpus(folder);
  const bad = corpus(`${folder}-bad`);
  describe(`${folder} diagram corpus`, () => {
    it("has at least 25 snippets and 7 malformed ones", () => {
      expect(good.length).toBeGreaterThanOrEqual(25);
      expect(bad.length).toBeGreaterThanOrEqual(7);
    });

    it.each(good.map((s) => [s.name, s] as const))(
      "%s converts: valid, clear, every text shown, counts as expected",
      async (_name, snippet) => {
        const { document, nodes, edges } = await convert(snippet.text);
        const xml = serializeDiagram(document);
        expect(validationErrors(xml)).toEqual([]);
        const crowded = lintDocument(parseDiagram(xml)).filter(
          (f) => f.code === "overlap" || f.code === "edge_crosses_vertex",
        );
        expect(crowded.map((f) => f.message)).toEqual([]);
        const shown = clean(shownText(xml));
        for (const text of texts(snippet.text)) expect(shown).toContain(text);
        expect({ nodes, edges }).toEqual({ nodes: snippet.nodes, edges: snippet.edges });
      },
    );

    it.each(bad.map((s) => [s.name, s] as const))(
      "%s is refused with its line and column",
      async (_name, snippet) => {
        const error = await convert(snippet.text).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DrawioError);
        expect(error).toMatchObject({
          code: "mermaid_syntax",
          line: snippet.line,
          column: snippet.column,
        });
      },
    );
  });
}
