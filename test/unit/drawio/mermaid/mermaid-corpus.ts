/**
 * The Mermaid corpora of the diagram type tests: snippets whose first line says what to expect
 * (`%% expect: nodes=N edges=M`, any count the type reports such as `attributes=9`, or
 * `%% expect-error: line=N column=C` for text that must be refused), and the text a converted
 * diagram shows.
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
  /** Every `key=N` of the first line (nodes, edges and the type's own counts). */
  expected: Record<string, number>;
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
      const expected: Record<string, number> = {};
      for (const m of first.matchAll(/\b([A-Za-z]\w*)=(\d+)/g))
        expected[m[1] as string] = Number(m[2]);
      const snippet: Snippet = { name, text: raw.replace(/^[^\n]*/, ""), expected };
      for (const key of ["nodes", "edges", "line", "column"] as const) {
        const n = expected[key];
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
  // A plain cell keeps its label in `value`; one wrapped in `<UserObject>` in `label`.
  const labels = (doc.pages[0]?.cells ?? []).map((c) =>
    decodeHtmlEntities(
      (c.attrs.value ?? c.attrs.label ?? "").replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, ""),
    ),
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

/** How many snippets a corpus must hold at least. */
export interface CorpusSize {
  good: number;
  bad: number;
}

/**
 * The corpus tests of one diagram type: at least `size.good` snippets and `size.bad` malformed
 * ones; each snippet converts to a file draw.io opens without errors, with no shapes on top of
 * each other and no line through a shape, shows every text `texts` reads from it (compared
 * after `clean`), and reports every count its first line expects (nodes, edges and the type's
 * own `counts`); each malformed one is refused as `mermaid_syntax` at the line and column its
 * first line names.
 *
 * @example
 * describeCorpus("state", (text) => convertStateDiagram(readMermaid(text), {}), stateTexts);
 * describeCorpus("er", (text) => convertMermaid(text), erTexts, undefined, { good: 10, bad: 3 });
 */
export function describeCorpus(
  folder: string,
  convert: (text: string) => Promise<ConvertedDiagram>,
  texts: (text: string) => string[],
  clean: (shown: string) => string = (shown) => shown,
  size: CorpusSize = { good: 25, bad: 7 },
): void {
  const good = corpus(folder);
  const bad = corpus(`${folder}-bad`);
  describe(`${folder} diagram corpus`, () => {
    it(`has at least ${size.good} snippets and ${size.bad} malformed ones`, () => {
      expect(good.length).toBeGreaterThanOrEqual(size.good);
      expect(bad.length).toBeGreaterThanOrEqual(size.bad);
    });

    it.each(good.map((s) => [s.name, s] as const))(
      "%s converts: valid, clear, every text shown, counts as expected",
      async (_name, snippet) => {
        const { document, nodes, edges, counts } = await convert(snippet.text);
        const xml = serializeDiagram(document);
        expect(validationErrors(xml)).toEqual([]);
        const crowded = lintDocument(parseDiagram(xml)).filter(
          (f) => f.code === "overlap" || f.code === "edge_crosses_vertex",
        );
        expect(crowded.map((f) => f.message)).toEqual([]);
        const shown = clean(shownText(xml));
        for (const text of texts(snippet.text)) expect(shown).toContain(text);
        const reported: Record<string, number | undefined> = { ...counts, nodes, edges };
        const compared = Object.fromEntries(
          Object.keys(snippet.expected).map((key) => [key, reported[key]]),
        );
        expect(compared).toEqual(snippet.expected);
        expect(Object.keys(snippet.expected)).toEqual(expect.arrayContaining(["nodes", "edges"]));
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
