import { describe, expect, it } from "vitest";
import { api, createDiagram, KEY_B, SMALL_XML } from "./api.ts";

describe("images: GET /v1/diagrams/{id}/export?format=svg and POST /v1/render", () => {
  it("draws the head as a standalone SVG, inline, with a policy that lets it run nothing", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}/export?format=svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''Test.svg");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("x-drawforge-unknown-shapes")).toBeNull();
    expect(res.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.text).toContain(">Start</text>");
    expect(res.text).toContain(">End</text>");
    expect(res.text).not.toContain("foreignObject");
  });

  it("draws an earlier version, a page, dark, scaled and with a border", async () => {
    const id = await createDiagram();
    const edit = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: { operations: [{ op: "set_label", id: "a", value: "Begin" }] },
    });
    expect(edit.status).toBe(200);
    const head = await api(`/v1/diagrams/${id}/export?format=svg`);
    expect(head.text).toContain(">Begin</text>");
    const first = await api(`/v1/diagrams/${id}/export?format=svg&version=1`);
    expect(first.text).toContain(">Start</text>");
    const missing = await api(`/v1/diagrams/${id}/export?format=svg&version=9`);
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("version_not_found");
    const page = await api(`/v1/diagrams/${id}/export?format=svg&page=3`);
    expect(page.status).toBe(404);
    expect(page.json.code).toBe("page_not_found");
    const styled = await api(`/v1/diagrams/${id}/export?format=svg&theme=dark&scale=2&border=10`);
    expect(styled.text).toContain("background-color: #121212");
    expect(styled.text).toMatch(/width="(\d+)px"/);
    const plain = await api(`/v1/diagrams/${id}/export?format=svg`);
    const w = (t: string) => Number(/width="(\d+)px"/.exec(t)?.[1]);
    // Twice the drawing (rounded up) plus 10 px each side.
    expect(w(styled.text)).toBeGreaterThanOrEqual(w(plain.text) * 2 + 18);
    expect(w(styled.text)).toBeLessThanOrEqual(w(plain.text) * 2 + 20);
    const bad = await api(`/v1/diagrams/${id}/export?format=svg&scale=9`);
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe("invalid_request");
  });

  it("keeps another tenant's diagram to itself", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}/export?format=svg`, { auth: KEY_B });
    expect(res.status).toBe(404);
  });

  it("renders XML sent in the body and stores nothing; names the shapes it drew as boxes", async () => {
    const xml = SMALL_XML.replace(
      'value="Start" vertex="1"',
      'value="Start" style="shape=mxgraph.nowhere.thing;" vertex="1"',
    );
    const res = await api("/v1/render", { method: "POST", body: { xml } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-drawforge-unknown-shapes")).toBe("mxgraph.nowhere.thing");
    expect(res.text).toContain(">Start</text>");
    const invalid = await api("/v1/render", {
      method: "POST",
      body: { xml: "<mxGraphModel><root>" },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.code).toBe("invalid_xml");
    const extra = await api("/v1/render", { method: "POST", body: { xml, format: "pdf" } });
    expect(extra.status).toBe(422);
    expect(extra.json.code).toBe("invalid_request");
  });

  it("lets a widget token export its own diagram, and render nothing else", async () => {
    const id = await createDiagram();
    const minted = await api(`/v1/diagrams/${id}/tokens`, {
      method: "POST",
      body: { scope: "view" },
    });
    expect(minted.status).toBe(201);
    const token = minted.json.token as string;
    const own = await api(`/v1/diagrams/${id}/export?format=svg`, { auth: token });
    expect(own.status).toBe(200);
    const rendered = await api("/v1/render", {
      method: "POST",
      body: { xml: SMALL_XML },
      auth: token,
    });
    expect(rendered.status).toBe(403);
    expect(rendered.json.code).toBe("forbidden");
  });

  it("draws icons whose stencils are not bundled, fetched from the static assets", async () => {
    const icons = [
      "shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.api_gateway;fillColor=#BC1356;strokeColor=#ffffff;",
      "shape=mxgraph.aws4.lambda_function;fillColor=#D05C17;strokeColor=none;",
      "shape=mxgraph.cisco.switches.multiswitch_device;fillColor=#036897;strokeColor=#ffffff;",
    ];
    const xml = SMALL_XML.replace(
      'value="Start" vertex="1"',
      `value="Start" style="${icons[0]}" vertex="1"`,
    ).replace('value="End" vertex="1"', `value="End" style="${icons[1]}" vertex="1"`);
    const id = await createDiagram(xml);
    const res = await api(`/v1/diagrams/${id}/export?format=svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-drawforge-unknown-shapes")).toBeNull();
    // The gateway's glyph (white paths) over its square, the Lambda's orange outline.
    expect(res.text.toLowerCase()).toContain('fill="#d05c17"');
    expect((res.text.match(/<path /g) ?? []).length).toBeGreaterThan(3);
    const rendered = await api("/v1/render", {
      method: "POST",
      body: {
        xml: SMALL_XML.replace(
          'value="Start" vertex="1"',
          `value="Start" style="${icons[2]}" vertex="1"`,
        ),
      },
    });
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get("x-drawforge-unknown-shapes")).toBeNull();
  });

  it("draws draw.io's library images (img/lib/…) from the static assets, inline", async () => {
    const image = (path: string) => `image;html=1;image=${path};`;
    const xml = SMALL_XML.replace(
      'value="Start" vertex="1"',
      `value="Start" style="${image("img/lib/azure2/compute/Function_Apps.svg")}" vertex="1"`,
    ).replace(
      'value="End" vertex="1"',
      `value="End" style="${image("img/lib/clip_art/computers/Laptop_128x128.png")}" vertex="1"`,
    );
    const res = await api("/v1/render", { method: "POST", body: { xml } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-drawforge-unknown-shapes")).toBeNull();
    expect(res.text).toContain('xlink:href="data:image/svg+xml;base64,');
    expect(res.text).toContain('xlink:href="data:image/png;base64,');
    expect(res.text).not.toContain("img/lib");
    // A path outside the library, or one it lacks, stays a box and is named.
    const missing = await api("/v1/render", {
      method: "POST",
      body: {
        xml: SMALL_XML.replace(
          'value="Start" vertex="1"',
          `value="Start" style="${image("img/lib/clip_art/none/Missing.png")}" vertex="1"`,
        ),
      },
    });
    expect(missing.status).toBe(200);
    expect(missing.headers.get("x-drawforge-unknown-shapes")).toBe("image");
    expect(missing.text).not.toContain("data:image");
  });

  it("names a shape holding CR/LF in the header, encoded, on every image path (was a 500)", async () => {
    const xml = SMALL_XML.replace(
      'value="Start" vertex="1"',
      'value="Start" style="shape=evil&#xd;&#xa;Set-Cookie: a=b;" vertex="1"',
    );
    const rendered = await api("/v1/render", { method: "POST", body: { xml } });
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get("x-drawforge-unknown-shapes")).toBe(
      "evil%0D%0ASet-Cookie%3A%20a%3Db",
    );
    expect(rendered.headers.get("set-cookie")).toBeNull();
    const id = await createDiagram(xml);
    const exported = await api(`/v1/diagrams/${id}/export?format=svg`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("x-drawforge-unknown-shapes")).toBe(
      "evil%0D%0ASet-Cookie%3A%20a%3Db",
    );
    const pub = await api(`/v1/diagrams/${id}/publications`, { method: "POST" });
    expect(pub.status).toBe(201);
    const shown = await api(new URL(pub.json.urls.svg).pathname, { auth: null });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("x-drawforge-unknown-shapes")).toContain("evil%0D%0A");
  });

  it("writes a hostile page background as nothing at all, on render, export and public links", async () => {
    const xml = SMALL_XML.replace(
      "<mxGraphModel>",
      `<mxGraphModel background="#fff&quot; onload=&quot;alert(1)">`,
    );
    const rendered = await api("/v1/render", { method: "POST", body: { xml } });
    expect(rendered.status).toBe(200);
    expect(rendered.text).not.toMatch(/onload|alert/);
    const id = await createDiagram(xml);
    const exported = await api(`/v1/diagrams/${id}/export?format=svg`);
    expect(exported.text).not.toMatch(/onload|alert/);
    const pub = await api(`/v1/diagrams/${id}/publications`, { method: "POST" });
    const shown = await api(new URL(pub.json.urls.svg).pathname, { auth: null });
    expect(shown.status).toBe(200);
    expect(shown.text).not.toMatch(/onload|alert/);
  });

  it("answers a stored page too costly to draw with 422 render_too_expensive on every image path (was a 500)", async () => {
    // 21 labels of 99,990 characters: each within the 100,000 of one label, together over the
    // 2,000,000 one page may draw.
    const label = "word ".repeat(19_998);
    const cells = Array.from(
      { length: 21 },
      (_, i) =>
        `<mxCell id="v${i}" value="${label}" style="whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="${i * 130}" width="120" height="60" as="geometry"/></mxCell>`,
    ).join("");
    const id = await createDiagram(
      `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells}</root></mxGraphModel>`,
    );
    for (const format of ["svg", "png"]) {
      const exported = await api(`/v1/diagrams/${id}/export?format=${format}`);
      expect(exported.status, format).toBe(422);
      expect(exported.json.code, format).toBe("render_too_expensive");
      expect(exported.json.detail, format).toContain("characters in all labels");
    }
    const pub = await api(`/v1/diagrams/${id}/publications`, { method: "POST" });
    for (const url of [pub.json.urls.svg, pub.json.urls.png]) {
      const shown = await api(new URL(url).pathname, { auth: null });
      expect(shown.status, url).toBe(422);
      expect(shown.json.code, url).toBe("render_too_expensive");
    }
    // The diagram itself is untouched and still served as a file.
    const file = await api(new URL(pub.json.urls.drawio).pathname, { auth: null });
    expect(file.status).toBe(200);
  });
});
