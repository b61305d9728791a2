import { describe, expect, it } from "vitest";
import { type LayoutCell, PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import { describeCorpus, statements } from "./mermaid-corpus.ts";

/** The texts a git graph shows, read with a few patterns: ids, tags, branch names, the title. */
function gitTexts(text: string): string[] {
  const found: string[] = [];
  const hidden = (key: string) => new RegExp(`${key}:\\s*false`).test(text);
  const title = /^title:\s*(.+)$/m.exec(text)?.[1];
  if (title) found.push(title.trim());
  if (!hidden("showBranches")) {
    found.push(/mainBranchName:\s*'?([^'\n]+)'?/.exec(text)?.[1] ?? "main");
  }
  for (const line of statements(text)) {
    const branch = /^branch\s+(?:"([^"]+)"|(\S+))/.exec(line);
    if (branch && !hidden("showBranches")) found.push(branch[1] ?? branch[2] ?? "");
    for (const m of line.matchAll(/tag:\s*"([^"]*)"/g)) found.push(m[1] as string);
    if (/^(commit|merge)\b/.test(line) && !hidden("showCommitLabel")) {
      const id = /id:\s*"([^"]*)"/.exec(line);
      if (id) found.push(id[1] as string);
    }
  }
  return found.filter((t) => t !== "");
}

describeCorpus("git-graph", (text) => convertMermaid(text), gitTexts, undefined, {
  good: 10,
  bad: 3,
});

