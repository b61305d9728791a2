import { describe, expect, it } from "vitest";
import { readMermaid } from "../../../../worker/drawio/mermaid/source.ts";
import { convertStateDiagram } from "../../../../worker/drawio/mermaid/state/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { getCellAttribute } from "../../../../worker/drawio/model/cell.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { corpus, describeCorpus, fragments, squash, statements } from "./mermaid-corpus.ts";

const good = corpus("state");

const convert = (text: string, options: MermaidOptions = {}) =>
  convertStateDiagram(readMermaid(text), options);

async function cellsOf(text: string, options: MermaidOptions = {}) {
  const { document, notes } = await convert(text, options);
  const xml = serializeDiagram(document);
  const cells = parseDiagram(xml).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const style = (id: string, key: string) => getStyleValue(byId(id)?.attrs.style, key);
  const rect = (id: string) => {
    const g = byId(id).children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
    return {
      x: Number(g.attrs.x ?? 0),
      y: Number(g.attrs.y ?? 0),
      w: Number(g.attrs.width),
      h: Number(g.attrs.height),
    };
  };
  return { cells, byId, style, rect, notes, xml };
}

/**
 * What a snippet's states must show, read independently of the converter: descriptions,
 * transition labels, notes, and the ids of states without a description.
 */
