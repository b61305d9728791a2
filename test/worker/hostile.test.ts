import { exports } from "cloudflare:workers";
import { deflateSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  type ApiResponse,
  api,
  createDiagram,
  expectProblem,
  KEY_A,
  KEY_B,
  SMALL_XML,
} from "./api.ts";

// Hostile requests against a diagram with two versions: each must be refused with the exact
// 4xx problem, and must leave the diagram (head, XML, title, history) exactly as it was.

const MB = 1024 * 1024;
const INVALID = "invalid_request";
const OPEN = '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>';
const CLOSE = "</root></mxGraphModel>";
const GEOMETRY = '<mxGeometry width="9" height="9" as="geometry"/>';

/** A model with one vertex labelled `value` (inserted as is, so it may carry entities). */
function labelled(value: string): string {
  const cell = `<mxCell id="v" value="${value}" vertex="1" parent="1">${GEOMETRY}</mxCell>`;
  return OPEN + cell + CLOSE;
}

/** A vertex cell for `add` operations. */
function vertex(id: string): string {
  return `<mxCell id="${id}" value="${id}" vertex="1" parent="1">${GEOMETRY}</mxCell>`;
}

/** A vertex whose geometry has `key` set to `value`. */
function vertexAt(key: string, value: string): string {
  return `<mxCell id="v" vertex="1" parent="1">${GEOMETRY.replace("<mxGeometry", `<mxGeometry ${key}="${value}"`)}</mxCell>`;
}

/** An `<mxfile>` of `n` empty pages. */
function manyPages(n: number): string {
  const pages: string[] = [];
  for (let i = 0; i < n; i++)
    pages.push(`<diagram id="p${i}" name="P${i}">${OPEN}${CLOSE}</diagram>`);
  return `<mxfile>${pages.join("")}</mxfile>`;
}

/** A vertex carrying `n` extra attributes. */
function withAttributes(n: number): string {
  const attrs: string[] = [];
  for (let i = 0; i < n; i++) attrs.push(`a${i}="1"`);
  return `<mxCell id="v" ${attrs.join(" ")} vertex="1" parent="1">${GEOMETRY}</mxCell>`;
}

/**
 * `//*[count(following::*[count(…)] | preceding::*[count(…)])]`, `depth` levels: every level
 * walks the whole page again for each node of the one above. Cheap to write, not to run.
 */
function nestedWalks(depth: number): string {
  let inner = "following::*";
  for (let i = 1; i < depth; i++) {
    inner = `following::*[count(${inner}) >= 0] | preceding::*[count(${inner}) >= 0]`;
  }
  return `//*[count(${inner}) >= 0]`;
}

/** A valid model with `n` small vertices (syntheticDiagram's cells are too big for 10 MB). */
function manyCells(n: number): string {
  const cells: string[] = [];
  for (let i = 0; i < n; i++) cells.push(vertex(`c${i}`));
  return OPEN + cells.join("") + CLOSE;
}

/** base64 of bytes, through a binary string built in chunks. */
function base64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += 8192) {
    parts.push(String.fromCharCode(...bytes.subarray(at, at + 8192)));
  }
  return btoa(parts.join(""));
}

/** An `<mxfile>` whose compressed page inflates to 40 MB of "A" (the limit is 32 MB). */
function deflateBomb(): string {
  const bytes = deflateSync(new Uint8Array(40 * MB).fill(65), { level: 9 });
  return `<mxfile><diagram id="p" name="bomb">${base64(bytes)}</diagram></mxfile>`;
}

/** "Billion laughs": nine levels of entities, ten references each, used in a label. */
function billionLaughs(): string {
  let entities = '<!ENTITY lol0 "lol">';
  for (let i = 1; i <= 9; i++) entities += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
  return `<?xml version="1.0"?><!DOCTYPE lolz [${entities}]>${labelled("&lol9;")}`;
}

