import { describe, expect, it } from "vitest";
import { lintPage } from "../../../../worker/drawio/lint/index.ts";
import { convertFlowchart } from "../../../../worker/drawio/mermaid/flowchart/index.ts";
import { readMermaid } from "../../../../worker/drawio/mermaid/source.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { pageRects } from "../../../fixtures/page-rects.ts";

/** The converted page: each cell's centre on the page, and the notes. */
async function drawn(text: string) {
  const { document, notes } = await convertFlowchart(readMermaid(text), {});
  const xml = serializeDiagram(document);
  const page = parseDiagram(xml).pages[0];
  if (!page) throw new Error("no page");
  const lint = lintPage(page, { rules: ["overlap", "edge_crosses_vertex"] });
  expect(lint.map((f) => f.message)).toEqual([]);
  const { centre } = pageRects(page);
  const edges = page.cells.filter((c) => c.attrs.edge === "1");
  return { notes, centre, edges };
}

/** True when the cells' centres run left to right on one line. */
function isRow(centres: { x: number; y: number }[]): boolean {
  return centres.every(
    (c, k) => k === 0 || (c.y === centres[0]?.y && c.x > (centres[k - 1]?.x ?? Infinity)),
  );
}

/** True when the cells' centres run top to bottom on one line. */
function isColumn(centres: { x: number; y: number }[]): boolean {
  return centres.every(
    (c, k) => k === 0 || (c.x === centres[0]?.x && c.y > (centres[k - 1]?.y ?? Infinity)),
  );
}

describe("Mermaid flowcharts: direction inside subgraphs", () => {
  it("lays an LR subgraph out as a row inside a TB chart", async () => {
    const { notes, centre } = await drawn(
      "flowchart TB\n  start --> finish\n  subgraph row [Packing]\n    direction LR\n    a --> b --> c\n  end",
    );
    expect(notes).toEqual([]);
    expect(isRow(["a", "b", "c"].map(centre))).toBe(true);
    expect(centre("finish").y).toBeGreaterThan(centre("start").y);
  });

  it("follows the parent's direction when a node inside is linked outside, as Mermaid does", async () => {
    const { notes, centre } = await drawn(
      "flowchart TB\n  start --> a\n  subgraph row\n    direction LR\n    a --> b --> c\n  end",
    );
    expect(isColumn(["a", "b", "c"].map(centre))).toBe(true);
    expect(notes).toEqual([
      `direction LR inside subgraph "row" is not applied, as in Mermaid: its node a is linked to start, outside it, so it follows its parent's direction (TB)`,
    ]);
  });

  it("keeps the direction of a subgraph linked as a whole, and joins the link to its border", async () => {
    const { notes, centre, edges } = await drawn(
      "flowchart LR\n  outside --> sub\n  sub --> after\n  subgraph sub\n    direction TB\n    top --> bottom\n  end",
    );
    expect(notes).toEqual([]);
    expect(isColumn(["top", "bottom"].map(centre))).toBe(true);
    expect(edges.map((e) => [e.attrs.source, e.attrs.target])).toEqual([
      ["outside", "sub"],
      ["sub", "after"],
      ["top", "bottom"],
    ]);
  });

  it("says when the layout cannot keep it: a link from inside the subgraph to itself", async () => {
    const { notes } = await drawn(
      "flowchart LR\n  subgraph sub\n    direction TB\n    top --> bottom\n  end\n  bottom --> sub",
    );
    expect(notes).toContain(
      'group "sub" is laid out right like its parent, not down: edge 1 (bottom → top) crosses its border, and a group keeps its own direction only when no edge does',
    );
  });

  it("applies nested subgraphs' directions, and their parent's to one that is linked across", async () => {
    const { notes, centre } = await drawn(
      [
        "flowchart TB",
        "  subgraph outer",
        "    direction LR",
        "    a --> b",
        "    subgraph col",
        "      direction TB",
        "      c --> d",
        "    end",
        "    subgraph linked",
        "      direction BT",
        "      e --> f",
        "    end",
        "    b --> e",
        "  end",
      ].join("\n"),
    );
    expect(isRow(["a", "b"].map(centre))).toBe(true);
    expect(isColumn(["c", "d"].map(centre))).toBe(true);
    // "linked" takes outer's LR: Mermaid's rule, since e is linked to b outside it.
    expect(isRow(["e", "f"].map(centre))).toBe(true);
    expect(notes).toEqual([
      `direction BT inside subgraph "linked" is not applied, as in Mermaid: its node e is linked to b, outside it, so it follows its parent's direction (LR)`,
    ]);
  });

  it("says nothing of a direction the subgraph would have anyway", async () => {
    const { notes } = await drawn(
      "flowchart LR\n  x --> a\n  subgraph s\n    direction LR\n    a --> b\n  end",
    );
    expect(notes).toEqual([]);
  });

  it("sizes a fork bar across its subgraph's direction", async () => {
    const { document } = await convertFlowchart(
      readMermaid(
        "flowchart TB\n  subgraph s\n    direction LR\n    a --> f@{ shape: fork } --> b\n  end",
      ),
      {},
    );
    const page = parseDiagram(serializeDiagram(document)).pages[0];
    const fork = page?.cells.find((c) => c.attrs.id === "f");
    const geometry = fork?.children.find((n) => "name" in n && n.name === "mxGeometry");
    const attrs = geometry && "attrs" in geometry ? geometry.attrs : {};
    expect([attrs.width, attrs.height]).toEqual(["10", "80"]);
  });
});