function stateTexts(text: string): string[] {
  const out: string[] = [];
  const ids = new Set<string>();
  const described = new Set<string>();
  const pseudo = new Set<string>();
  const lines = statements(text).map((l) => l.replace(/:::\w+/g, ""));
  const rules: [RegExp, (m: RegExpExecArray, i: number) => number | undefined][] = [
    [/^(direction|classDef|class|style|hide|scale|acc\w*|click)\b|^\}$|^--$/, () => undefined],
    [/^note\s+(?:left|right)\s+of\s+\S+\s*:(.*)$/, (m) => void out.push(m[1] as string)],
    [
      /^note\s+(?:left|right)\s+of\s+\S+$/,
      (_, i) => {
        let j = i + 1;
        for (; !/^end note$/.test(lines[j] as string); j++) out.push(lines[j] as string);
        return j;
      },
    ],
    [/^note\s+"([^"]*)"/, (m) => void out.push(m[1] as string)],
    [
      /^state\s+"([^"]*)"\s*as\s+([^\s:{]+)(?:\s*:(.*?))?\s*\{?$/,
      (m) => {
        out.push(m[1] as string, m[3] ?? "");
        described.add(m[2] as string);
        return undefined;
      },
    ],
    [/^state\s+(\S+?)\s*(<<|\[\[)/, (m) => void pseudo.add(m[1] as string)],
    [/^state\s+([^\s{]+)/, (m) => void ids.add(m[1] as string)],
    [
      /^(\S+?)\s*-->\s*(\S+?)\s*(?::(.*))?$/,
      (m) => {
        ids.add(m[1] as string).add(m[2] as string);
        out.push(m[3] ?? "");
        return undefined;
      },
    ],
    [
      /^([^\s:]+)\s*(?::(.*))?$/,
      (m) => {
        ids.add(m[1] as string);
        if (m[2]?.trim()) described.add(m[1] as string);
        out.push(m[2] ?? "");
        return undefined;
      },
    ],
  ];
  for (let i = 0; i < lines.length; i++) {
    for (const [pattern, take] of rules) {
      const m = pattern.exec(lines[i] as string);
      if (!m) continue;
      i = take(m, i) ?? i;
      break;
    }
  }
  for (const id of ids) if (id !== "[*]" && !described.has(id) && !pseudo.has(id)) out.push(id);
  return fragments(out);
}

describeCorpus("state", (text) => convert(text), stateTexts);

describe("state diagram shapes", () => {
  const scopes = good.find((s) => s.name === "composite.mmd")?.text ?? "";

  it("draws a start per scope as a filled circle and an end as draw.io's UML final state", async () => {
    const { cells } = await cellsOf(scopes);
    const styles = cells.map((c) => c.attrs.style ?? "");
    expect(
      styles.filter((s) => s.startsWith("ellipse;html=1;fillColor=#000000;strokeColor=none;")),
    ).toHaveLength(3);
    expect(
      styles.filter((s) => s.includes("shape=endState;fillColor=#000000;strokeColor=#000000")),
    ).toHaveLength(2);
  });

  it("makes composite states containers holding their own states, nested as written", async () => {
    const nested = good.find((s) => s.name === "nested-composite.mmd")?.text ?? "";
    const { byId, style } = await cellsOf(nested);
    expect(style("First", "container")).toBe("1");
    expect(getCellAttribute(byId("third"), "parent")).toBe("Third");
    expect(getCellAttribute(byId("Third"), "parent")).toBe("Second");
    expect(getCellAttribute(byId("Second"), "parent")).toBe("First");
    expect(getCellAttribute(byId("First"), "parent")).toBe("1");
  });

  it("lets transitions end on a composite state", async () => {
    const { cells } = await cellsOf(
      good.find((s) => s.name === "composite-transitions.mmd")?.text ?? "",
    );
    const edge = cells.find((c) => c.attrs.source === "First" && c.attrs.target === "Second");
    expect(edge?.attrs.edge).toBe("1");
  });

  it("puts each concurrent region in a dashed box of its own, with its own start", async () => {
    const { cells, byId } = await cellsOf(
      good.find((s) => s.name === "concurrency.mmd")?.text ?? "",
    );
    const regions = cells.filter((c) => c.attrs.parent === "Active" && c.attrs.vertex === "1");
    expect(regions).toHaveLength(3);
    for (const region of regions) expect(getStyleValue(region.attrs.style, "dashed")).toBe("1");
    const starts = cells.filter((c) =>
      (c.attrs.style ?? "").startsWith("ellipse;html=1;fillColor=#000000"),
    );
    expect(new Set(starts.map((s) => s.attrs.parent))).toEqual(
      new Set([...regions.map((r) => r.attrs.id), "1"]),
    );
    expect(byId("NumLockOff").attrs.parent).not.toBe(byId("CapsLockOff").attrs.parent);
  });

  it("draws a choice as a diamond and forks and joins as black bars across the flow", async () => {
    const choice = await cellsOf(good.find((s) => s.name === "choice.mmd")?.text ?? "");
    expect(choice.byId("if_state").attrs.style).toMatch(/^rhombus;/);
    const down = await cellsOf(good.find((s) => s.name === "fork.mmd")?.text ?? "");
    expect(down.style("fork_state", "fillColor")).toBe("#000000");
    expect(down.rect("fork_state")).toMatchObject({ h: 10 });
    expect(down.rect("join_state").w).toBeGreaterThanOrEqual(80);
    const across = await cellsOf(good.find((s) => s.name === "fork-join-lr.mmd")?.text ?? "");
    expect(across.rect("split")).toMatchObject({ w: 10 });
  });

  it("puts a note beside its state, joined by a dashed line without arrowheads", async () => {
    const { cells, byId, rect } = await cellsOf(
      good.find((s) => s.name === "notes.mmd")?.text ?? "",
    );
    const note = cells.find((c) => (c.attrs.value ?? "").startsWith("Important information"));
    expect(note && getStyleValue(note.attrs.style, "shape")).toBe("note");
    const id = note?.attrs.id ?? "";
    expect(rect(id).x).toBeGreaterThan(rect("State1").x + rect("State1").w);
    const line = cells.find((c) => c.attrs.source === "State1" && c.attrs.target === id);
    expect(getStyleValue(line?.attrs.style, "dashed")).toBe("1");
    expect(getStyleValue(line?.attrs.style, "endArrow")).toBe("none");
    expect(byId("State1").attrs.value).toBe("The state with a note");
  });

  it("shows every description of a state, one a line", async () => {
    const { byId } = await cellsOf(
      good.find((s) => s.name === "multi-description.mmd")?.text ?? "",
    );
    expect(byId("s1").attrs.value).toBe("first line<br>second line<br>third line");
    expect(byId("s3").attrs.value).toBe("Only a title<br>and a second part");
  });
});

describe("state diagram direction and styles", () => {
  it("follows direction statements, inside composite states too", async () => {
    const { rect } = await cellsOf(good.find((s) => s.name === "direction.mmd")?.text ?? "");
    expect(rect("A").x).toBeLessThan(rect("B").x);
    expect(rect("a").x + rect("a").w).toBeLessThan(rect("b").x);
    const rl = await cellsOf(good.find((s) => s.name === "directions.mmd")?.text ?? "");
    expect(rl.rect("A").x).toBeGreaterThan(rl.rect("B").x);
    expect(rl.rect("b1").y).toBeLessThan(rl.rect("start-2").y);
  });

  it("takes the direction of the options over the text's", async () => {
    const text = "stateDiagram-v2\n  direction TB\n  [*] --> A\n  A --> B";
    const { rect } = await cellsOf(text, { direction: "right" });
    expect(rect("A").x + rect("A").w).toBeLessThan(rect("B").x);
  });

  it("applies classDef, class, ::: and style as draw.io styles", async () => {
    const { style } = await cellsOf(good.find((s) => s.name === "classdef.mmd")?.text ?? "");
    expect(style("Crash", "fillColor")).toBe("#f00");
    expect(style("Crash", "strokeColor")).toBe("yellow");
    expect(style("Crash", "strokeWidth")).toBe("2");
    expect(style("Crash", "fontColor")).toBe("white");
    expect(style("Crash", "fontStyle")).toBe("3");
    expect(style("Moving", "fontStyle")).toBe("2");
    expect(style("Still", "fillColor")).toBe("white");
    const inline = await cellsOf(good.find((s) => s.name === "style-statement.mmd")?.text ?? "");
    expect(inline.style("s1", "strokeWidth")).toBe("4");
    expect(inline.style("s3", "dashPattern")).toBe("5 5");
  });

  it("uses the theme's ink for the pseudo-states", async () => {
    const { cells } = await cellsOf("stateDiagram-v2\n  [*] --> A\n  A --> [*]", { theme: "dark" });
    expect(
      cells.some((c) => (c.attrs.style ?? "").startsWith("ellipse;html=1;fillColor=#f7fafc;")),
    ).toBe(true);
  });

  it("routes a transition between regions around the composite state", async () => {
    const { cells } = await cellsOf(good.find((s) => s.name === "cross-scope.mmd")?.text ?? "");
    const abort = cells.find((c) => c.attrs.value === "abort");
    expect(abort).toMatchObject({ attrs: { source: "step", target: "Outside", parent: "1" } });
    expect(abort?.children.some((g) => "children" in g && g.children.length > 0)).toBe(true);
  });
});

describe("state diagram notes and limits", () => {
  it("notes what it reads but does not draw", async () => {
    const { notes } = await convert(good.find((s) => s.name === "hide-scale.mmd")?.text ?? "");
    expect(notes.join("\n")).toMatch(/hide empty description[\s\S]*scale[\s\S]*click/);
    const undefinedClass = await convert("stateDiagram-v2\n  [*] --> A\n  class A ghost");
    expect(undefinedClass.notes).toContain("class ghost is used but never defined with classDef");
  });

  it("refuses an empty diagram and one with too many states", async () => {
    await expect(convert("stateDiagram-v2")).rejects.toMatchObject({
      code: "mermaid_syntax",
      line: 1,
    });
    const many = ["stateDiagram-v2", ...Array.from({ length: 2001 }, (_, i) => `  s${i}`)].join(
      "\n",
    );
    await expect(convert(many)).rejects.toMatchObject({ code: "mermaid_too_large", line: 2002 });
  });

  it("keeps every id unique across the separately laid-out regions", async () => {
    const { cells } = await cellsOf(good.find((s) => s.name === "order-lifecycle.mmd")?.text ?? "");
    const ids = cells.map((c) => c.attrs.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(squash(cells.map((c) => c.attrs.value ?? "").join(" "))).toContain(
      "A manager signs off",
    );
  });
});
