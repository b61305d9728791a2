import { describe, expect, it } from "vitest";
import { layoutGraph } from "../../../../worker/drawio/layout/index.ts";
import { convertFlowchart } from "../../../../worker/drawio/mermaid/flowchart/index.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { readMermaid } from "../../../../worker/drawio/mermaid/source.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";

/** The converted page's cells by id, each with its style and geometry, and the notes. */
async function page(text: string, options: MermaidOptions = {}) {
  const converted = await convertFlowchart(readMermaid(text), options);
  const { notes } = converted;
  const xml = serializeDiagram(converted.document);
  const document = parseDiagram(xml);
  const cells = document.pages[0]?.cells ?? [];
  const byId = new Map(cells.map((c) => [c.attrs.id ?? "", c]));
  const style = (id: string, key: string) => getStyleValue(byId.get(id)?.attrs.style, key);
  const styles = (id: string, keys: string[]) => keys.map((key) => style(id, key));
  const edges = cells.filter((c) => c.attrs.edge === "1");
  const edgeStyle = (i: number, key: string) => getStyleValue(edges[i]?.attrs.style, key);
  const geometry = (id: string) => {
    const g = byId.get(id)?.children.find((n) => "name" in n && n.name === "mxGeometry");
    const attrs = g && "attrs" in g ? g.attrs : {};
    return {
      x: Number(attrs.x),
      y: Number(attrs.y),
      w: Number(attrs.width),
      h: Number(attrs.height),
    };
  };
  return { xml, notes, byId, style, styles, edges, edgeStyle, geometry, document };
}

describe("Mermaid flowcharts: links", () => {
  it("draws each end Mermaid writes: arrow, circle, cross, both ways, none", async () => {
    const p = await page(
      "flowchart LR\n A --> B\n B --o C\n C --x D\n D <--> E\n E o--o F\n F x--x G\n G --- H",
    );
    const ends = p.edges.map((_, i) => [p.edgeStyle(i, "startArrow"), p.edgeStyle(i, "endArrow")]);
    expect(ends).toEqual([
      [undefined, "block"],
      [undefined, "oval"],
      [undefined, "cross"],
      ["block", "block"],
      ["oval", "oval"],
      ["cross", "cross"],
      [undefined, "none"],
    ]);
    expect(p.edgeStyle(1, "endFill")).toBe("1");
  });

  it("draws thick links wider, dotted ones dashed and invisible ones without a line", async () => {
    const p = await page("flowchart LR\n A ==> B\n B -.-> C\n C ~~~ D\n D -- text --> E");
    expect(p.edgeStyle(0, "strokeWidth")).toBe("3");
    expect(p.edgeStyle(1, "dashed")).toBe("1");
    expect(p.edgeStyle(2, "strokeColor")).toBe("none");
    expect(p.edgeStyle(2, "endArrow")).toBe("none");
    expect(p.edgeStyle(3, "strokeWidth")).toBeUndefined();
    expect(p.notes.some((n) => n.includes("~~~"))).toBe(true);
  });

  it("keeps link labels written between pipes, inside the link and in quotes", async () => {
    const p = await page(
      'flowchart TD\n A -->|one| B\n B -- two --> C\n C -. three .-> D\n D == four ==> E\n E -- "five (5)" --> F',
    );
    expect(p.edges.map((e) => e.attrs.value)).toEqual(["one", "two", "three", "four", "five (5)"]);
  });

  it("expands chains and & groups in the order Mermaid numbers links", async () => {
    const p = await page("flowchart LR\n A & B --> C & D --> E\n linkStyle 3 stroke:#f00");
    const pairs = p.edges.map((e) => `${e.attrs.source}>${e.attrs.target}`);
    expect(pairs).toEqual(["A>C", "A>D", "B>C", "B>D", "C>E", "D>E"]);
    expect(p.edgeStyle(3, "strokeColor")).toBe("#f00");
  });

  it("joins a link to a subgraph to the node the flow enters it by, and notes it", async () => {
    const p = await page(
      "flowchart TB\n outside --> pay\n subgraph pay [Payments]\n charge --> refund\n end\n pay --> done",
    );
    const pairs = p.edges.map((e) => `${e.attrs.source}>${e.attrs.target}`);
    expect(pairs).toEqual(["outside>charge", "charge>refund", "refund>done"]);
    expect(p.notes.some((n) => n.includes('subgraph "pay"'))).toBe(true);
  });
});