async function draw(text: string) {
  const out = await convertMermaid(text);
  const doc = parseDiagram(serializeDiagram(out.document));
  const layout = new PageLayout(doc.pages[0] as (typeof doc.pages)[0]);
  const byLabel = (label: string): LayoutCell => {
    const cell = layout.cells.find((c) => c.element.attrs.value === label);
    if (!cell) throw new Error(`no cell labelled ${label}`);
    return cell;
  };
  const centre = (cell: LayoutCell) => {
    const r = layout.absoluteRect(cell) ?? { x: 0, y: 0, width: 0, height: 0 };
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  const edges = layout.cells.filter((c) => c.edge);
  return { out, layout, byLabel, centre, edges };
}

const FLOW = `gitGraph
  commit id: "A"
  branch develop
  commit id: "B"
  checkout main
  commit id: "C"
  merge develop id: "M" tag: "v1"
  checkout develop
  commit id: "D"
  checkout main
  cherry-pick id: "D"`;

describe("git graph connectors", () => {
  it("join each commit to its parents: a merge to the branch's head and the merged head", async () => {
    const d = await draw(FLOW);
    const joins = d.edges.map((e) => {
      const name = (id?: string) => d.layout.cells.find((c) => c.id === id)?.element.attrs.value;
      return `${name(e.element.attrs.source)}->${name(e.element.attrs.target) || "pick"}`;
    });
    expect(joins.sort()).toEqual(
      ["A->B", "A->C", "B->D", "B->M", "C->M", "D->pick", "M->pick"].sort(),
    );
  });

  it("draws the connector from a cherry-picked commit dashed", async () => {
    const d = await draw(FLOW);
    const picks = d.edges.filter((e) => getStyleValue(e.style, "dashed") === "1");
    expect(picks).toHaveLength(1);
    expect(
      d.layout.cells.find((c) => c.id === picks[0]?.element.attrs.source)?.element.attrs.value,
    ).toBe("D");
  });

  it("keeps commits in Mermaid's order along their lanes, main above its branches", async () => {
    const d = await draw(FLOW);
    const [a, b, c, m, dd] = ["A", "B", "C", "M", "D"].map((l) => d.centre(d.byLabel(l)));
    expect(a?.x).toBeLessThan(b?.x ?? 0);
    expect(b?.x).toBeLessThan(c?.x ?? 0);
    expect(c?.x).toBeLessThan(m?.x ?? 0);
    expect(m?.x).toBeLessThan(dd?.x ?? 0);
    expect(a?.y).toBe(c?.y);
    expect(b?.y).toBeGreaterThan(a?.y ?? 0);
    expect(d.byLabel("B").parent?.element.attrs.value).toBe("develop");
  });

  it("runs top to bottom for gitGraph TB: and bottom to top for BT:", async () => {
    const tb = await draw(FLOW.replace("gitGraph", "gitGraph TB:"));
    expect(tb.centre(tb.byLabel("A")).y).toBeLessThan(tb.centre(tb.byLabel("C")).y);
    expect(tb.centre(tb.byLabel("A")).x).toBe(tb.centre(tb.byLabel("C")).x);
    const bt = await draw(FLOW.replace("gitGraph", "gitGraph BT:"));
    expect(bt.centre(bt.byLabel("A")).y).toBeGreaterThan(bt.centre(bt.byLabel("C")).y);
  });

  it("sorts lanes by order:, then by declaration, main first", async () => {
    const d = await draw("gitGraph\n commit\n branch b1 order: 3\n branch b2\n branch b3 order: 1");
    const lanes = d.layout.cells.filter((c) => getStyleValue(c.style, "shape") === "line");
    const byY = [...lanes]
      .sort((p, q) => d.centre(p).y - d.centre(q).y)
      .map((c) => c.element.attrs.value);
    expect(byY).toEqual(["main", "b2", "b3", "b1"]);
  });

  it("gives commits without an id the same id every time", async () => {
    const text = "gitGraph\n commit\n commit\n branch x\n commit";
    const ids = async () =>
      (await draw(text)).layout.cells
        .filter((c) => /^\d+-[0-9a-f]{7}$/.test(c.element.attrs.value ?? ""))
        .map((c) => c.element.attrs.value);
    const first = await ids();
    expect(first).toHaveLength(3);
    expect(await ids()).toEqual(first);
  });

  it("draws reversed commits crossed and highlighted ones square", async () => {
    const d = await draw(
      'gitGraph\n commit id: "r" type: REVERSE\n commit id: "h" type: HIGHLIGHT',
    );
    expect(getStyleValue(d.byLabel("r").style, "shape")).toBe("sumEllipse");
    expect(d.byLabel("h").style).not.toContain("ellipse");
  });
});

describe("git graph errors", () => {
  it.each([
    ["gitGraph\n commit\n merge main", 3, 8],
    ["gitGraph\n commit\n checkout nope", 3, 11],
    ["gitGraph\n commit\n branch a\n branch a", 4, 9],
    ['gitGraph\n commit id: "x"\n cherry-pick id: "x"', 3, 18],
    ['gitGraph\n commit id: "x"\n cherry-pick id: "nope"', 3, 18],
    ["gitGraph\n commit\n push origin", 3, 2],
  ])("%s is refused at its line and column", async (text, line, column) => {
    await expect(convertMermaid(text)).rejects.toMatchObject({
      code: "mermaid_syntax",
      line,
      column,
    });
  });
});

describe("git graph limits and themes", () => {
  it("refuses more commits than one diagram may have", async () => {
    const text = `gitGraph\n${" commit\n".repeat(2_001)}`;
    await expect(convertMermaid(text)).rejects.toMatchObject({ code: "mermaid_too_large" });
  });

  it("draws light text on a dark page for the dark theme", async () => {
    const out = await convertMermaid('gitGraph\n commit id: "a" tag: "v1"', { theme: "dark" });
    const xml = serializeDiagram(out.document);
    expect(xml).toContain('background="#1e1e1e"');
    expect(xml).toContain("fontColor=#f0f0f0");
  });

  it("notes commit messages, which Mermaid does not draw", async () => {
    const out = await convertMermaid('gitGraph\n commit id: "a" msg: "first"');
    expect(out.notes.join(" ")).toContain("commit message");
  });
});
