import { describe, expect, it } from "vitest";
import { ambiguousLabels } from "../../../../worker/drawio/geometry/edge-labels.ts";
import { edgeRoutes } from "../../../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import type { DiagramPage } from "../../../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { corpus, describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

const good = corpus("er");
const snippet = (name: string) => good.find((s) => s.name === name)?.text ?? "";

async function cellsOf(text: string, options: MermaidOptions = {}) {
  const converted = await convertMermaid(text, options);
  const cells = parseDiagram(serializeDiagram(converted.document)).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const style = (cell: XmlElement | undefined, key: string) =>
    getStyleValue(cell?.attrs.style, key);
  const rect = (cell: XmlElement) => {
    const g = (cell.children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement)
      .attrs;
    return { x: Number(g.x ?? 0), y: Number(g.y ?? 0), w: Number(g.width), h: Number(g.height) };
  };
  const children = (id: string) =>
    cells.filter((c) => c.attrs.parent === id && c.attrs.vertex === "1");
  const edge = (from: string, to: string) =>
    cells.find((c) => c.attrs.edge === "1" && c.attrs.source === from && c.attrs.target === to);
  return { ...converted, cells, byId, style, rect, children, edge };
}

const NAME = String.raw`"[^"]*"|[\p{L}\p{N}_\-*.]+`;

/**
 * What a snippet must show, read independently of the converter: entity names (or aliases),
 * every word of every attribute (type, name, keys, comment) and relationship labels.
 */
function erTexts(text: string): string[] {
  const out: string[] = [];
  const unquote = (s: string) =>
    s
      .replace(/^"|"$/g, "")
      .replace(/\*\*/g, "")
      .replace(/(^|\s)_|_(\s|$)/g, "$1$2");
  let inBlock = false;
  const aliased = new Set(
    statements(text).flatMap(
      (l) => new RegExp(String.raw`^(${NAME})\s*\[`, "u").exec(l)?.[1] ?? [],
    ),
  );
  const entity = (name: string) => (aliased.has(name) ? [] : [unquote(name)]);
  for (const line of statements(text)) {
    if (/^(direction|classDef|class|style)\s/.test(line)) continue;
    let t = line;
    if (!inBlock && t.includes("{") && !/[|}]o?\{|o\{|\|\{/.test(t.replace(/"[^"]*"/g, ""))) {
      const [decl, body] = [t.slice(0, t.indexOf("{")), t.slice(t.indexOf("{") + 1)];
      const alias = new RegExp(String.raw`\[(${NAME})\]`, "u").exec(decl);
      out.push(unquote(alias?.[1] ?? new RegExp(`^(${NAME})`, "u").exec(decl)?.[1] ?? ""));
      inBlock = true;
      t = body;
    }
    if (inBlock) {
      const closes = t.includes("}");
      for (const w of t.replace(/}.*$/, "").match(/"[^"]*"|[^\s{},]+/g) ?? []) out.push(unquote(w));
      inBlock = !closes;
      continue;
    }
    const colon = t.search(/(?<!:):(?!:)/);
    if (colon > 0 && /--|\.\.|-\.|\.-|\sto\s/.test(t)) {
      out.push(unquote(t.slice(colon + 1).trim()));
      const ends = t
        .slice(0, colon)
        .replace(/:::[\w,-]+/g, "")
        .trim();
      out.push(...entity(new RegExp(`^(${NAME})`, "u").exec(ends)?.[1] ?? ""));
      out.push(...entity(new RegExp(`(${NAME})$`, "u").exec(ends)?.[1] ?? ""));
      continue;
    }
    const alias = new RegExp(String.raw`\[(${NAME})\]`, "u").exec(t);
    out.push(unquote(alias?.[1] ?? t.replace(/:::.*$/, "")));
  }
  // Mermaid shows generics as angle brackets: `List~string~` is `List<string>`.
  return fragments(out).map((t) => t.replace(/~([^~]*)~/g, "<$1>"));
}

describeCorpus("er", (text) => convertMermaid(text), erTexts, undefined, { good: 10, bad: 3 });

describe("ER tables", () => {
  it("are draw.io's ER table: a table container, a row per attribute, a cell per column", async () => {
    const { byId, children, style, rect } = await cellsOf(snippet("keys-comments.mmd"));
    const table = byId("NAMED_DRIVER");
    expect(table.attrs.style).toMatch(/^shape=table;.*childLayout=tableLayout;/);
    expect(table.attrs.value).toBe("NAMED-DRIVER");
    const rows = children("NAMED_DRIVER");
    expect(rows.map((r) => style(r, "shape"))).toEqual(["tableRow", "tableRow"]);
    const cells = rows.map((r) => children(r.attrs.id as string).map((c) => c.attrs.value));
    expect(cells).toEqual([
      ["PK, FK", "string", "carRegistrationNumber"],
      ["PK, FK", "string", "driverLicence"],
    ]);
    const name = children(rows[0]?.attrs.id as string)[2];
    expect(style(name, "fontStyle")).toBe("5");
    let y = Number(style(table, "startSize"));
    for (const row of rows) {
      expect(rect(row)).toMatchObject({ x: 0, y, w: rect(table).w });
      y += rect(row).h;
    }
    expect(y).toBe(rect(table).h);
  });

  it("show types as written, unique keys and comments in their own column", async () => {
    const { children } = await cellsOf(snippet("keys-comments.mmd"));
    const values = (entity: string) =>
      children(entity).map((r) => children(r.attrs.id as string).map((c) => c.attrs.value));
    expect(values("PERSON")).toContainEqual(["PK", "string", "driversLicense", "The license #"]);
    expect(values("PERSON")).toContainEqual(["UK", "string", "phone", ""]);
    expect(values("PERSON")).toContainEqual([
      "",
      "string(99)",
      "firstName",
      "Only 99 characters are allowed",
    ]);
    expect(values("CAR")).toContainEqual(["", "string[]", "parts"]);
  });

  it("show aliases, markdown emphasis, and entities without attributes as a header alone", async () => {
    const aliased = await cellsOf(snippet("aliases.mmd"));
    expect(aliased.byId("a").attrs.value).toBe("Customer Account");
    expect(aliased.byId("p").attrs.value).toBe("Person");
    const marked = await cellsOf(snippet("unicode-markdown.mmd"));
    const md = marked.cells.find((c) => c.attrs.value?.includes("Markdown"));
    expect(md?.attrs.value).toBe("This <b>is</b> <i>Markdown</i>");
    const house = (await cellsOf(snippet("class-shorthand.mmd"))).byId("HOUSE");
    expect(getStyleValue(house.attrs.style, "startSize")).toBe(
      house.children.length ? String(40) : "",
    );
  });

  it("take classDef, :::, class and style colours", async () => {
    const shorthand = await cellsOf(snippet("class-shorthand.mmd"));
    expect(shorthand.style(shorthand.byId("CAR"), "fillColor")).toBe("#f96");
    const styled = await cellsOf(snippet("styles.mmd"));
    expect(styled.style(styled.byId("id1"), "strokeWidth")).toBe("4");
    expect(styled.style(styled.byId("id2"), "fontColor")).toBe("#fff");
    const defaults = await cellsOf(snippet("default-class.mmd"));
    expect(defaults.style(defaults.byId("PERSON"), "strokeColor")).toBe("#f00");
    expect(defaults.style(defaults.byId("CAR"), "fillColor")).toBe("#f9f");
  });
});

describe("ER relationships", () => {
  it("end in draw.io's crow's-foot markers for each cardinality, in either spelling", async () => {
    const { edge, style } = await cellsOf(snippet("cardinalities.mmd"));
    const ends = (from: string, to: string) => {
      const e = edge(from, to);
      return [style(e, "startArrow"), style(e, "endArrow"), style(e, "dashed") ?? "0"];
    };
    expect(ends("A", "B")).toEqual(["ERzeroToOne", "ERzeroToOne", "0"]);
    expect(ends("A", "C")).toEqual(["ERmandOne", "ERmandOne", "0"]);
    expect(ends("A", "D")).toEqual(["ERzeroToMany", "ERzeroToMany", "0"]);
    expect(ends("A", "E")).toEqual(["ERoneToMany", "ERoneToMany", "0"]);
    expect(ends("F", "G")).toEqual(["ERzeroToOne", "ERzeroToOne", "1"]);
    expect(ends("F", "H")).toEqual(["ERzeroToMany", "ERzeroToMany", "1"]);
    expect(ends("F", "I")).toEqual(["ERoneToMany", "ERoneToMany", "1"]);
    expect(ends("B", "C")).toEqual(["ERzeroToOne", "ERoneToMany", "0"]);
    const words = await cellsOf(snippet("word-aliases.mmd"));
    const allows = words.edge("CAR", "NAMED_DRIVER");
    expect([words.style(allows, "startArrow"), words.style(allows, "endArrow")]).toEqual([
      "ERmandOne",
      "ERzeroToMany",
    ]);
    const is = words.edge("PERSON", "NAMED_DRIVER");
    expect(words.style(is, "dashed")).toBe("1");
  });

  it("carry their labels and join the tables by id", async () => {
    const { edge } = await cellsOf(snippet("order-example.mmd"));
    const { cells, rect, byId } = await cellsOf(snippet("order-example.mmd"));
    const title = cells.find((c) => c.attrs.value === "Order example") as XmlElement;
    expect(rect(title).y + rect(title).h).toBeLessThan(rect(byId("CUSTOMER")).y);
    expect(edge("CUSTOMER", "ORDER")?.attrs.value).toBe("places");
    expect(edge("CUSTOMER", "DELIVERY_ADDRESS")?.attrs.value).toBe("uses");
  });

  it("keep each label beside its own line once the lines are moved onto their rows", async () => {
    // The showcase's "contains" line moved up to its key row, away from its label.
    for (const name of ["showcase.mmd", "order-example.mmd"]) {
      const { document } = await convertMermaid(snippet(name));
      const layout = new PageLayout(document.pages[0] as DiagramPage);
      const ambiguous = ambiguousLabels(layout, edgeRoutes(layout));
      expect(ambiguous.map((a) => `${a.label.edge.id} ${a.problem}`)).toEqual([]);
    }
  });

  it("loop a self-relationship out of the table's side, not across it", async () => {
    const { edge, byId, rect } = await cellsOf(snippet("self-relationship.mmd"));
    const loop = edge("EMPLOYEE", "EMPLOYEE") as XmlElement;
    const table = rect(byId("EMPLOYEE"));
    const geometry = loop.children.find(
      (c) => "name" in c && c.name === "mxGeometry",
    ) as XmlElement;
    const points = (
      geometry.children.find((c) => "name" in c && c.name === "Array") as XmlElement
    ).children
      .filter((c): c is XmlElement => "name" in c)
      .map((p) => Number(p.attrs.x));
    for (const x of points) expect(x < table.x || x > table.x + table.w).toBe(true);
  });

  it("end on the foreign key row and the primary key it refers to when they meet a table's side", async () => {
    const { edge, byId, children, style } = await cellsOf(snippet("showcase.mmd"));
    const row = (id: string | undefined) => byId(id ?? "");
    const nameOf = (rowId: string | undefined) => children(rowId ?? "")[2]?.attrs.value;
    const contains = edge(
      row("ORDER-row-1").attrs.id ?? "",
      row("ORDER_LINE-row-1").attrs.id ?? "",
    );
    expect(contains?.attrs.value).toBe("contains");
    expect([nameOf(contains?.attrs.source), nameOf(contains?.attrs.target)]).toEqual([
      "id",
      "orderId",
    ]);
    expect(style(contains, "entryY")).toBe("0.5");
    expect(row(contains?.attrs.target).attrs.parent).toBe("ORDER_LINE");
  });

  it("follow direction LR: tables left to right", async () => {
    const { byId, rect } = await cellsOf(snippet("direction-lr.mmd"));
    expect(rect(byId("CUSTOMER")).x).toBeLessThan(rect(byId("ORDER")).x);
    expect(rect(byId("ORDER")).x).toBeLessThan(rect(byId("LINE_ITEM")).x);
  });

  it("note the parent marker u, which draw.io has no marker for", async () => {
    const { notes, edge, style } = await cellsOf("erDiagram\n  A u--o{ B : parent of");
    expect(notes.join(" ")).toMatch(/parent marker u/);
    expect(style(edge("A", "B"), "startArrow")).toBe("none");
  });

  it("keep light text on dark tables in the dark theme", async () => {
    const { byId, children, style } = await cellsOf(snippet("attributes.mmd"), { theme: "dark" });
    expect(style(byId("CUSTOMER"), "fontColor")).toBe("#f7fafc");
    const row = children("CUSTOMER")[0] as XmlElement;
    expect(style(children(row.attrs.id as string)[0], "fontColor")).toBe("#f7fafc");
    expect(style(row, "fillColor")).toBe("#1a202c");
  });
});

describe("ER config", () => {
  it("takes er.layoutDirection when the text gives no direction, and notes the other settings", async () => {
    const text =
      "---\nconfig:\n  er:\n    layoutDirection: LR\n    minEntityWidth: 200\n---\nerDiagram\n  A ||--o{ B : has";
    const { byId, rect, notes } = await cellsOf(text);
    expect(rect(byId("A")).x).toBeLessThan(rect(byId("B")).x);
    expect(rect(byId("A")).y).toBe(rect(byId("B")).y);
    expect(notes.join(" ")).toMatch(/`minEntityWidth` is not carried over/);
    const overridden = await cellsOf(text.replace("erDiagram", "erDiagram\n  direction TB"));
    expect(overridden.rect(overridden.byId("A")).y).toBeLessThan(
      overridden.rect(overridden.byId("B")).y,
    );
  });
});

describe("ER limits", () => {
  it("refuse a table too tall for the page's layout, naming the entity's line", async () => {
    const rows = Array.from({ length: 90 }, (_, i) => `    int column${i}`).join("\n");
    const error = await convertMermaid(`erDiagram\n  WIDE {\n${rows}\n  }`).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "mermaid_too_large", line: 2 });
  });

  it("refuse over 2,000 entities", async () => {
    const many = Array.from({ length: 2_001 }, (_, i) => `  E${i}`).join("\n");
    const error = await convertMermaid(`erDiagram\n${many}`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "mermaid_too_large" });
  });
});
