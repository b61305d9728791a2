/**
 * Every malformed Mermaid snippet of the corpus (`test/fixtures/mermaid/*-bad/`) sent to the
 * real Worker through the SDK: each is a 422 `mermaid_syntax` naming the line (and column) its
 * header expects, so no snippet is accepted with parts missing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { UnprocessableEntityError } from "../../sdk/index.ts";
import { client } from "./helpers.ts";

const CORPUS = new URL("../fixtures/mermaid/", import.meta.url);

const bad = readdirSync(CORPUS)
  .filter((dir) => dir.endsWith("-bad"))
  .flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, CORPUS))
      .filter((file) => file.endsWith(".mmd"))
      .map((file) => {
        const text = readFileSync(new URL(`${dir}/${file}`, CORPUS), "utf8");
        const header = /expect-error:\s*line=(\d+)(?:\s+column=(\d+))?/.exec(text);
        return {
          name: `${dir}/${file}`,
          text,
          line: Number(header?.[1]),
          column: header?.[2] === undefined ? undefined : Number(header[2]),
        };
      }),
  );

describe("malformed Mermaid through the API", () => {
  it("has at least 30 malformed snippets, each with the line it expects", () => {
    expect(bad.length).toBeGreaterThanOrEqual(30);
    for (const snippet of bad) expect(snippet.line, snippet.name).toBeGreaterThan(0);
  });

  it("answers each with 422 mermaid_syntax at its line and column", async () => {
    const df = client();
    for (const snippet of bad) {
      const error = await df.convert({ mermaid: snippet.text }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, snippet.name).toBeInstanceOf(UnprocessableEntityError);
      const problem = (error as UnprocessableEntityError).problem;
      expect(problem?.code, snippet.name).toBe("mermaid_syntax");
      expect(problem?.line, snippet.name).toBe(snippet.line);
      if (snippet.column !== undefined) expect(problem?.column, snippet.name).toBe(snippet.column);
      expect(typeof problem?.text, snippet.name).toBe("string");
    }
  });
});
