import { describe, expect, it } from "vitest";
import { Page, PermissionDeniedError, UnprocessableEntityError } from "../../sdk/index.ts";
import { client, eventually, SMALL_XML } from "./helpers.ts";

const df = client();

describe("diagrams", () => {
  it("creates, reads, replaces, renames and deletes a diagram", async () => {
    const created = await df.diagrams.create({ title: "Checkout", xml: SMALL_XML });
    expect(created).toMatchObject({ title: "Checkout", version: 1, stats: { vertices: 2 } });
    expect(created.id).toMatch(/^d_/);
    expect(created.xml).toContain('value="Start"');

    const read = await df.diagrams.retrieve(created.id);
    expect(read.version).toBe(1);
    expect(read.xml).toContain("<mxfile");
    const compact = await df.diagrams.retrieve(created.id, { format: "compact" });
    expect(compact.compact).toContain("Start");
    expect(compact.xml).toBeUndefined();

    const replaced = await df.diagrams.replace(
      created.id,
      { xml: SMALL_XML.replace("Start", "Begin"), message: "by hand" },
      { ifMatch: 1 },
    );
    expect(replaced.version).toBe(2);
    // Writes answer with metadata only, unless asked for the XML.
    expect(replaced.xml).toBeUndefined();
    const renamed = await df.diagrams.rename(
      created.id,
      { title: "Checkout v2" },
      { returnXml: true },
    );
    expect(renamed).toMatchObject({ title: "Checkout v2", version: 2 });
    expect(renamed.xml).toContain("Begin");

    await expect(df.diagrams.delete(created.id)).resolves.toBeUndefined();
    await expect(df.diagrams.retrieve(created.id)).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
  });

  it("lists diagrams newest first, a page with its total or every page in a loop", async () => {
    // Other files use the same tenant at the same time: every list is filtered by this word.
    const word = `sdklist${crypto.randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.unshift((await df.diagrams.create({ title: `Flow ${i} ${word}`, xml: SMALL_XML })).id);
    }
    // The list is updated just after each change.
    await eventually(async () => (await df.diagrams.list({ q: word })).total === 5);
    const first = await df.diagrams.list({ q: word, limit: 2 });
    expect(first).toBeInstanceOf(Page);
    expect(first.total).toBe(5);
    expect(first.items.map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect(Object.keys(first.items[0] ?? {}).sort()).toEqual([
      "created_at",
      "id",
      "title",
      "updated_at",
      "version",
    ]);
    const all: string[] = [];
    for await (const diagram of df.diagrams.list({ q: word, limit: 2 })) all.push(diagram.id);
    expect(all).toEqual(ids);
    const one = await df.diagrams.list({ q: `FLOW 3 ${word.toUpperCase()}` });
    expect(one.items.map((d) => d.title)).toEqual([`Flow 3 ${word}`]);
  });

  it("creates a diagram from a graph spec, and tidies a stored one up", async () => {
    const created = await df.diagrams.create({
      graph: {
        nodes: [
          { id: "cart", label: "Cart" },
          { id: "pay", label: "Pay?", kind: "decision" },
        ],
        edges: [{ from: "cart", to: "pay" }],
      },
    });
    expect(created.stats).toMatchObject({ vertices: 2, edges: 1 });
    const tidied = await df.diagrams.layout(created.id, { direction: "right" }, { ifMatch: 1 });
    expect(tidied.version).toBe(2);
    expect(tidied.moved.sort()).toEqual(["cart", "pay"]);
    expect(tidied.routed).toHaveLength(1);
  });

  it("converts Mermaid, stores it, and says where bad Mermaid is", async () => {
    const mermaid = "flowchart LR\n  cart[Cart] --> pay{Paid?}\n  pay -->|yes| ship([Ship])";
    const converted = await df.convert({ mermaid });
    expect(converted).toMatchObject({ type: "flowchart", counts: { nodes: 3, edges: 2 } });
    expect(converted.xml).toContain("Ship");
    const stored = await df.diagrams.create({ mermaid, title: "From Mermaid" });
    expect(stored.xml).toContain("Paid?");
    const error = await df.convert({ mermaid: "flowchart LR\n  A -->" }).catch((e) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error.code).toBe("mermaid_syntax");
    expect(error.problem?.line).toBe(2);
  });

  it("edits with operations, with If-Match and the XML on request", async () => {
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    const result = await df.diagrams.operations.apply(
      id,
      [
        { op: "set_label", id: "a", value: "Pay" },
        { op: "set_style", id: "a", style: { fillColor: "#d5e8d4" } },
      ],
      { ifMatch: 1, message: "rename", returnXml: true },
    );
    expect(result).toMatchObject({ version: 2, changed: ["a"], deleted: [] });
    expect(result.xml).toContain('value="Pay"');
    const [latest] = (await df.diagrams.versions.list(id)).items;
    expect(latest).toMatchObject({ n: 2, author: "api", message: "rename" });
  });

  it("publishes a diagram as public links, lists and revokes them", async () => {
    const { id } = await df.diagrams.create({ title: "Published", xml: SMALL_XML });
    const pub = await df.diagrams.publications.create(id);
    expect(pub).toMatchObject({ diagram_id: id, version: null });
    const image = await fetch(pub.urls.svg);
    expect(image.status).toBe(200);
    expect(await image.text()).toContain(">Start</text>");
    const pinned = await df.diagrams.publications.create(id, { version: 1 });
    expect(pinned.version).toBe(1);
    const { items } = await df.diagrams.publications.list(id);
    expect(items.map((p) => p.id).sort()).toEqual([pub.id, pinned.id].sort());
    await df.diagrams.publications.revoke(id, pub.id);
    expect((await fetch(pub.urls.svg)).status).toBe(404);
  });

  it("names the shapes drawn as boxes as they are written, whatever they hold", async () => {
    const names = ["mxgraph.made.up", "Lieferung, später", "evil\r\nSet-Cookie: a=b"];
    const cells = names
      .map(
        (name, i) =>
          `<mxCell id="s${i}" style="shape=${name.replaceAll("\r", "&#13;").replaceAll("\n", "&#10;")};" vertex="1" parent="1"><mxGeometry x="${i * 100}" width="80" height="40" as="geometry"/></mxCell>`,
      )
      .join("");
    const { id } = await df.diagrams.create({
      xml: `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`,
    });
    const svg = await df.diagrams.export(id, { format: "svg" });
    expect([...svg.unknownShapes].sort()).toEqual([...names].sort());
  });

  it("exports in every format", async () => {
    const { id } = await df.diagrams.create({ title: "Zahlung für Kunden", xml: SMALL_XML });
    const file = await df.diagrams.export(id, { format: "drawio" });
    expect(file).toMatchObject({
      format: "drawio",
      filename: "Zahlung für Kunden.drawio",
      contentType: "application/vnd.jgraph.mxfile",
    });
    expect(file.content).toMatch(/^<mxfile/);
    const byDefault = await df.diagrams.export(id);
    expect(byDefault.content).toBe(file.content);
    const xml = await df.diagrams.export(id, { format: "xml" });
    expect(xml.content).toMatch(/^<mxGraphModel/);
    expect(xml.contentType).toBe("application/xml");
    const compressed = await df.diagrams.export(id, { format: "compressed" });
    expect(compressed.content).toMatch(/^<mxfile/);
    expect(compressed.content).not.toContain("<mxCell");
    const link = await df.diagrams.export(id, { format: "url" });
    expect(link.url).toMatch(/^https:\/\/app\.diagrams\.net\/.*#R/);
    expect(link.bytes).toBeGreaterThan(0);
    const svg = await df.diagrams.export(id, { format: "svg", scale: 2, theme: "dark" });
    expect(svg).toMatchObject({
      format: "svg",
      filename: "Zahlung für Kunden.svg",
      contentType: "image/svg+xml",
      unknownShapes: [],
    });
    expect(svg.content).toMatch(/^<svg /);
    expect(svg.content).toContain(">Start</text>");
    expect(svg.content).toContain("background-color: #121212");
    const png = await df.diagrams.export(id, { format: "png", scale: 2, transparent: true });
    expect(png).toMatchObject({
      format: "png",
      filename: "Zahlung für Kunden.png",
      contentType: "image/png",
      unknownShapes: [],
      missingGlyphs: 0,
    });
    expect(png.content).toBeInstanceOf(Uint8Array);
    expect([...png.content.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    // Twice the SVG's width (IHDR), as the SVG at scale 2 is.
    const width = new DataView(png.content.buffer, png.content.byteOffset).getUint32(16);
    expect(width).toBe(Number(/width="(\d+)px"/.exec(svg.content)?.[1]));
  });
});

describe("versions", () => {
  it("lists page by page and iterates across pages", async () => {
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    for (let i = 1; i <= 6; i++) {
      await df.diagrams.operations.apply(id, [{ op: "set_label", id: "a", value: `Step ${i}` }]);
    }
    const first = await df.diagrams.versions.list(id, { limit: 3 });
    expect(first).toBeInstanceOf(Page);
    expect(first.items.map((v) => v.n)).toEqual([7, 6, 5]);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.items.map((v) => v.n)).toEqual([4, 3, 2]);
    const all: number[] = [];
    for await (const version of df.diagrams.versions.list(id, { limit: 2 })) all.push(version.n);
    expect(all).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const rest: number[] = [];
    for await (const version of second) rest.push(version.n);
    expect(rest).toEqual([4, 3, 2, 1]);
    const last = await df.diagrams.versions.list(id, {
      limit: 3,
      cursor: second.next_cursor ?? "",
    });
    expect(last.items.map((v) => v.n)).toEqual([1]);
    expect(last.hasNextPage()).toBe(false);
    await expect(last.getNextPage()).rejects.toThrow(/last page/);
  });

  it("reads one version, diffs two and restores one", async () => {
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    await df.diagrams.operations.apply(id, [{ op: "set_label", id: "a", value: "Pay" }]);
    const v1 = await df.diagrams.versions.retrieve(id, 1);
    expect(v1).toMatchObject({ n: 1, parent: null, author: "api" });
    expect(v1.xml).toContain('value="Start"');
    const diff = await df.diagrams.versions.diff(id, 2);
    expect(diff).toMatchObject({ from: 1, to: 2 });
    expect(diff.pages[0]?.changed.map((c) => c.id)).toEqual(["a"]);
    expect((await df.diagrams.versions.diff(id, 2, { against: 2 })).pages[0]?.changed).toEqual([]);
    const restored = await df.diagrams.versions.restore(id, 1, { ifMatch: 2, returnXml: true });
    expect(restored.version).toBe(3);
    expect(restored.xml).toContain('value="Start"');
    expect((await df.diagrams.versions.retrieve(id, 3)).restored_from).toBe(1);
  });
});

describe("tokens", () => {
  it("mints widget tokens that reach one diagram, reading only with view", async () => {
    const { id } = await df.diagrams.create({ title: "Shared", xml: SMALL_XML });
    const view = await df.diagrams.tokens.create(id, { scope: "view", ttl_seconds: 120 });
    expect(view).toMatchObject({ diagram_id: id, scope: "view" });
    expect(Date.parse(view.expires_at) - Date.now()).toBeGreaterThan(100_000);
    const browser = client({ apiKey: view.token });
    expect((await browser.diagrams.retrieve(id)).title).toBe("Shared");
    await expect(
      browser.diagrams.operations.apply(id, [{ op: "set_label", id: "a", value: "x" }]),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    const edit = await df.diagrams.tokens.create(id, { scope: "edit" });
    const editor = client({ apiKey: edit.token });
    const saved = await editor.diagrams.operations.apply(id, [
      { op: "set_label", id: "a", value: "Edited in the widget" },
    ]);
    expect(saved.version).toBe(2);
  });
});

describe("models", () => {
  it("lists the models a turn may name, for a key and for an edit token only", async () => {
    // test/sdk/global-setup.ts: DRAWFORGE_MODEL=scripted on an OpenAI-compatible server.
    const models = await df.models.list();
    expect(models).toEqual({
      items: [
        {
          id: "openai:scripted",
          provider: "openai",
          model: "scripted",
          jobs: ["draw", "summary", "vision"],
          accepts: { images: false, pdfs: false },
          reasoning: false,
          available: true,
        },
      ],
      next_cursor: null,
      default: "openai:scripted",
    });
    const { id } = await df.diagrams.create({ title: "Picker", xml: SMALL_XML });
    const edit = await df.diagrams.tokens.create(id, { scope: "edit" });
    expect(await client({ apiKey: edit.token }).models.list()).toEqual(models);
    const view = await df.diagrams.tokens.create(id, { scope: "view" });
    await expect(client({ apiKey: view.token }).models.list()).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
  });
});

describe("stateless endpoints and shapes", () => {
  it("validates and repairs XML", async () => {
    expect(await df.validate({ xml: SMALL_XML })).toEqual({ valid: true, findings: [] });
    const broken = SMALL_XML.replace('value="Start"', 'value="R&D"');
    const repaired = await df.validate({ xml: broken, repair: true });
    expect(repaired.valid).toBe(true);
    expect(repaired.repaired_xml).toContain("R&amp;D");
    expect(repaired.changes?.length).toBeGreaterThan(0);
  });

  it("lays out a graph", async () => {
    const result = await df.layout({
      graph: {
        direction: "right",
        nodes: [
          { id: "a", label: "Cart" },
          { id: "b", label: "Orders", kind: "database" },
        ],
        edges: [{ from: "a", to: "b" }],
      },
    });
    expect(result.xml).toMatch(/^<mxfile/);
    expect(result.findings).toEqual([]);
  });

  it("lists libraries, pages through a library's shapes, and searches", async () => {
    const libraries: string[] = [];
    for await (const library of df.shapeLibraries.list()) libraries.push(library.name);
    expect(libraries).toContain("aws4");
    const aws = await df.shapeLibraries.retrieve("aws4", { limit: 5 });
    expect(aws.shapes.items).toHaveLength(5);
    expect(aws.categories.length).toBeGreaterThan(0);
    const category = aws.categories[0] ?? "";
    const inCategory = await df.shapeLibraries.retrieve("aws4", { category, limit: 500 });
    const paged: string[] = [];
    for await (const shape of df.shapeLibraries.listShapes("aws4", { category, limit: 7 })) {
      paged.push(shape.style);
    }
    expect(paged).toEqual(inCategory.shapes.items.map((s) => s.style));
    expect(paged.length).toBeGreaterThan(7);
    const found = await df.shapes.search({ q: "lambda", library: "aws4", limit: 3 });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items[0]?.style).toContain("mxgraph.aws4");
  });
});
