import { describe, expect, it } from "vitest";
import { DrawioError } from "../../../../worker/drawio/errors.ts";
import { convertMermaid, MAX_MERMAID_DEPTH } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { escapeAttribute, escapeText } from "../../../../worker/drawio/xml/serialize.ts";

// Issue #31: 5,000 nested loops crashed the Worker (through its lint), a 2,000-node chain took
// 7–10 s and 499 nested subgraphs 6.8 s, and control characters were reported at a column of
// the XML the converter wrote. Mermaid is now refused while it is read when it nests too deep,
// before the layout engine when laying it out would cost too much, and where a character is.

async function outcome(text: string) {
  const started = performance.now();
  try {
    const converted = await convertMermaid(text);
    return { ms: performance.now() - started, converted, error: undefined };
  } catch (error) {
    if (!(error instanceof DrawioError)) throw error;
    return { ms: performance.now() - started, converted: undefined, error };
  }
}

/** `depth` blocks nested in each other, each opened on its own line after `head`. */
function nested(
  head: string,
  depth: number,
  open: (i: number) => string,
  inside: string[],
  close: string,
) {
  const lines = [head];
  for (let i = 0; i < depth; i++) lines.push(open(i));
  lines.push(...inside);
  for (let i = 0; i < depth; i++) lines.push(close);
  return lines.join("\n");
}

const KINDS = {
  sequence: (depth: number) =>
    nested(
      "sequenceDiagram\nparticipant A\nparticipant B",
      depth,
      (i) => `loop l${i}`,
      ["A->>B: hi"],
      "end",
    ),
  flowchart: (depth: number) =>
    nested("flowchart TD", depth, (i) => `subgraph s${i}`, ["a --> b"], "end"),
  state: (depth: number) =>
    nested("stateDiagram-v2", depth, (i) => `state s${i} {`, ["[*] --> a", "a --> [*]"], "}"),
  class: (depth: number) =>
    nested("classDiagram", depth, (i) => `namespace n${i} {`, ["class A"], "}"),
};

describe("Mermaid nested too deep", () => {
  it.each(Object.entries(KINDS))(
    "%s: refused at the first block past the limit",
    async (_, make) => {
      const { error, ms } = await outcome(make(5_000));
      expect(error?.code).toBe("mermaid_too_large");
      expect(error?.message).toMatch(/nested over 50 deep/);
      // The header (and the participants of the sequence) come first, then one block a line.
      const first =
        make(0).split("\n").length - (make(0).split("\n").length - make(1).split("\n").length + 2);
      expect(error?.line).toBeGreaterThan(MAX_MERMAID_DEPTH);
      expect(error?.line).toBeLessThanOrEqual(MAX_MERMAID_DEPTH + first + 4);
      expect(ms).toBeLessThan(1_000);
    },
  );

  it.each(Object.entries(KINDS))("%s: converted at the limit", async (kind, make) => {
    const { converted, error } = await outcome(make(kind === "state" ? 10 : MAX_MERMAID_DEPTH));
    expect(error?.message).toBeUndefined();
    expect(converted && serializeDiagram(converted.document)).toContain("<mxfile");
  });
});

describe("Mermaid too costly to lay out", () => {
  it("refuses a star of 1,999 leaves before the layout engine runs", async () => {
    const lines = ["flowchart LR", ...Array.from({ length: 1_999 }, (_, i) => `hub --> leaf${i}`)];
    const { error, ms } = await outcome(lines.join("\n"));
    expect(error?.code).toBe("mermaid_too_large");
    expect(error?.message).toMatch(/layout work .* over the limit of/);
    expect(ms).toBeLessThan(1_000);
  });

  it("charges every composite state's layout to one budget", async () => {
    // Twenty composite states of 95 states each: each fits, the twenty together do not.
    const lines = ["stateDiagram-v2"];
    for (let c = 0; c < 20; c++) {
      lines.push(`state c${c} {`);
      for (let i = 0; i < 94; i++) lines.push(`  c${c}s${i} --> c${c}s${i + 1} : go`);
      lines.push("}");
    }
    const { error } = await outcome(lines.join("\n"));
    expect(error?.code).toBe("mermaid_too_large");
    expect(error?.message).toMatch(/beside the layouts before it/);
  });

  it("converts a 2,000-node chain", async () => {
    const lines = [
      "flowchart TD",
      ...Array.from({ length: 1_999 }, (_, i) => `n${i} --> n${i + 1}`),
    ];
    const { converted, error } = await outcome(lines.join("\n"));
    expect(error?.message).toBeUndefined();
    expect(converted?.nodes).toBe(2_000);
  }, 20_000);
});

describe("control characters", () => {
  it.each([
    ["flowchart", "flowchart TD\n  a[ok] --> b[bad\u0001label]", "badlabel", 2, 18],
    ["sequence", "sequenceDiagram\n  A->>B: hi\n  B->>A: bell\u0007", "bell", 3, 14],
    ["class", "classDiagram\n  class Animal {\n    +name\u0002 String\n  }", "+name String", 3, 10],
    ["state", "stateDiagram-v2\n  [*] --> Idle\n  Idle --> Busy : go\u000b now", "go now", 3, 21],
  ])(
    "%s: left out of the labels, and noted at their line and column",
    async (_, text, label, line, column) => {
      // They used to reach the XML written, which then did not parse: an error at a column of
      // that XML, not of the Mermaid text.
      const { converted, error } = await outcome(text);
      expect(error?.message).toBeUndefined();
      const cells =
        parseDiagram(converted ? serializeDiagram(converted.document) : "").pages[0]?.cells ?? [];
      expect(cells.some((c) => (c.attrs.value ?? "").includes(label))).toBe(true);
      expect(converted?.notes[0]).toMatch(
        new RegExp(
          `^control characters were left out \\(U\\+00[0-9A-F]{2} at line ${line}, column ${column}\\)`,
        ),
      );
    },
  );

  it("leaves out of written XML what XML cannot hold, so it always parses again", () => {
    const value = "a\u0001b\u0007c\uffffd\te&";
    expect(escapeAttribute(value)).toBe("abcd&#x9;e&amp;");
    expect(escapeText(value)).toBe("abcd\te&amp;");
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0" value="${escapeAttribute(value)}"/></root></mxGraphModel>`;
    expect(parseDiagram(xml).pages[0]?.cells[1]?.attrs.value).toBe("abcd\te&");
  });
});
