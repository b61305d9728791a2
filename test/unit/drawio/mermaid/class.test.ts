import { describe, expect, it } from "vitest";
import { convertClassDiagram } from "../../../../worker/drawio/mermaid/class/index.ts";
import { readMermaid } from "../../../../worker/drawio/mermaid/source.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import {
  corpus,
  describeCorpus,
  fragments,
  statements,
  validationErrors,
} from "./mermaid-corpus.ts";

const good = corpus("class");
const snippet = (name: string) => good.find((s) => s.name === name)?.text ?? "";

const convert = (text: string, options: MermaidOptions = {}) =>
  convertClassDiagram(readMermaid(text), options);

async function cellsOf(text: string, options: MermaidOptions = {}) {
  const { document, notes } = await convert(text, options);
  const xml = serializeDiagram(document);
  const cells = parseDiagram(xml).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const style = (id: string, key: string) => getStyleValue(byId(id)?.attrs.style, key);
  const geometry = (cell: XmlElement) =>
    cell.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement;
  const rect = (cell: XmlElement) => {
    const g = geometry(cell).attrs;
    return { x: Number(g.x ?? 0), y: Number(g.y ?? 0), w: Number(g.width), h: Number(g.height) };
  };
  const rows = (id: string) =>
    cells.filter((c) => c.attrs.parent === id).sort((a, b) => rect(a).y - rect(b).y);
  const edge = (from: string, to: string) =>
    cells.find((c) => c.attrs.edge === "1" && c.attrs.source === from && c.attrs.target === to);
  return { cells, byId, style, rect, rows, edge, geometry, notes };
}

/**
 * What a snippet must show, read independently of the converter: class names and labels,
 * members (word by word), annotations, relation labels, cardinalities, notes, namespaces.
 */
