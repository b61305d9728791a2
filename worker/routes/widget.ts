/**
 * The browser routes outside the OpenAPI document: the live-update WebSocket and its `?token=`
 * sign-in, `/widget.js`, the `/edit/{id}` page, and the optional demo page.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { randomToken } from "../auth/encoding.ts";
import { signToken, TOKEN_PREFIX, tokenSecret } from "../auth/widget-tokens.ts";
import { diagramStub, unwrap } from "../diagram/client.ts";
import { LIVE_TENANT_HEADER } from "../diagram/live.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { drawioUrlOf } from "../http/drawio-url.ts";
import { DiagramIdSchema } from "../schemas/common.ts";
import type { TokenScope } from "../schemas/token.ts";
import { layoutOrFail } from "./layout.ts";

/**
 * The tenant that owns the demo page's diagrams. Real tenant ids are `t_` and 32 hex digits
 * derived from an API key, so no key can ever map onto this one.
 */
export const DEMO_TENANT = "t_demo";

/** How long the demo page's tokens live. */
const DEMO_TOKEN_SECONDS = 4 * 60 * 60;

/**
 * Lets browsers authenticate the live WebSocket with `?token=`: they cannot set headers on a
 * WebSocket. A widget token from the query becomes the `Authorization` header, so the upgrade
 * then goes through the same authenticate → authorize → rate-limit chain as every diagram
 * route. API keys are refused in URLs (they would end up in logs and histories).
 *
 * @example
 * app.use("/v1/diagrams/:id/live", liveToken()); // before the /v1/* auth chain
 */
export function liveToken(): MiddlewareHandler<AppEnv> {
  return async function liveTokenMiddleware(c, next) {
    const token = c.req.query("token");
    if (token === undefined || c.req.header("authorization") !== undefined) return next();
    if (!token.startsWith(TOKEN_PREFIX)) {
      throw new ApiError(
        401,
        "invalid_credentials",
        "only widget tokens (dft_…) may be sent as ?token=; send API keys in the Authorization header",
      );
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set("authorization", `Bearer ${token}`);
    c.req.raw = new Request(c.req.raw, { headers });
    return next();
  };
}

/**
 * Live updates over a WebSocket, mounted under `/v1/diagrams` like the other diagram routes.
 * The upgrade first sends the head and then, after every new version,
 * `{"type":"version","version":4,"author":"user","message":"…"}`; `ping` is answered `pong`.
 * A `view` token is enough. (Not in the OpenAPI document, which cannot describe a WebSocket.)
 */
export const live = new Hono<AppEnv>();

live.get("/:id/live", async (c) => {
  const id = DiagramIdSchema.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "not_found", "no such diagram");
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "connect with a WebSocket client");
  }
  const tenant = c.get("principal").tenant;
  // A 404 as a problem here, rather than a bare one from inside the object.
  unwrap(await diagramStub(c.env, id.data).meta({ tenant }));
  const headers = new Headers(c.req.raw.headers);
  headers.set(LIVE_TENANT_HEADER, tenant);
  return diagramStub(c.env, id.data).fetch(new Request(c.req.raw, { headers }));
});

/**
 * `/widget.js` (when not built), the editor page of `links.editor` at `/edit/{id}`, and the demo
 * page at `/` (only with `DEMO_PAGE=1`).
 */
export const widget = new Hono<AppEnv>();

// Static assets answer /widget.js before the Worker runs; reaching this means it was not built.
widget.get("/widget.js", () => {
  throw new ApiError(
    404,
    "widget_not_built",
    "the widget bundle is missing: run `npm run widget:build` (npm start does it for you)",
  );
});

widget.get("/", async (c) => {
  if (c.env.DEMO_PAGE !== "1") {
    throw new ApiError(404, "route_not_found", "there is no such endpoint; see /docs for the API");
  }
  const secret = tokenSecret(c.env);
  if (secret === "") {
    throw new ApiError(503, "auth_not_configured", "set API_KEYS (see .dev.vars.example)");
  }
  const wanted = c.req.query("diagram");
  let diagramId: string;
  if (wanted === undefined) {
    diagramId = await createDemoDiagram(c.env);
  } else {
    const id = DiagramIdSchema.safeParse(wanted);
    if (!id.success || !(await isDemoDiagram(c.env, id.data))) {
      throw new ApiError(
        404,
        "not_found",
        "no such demo diagram: the demo page opens only its own diagrams; open other diagrams with their links.editor",
      );
    }
    diagramId = id.data;
  }
  const exp = Math.floor(Date.now() / 1000) + DEMO_TOKEN_SECONDS;
  const mint = (scope: TokenScope) =>
    signToken({ tenant: DEMO_TENANT, diagramId, scope, exp }, secret);
  const [editToken, viewToken] = await Promise.all([mint("edit"), mint("view")]);
  const drawio = httpUrl(c.req.query("drawio")) ?? drawioUrlOf(c.env, new URL(c.req.url).origin);
  c.header("cache-control", "no-store");
  return c.html(demoPage({ diagramId, editToken, viewToken, drawio }));
});

/**
 * The editor page that `links.editor` opens: `/edit/{id}#token=dft_…`. The page holds no
 * secret; the edit token rides in the URL's fragment, which the browser never sends, and a
 * script hands it to `<drawforge-editor>`. Served whether or not the demo page is on.
 */
