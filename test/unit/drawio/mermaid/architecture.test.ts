import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../../shape-libraries/catalog.ts";
import { convertMermaid } from "../../../../worker/drawio/mermaid/index.ts";
import type { MermaidOptions } from "../../../../worker/drawio/mermaid/types.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../../worker/drawio/model/serialize.ts";
import { getStyleValue } from "../../../../worker/drawio/model/style.ts";
import type { XmlElement } from "../../../../worker/drawio/xml/nodes.ts";
import { generateMermaid } from "../../../fixtures/mermaid-generated/architecture.ts";
import { corpus, describeCorpus, fragments, statements } from "./mermaid-corpus.ts";

/** What a snippet must show, read independently of the converter: titles in [] and edge labels in -[ ]-. */
function architectureTexts(text: string): string[] {
  const out: string[] = [];
  for (const t of statements(text)) {
    if (/^(group|service)\s/.test(t)) {
      const title = /\[([^\]]*)\]/.exec(t)?.[1];
      if (title) out.push(title);
    }
    const label = /-\[([^\]]*)\]-/.exec(t)?.[1];
    if (label) out.push(label);
  }
  return fragments(out);
}

describeCorpus("architecture", (text) => convertMermaid(text), architectureTexts, undefined, {
  good: 10,
  bad: 3,
});

const good = corpus("architecture");
const snippet = (name: string) => good.find((s) => s.name === name)?.text ?? "";

async function cellsOf(text: string, options: MermaidOptions = {}) {
  const converted = await convertMermaid(text, options);
  const cells = parseDiagram(serializeDiagram(converted.document)).pages[0]?.cells ?? [];
  const byId = (id: string) => cells.find((c) => c.attrs.id === id) as XmlElement;
  const rect = (id: string) => {
    const g = (byId(id).children.find((c) => "name" in c && c.name === "mxGeometry") as XmlElement)
      .attrs;
    return { x: Number(g.x ?? 0), y: Number(g.y ?? 0), w: Number(g.width), h: Number(g.height) };
  };
  const edges = cells.filter((c) => c.attrs.edge === "1");
  return { cells, byId, rect, edges, converted };
}

describe("architecture diagrams", () => {
  it("places R -- L neighbours side by side and T -- B neighbours one above the other", async () => {
    const { rect } = await cellsOf(snippet("api-example.mmd"));
    const db = rect("db");
    const server = rect("server");
    expect(server.y).toBe(db.y);
    expect(server.x + server.w).toBeLessThan(db.x);
    const disk1 = rect("disk1");
    expect(disk1.x).toBe(server.x);
    expect(disk1.y).toBeGreaterThan(server.y + server.h);
  });

  it("leaves and enters by the named sides", async () => {
    const { edges } = await cellsOf(snippet("api-example.mmd"));
    const [dbServer, diskServer] = edges;
    const style = (e: XmlElement | undefined, key: string) => getStyleValue(e?.attrs.style, key);
    expect([style(dbServer, "exitX"), style(dbServer, "entryX")]).toEqual(["0", "1"]);
    expect([style(diskServer, "exitY"), style(diskServer, "entryY")]).toEqual(["0", "1"]);
    expect(diskServer?.attrs.source).toBe("disk1");
    expect(diskServer?.attrs.target).toBe("server");
  });

  it("puts services inside their group's container", async () => {
    const { byId } = await cellsOf(snippet("nested-groups.mmd"));
    expect(byId("worker").attrs.parent).toBe("private_api");
    expect(byId("private_api").attrs.parent).toBe("public_api");
    expect(getStyleValue(byId("public_api").attrs.style, "container")).toBe("1");
  });

  it("draws arrows on the ends that ask for them", async () => {
    const { edges } = await cellsOf(snippet("arrows.mmd"));
    const arrows = edges.map((e) => [
      getStyleValue(e.attrs.style, "startArrow"),
      getStyleValue(e.attrs.style, "endArrow"),
    ]);
    expect(arrows).toEqual([
      ["none", "block"],
      ["block", "block"],
      ["block", "none"],
    ]);
  });

  it("joins {group} ends to the groups", async () => {
    const { edges } = await cellsOf(snippet("group-edges.mmd"));
    expect([edges[0]?.attrs.source, edges[0]?.attrs.target]).toEqual(["groupOne", "groupTwo"]);
  });

  it("draws built-in icons as draw.io shapes and junctions as points", async () => {
    const { byId } = await cellsOf(snippet("junctions.mmd"));
    expect(byId("left_disk").attrs.style).toContain("shape=mxgraph.office.devices.hard_disk");
    expect(byId("top_gateway").attrs.style).toContain("globe_internet");
    expect(byId("junctionCenter").attrs.style).toMatch(/^ellipse;/);
  });

  it("finds iconify names in the shape catalogue", async () => {
    const { byId, converted } = await cellsOf(snippet("aws-icons.mmd"), {
      shapes: shapeCatalog(),
    });
    expect(byId("server").attrs.style).toContain("mxgraph.aws4.ec2");
    expect(byId("disk2").attrs.style).toContain("mxgraph.aws4.s3");
    expect(converted.notes.filter((n) => n.includes("not in the shape catalogue"))).toEqual([]);
  });

  it("notes icons it cannot find", async () => {
    const { converted } = await cellsOf(snippet("unknown-icon.mmd"), { shapes: shapeCatalog() });
    expect(converted.notes.some((n) => n.includes("mdi:rocket-launch"))).toBe(true);
  });

  it("converts a generated diagram of 200 elements", async () => {
    const { converted } = await cellsOf(generateMermaid(200, 1));
    expect(converted.nodes).toBeGreaterThan(120);
  });
});