function classTexts(text: string): string[] {
  const out: string[] = [];
  const words = (s: string) => out.push(...s.replace(/[$*](?=\s|$)/g, "").split(/\s+/));
  let inBody = false;
  for (const t of statements(text)) {
    const rest = () => t.slice(t.indexOf(":") + 1);
    if (inBody) {
      inBody = !t.endsWith("}");
      words(t.replace(/}$/, "").replace(/^<<(.*)>>$/, "$1"));
      continue;
    }
    const quoted = [...t.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string);
    const cls = /^class\s+(`[^`]+`|[^\s[{:<]+)\s*(?:\["([^"]*)"\])?[^{]*(?:\{(.*))?$/.exec(t);
    if (cls) {
      out.push(cls[2] ?? (cls[1] as string).replace(/`/g, ""));
      const body = cls[3];
      if (body !== undefined) {
        inBody = !body.includes("}");
        for (const m of body.replace(/}.*$/, "").split(";")) words(m);
      }
    } else if (/^(note|namespace)\b/.test(t)) {
      out.push(...quoted, ...(t.match(/^namespace\s+([^\s[{]+)/)?.[1]?.split(".") ?? []));
    } else if (/^(classDef|cssClass|style|link|callback|click|direction|acc\w*)\b|^}$/.test(t)) {
      // Styles, interaction and settings show no text.
    } else if (/--|\.\./.test(t)) {
      out.push(...quoted, ...(t.includes(":") ? [rest()] : []));
      out.push(
        ...t
          .replace(/"[^"]*"/g, " ")
          .replace(/:.*$/, "")
          .split(/\s*(?:<\||\*|o|<|\(\))?(?:--|\.\.)(?:\|>|\*|o|>|\(\))?\s*/)
          .map((n) => n.replace(/`/g, "")),
      );
    } else if (t.includes(":")) {
      words(rest());
    }
  }
  return fragments(out).map((s) => s.replace(/[~<>`]/g, ""));
}

describeCorpus(
  "class",
  (text) => convert(text),
  classTexts,
  (shown) => shown.replace(/[<>«»]/g, ""),
);

describe("class boxes", () => {
  it("are draw.io's UML class: a stack-layout swimlane with a row per member and a line between", async () => {
    const { byId, rows, rect, style } = await cellsOf(snippet("animal.mmd"));
    expect(byId("Animal").attrs.style).toMatch(
      /^swimlane;fontStyle=1;align=center;verticalAlign=top;childLayout=stackLayout;horizontal=1;startSize=26;horizontalStack=0;resizeParent=1;resizeParentMax=0;resizeLast=0;collapsible=1;marginBottom=0;/,
    );
    const children = rows("Animal");
    expect(children.map((c) => c.attrs.value)).toEqual([
      "+int age",
      "+String gender",
      "",
      "+isMammal()",
      "+mate()",
    ]);
    expect(children.map((c) => (c.attrs.style ?? "").split(";")[0])).toEqual([
      "text",
      "text",
      "line",
      "text",
      "text",
    ]);
    let y = Number(style("Animal", "startSize"));
    for (const row of children) {
      expect(rect(row)).toMatchObject({ x: 0, y, w: rect(byId("Animal")).w });
      y += rect(row).h;
    }
    expect(y).toBe(rect(byId("Animal")).h);
  });

  it("show methods with their return type, generics as <…>, static underlined and abstract in italics", async () => {
    const { rows } = await cellsOf(snippet("visibility.mmd"));
    const shown = rows("Account").map((r) => [
      r.attrs.value,
      getStyleValue(r.attrs.style, "fontStyle") ?? "0",
    ]);
    expect(shown).toContainEqual(["~List&lt;Entry&gt; packageEntries", "0"]);
    expect(shown).toContainEqual(["+String counter", "4"]);
    expect(shown).toContainEqual(["-close() : bool", "2"]);
    expect(shown).toContainEqual(["~sync(force) : int", "4"]);
    const generic = await cellsOf(snippet("generics.mmd"));
    expect(generic.byId("Square").attrs.value).toBe("Square&lt;Shape&gt;");
    expect(generic.rows("Square").map((r) => r.attrs.value)).toContain(
      "+getDistanceMatrix() : List&lt;List&lt;int&gt;&gt;",
    );
  });

  it("put annotations above the name and labels in place of it", async () => {
    const { byId, style } = await cellsOf(snippet("annotations.mmd"));
    expect(byId("Color").attrs.value).toBe("«enumeration»<br><b>Color</b>");
    expect(style("Color", "startSize")).toBe("40");
    expect(style("Color", "fontStyle")).toBe("0");
    expect(byId("Plugin").attrs.value).toBe("«abstract»<br><b>Plugin</b>");
    const labelled = await cellsOf(snippet("labels.mmd"));
    expect(labelled.byId("Animal").attrs.value).toBe("Animal with a label");
  });

  it("keep room for an empty compartment", async () => {
    const { rows, rect, byId } = await cellsOf("classDiagram\n  class Empty");
    expect(rows("Empty").map((r) => (r.attrs.style ?? "").split(";")[0])).toEqual([
      "text",
      "line",
      "text",
    ]);
    expect(rect(byId("Empty")).h).toBe(26 + 10 + 8 + 10);
  });
});

describe("class relations", () => {
  const ends = (style: string | undefined) =>
    ["startArrow", "startFill", "endArrow", "endFill", "dashed"]
      .map((k) => getStyleValue(style, k) ?? "-")
      .join(" ");

  it("draw each relation type with UML's arrowheads, at the end the text puts them", async () => {
    const { edge } = await cellsOf(snippet("relations.mmd"));
    const at = (a: string, b: string) => ends(edge(a, b)?.attrs.style);
    expect(at("classA", "classB")).toBe("block 0 none 0 -");
    expect(at("classC", "classD")).toBe("diamondThin 1 none 0 -");
    expect(at("classE", "classF")).toBe("diamondThin 0 none 0 -");
    expect(at("classG", "classH")).toBe("open 0 none 0 -");
    expect(at("classI", "classJ")).toBe("none 0 none 0 -");
    expect(at("classK", "classL")).toBe("open 0 none 0 1");
    expect(at("classM", "classN")).toBe("block 0 none 0 1");
    expect(at("classO", "classP")).toBe("none 0 none 0 1");
    const reversed = await cellsOf(snippet("relations-reversed.mmd"));
    expect(ends(reversed.edge("classA", "classB")?.attrs.style)).toBe("none 0 block 0 -");
    expect(ends(reversed.edge("classM", "classN")?.attrs.style)).toBe("none 0 block 0 1");
    expect(ends(reversed.edge("classC", "classD")?.attrs.style)).toBe("none 0 diamondThin 1 -");
  });

  it("draw two-ended relations with a head at each end", async () => {
    const { edge } = await cellsOf(snippet("two-way.mmd"));
    expect(ends(edge("Animal", "Zebra")?.attrs.style)).toBe("block 0 block 0 -");
    expect(ends(edge("Whole", "Part")?.attrs.style)).toBe("diamondThin 1 diamondThin 0 -");
    expect(ends(edge("Client", "Server")?.attrs.style)).toBe("open 0 open 0 1");
  });

  it("put cardinalities at the ends of the line, as labels the edge holds", async () => {
    const { cells, edge, geometry } = await cellsOf(snippet("cardinality.mmd"));
    const line = edge("Student", "Course");
    const labels = cells.filter((c) => c.attrs.parent === line?.attrs.id);
    expect(
      labels.map((l) => [l.attrs.value, geometry(l).attrs.x, geometry(l).attrs.relative]),
    ).toEqual([
      ["1", "-1", "1"],
      ["1..*", "1", "1"],
    ]);
    expect(
      labels.every(
        (l) => l.attrs.connectable === "0" && (l.attrs.style ?? "").startsWith("edgeLabel;"),
      ),
    ).toBe(true);
    expect(edge("Galaxy", "Star")?.attrs.value).toBe("Contains");
  });

  it("draw a lollipop interface as a small circle of its own on a plain line", async () => {
    const { cells, edge } = await cellsOf(snippet("lollipop.mmd"));
    const circle = cells.find((c) => c.attrs.value === "bar");
    expect(circle?.attrs.style).toMatch(/^ellipse;/);
    expect(ends(edge(circle?.attrs.id ?? "", "foo")?.attrs.style)).toBe("none 0 none 0 -");
  });
});

describe("class diagram structure and styles", () => {
  it("nests namespaces as groups, by dots and by blocks", async () => {
    const { byId, cells } = await cellsOf(snippet("namespace-dots.mmd"));
    const parentLabel = (id: string) => byId(byId(id).attrs.parent ?? "")?.attrs.value;
    expect(parentLabel("Developer")).toBe("Backend");
    expect(parentLabel(byId("Developer").attrs.parent ?? "")).toBe("Engineering");
    expect(parentLabel("TechLead")).toBe("Engineering");
    expect(cells.filter((c) => c.attrs.value === "Company")).toHaveLength(1);
    const nested = await cellsOf(snippet("namespace-nested.mmd"));
    expect(nested.byId(nested.byId("UserService").attrs.parent ?? "").attrs.value).toBe("Auth");
    const labelled = await cellsOf(snippet("namespace-label.mmd"));
    expect(labelled.byId(labelled.byId("UserService").attrs.parent ?? "").attrs.value).toBe(
      "Authentication Service",
    );
  });

  it("joins a note to its class with a dashed line", async () => {
    const { cells, edge } = await cellsOf(snippet("notes.mmd"));
    const note = cells.find((c) => c.attrs.value === "This is a note for a class");
    expect(getStyleValue(note?.attrs.style, "shape")).toBe("note");
    expect(getStyleValue(edge(note?.attrs.id ?? "", "MyClass")?.attrs.style, "dashed")).toBe("1");
    expect(cells.some((c) => c.attrs.value === "This is a general note")).toBe(true);
  });

  it("applies classDef (default first), cssClass, ::: and style", async () => {
    const { style } = await cellsOf(snippet("styles.mmd"));
    expect([style("Animal", "fillColor"), style("Animal", "fontColor")]).toEqual(["#f96", "#f9f"]);
    expect([style("Plant", "fillColor"), style("Plant", "fontStyle")]).toEqual(["#9f6", "1"]);
    expect([
      style("Mineral", "fillColor"),
      style("Mineral", "dashed"),
      style("Mineral", "strokeWidth"),
    ]).toEqual(["#bbf", "1", "2"]);
    expect(style("Spore", "fontColor")).toBe("#f9f");
  });

  it("notes links and callbacks, and classes used without a classDef", async () => {
    const { notes } = await convert(snippet("interaction.mmd"));
    expect(notes).toHaveLength(4);
    expect(notes[0]).toMatch(/^line 5: callback on Class01/);
    const undefinedClass = await convert("classDiagram\n  class A:::ghost");
    expect(undefinedClass.notes).toEqual([
      "class ghost is used on A but never defined with classDef",
    ]);
  });

  it("follows the direction statement, and the options over it", async () => {
    const rl = await cellsOf(snippet("direction.mmd"));
    expect(rl.rect(rl.byId("Student")).x).toBeGreaterThan(rl.rect(rl.byId("IdCard")).x);
    const lr = await cellsOf("classDiagram\n  direction TB\n  A --> B", { direction: "right" });
    expect(lr.rect(lr.byId("A")).x).toBeLessThan(lr.rect(lr.byId("B")).x);
  });

  it("refuses an empty diagram and one with too many classes", async () => {
    await expect(convert("classDiagram")).rejects.toMatchObject({
      code: "mermaid_syntax",
      line: 1,
    });
    const many = ["classDiagram", ...Array.from({ length: 2001 }, (_, i) => `  class C${i}`)].join(
      "\n",
    );
    await expect(convert(many)).rejects.toMatchObject({ code: "mermaid_too_large", line: 2002 });
  });

  it("converts a 100-class diagram in a few seconds", async () => {
    const lines = ["classDiagram"];
    for (let i = 0; i < 100; i++) {
      lines.push(
        `  class C${i} {`,
        `    +int id${i}`,
        "    -String name",
        `    +run${i}(int n) bool`,
        "  }",
      );
      if (i > 0) lines.push(`  C${Math.floor((i - 1) / 3)} <|-- C${i}`);
      if (i > 10 && i % 4 === 0) lines.push(`  C${i} "1" --> "*" C${i - 7} : uses`);
    }
    const started = performance.now();
    const { document, nodes, edges } = await convert(lines.join("\n"));
    const xml = serializeDiagram(document);
    const ms = performance.now() - started;
    expect({ nodes, edges }).toEqual({ nodes: 100, edges: 99 + 22 });
    expect(validationErrors(xml)).toEqual([]);
    expect(ms).toBeLessThan(10_000);
  });
});
