import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DiagramObject } from "../../worker/diagram/diagram-object.ts";
import { api, createDiagram } from "./api.ts";

/** Titles that would break out of `<title>`, an attribute or a tag if written unescaped. */
const HOSTILE_TITLES = [
  "</title><script>alert(1)</script>",
  '"onmouseover="alert(1)" x="',
  "Q&A <b>bold</b> 'quoted'",
];

/** What a browser reads from the page: elements, text and attributes, parsed by workerd. */
interface ReadPage {
  title: string;
  h1: string;
  meta: Record<string, string>;
  links: { href: string; download: string | null }[];
  icon: string | null;
  scripts: number;
  handlers: string[];
}

async function readPage(html: string): Promise<ReadPage> {
  const read: ReadPage = {
    title: "",
    h1: "",
    meta: {},
    links: [],
    icon: null,
    scripts: 0,
    handlers: [],
  };
  await new HTMLRewriter()
    .on("title", {
      text(t) {
        read.title += t.text;
      },
    })
    .on("h1", {
      text(t) {
        read.h1 += t.text;
      },
    })
    .on("meta[content]", {
      element(e) {
        const key = e.getAttribute("property") ?? e.getAttribute("name");
        if (key) read.meta[key] = e.getAttribute("content") ?? "";
      },
    })
    .on("nav a", {
      element(e) {
        read.links.push({
          href: e.getAttribute("href") ?? "",
          download: e.getAttribute("download"),
        });
      },
    })
    .on("link[rel=icon]", {
      element(e) {
        read.icon = e.getAttribute("href");
      },
    })
    .on("script", {
      element() {
        read.scripts++;
      },
    })
    .on("*", {
      element(e) {
        // workerd yields [name, value] pairs; the DOM typings in scope call them Attr.
        const attributes = e.attributes as unknown as Iterable<[string, string]>;
        for (const [name] of attributes) if (name.startsWith("on")) read.handlers.push(name);
      },
    })
    .transform(new Response(html))
    .text();
  return read;
}

/** Decodes the entities hono/html writes. */
const decoded = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

async function publish(id: string): Promise<{ id: string; urls: { page: string } }> {
  const res = await api(`/v1/diagrams/${id}/publications`, { method: "POST", body: {} });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

describe("the public page /p/{pub}", () => {
  it("names the diagram in <title>, <h1> and link previews, escaped whatever the title holds", async () => {
    for (const title of HOSTILE_TITLES) {
      const id = await createDiagram();
      expect((await api(`/v1/diagrams/${id}`, { method: "PATCH", body: { title } })).status).toBe(
        200,
      );
      const pub = await publish(id);
      const res = await api(new URL(pub.urls.page).pathname, { auth: null });
      expect(res.status).toBe(200);
      const page = await readPage(res.text);
      // Issue #36: the page said "Diagram" whatever it showed, and had no heading.
      expect(decoded(page.title)).toBe(title);
      expect(decoded(page.h1)).toBe(title);
      expect(decoded(page.meta["og:title"] ?? "")).toBe(title);
      // Only the page's own two scripts (the widget and its fallback); no handler attributes.
      expect(page.scripts).toBe(2);
      expect(page.handlers).toEqual([]);
      expect(res.text).not.toContain("<script>alert");
    }
  });

  it("offers the SVG, PNG and .drawio, and a preview image at an absolute URL, all of which load", async () => {
    const id = await createDiagram();
    const pub = await publish(id);
    const res = await api(`/p/${pub.id}`, { auth: null });
    const page = await readPage(res.text);
    const origin = new URL(pub.urls.page).origin;
    expect(page.meta).toMatchObject({
      "og:type": "website",
      "og:url": `${origin}/p/${pub.id}`,
      "og:image": `${origin}/p/${pub.id}.png`,
      "twitter:card": "summary_large_image",
      "twitter:image": `${origin}/p/${pub.id}.png`,
    });
    expect(page.links.map((l) => [l.href, l.download])).toEqual([
      [`/p/${pub.id}.svg`, "Test.svg"],
      [`/p/${pub.id}.png`, "Test.png"],
      [`/p/${pub.id}.drawio`, "Test.drawio"],
    ]);
    const image = await api(new URL(page.meta["og:image"] ?? "").pathname, { auth: null });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    for (const link of page.links) {
      expect((await api(link.href, { auth: null })).status, link.href).toBe(200);
    }
    // Headers stay as strict as before: a policy naming only this Worker and its draw.io.
    expect(res.headers.get("content-security-policy")).toMatch(
      /^default-src 'none'; script-src 'self' /,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("has an icon: the page links one, and /favicon.ico answers instead of 404", async () => {
    const id = await createDiagram();
    const pub = await publish(id);
    const page = await readPage((await api(`/p/${pub.id}`, { auth: null })).text);
    expect(page.icon).toBe("/favicon.svg");
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const icon = await api(path, { auth: null });
      expect(icon.status, path).toBe(200);
      expect(icon.headers.get("content-type"), path).toBe("image/svg+xml");
      expect(icon.text, path).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(icon.headers.get("content-security-policy"), path).toContain("default-src 'none'");
    }
  });

  it("makes ids that reveal nothing of the diagram, and still serves links made the old way", async () => {
    const id = await createDiagram();
    const made = await Promise.all([publish(id), publish(id), publish(id)]);
    for (const pub of made) {
      expect(pub.id).toMatch(/^pub_[A-Za-z0-9]{38}$/);
      // Issue #36: the id began with the diagram id's 22 characters.
      expect(pub.id).not.toContain(id.slice(2, 10));
    }
    expect(new Set(made.map((p) => p.id)).size).toBe(3);
    // A link made before: `pub_` + the diagram id's characters + 16 random, stored and indexed.
    const old = `pub_${id.slice(2)}${"Qx7".repeat(6).slice(0, 16)}`;
    await runInDurableObject(env.DIAGRAM.getByName(id), (_o: DiagramObject, state) => {
      state.storage.sql.exec(
        "INSERT INTO publications (id, version, created_at, indexed) VALUES (?, NULL, ?, 1)",
        old,
        new Date().toISOString(),
      );
    });
    await env.PUBLICATIONS.put(`pub:${old}`, id);
    for (const suffix of ["", ".svg", ".png", ".drawio"]) {
      expect((await api(`/p/${old}${suffix}`, { auth: null })).status, suffix).toBe(200);
    }
    const list = await api(`/v1/diagrams/${id}/publications`);
    expect(list.json.items.map((p: { id: string }) => p.id)).toContain(old);
    expect((await api(`/v1/diagrams/${id}/publications/${old}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect((await api(`/p/${old}.svg`, { auth: null })).status).toBe(404);
  });
});