describe("Mermaid flowcharts: nodes", () => {
  it("gives each bracket form its draw.io shape", async () => {
    const p = await page(
      "flowchart LR\n a[rect] --> b{rhombus} --> c[(db)] --> d((circle)) --> e{{hex}} --> f[/lean/] --> g[/trap\\] --> h([pill]) --> i[[sub]]",
    );
    expect(p.byId.get("b")?.attrs.style).toMatch(/^rhombus;/);
    expect([..."acdefgi"].map((id) => p.style(id, "shape"))).toEqual([
      "rect",
      "cylinder3",
      "ellipse",
      "hexagon",
      "parallelogram",
      "trapezoid",
      "process",
    ]);
    expect(p.geometry("d").w).toBe(p.geometry("d").h);
    expect(p.style("h", "arcSize")).toBe("50");
  });

  it("takes the v11 @{ shape, label } form with aliases, the last label winning", async () => {
    const p = await page(
      'flowchart TD\n A@{ shape: docs, label: "Many" } --> B@{ shape: question }\n B@{ label: "Sure?" }',
    );
    expect(p.style("A", "shape")).toBe("mxgraph.flowchart.multi-document");
    expect(p.byId.get("A")?.attrs.value).toBe("Many");
    expect(p.byId.get("B")?.attrs.style).toMatch(/^rhombus;/);
    expect(p.byId.get("B")?.attrs.value).toBe("Sure?");
  });

  it("keeps Mermaid ids as cell ids, and gives others draw.io-safe ones", async () => {
    const p = await page("flowchart LR\n order-1 --> 节点 --> n1 --> a.b:c");
    expect([...p.byId.keys()].filter((id) => !id.startsWith("edge"))).toEqual([
      "0",
      "1",
      "order-1",
      "n2",
      "n1",
      "a.b:c",
    ]);
    expect(p.byId.get("n2")?.attrs.value).toBe("节点");
  });

  it("keeps bold and italic written in part of a label as HTML, everything else escaped", async () => {
    const p = await page(
      'flowchart LR\n A["`**bold** and *it*`"] --> B["<b>x</b><br>y"] --> C["`**x** #lt;y#gt; & z`"]\n D["<b onclick=alert(1)>d</b>e"]',
    );
    expect(p.byId.get("A")?.attrs.value).toBe("<b>bold</b> and <i>it</i>");
    expect(p.byId.get("B")?.attrs.value).toBe("<b>x</b><br>y");
    expect(p.byId.get("C")?.attrs.value).toBe("<b>x</b> &lt;y&gt; &amp; z");
    expect(p.byId.get("D")?.attrs.value).toBe("<b>d</b>e");
    expect(p.style("A", "fontStyle")).toBeUndefined();
    // The node is sized for its words, as without emphasis.
    const plain = await page('flowchart LR\n A["bold and it"] --> B["x<br>y"]');
    expect(p.geometry("A").w).toBe(plain.geometry("A").w);
    expect(p.notes).toEqual([]);
  });

  it("makes a label bold or italic as a whole with fontStyle, with a class's bold", async () => {
    const p = await page(
      [
        "flowchart LR",
        '  A["`**Pay**`"] --> B["<i>Wait</i>"] --> C["<b><i>Both</i></b>"] --> D["`_Done_`"]:::heavy',
        "  classDef heavy font-weight:bold",
        '  A -- "<i>card</i>" --> D',
      ].join("\n"),
    );
    expect(
      ["A", "B", "C", "D"].map((id) => [p.byId.get(id)?.attrs.value, p.style(id, "fontStyle")]),
    ).toEqual([
      ["Pay", "1"],
      ["Wait", "2"],
      ["Both", "3"],
      ["Done", "3"],
    ]);
    expect(p.edgeStyle(3, "fontStyle")).toBe("2");
    expect(p.edges[3]?.attrs.value).toBe("card");
    expect(p.notes).toEqual([]);
  });

  it("keeps other emphasis, and part-bold link labels, as plain text, and says so", async () => {
    const p = await page('flowchart LR\n A["<u>under</u>"] -- "<b>x</b> y" --> B');
    expect(p.byId.get("A")?.attrs.value).toBe("under");
    expect(p.edges[0]?.attrs.value).toBe("x y");
    expect(p.notes.some((n) => n.includes("plain text"))).toBe(true);
  });
});