/** Sends raw bytes as the body (api() only sends strings). */
async function sendBytes(
  path: string,
  method: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<ApiResponse> {
  const headers = { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" };
  const req = new Request(`http://drawforge.test${path}`, { method, headers, body });
  const res = await exports.default.fetch(req);
  const text = await res.text();
  const json = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, text, json };
}

interface Ctx {
  id: string;
  /** The head version (2). */
  version: number;
}

// biome-ignore lint/suspicious/noExplicitAny: problem bodies are arbitrary JSON
type Check = (problem: any, ctx: Ctx) => void;

interface Case {
  name: string;
  status: number;
  code: string;
  send: (ctx: Ctx) => Promise<ApiResponse>;
  check?: Check;
}

const k = (name: string, status: number, code: string, send: Case["send"], check?: Check): Case =>
  check ? { name, status, code, send, check } : { name, status, code, send };

const path = (c: Ctx, rest = "") => `/v1/diagrams/${c.id}${rest}`;
const head = (c: Ctx) => ({ "if-match": `"${c.version}"` });
const put = (c: Ctx, body: unknown, headers: Record<string, string> = head(c)) =>
  api(path(c), { method: "PUT", body, headers });
const putXml = (c: Ctx, xml: string) => put(c, { xml });
const patch = (c: Ctx, body: unknown) => api(path(c), { method: "PATCH", body });
const post = (c: Ctx, rest: string, body?: unknown, headers: Record<string, string> = {}) =>
  api(path(c, rest), { method: "POST", body, headers });
const batch = (c: Ctx, ...operations: unknown[]) => post(c, "/operations", { operations });
const restore = (c: Ctx, n: string) => post(c, `/versions/${n}/restore`);
const create = (body: unknown) => api("/v1/diagrams", { method: "POST", body });
const failedOp =
  (index: number, code: string): Check =>
  (p) =>
    expect(p.operation).toMatchObject({ index, code });
const finding =
  (code: string): Check =>
  (p) =>
    expect(p.findings.map((f: { code: string }) => f.code)).toContain(code);
const big = (n: number, ch: string) => ch.repeat(Math.round(n * MB));

const CASES: Case[] = [
  // Sizes
  k("body over 16 MB", 413, "payload_too_large", (c) => putXml(c, labelled(big(17, "x")))),
  k("XML over 10 MB", 413, "diagram_too_large", (c) =>
    putXml(c, `${SMALL_XML}<!--${big(10.5, "p")}-->`),
  ),
  k("10.5 MB label", 413, "diagram_too_large", (c) => putXml(c, labelled(big(10.5, "L")))),
  k("10.5 MB label by set_label", 413, "diagram_too_large", (c) =>
    batch(c, { op: "set_label", id: "a", value: big(10.5, "L") }),
  ),
  k("50,100 cells", 413, "too_many_cells", (c) => {
    const xml = manyCells(50_100);
    expect(xml.length).toBeLessThan(10 * MB);
    return putXml(c, xml);
  }),
  k("create with 50,100 cells", 413, "too_many_cells", () => create({ xml: manyCells(50_100) })),
  // Wrong types and shapes
  k("xml: 42", 422, INVALID, (c) => put(c, { xml: 42 })),
  k("title: []", 422, INVALID, (c) => patch(c, { title: [] })),
  k('operations: "x"', 422, INVALID, (c) => post(c, "/operations", { operations: "x" })),
  k("operations: [] (min 1)", 422, INVALID, (c) => batch(c)),
  k("1,001 operations (max 1,000)", 422, INVALID, (c) =>
    batch(c, ...Array(1001).fill({ op: "set_label", id: "a", value: "x" })),
  ),
  k("unknown op name", 422, INVALID, (c) => batch(c, { op: "explode", id: "a" })),
  k("unknown field in PUT", 422, INVALID, (c) => put(c, { xml: SMALL_XML, owner: KEY_B })),
  k("unknown field in PATCH", 422, INVALID, (c) => patch(c, { title: "T", version: 9 })),
  k("unknown field in create", 422, INVALID, () => create({ title: "T", id: "d_0000000000" })),
  k("JSON null body", 422, INVALID, (c) => put(c, "null")),
  k("JSON array body", 422, INVALID, (c) => patch(c, "[]")),
  k("__proto__ key", 422, INVALID, (c) => patch(c, '{"__proto__": {"x": 1}, "title": "t"}')),
  k("duplicate keys, last invalid", 422, INVALID, (c) => patch(c, '{"title":"ok","title":""}')),
  k("title of 201 chars", 422, INVALID, (c) => patch(c, { title: "t".repeat(201) })),
  k("PATCH title empty", 422, INVALID, (c) => patch(c, { title: "" })),
  k("PATCH title whitespace only", 422, INVALID, (c) => patch(c, { title: " \t\n " })),
  // Encodings
  k("malformed JSON", 400, "malformed_json", (c) => put(c, '{"xml": "<a')),
  k("invalid UTF-8 bytes", 400, "invalid_utf8", (c) =>
    sendBytes(path(c), "PATCH", new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28])),
  ),
  k("JSON sent as text/plain", 415, "unsupported_media_type", (c) =>
    api(path(c), {
      method: "PATCH",
      body: { title: "T" },
      headers: { "content-type": "text/plain" },
    }),
  ),
  // Hostile XML
  k(
    "billion laughs",
    422,
    "invalid_xml",
    (c) => putXml(c, billionLaughs()),
    (p, c) => {
      finding("unescaped_character")(p, c);
      expect(JSON.stringify(p).length).toBeLessThan(20_000);
    },
  ),
  k(
    "100,000-deep <mxCell> nesting",
    422,
    "invalid_xml",
    (c) => putXml(c, `${"<mxCell>".repeat(100_000)}${"</mxCell>".repeat(100_000)}`),
    finding("malformed_xml"),
  ),
  k("deflate bomb", 422, "invalid_xml", (c) => putXml(c, deflateBomb())),
  k("create with a deflate bomb", 422, "invalid_xml", () => create({ xml: deflateBomb() })),
  k("NUL character in XML", 422, "invalid_xml", (c) => putXml(c, labelled("a\u0000b"))),
  k("NUL character reference &#0;", 422, "invalid_xml", (c) => putXml(c, labelled("a&#0;b"))),
  k("control character U+0001", 422, "invalid_xml", (c) => putXml(c, labelled("a\u0001b"))),
  k("text outside any element", 422, "invalid_xml", (c) => putXml(c, "hello, world")),
  // Ids, version numbers, preconditions
  k(
    "quotes and brackets in the id",
    422,
    INVALID,
    (c) =>
      api("/v1/diagrams/d_%22%3E%3Cx", {
        method: "PUT",
        body: { xml: SMALL_XML },
        headers: head(c),
      }),
    (p) => expect(JSON.stringify(p)).not.toContain("<x"),
  ),
  k("id of the wrong shape", 422, INVALID, (c) =>
    api("/v1/diagrams/not-an-id", { method: "PUT", body: { xml: SMALL_XML }, headers: head(c) }),
  ),
  k("PUT by another tenant", 404, "not_found", (c) =>
    api(path(c), { method: "PUT", body: { xml: SMALL_XML }, headers: head(c), auth: KEY_B }),
  ),
  k("PUT without credentials", 401, "missing_credentials", (c) =>
    api(path(c), { method: "PUT", body: { xml: SMALL_XML }, headers: head(c), auth: null }),
  ),
  k("restore version 0", 422, INVALID, (c) => restore(c, "0")),
  k("restore version -1", 422, INVALID, (c) => restore(c, "-1")),
  k('restore version "abc"', 422, INVALID, (c) => restore(c, "abc")),
  k("restore version 1e20", 422, INVALID, (c) => restore(c, "1e20")),
  k("restore version 7 (missing)", 404, "version_not_found", (c) => restore(c, "7")),
  k("If-Match: abc", 400, "invalid_if_match", (c) =>
    put(c, { xml: SMALL_XML }, { "if-match": "abc" }),
  ),
  k("PUT without If-Match", 428, "if_match_required", (c) => put(c, { xml: SMALL_XML }, {})),
  k(
    "stale If-Match",
    412,
    "version_mismatch",
    (c) => put(c, { xml: SMALL_XML }, { "if-match": '"1"' }),
    (p, c) => expect(p.head_version).toBe(c.version),
  ),
  k(
    'If-Match: "0"',
    412,
    "version_mismatch",
    (c) => put(c, { xml: SMALL_XML }, { "if-match": '"0"' }),
    (p, c) => expect(p.head_version).toBe(c.version),
  ),
  // Operations
  k(
    "operation on a missing cell",
    422,
    "operation_failed",
    (c) => batch(c, { op: "set_label", id: "nope", value: "x" }),
    failedOp(0, "cell_not_found"),
  ),
  k(
    "add with malformed cell XML",
    422,
    "operation_failed",
    (c) => batch(c, { op: "add", xml: '<mxCell id="z" value="a<b"' }),
    failedOp(0, "invalid_xml"),
  ),
  k(
    "invalid XPath select",
    422,
    "operation_failed",
    (c) => batch(c, { op: "delete", select: "//mxCell[@id='a'" }),
    failedOp(0, "invalid_xpath"),
  ),
  k(
    "op 0 succeeds, op 1 fails",
    422,
    "operation_failed",
    (c) => batch(c, { op: "add", xml: vertex("n1") }, { op: "delete", id: "ghost" }),
    failedOp(1, "cell_not_found"),
  ),
  k(
    "operations on page 5",
    422,
    "operation_failed",
    (c) => post(c, "/operations", { operations: [{ op: "delete", id: "a" }], page: 5 }),
    failedOp(-1, "page_not_found"),
  ),
  k("Idempotency-Key of 300 chars", 422, "invalid_idempotency_key", (c) =>
    post(
      c,
      "/operations",
      { operations: [{ op: "add", xml: vertex("n1") }] },
      {
        "idempotency-key": "k".repeat(300),
      },
    ),
  ),
  // Geometry beyond draw.io's canvas, and numbers that are not numbers (issue #15)
  k("set_geometry x: 1e308", 422, INVALID, (c) =>
    batch(c, { op: "set_geometry", id: "a", x: 1e308 }),
  ),
  k("set_geometry width: 10,000,001", 422, INVALID, (c) =>
    batch(c, { op: "set_geometry", id: "a", width: 10_000_001 }),
  ),
  k(
    'XML with x="1e308"',
    422,
    "invalid_xml",
    (c) => putXml(c, OPEN + vertexAt("x", "1e308") + CLOSE),
    finding("invalid_geometry"),
  ),
  k(
    'XML with y="NaN"',
    422,
    "invalid_xml",
    (c) => putXml(c, OPEN + vertexAt("y", "NaN") + CLOSE),
    finding("invalid_geometry"),
  ),
  k(
    'XML with x="-Infinity"',
    422,
    "invalid_xml",
    (c) => putXml(c, OPEN + vertexAt("x", "-Infinity") + CLOSE),
    finding("invalid_geometry"),
  ),
  k(
    "add with a waypoint at -1e12",
    422,
    "operation_failed",
    (c) =>
      batch(c, {
        op: "add",
        xml: '<mxCell id="w" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"><Array as="points"><mxPoint x="-1e12" y="0"/></Array></mxGeometry></mxCell>',
      }),
    failedOp(0, "invalid_result"),
  ),
  // Shapes no real diagram has (issue #15)
  k("10,000 empty pages", 413, "too_many_pages", (c) => putXml(c, manyPages(10_000))),
  k("101 pages", 413, "too_many_pages", (c) => putXml(c, manyPages(101))),
  k("100,000 attributes on one cell", 413, "too_many_attributes", (c) =>
    putXml(c, OPEN + withAttributes(100_000) + CLOSE),
  ),
  k("501 attributes on one cell", 413, "too_many_attributes", (c) =>
    putXml(c, OPEN + withAttributes(501) + CLOSE),
  ),
  k("a 100 KB cell id", 413, "id_too_long", (c) =>
    putXml(c, OPEN + vertex("i".repeat(100_000)) + CLOSE),
  ),
  k("a 513-character cell id by add", 413, "id_too_long", (c) =>
    batch(c, { op: "add", xml: vertex("i".repeat(513)) }),
  ),
  // XPath that would freeze the diagram (issue #15)
  k(
    "XPath nesting whole-page walks eight deep",
    422,
    "xpath_too_expensive",
    (c) => batch(c, { op: "delete", select: nestedWalks(8) }),
    (p) =>
      expect(p.operation).toMatchObject({ index: 0, op: "delete", code: "xpath_too_expensive" }),
  ),
  k(
    "XPath of 10,001 characters",
    422,
    "operation_failed",
    (c) => batch(c, { op: "delete", select: `//mxCell[@id='${"x".repeat(10_000)}']` }),
    failedOp(0, "invalid_xpath"),
  ),
  k(
    "XPath with a variable",
    422,
    "operation_failed",
    (c) => batch(c, { op: "delete", select: "//mxCell[@id=$victim]" }),
    failedOp(0, "invalid_xpath"),
  ),
  // Lists and exports
  k("cursor never issued", 422, "invalid_cursor", (c) => api(path(c, "/versions?cursor=nope!!"))),
  k('forged cursor "v0"', 422, "invalid_cursor", (c) => api(path(c, "/versions?cursor=djA"))),
  k("limit=0", 422, INVALID, (c) => api(path(c, "/versions?limit=0"))),
  k("limit=101", 422, INVALID, (c) => api(path(c, "/versions?limit=101"))),
  k("unknown export format", 422, INVALID, (c) => api(path(c, "/export?format=pdf"))),
  k("export page 99 as xml", 404, "page_not_found", (c) =>
    api(path(c, "/export?format=xml&page=99")),
  ),
];

