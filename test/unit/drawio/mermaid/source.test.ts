/** What readMermaid reads for every type: the types, front matter, init directives, accessibility lines. */
import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { MERMAID_TYPES, readMermaid } from "../../../../worker/drawio/mermaid/source.ts";

describe("readMermaid", () => {
  it("knows every type by each of its keywords", () => {
    for (const [type, keywords] of Object.entries(MERMAID_TYPES)) {
      for (const keyword of keywords) expect(readMermaid(`${keyword}\n  x`).type).toBe(type);
    }
    expect(readMermaid("gitGraph LR:\n  commit").type).toBe("gitGraph");
    expect(readMermaid("xychart-beta horizontal\n  bar [1]").headerRest).toBe("horizontal");
  });

  it("refuses a type it does not convert, naming it and listing what it converts", () => {
    const error = (() => {
      try {
        readMermaid("zenuml\n  A.b()");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DrawioError);
    expect(error).toMatchObject({ code: "mermaid_unsupported", line: 1 });
    expect((error as DrawioError).message).toMatch(/"zenuml".*erDiagram.*radar-beta/);
  });

  it("reads the front matter's title and config, and init directives over it", () => {
    const source = readMermaid(
      "---\ntitle: 'Launch: Q3'\nconfig:\n  theme: forest\n  gantt:\n    barHeight: 30\n---\n%%{init: {'theme': 'dark', 'gantt': {'barGap': 2}}}%%\ngantt\n  title Plan",
    );
    expect(source.title).toBe("Launch: Q3");
    // A directive replaces a whole section, as Object.assign merges them.
    expect(source.config).toEqual({ theme: "dark", gantt: { barGap: 2 } });
    expect(source.lines.map((l) => l.text)).toEqual(["title Plan"]);
    expect(source.header.line).toBe(9);
  });

  it("refuses front matter that is not YAML at its line", () => {
    expect(() => readMermaid('---\ntitle: a\nconfig: [1, 2\n---\npie\n  "a": 1')).toThrow(
      expect.objectContaining({ code: "mermaid_syntax", line: 3 }),
    );
    expect(() => readMermaid("%%{init: {'theme': 'dark'}%%\npie\n  \"a\": 1")).toThrow(
      expect.objectContaining({ code: "mermaid_syntax", line: 1 }),
    );
  });

  it("takes the accessibility lines out for every type and keeps their text", () => {
    const source = readMermaid(
      'pie\n  accTitle: Pets\n  accDescr {\n    Which pets\n    people keep\n  }\n  "Dogs": 3',
    );
    expect(source.accessibility).toEqual({ title: "Pets", description: "Which pets\npeople keep" });
    expect(source.lines.map((l) => l.text)).toEqual(['"Dogs": 3']);
    expect(() => readMermaid('pie\n  accDescr {\n  "Dogs": 3')).toThrow(
      expect.objectContaining({ code: "mermaid_syntax", line: 2 }),
    );
  });

  it("notes the config's look settings that are not drawn", async () => {
    const { notes } = await convertMermaid(
      "%%{init: {'theme': 'forest', 'flowchart': {'curve': 'basis'}}}%%\nflowchart LR\n  A --> B",
    );
    expect(notes).toEqual([
      "the config's `theme` is Mermaid's look and not carried over: the drawing uses draw.io styles",
    ]);
  });
});
