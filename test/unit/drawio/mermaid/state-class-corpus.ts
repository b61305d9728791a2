/**
 * The Mermaid corpora of the state and class diagram tests: snippets whose first line says what
 * to expect (`%% expect: nodes=N edges=M`, or `%% expect-error: line=N column=C` for text that
 * must be refused), and the text a converted diagram shows.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseDiagram } from "../../../../worker/drawio/parse.ts";
import { decodeHtmlEntities } from "../../../../worker/drawio/summary.ts";
import { validateDocument } from "../../../../worker/drawio/validate.ts";

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