interface Snapshot {
  version: number;
  xml: string;
  title: string;
  versions: number[];
}

async function snapshot(id: string): Promise<Snapshot> {
  const diagram = await api(`/v1/diagrams/${id}`);
  const list = await api(`/v1/diagrams/${id}/versions?limit=100`);
  expect(diagram.status).toBe(200);
  expect(list.status).toBe(200);
  const { version, xml, title } = diagram.json;
  return { version, xml, title, versions: list.json.items.map((v: { n: number }) => v.n) };
}

describe("hostile input", () => {
  it("has at least 30 cases with unique names", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES)(
    "$name → $status $code, nothing changes",
    async (hostile) => {
      const id = await createDiagram();
      const second = await api(`/v1/diagrams/${id}`, {
        method: "PUT",
        body: { xml: SMALL_XML.replace("Start", "Second") },
        headers: { "if-match": '"1"' },
      });
      expect(second.status).toBe(200);
      const before = await snapshot(id);
      expect(before.versions).toEqual([2, 1]);
      const ctx: Ctx = { id, version: before.version };
      const problem = expectProblem(await hostile.send(ctx), hostile.status, hostile.code);
      hostile.check?.(problem, ctx);
      expect(await snapshot(id)).toEqual(before);
    },
    120_000,
  );

  it("stores and serves no DOCTYPE or processing instruction, wherever they were written", async () => {
    const id = await createDiagram();
    const cell = `<mxCell id="v" vertex="1" parent="1"><?php system("x") ?><!DOCTYPE x SYSTEM "http://evil.example/x.dtd">${GEOMETRY}</mxCell>`;
    const xml = `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="http://evil.example/x.xsl"?><!DOCTYPE m [<!ENTITY % p SYSTEM "http://evil.example/p.dtd"> %p;]>${OPEN}${cell}${CLOSE}`;
    const put = await api(`/v1/diagrams/${id}`, {
      method: "PUT",
      body: { xml },
      headers: { "if-match": '"1"', prefer: "return=representation" },
    });
    expect(put.status).toBe(200);
    const served = [
      put.json.xml,
      (await api(`/v1/diagrams/${id}`)).json.xml,
      (await api(`/v1/diagrams/${id}/export?format=xml`)).text,
      (await api(`/v1/diagrams/${id}/versions/2`)).json.xml,
    ];
    for (const text of served) {
      expect(text).toContain('id="v"');
      expect(text).not.toMatch(/<!DOCTYPE|<\?|<!ENTITY/i);
    }
    const repaired = await api("/v1/validate", { method: "POST", body: { xml, repair: true } });
    expect(repaired.json.changes?.map((c: { code: string }) => c.code)).toContain(
      "drop_declarations",
    );
  });

  it("If-Match: * replaces whatever version is current (RFC 9110)", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}`, {
      method: "PUT",
      body: { xml: SMALL_XML.replace("Start", "Any") },
      headers: { "if-match": "*" },
    });
    expect(res.status).toBe(200);
    expect(res.json.version).toBe(2);
    expect(res.headers.get("etag")).toBe('"2"');
    const ops = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Star" }] },
      headers: { "if-match": "*" },
    });
    expect(ops.status).toBe(200);
    expect(ops.json.version).toBe(3);
  });

  it("set_attribute named __proto__ is stored or refused, never silently dropped", async () => {
    const id = await createDiagram();
    const before = await snapshot(id);
    const res = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_attribute", id: "a", name: "__proto__", value: "x" }] },
      headers: { prefer: "return=representation" },
    });
    if (res.status === 200) {
      expect(res.json.xml).toContain('__proto__="x"');
    } else {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await snapshot(id)).toEqual(before);
    }
  });
});
