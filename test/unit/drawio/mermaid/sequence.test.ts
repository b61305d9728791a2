import { describe, expect, it } from "vitest";
import type { DrawioError } from "../../../../worker/drawio/errors.ts";
import { edgeRoute } from "../../../../worker/drawio/geometry/edge-routes.ts";
import { type LayoutCell, PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import { convertSequenceDiagram } from "../../../../worker/drawio/mermaid/sequence/index.ts";
import { MAX_SEQUENCE_MESSAGES } from "../../../../worker/drawio/mermaid/sequence/parse.ts";
import { MAX_MERMAID_NODES, readMermaid } from "../../../../worker/drawio/mermaid/source.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import { measureText } from "../../../../worker/drawio/text/estimate.ts";

/** Converts a snippet; the page's cells with absolute geometry, looked up by id or by label. */
async function draw(text: string, options: MermaidOptions = {}) {
  const out = await convertSequenceDiagram(readMermaid(text), options);
  const doc = parseDiagram(serializeDiagram(out.document));
  const layout = new PageLayout(doc.pages[0] as (typeof doc.pages)[0]);
  const byLabel = (label: string) => {
    const cell =
      layout.cells.find((c) => c.element.attrs.value === label) ??
      layout.cells.find((c) => c.element.attrs.value?.startsWith(label));
    if (!cell) throw new Error(`no cell labelled ${label}`);
    return cell;
  };
  const rect = (cell: LayoutCell) =>
    layout.absoluteRect(cell) ?? { x: 0, y: 0, width: 0, height: 0 };
  const route = (label: string) => edgeRoute(layout, byLabel(label))?.points ?? [];
  const style = (cell: LayoutCell, key: string) => getStyleValue(cell.style, key);
  const shaped = (shape: string) => layout.cells.filter((c) => style(c, "shape") === shape);
  return { out, doc, layout, byLabel, rect, route, style, shaped };
}

describe("messages", () => {
  it("are edges between the lifelines, pinned at their row, so they follow a moved lifeline", async () => {
    const d = await draw("sequenceDiagram\n  Alice->>John: Hello\n  John-->>Alice: Hi");
    const hello = d.byLabel("Hello");
    expect(hello.element.attrs.source).toBe("Alice");
    expect(hello.element.attrs.target).toBe("John");
    expect(d.style(hello, "exitPerimeter")).toBe("0");
    expect(d.style(hello, "entryPerimeter")).toBe("0");
    const [from, to] = d.route("Hello");
    const john = d.rect(d.byLabel("John"));
    expect(to?.x).toBe(john.x + john.width / 2);

    // draw.io moves a lifeline by its geometry; the message's end goes with it.
    const geometry = d.byLabel("John").geometry;
    if (!geometry) throw new Error("no geometry");
    geometry.attrs.x = String(Number(geometry.attrs.x) + 200);
    // … and made longer, as one does to make room for more messages, it keeps them at their row.
    geometry.attrs.height = String(Number(geometry.attrs.height) * 2);
    const moved = edgeRoute(
      new PageLayout(d.doc.pages[0] as (typeof d.doc.pages)[0]),
      hello,
    )?.points;
    expect(moved?.[0]).toEqual(from);
    expect(moved?.[1]).toEqual({ x: (to?.x ?? 0) + 200, y: to?.y });
  });

  it("to oneself belong to their lifeline: the whole loop moves with it", async () => {
    const d = await draw("sequenceDiagram\n  A->>B: hi\n  B->>B: think");
    const think = d.byLabel("think");
    expect(think.element.attrs.parent).toBe("B");
    const before = d.route("think");
    const geometry = d.byLabel("B").geometry;
    if (!geometry) throw new Error("no geometry");
    geometry.attrs.x = String(Number(geometry.attrs.x) + 70);
    const moved = new PageLayout(d.doc.pages[0] as (typeof d.doc.pages)[0]);
    const after = edgeRoute(moved, moved.get(think.id) as LayoutCell)?.points;
    expect(after).toEqual(before.map((p) => ({ x: p.x + 70, y: p.y })));
  });

  it.each([
    ["->", { endArrow: "none", dashed: undefined, startArrow: undefined }],
    ["-->", { endArrow: "none", dashed: "1" }],
    ["->>", { endArrow: "block", endFill: "1", dashed: undefined }],
    ["-->>", { endArrow: "block", endFill: "1", dashed: "1" }],
    ["<<->>", { endArrow: "block", startArrow: "block", startFill: "1" }],
    ["<<-->>", { endArrow: "block", startArrow: "block", dashed: "1" }],
    ["-x", { endArrow: "cross", dashed: undefined }],
    ["--x", { endArrow: "cross", dashed: "1" }],
    ["-)", { endArrow: "open", dashed: undefined }],
    ["--)", { endArrow: "open", dashed: "1" }],
    ["-|\\", { endArrow: "async", endFill: "1" }],
    ["--//", { endArrow: "openAsync", dashed: "1" }],
    ["/|-", { endArrow: "none", startArrow: "async" }],
  ])("%s is drawn with %o", async (arrow, keys) => {
    const d = await draw(`sequenceDiagram\n  A${arrow}B: m`);
    const m = d.byLabel("m");
    for (const [key, value] of Object.entries(keys)) expect(d.style(m, key), key).toBe(value);
  });

  it("to oneself loop out to the right and back, the label beside the loop", async () => {
    const d = await draw("sequenceDiagram\n  participant S\n  S->>S: check");
    const points = d.route("check");
    expect(points).toHaveLength(4);
    const [a, b, c, e] = points as [{ x: number; y: number }, ...{ x: number; y: number }[]];
    expect(b?.x).toBeGreaterThan(a.x);
    expect(b?.y).toBeCloseTo(a.y, 5);
    expect(c?.x).toBe(b?.x);
    expect(e?.y).toBeGreaterThan(a.y);
    expect(d.style(d.byLabel("check"), "align")).toBe("left");
  });

  it("are numbered by autonumber from its start by its step, until autonumber off", async () => {
    const d = await draw(
      "sequenceDiagram\n  A->>B: zero\n  autonumber 10 5\n  A->>B: ten\n  B-->>A: fifteen\n  autonumber off\n  A->>B: none\n  autonumber\n  A->>B: again",
    );
    const labels = d.layout.cells.filter((c) => c.edge).map((c) => c.element.attrs.value);
    expect(labels).toEqual([
      "zero",
      "<b>10</b> ten",
      "<b>15</b> fifteen",
      "none",
      "<b>25</b> again",
    ]);
  });

  it("widen the gap between their lifelines to fit a long label", async () => {
    const long = "a label long enough to need far more room than two headers leave between them";
    const d = await draw(`sequenceDiagram\n  A->>B: ${long}\n  B->>C: short`);
    const [from, to] = d.route(long.slice(0, 20));
    const [b, c] = d.route("short");
    // Broken into lines of at most 300 px (draw.io does not wrap edge labels).
    expect(d.byLabel(long.slice(0, 20)).element.attrs.value).toContain("<br>");
    expect((to?.x ?? 0) - (from?.x ?? 0)).toBeGreaterThan(300);
    expect((c?.x ?? 0) - (b?.x ?? 0)).toBeLessThan(200);
  });

  it("keep Mermaid's entity codes, line breaks and what follows a # comment out", async () => {
    const d = await draw(
      "sequenceDiagram\n  A->>B: I #9829; you #infin;<br/>twice # a comment\n  B->>A: #59; and #35;",
    );
    expect(d.byLabel("I ♥ you ∞<br>twice")).toBeDefined();
    expect(d.byLabel("; and #")).toBeDefined();
    expect(d.out.notes.join(" ")).toMatch(/after # on line 2/);
  });

  it("leave out characters a draw.io file cannot hold, written or as entity codes", async () => {
    const d = await draw(
      "sequenceDiagram\n  A->>B: bell #7; and raw \u0005 here\n  participant C as x\u0001y",
    );
    expect(d.byLabel("bell #7; and raw  here")).toBeDefined();
    expect(d.byLabel("xy")).toBeDefined();
  });
});

describe("activations", () => {
  it("are bars inside their lifeline, a nested one offset, messages ending on their sides", async () => {
    const d = await draw(
      "sequenceDiagram\n  Alice->>+John: one\n  Alice->>+John: two\n  John-->>-Alice: three\n  John-->>-Alice: four",
    );
    const bars = d.layout.cells.filter(
      (c) => c.style === "html=1;points=[];perimeter=orthogonalPerimeter;",
    );
    expect(bars.map((b) => b.element.attrs.parent)).toEqual(["John", "John"]);
    const [inner, outer] = bars.map(d.rect).sort((p, q) => p.height - q.height);
    expect((inner?.x ?? 0) - (outer?.x ?? 0)).toBe(5);
    expect(inner?.y).toBeGreaterThan(outer?.y ?? 0);
    expect((inner?.y ?? 0) + (inner?.height ?? 0)).toBeLessThan(
      (outer?.y ?? 0) + (outer?.height ?? 0),
    );
    expect(d.route("one")[1]?.x).toBe(outer?.x);
    // Alice is on the left: replies leave the bars' left side.
    expect(d.route("three")[0]?.x).toBe(outer?.x);
  });

  it("start at the message an activate statement follows", async () => {
    const d = await draw(
      "sequenceDiagram\n  A->>B: go\n  activate B\n  B-->>A: done\n  deactivate B",
    );
    const bar = d.rect(d.layout.cells.find((c) => c.element.attrs.parent === "B") as LayoutCell);
    expect(bar.y).toBeCloseTo(d.route("go")[1]?.y ?? 0, 5);
    expect(bar.y + bar.height).toBeCloseTo(d.route("done")[0]?.y ?? 0, 5);
    expect(d.route("go")[1]?.x).toBe(bar.x);
  });
});

describe("participants", () => {
  it("are lifelines in the order they appear, actors and the other types as draw.io's figures", async () => {
    const d = await draw(
      'sequenceDiagram\n  participant Z as Last declared first\n  actor U\n  participant B@{ "type": "boundary" }\n  participant C@{ "type": "control" }\n  participant E@{ "type": "entity" }\n  participant D@{ "type": "database" }\n  participant Q@{ "type": "queue" }\n  A->>Z: hi',
    );
    const lifelines = d.shaped("umlLifeline");
    expect(lifelines.map((c) => c.id)).toEqual(["Z", "U", "B", "C", "E", "D", "Q", "A"]);
    expect(lifelines.map((c) => d.style(c, "participant"))).toEqual([
      undefined,
      "umlActor",
      "umlBoundary",
      "umlControl",
      "umlEntity",
      "cylinder",
      undefined,
      undefined,
    ]);
    expect(lifelines[0]?.element.attrs.value).toBe("Last declared first");
    const xs = lifelines.map((c) => d.rect(c).x);
    expect(xs).toEqual([...xs].sort((p, q) => p - q));
    expect(d.out.notes).toContain("queue participants are drawn as plain participant boxes");
  });

  it("created by a message start at its row; destroyed ones end at theirs with a cross", async () => {
    const d = await draw(
      "sequenceDiagram\n  A->>B: hello\n  create participant C\n  A->>C: make\n  destroy C\n  A-xC: gone\n  A->>B: after",
    );
    const c = d.rect(d.byLabel("C"));
    const [, made] = d.route("make");
    expect(c.y).toBeGreaterThan(d.rect(d.byLabel("A")).y);
    expect(made?.y).toBeCloseTo(c.y + 20, 5);
    expect(made?.x).toBe(c.x);
    const [, gone] = d.route("gone");
    expect(c.y + c.height).toBeCloseTo(gone?.y ?? 0, 5);
    const cross = d.shaped("umlDestroy");
    expect(cross.map((x) => x.element.attrs.parent)).toEqual(["C"]);
    expect(d.rect(d.byLabel("B")).y + d.rect(d.byLabel("B")).height).toBeGreaterThan(
      d.route("after")[0]?.y ?? 0,
    );
  });

  it("in boxes stand on a titled band of the box's colour, its title light on a dark one", async () => {
    const d = await draw(
      "sequenceDiagram\n  box Purple Team one\n  participant A\n  participant B\n  end\n  box rgba(0, 128, 0, 0.25) Team two\n  participant C\n  end\n  A->>C: hi",
    );
    const one = d.byLabel("Team one");
    const two = d.byLabel("Team two");
    expect(d.style(one, "fillColor")).toBe("#800080");
    expect(d.style(one, "fontColor")).toBe("#ffffff");
    expect(d.style(two, "fillColor")).toBe("#008000");
    expect(d.style(two, "fillOpacity")).toBe("25");
    const band = d.rect(one);
    for (const id of ["A", "B"]) {
      const r = d.rect(d.layout.get(id) as LayoutCell);
      expect(r.x).toBeGreaterThan(band.x);
      expect(r.x + r.width).toBeLessThan(band.x + band.width);
    }
    expect(d.rect(two).x).toBeGreaterThan(band.x + band.width);
    expect(one.index).toBeLessThan((d.layout.get("A") as LayoutCell).index);
  });
});

describe("notes", () => {
  it("sit right of, left of or over their participants, on a row of their own", async () => {
    const d = await draw(
      "sequenceDiagram\n  A->>B: m\n  Note right of A: r\n  Note left of B: l\n  Note over A,B: both\n  Note over B: one",
    );
    const centre = (id: string) => {
      const r = d.rect(d.layout.get(id) as LayoutCell);
      return r.x + r.width / 2;
    };
    const [r, l, both, one] = ["r", "l", "both", "one"].map((t) => d.rect(d.byLabel(t)));
    expect(r?.x).toBeGreaterThan(centre("A"));
    expect((l?.x ?? 0) + (l?.width ?? 0)).toBeLessThan(centre("B"));
    expect(both?.x).toBeLessThan(centre("A"));
    expect((both?.x ?? 0) + (both?.width ?? 0)).toBeGreaterThan(centre("B"));
    expect((one?.x ?? 0) + (one?.width ?? 0) / 2).toBeCloseTo(centre("B"), 5);
    const tops = [r, l, both, one].map((n) => n?.y ?? 0);
    expect(tops).toEqual([...tops].sort((p, q) => p - q));
    expect(d.style(d.byLabel("r"), "shape")).toBe("note");
  });
});

describe("frames", () => {
  it("are UML frames named by their keyword, conditions beside the tab, sections as dashed lines", async () => {
    const d = await draw(
      "sequenceDiagram\n  A->>B: before\n  alt is sick\n    B->>A: not good\n  else is well\n    B->>A: fresh\n  end\n  critical connect\n    A->>B: c\n  option timeout\n    A->>A: log\n  option refused\n    A->>A: log2\n  end",
    );
    const [alt, critical] = d.shaped("umlFrame");
    expect(alt?.element.attrs.value).toBe("alt");
    expect(critical?.element.attrs.value).toBe("critical");
    const children = (frame: LayoutCell | undefined) =>
      d.layout.cells.filter((c) => c.parent === frame).map((c) => c.element.attrs.value);
    expect(children(alt)).toEqual(["[is sick]", "[is well]"]);
    expect(children(critical)).toEqual(["[connect]", "[timeout]", "[refused]"]);
    const box = d.rect(alt as LayoutCell);
    for (const label of ["not good", "fresh"]) {
      for (const p of d.route(label)) {
        expect(p.x).toBeGreaterThan(box.x);
        expect(p.x).toBeLessThan(box.x + box.width);
        expect(p.y).toBeGreaterThan(box.y);
        expect(p.y).toBeLessThan(box.y + box.height);
      }
    }
    expect(d.route("before")[0]?.y).toBeLessThan(box.y);
  });

  it("are wide enough for their longest condition, a section's included", async () => {
    const long = "a very long alternative condition, wider than anything else in the frame";
    const d = await draw(
      `sequenceDiagram\n  participant A\n  alt x\n    A->>A: a\n  else ${long}\n    A->>A: b\n  end`,
    );
    const frame = d.shaped("umlFrame")[0] as LayoutCell;
    const section = d.byLabel(`[${long}]`);
    const left = Number(d.style(section, "spacingLeft")) + 2;
    const width = measureText(`[${long}]`, Number.POSITIVE_INFINITY).width;
    expect(left + width).toBeLessThan(d.rect(frame).width);
  });

  it("nest, the outer one around the inner, and rect highlights are coloured bands behind the lifelines", async () => {
    const d = await draw(
      "sequenceDiagram\n  rect rgb(191, 223, 255)\n  loop outer\n    opt inner\n      A->>B: deep\n    end\n  end\n  end",
    );
    const [loop, opt] = d.shaped("umlFrame").map(d.rect);
    expect(loop && opt).toBeTruthy();
    if (!loop || !opt) return;
    expect(opt.x).toBeGreaterThan(loop.x);
    expect(opt.y).toBeGreaterThan(loop.y);
    expect(opt.x + opt.width).toBeLessThan(loop.x + loop.width);
    expect(opt.y + opt.height).toBeLessThan(loop.y + loop.height);
    const band = d.layout.cells.find((c) => d.style(c, "fillColor") === "#bfdfff") as LayoutCell;
    expect(band.index).toBeLessThan((d.layout.get("A") as LayoutCell).index);
    expect(d.rect(band).x).toBeLessThan(loop.x);
  });
});

describe("the page", () => {
  it("has the title above and as its name, accTitle and accDescr as the diagram's data, and links listed as left out", async () => {
    const d = await draw(
      "sequenceDiagram\n  title Checkout\n  accTitle: Checkout flow\n  accDescr: How a cart is paid\n  link A: Docs @ https://example.com\n  A->>B: pay",
    );
    const title = d.rect(d.byLabel("Checkout"));
    const [a, b] = [d.rect(d.byLabel("A")), d.rect(d.byLabel("B"))];
    expect(title.y + title.height).toBeLessThan(a.y);
    expect(a.y - (title.y + title.height)).toBeLessThan(20);
    expect(title.x + title.width / 2).toBeCloseTo((a.x + b.x + b.width) / 2, 0);
    expect(d.doc.pages[0]?.attributes.name).toBe("Checkout");
    const whole = serializeDiagram(
      (
        await convertMermaid(
          "sequenceDiagram\n  title Checkout\n  accTitle: Checkout flow\n  accDescr: How a cart is paid\n  A->>B: pay",
        )
      ).document,
    );
    expect(whole).toContain('accTitle="Checkout flow" accDescr="How a cart is paid"');
    expect(d.out.notes.join("\n")).toMatch(/`link` \(line 5\)/);
  });

  it("is an empty, valid page for a diagram with no statements", async () => {
    const d = await draw("sequenceDiagram");
    expect(d.out).toMatchObject({ nodes: 0, edges: 0 });
    expect(d.layout.cells).toHaveLength(2);
  });

  it("says that the direction and a theme do not apply", async () => {
    const d = await draw("sequenceDiagram\n  A->>B: x", { direction: "right", theme: "dark" });
    expect(d.out.notes).toHaveLength(2);
  });

  it("comes through convertMermaid with the front matter's title", async () => {
    const out = await convertMermaid("---\ntitle: Hello\n---\nsequenceDiagram\n  A->>B: x");
    expect(out).toMatchObject({ type: "sequence", title: "Hello", nodes: 2, edges: 1 });
    expect(serializeDiagram(out.document)).toContain('value="Hello"');
  });
});

describe("limits", () => {
  const refused = (text: string) =>
    convertSequenceDiagram(readMermaid(text), {}).then(
      () => undefined,
      (e: unknown) => e as DrawioError,
    );

  it("refuses more participants than one diagram may have", async () => {
    const names = Array.from({ length: MAX_MERMAID_NODES + 1 }, (_, i) => `participant P${i}`);
    const error = await refused(`sequenceDiagram\n${names.join("\n")}`);
    expect(error?.code).toBe("mermaid_too_large");
    expect(error?.line).toBe(MAX_MERMAID_NODES + 2);
  });

  it("refuses more messages than one diagram may have", async () => {
    const lines = Array.from({ length: MAX_SEQUENCE_MESSAGES + 1 }, (_, i) => `A->>B: ${i}`);
    const error = await refused(`sequenceDiagram\n${lines.join("\n")}`);
    expect(error?.code).toBe("mermaid_too_large");
    expect(error?.line).toBe(MAX_SEQUENCE_MESSAGES + 2);
  });

  it("converts a 200-message diagram quickly", async () => {
    const people = ["Client", "Gateway", "Auth", "Orders", "Stock", "Payments", "Mailer", "DB"];
    const lines = ["sequenceDiagram", "  autonumber"];
    for (let i = 0; i < 100; i++) {
      const from = people[i % people.length] as string;
      const to = people[(i * 3 + 1) % people.length] as string;
      if (i % 10 === 0) lines.push(`  loop batch ${i / 10}`);
      lines.push(`  ${from}->>+${to}: request number ${i}`);
      if (i % 7 === 0) lines.push(`  Note over ${to}: working on ${i}`);
      lines.push(`  ${to}-->>-${from}: reply ${i}`);
      if (i % 10 === 9) lines.push("  end");
    }
    const text = lines.join("\n");
    const times: number[] = [];
    let edges = 0;
    for (let run = 0; run < 10; run++) {
      const start = performance.now();
      edges = (await convertSequenceDiagram(readMermaid(text), {})).edges;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = ((times[4] ?? 0) + (times[5] ?? 0)) / 2;
    console.log(`200-message sequence diagram (${edges} edges): median ${median.toFixed(1)} ms`);
    expect(edges).toBe(200);
    expect(median).toBeLessThan(500);
  });
});