widget.get("/edit/:id", (c) => {
  const id = DiagramIdSchema.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "not_found", "no such diagram");
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return c.html(editorPage(id.data, drawioUrlOf(c.env, new URL(c.req.url).origin)));
});

async function isDemoDiagram(env: AppEnv["Bindings"], id: string): Promise<boolean> {
  return (await diagramStub(env, id).meta({ tenant: DEMO_TENANT })).ok;
}

async function createDemoDiagram(env: AppEnv["Bindings"]): Promise<string> {
  const id = `d_${randomToken(22)}`;
  const { xml } = await layoutOrFail({
    direction: "right",
    nodes: [
      { id: "prompt", label: "Write a prompt", kind: "start" },
      { id: "agent", label: "The agent draws it" },
      { id: "edit", label: "Edit by hand" },
      { id: "history", label: "Every version kept", kind: "database" },
      { id: "docs", label: "Embed in your docs", kind: "end" },
    ],
    edges: [
      { from: "prompt", to: "agent" },
      { from: "agent", to: "edit" },
      { from: "edit", to: "docs" },
      { from: "agent", to: "history", kind: "dashed" },
      { from: "edit", to: "history", kind: "dashed" },
    ],
  });
  unwrap(
    await diagramStub(env, id).create({
      tenant: DEMO_TENANT,
      id,
      title: "Drawforge demo",
      xml,
      author: "api",
    }),
  );
  return id;
}

/** The URL if it is an absolute http(s) URL, else undefined (the widget's default is used). */
function httpUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function demoPage(p: { diagramId: string; editToken: string; viewToken: string; drawio?: string }) {
  // hono/html escapes every interpolation, so the query's draw.io URL cannot inject markup.
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Drawforge — draw.io diagrams from prompts</title>
<script type="module" src="/widget.js"></script>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; background: #f6f7f9; }
  body { margin: 0; }
  header { padding: 20px 32px 8px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 15px; margin: 0 0 8px; }
  p { margin: 0 0 12px; color: #57606a; font-size: 14px; line-height: 1.5; }
  main { padding: 8px 32px 40px; display: grid; grid-template-columns: minmax(0, 1fr); gap: 28px; }
  drawforge-editor { height: 680px; }
  .docs { background: #fff; border: 1px solid #d8dee4; border-radius: 12px; padding: 24px 28px; max-width: 860px; }
  code { font-size: 13px; background: #eef1f4; padding: 1px 5px; border-radius: 4px; overflow-wrap: anywhere; }
  /* A phone: narrower margins, and an editor as tall as the screen allows. */
  @media (max-width: 600px) {
    header { padding: 16px 12px 4px; }
    main { padding: 8px 8px 24px; gap: 20px; }
    drawforge-editor { height: max(560px, calc(100svh - 24px)); }
    .docs { padding: 16px 12px; }
  }
</style>
</head>
<body>
<header>
  <h1>Drawforge</h1>
  <p>Ask for a diagram in the chat, edit it in draw.io, restore any version. Every change is saved as a version of <code>${p.diagramId}</code>.</p>
</header>
<main>
  <drawforge-editor diagram-id="${p.diagramId}" token="${p.editToken}" drawio-url="${p.drawio ?? ""}"></drawforge-editor>
  <section class="docs">
    <h2>The same diagram on a docs page</h2>
    <p><code>&lt;drawforge-viewer&gt;</code> with a view-only token: read-only, fits the page width, and follows every saved version live.</p>
    <drawforge-viewer diagram-id="${p.diagramId}" token="${p.viewToken}" drawio-url="${p.drawio ?? ""}" editor-url="/edit/${p.diagramId}#token=${p.editToken}"></drawforge-viewer>
  </section>
</main>
</body>
</html>`;
}

function editorPage(diagramId: string, drawio: string | undefined) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Drawforge — ${diagramId}</title>
<script type="module" src="/widget.js"></script>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; background: #f6f7f9; }
  body { margin: 0; height: 100vh; display: flex; flex-direction: column; }
  drawforge-editor { flex: 1; min-height: 0; }
  .missing { max-width: 640px; margin: 64px auto; padding: 24px 28px; background: #fff; border: 1px solid #d8dee4; border-radius: 12px; line-height: 1.5; }
  code { font-size: 13px; background: #eef1f4; padding: 1px 5px; border-radius: 4px; }
</style>
</head>
<body>
<main data-diagram-id="${diagramId}" data-drawio-url="${drawio ?? ""}"></main>
<div class="missing" hidden>
  <h1>This link cannot open the diagram</h1>
  <p>An editor link carries an edit token after <code>#token=</code>, and this one does not. Ask
  for a new link (every answer of the API has one in <code>links.editor</code>), or mint a token
  with <code>POST /v1/diagrams/${diagramId}/tokens</code>.</p>
</div>
<script type="module">
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  const main = document.querySelector("main");
  if (token && token.startsWith("dft_")) {
    const editor = document.createElement("drawforge-editor");
    editor.setAttribute("diagram-id", main.dataset.diagramId);
    editor.setAttribute("drawio-url", main.dataset.drawioUrl);
    editor.setAttribute("token", token);
    main.replaceWith(editor);
  } else {
    document.querySelector(".missing").hidden = false;
  }
</script>
</body>
</html>`;
}