describe("Mermaid flowcharts: styles", () => {
  it("maps classDef, class, ::: and style to draw.io keys, later ones winning", async () => {
    const p = await page(
      [
        "flowchart LR",
        "  A:::hot --> B --> C",
        "  classDef default fill:#eee",
        "  classDef hot fill:#f9f,stroke:#333,stroke-width:4px,color:#fff,font-weight:bold",
        "  class B hot",
        "  style B fill:#bbf,stroke-dasharray: 5 5,font-size:12pt",
      ].join("\n"),
    );
    const keys = ["fillColor", "strokeColor", "strokeWidth", "fontColor", "fontStyle"];
    expect(p.styles("A", keys)).toEqual(["#f9f", "#333", "4", "#fff", "1"]);
    expect(p.styles("B", ["fillColor", "dashed", "dashPattern", "fontSize", "fontStyle"])).toEqual([
      "#bbf",
      "1",
      "5 5",
      "16",
      "1",
    ]);
    expect(p.style("C", "fillColor")).toBe("#eee");
  });

  it("styles links by number and by default, and notes what draw.io has no key for", async () => {
    const p = await page(
      "flowchart LR\n A --> B --> C\n linkStyle default stroke:#999,animation:dash 1s\n linkStyle 1 stroke:red,stroke-width:2px,color:blue",
    );
    expect(p.edgeStyle(0, "strokeColor")).toBe("#999");
    expect(p.edgeStyle(1, "strokeColor")).toBe("red");
    expect(p.edgeStyle(1, "strokeWidth")).toBe("2");
    expect(p.edgeStyle(1, "fontColor")).toBe("blue");
    expect(p.notes).toContain(
      "the style animation:dash 1s has no draw.io counterpart and is left out",
    );
  });
});

describe("Mermaid flowcharts: the diagram", () => {
  it("follows the header's direction unless the options give one", async () => {
    const lr = await page("flowchart LR\n A --> B");
    expect(lr.geometry("B").x).toBeGreaterThan(lr.geometry("A").x);
    const td = await page("flowchart LR\n A --> B", { direction: "down" });
    expect(td.geometry("B").y).toBeGreaterThan(td.geometry("A").y);
    const bt = await page("graph BT\n A --> B");
    expect(bt.geometry("B").y).toBeLessThan(bt.geometry("A").y);
  });

  it("nests subgraphs as draw.io containers, a node in the first subgraph that closes over it", async () => {
    const p = await page(
      "flowchart TB\n c1 --> a2\n subgraph outer [Outer]\n  subgraph inner [Inner]\n   a1 --> a2\n  end\n  b1\n end\n subgraph three\n  c1 --> c2\n end",
    );
    expect(p.byId.get("inner")?.attrs.parent).toBe("outer");
    expect(p.byId.get("a1")?.attrs.parent).toBe("inner");
    expect(p.byId.get("a2")?.attrs.parent).toBe("inner");
    expect(p.byId.get("b1")?.attrs.parent).toBe("outer");
    expect(p.byId.get("c1")?.attrs.parent).toBe("three");
    expect(p.style("outer", "container")).toBe("1");
  });

  it("names the page after the front matter's title, else accTitle, keeps both accessibility texts on the root cell, and notes what it drops", async () => {
    const front = await page("---\ntitle: Checkout\n---\nflowchart LR\n A --> B");
    expect(front.document.pages[0]?.attributes.name).toBe("Checkout");
    const acc = await convertMermaid(
      'flowchart LR\n accTitle: Orders\n accDescr: How orders flow\n A --> B\n click A "https://example.com"\n subgraph s\n direction TB\n C\n end',
    );
    expect(acc.document.pages[0]?.attributes.name).toBe("Orders");
    const xml = serializeDiagram(acc.document);
    expect(xml).toContain(
      '<UserObject label="" accTitle="Orders" accDescr="How orders flow" id="0">',
    );
    expect(acc.notes).toEqual(["click actions (links, callbacks, tooltips) are not carried over"]);
    const block = await convertMermaid(
      "flowchart LR\n accDescr {\n  Two lines\n  of text\n }\n A --> B",
    );
    expect(serializeDiagram(block.document)).toContain('accDescr="Two lines&#xa;of text"');
  });

  it("uses the theme asked for", async () => {
    const p = await page("flowchart LR\n A --> B", { theme: "dark" });
    expect(p.xml).toContain('background="#1a202c"');
  });
});

describe("graph spec: an edge's own style keys", () => {
  it("follow the theme's, so they win, and leave edges without them as they were", async () => {
    const spec = { nodes: [{ id: "a" }, { id: "b" }], edges: [{ from: "a", to: "b" }] };
    const plain = await layoutGraph(spec);
    const styled = await layoutGraph({
      ...spec,
      edges: [{ from: "a", to: "b", style: { endArrow: "oval", strokeWidth: 3 } }],
    });
    const edgeStyle = (xml: string) =>
      /edge="1"/.test(xml) && /style="(rounded=0;[^"]*)"/.exec(xml)?.[1];
    expect(edgeStyle(styled.xml)).toBe(
      String(edgeStyle(plain.xml)).replace("endFill=1;", "endFill=1;endArrow=oval;strokeWidth=3;"),
    );
  });
});
