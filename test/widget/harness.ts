/**
 * What the widget's browser tests share: the API as a backend would use it (the SDK with an
 * API key), pages that embed the components on the Worker's own origin, the recorded
 * `drawforge-*` events, the draw.io iframe, and screenshots.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Frame, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { Drawforge } from "../../sdk/index.ts";
import { CHROMIUM_ARGS, findChromium } from "../browser/drawio.ts";
import type { ScriptStep } from "../fixtures/model-server/index.ts";
import { WIDGET_TEST_KEY } from "./global-setup.ts";

/** Where screenshots go; after `npx vitest run --project widget`, look at them. */
export const SHOTS = process.env.DRAWFORGE_SHOTS ?? join(tmpdir(), "drawforge-widget-shots");

/** A diagram: Start → Check → End, ids `start`, `check`, `end`, edges `e1`, `e2`. */
export const FLOW_XML =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
  '<mxCell id="start" value="Start" style="ellipse;whiteSpace=wrap;html=1;fillColor=#d5e8d4;strokeColor=#82b366;" vertex="1" parent="1"><mxGeometry x="40" y="60" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="check" value="Check stock" style="rounded=1;whiteSpace=wrap;html=1;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1"><mxGeometry x="220" y="60" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="end" value="Ship it" style="ellipse;whiteSpace=wrap;html=1;fillColor=#f8cecc;strokeColor=#b85450;" vertex="1" parent="1"><mxGeometry x="400" y="60" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="e1" edge="1" parent="1" source="start" target="check" style="endArrow=block;html=1;"><mxGeometry relative="1" as="geometry"/></mxCell>' +
  '<mxCell id="e2" edge="1" parent="1" source="check" target="end" style="endArrow=block;html=1;"><mxGeometry relative="1" as="geometry"/></mxCell>' +
  "</root></mxGraphModel>";

/** Is there a Chromium to run the browser tests with? */
export const hasChromium = findChromium() !== undefined;
if (!hasChromium) {
  console.warn(
    "widget browser tests skipped: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH",
  );
}

/** The Worker, the offline draw.io and the scripted model of the global setup. */
export function servers() {
  return {
    worker: inject("widgetWorkerUrl"),
    drawio: `${inject("widgetDrawioUrl")}/?offline=1`,
    llm: inject("widgetLlmUrl"),
  };
}

/**
 * The backend's client: the SDK with the API key, as a product's server would hold it; of the
 * global setup's Worker unless `baseUrl` names another.
 */
export function backend(baseUrl = servers().worker): Drawforge {
  return new Drawforge({ apiKey: WIDGET_TEST_KEY, baseUrl, maxRetries: 0 });
}

/** A fresh diagram and an `edit` and a `view` token for it (on `df`'s Worker). */
export async function freshDiagram(xml = FLOW_XML, title = "Order flow", df = backend()) {
  const diagram = await df.diagrams.create({ xml, title });
  const [edit, view] = await Promise.all([
    df.diagrams.tokens.create(diagram.id, { scope: "edit" }),
    df.diagrams.tokens.create(diagram.id, { scope: "view" }),
  ]);
  return { id: diagram.id, edit: edit.token, view: view.token };
}

/** Queues the scripted model's next answers. */
export async function script(steps: ScriptStep[]): Promise<void> {
  const res = await fetch(`${servers().llm}/__script`, {
    method: "POST",
    body: JSON.stringify(steps),
  });
  if (!res.ok) throw new Error(`scripting the model failed: ${res.status}`);
}

/** The request bodies the scripted model received since the last {@link script}. */
export async function sentToModel(): Promise<{ model?: string }[]> {
  return (await (await fetch(`${servers().llm}/__requests`)).json()) as { model?: string }[];
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS] });
}

/** A recorded component event. */
export interface Recorded {
  name: string;
  tag: string;
  detail: Record<string, unknown>;
}

const EVENTS = [
  "drawforge-load",
  "drawforge-change",
  "drawforge-save",
  "drawforge-turn-start",
  "drawforge-turn-end",
  "drawforge-error",
];

/**
 * One Chromium for a test file, each test's page closed after the test: registers the hooks
 * and returns the browser (once launched) and `keep`, which hands a page over for closing.
 *
 * @example
 * const chromium = browserForFile();
 * const page = chromium.keep(await openPage(chromium.browser, markup));
 */
export function browserForFile() {
  let browser: Browser | undefined;
  let kept: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await kept?.context().close();
    kept = undefined;
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error("the browser starts in beforeAll");
      return browser;
    },
    keep(page: Page): Page {
      kept = page;
      return page;
    },
  };
}

/**
 * Opens `body` (HTML using the components) as a page of the Worker's own origin (the global
 * setup's, unless `origin` names another), so the widget calls the API same-origin, as on the
 * demo page. Every `drawforge-*` event reaching `document` is recorded.
 */
export async function openPage(
  browser: Browser,
  body: string,
  origin: string = servers().worker,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  // Page errors and failed loads go to the test output: they explain a timeout.
  page.on("pageerror", (error) => console.warn(`[page error] ${error.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") console.warn(`[console] ${m.text().slice(0, 300)}`);
  });
  // The page is built inside a document of the Worker's origin (its /healthz). A document
  // fulfilled by page.route() cannot load draw.io's cross-origin frame in this Chromium, and
  // elements written by page.setContent() are never upgraded.
  await page.goto(`${origin}/healthz`);
  await page.evaluate(
    ([names, markup]) => {
      const log: unknown[] = [];
      (window as unknown as { __events: unknown[] }).__events = log;
      for (const name of names) {
        document.addEventListener(name, (event) => {
          const tag = (event.target as Element).tagName.toLowerCase();
          log.push({ name, tag, detail: (event as CustomEvent).detail });
        });
      }
      document.head.innerHTML = `<meta charset="utf-8"><title>widget test</title><style>
        body{margin:0;padding:16px;font-family:system-ui,sans-serif;background:#f6f7f9}
        drawforge-editor{height:620px;margin-bottom:16px}drawforge-viewer{max-width:760px}</style>`;
      document.body.innerHTML = markup;
      const script = document.createElement("script");
      script.type = "module";
      script.src = "/widget.js";
      document.head.appendChild(script);
    },
    [EVENTS, body] as const,
  );
  return page;
}

/** The events recorded so far, optionally only those named `name`. */
export async function events(page: Page, name?: string): Promise<Recorded[]> {
  const all = await page.evaluate(() => (window as unknown as { __events: Recorded[] }).__events);
  return name === undefined ? all : all.filter((e) => e.name === name);
}

/** Waits until an event named `name` (from `tag`, if given) has been recorded `count` times. */
export async function waitForEvent(
  page: Page,
  name: string,
  options: { tag?: string; count?: number; timeout?: number } = {},
): Promise<Recorded> {
  const { tag, count = 1, timeout = 30_000 } = options;
  const handle = await page
    .waitForFunction(
      ([n, t, c]) => {
        const list = (window as unknown as { __events: Recorded[] }).__events.filter(
          (e) => e.name === n && (t === "" || e.tag === t),
        );
        return list.length >= (c as number) ? list[(c as number) - 1] : undefined;
      },
      [name, tag ?? "", count] as const,
      { timeout },
    )
    .catch(async (error: unknown) => {
      // Say what did happen, and keep a picture of it.
      const seen = (await events(page)).map(
        (e) => `${e.tag} ${e.name} ${JSON.stringify(e.detail)}`,
      );
      const path = await shot(page, `timeout-${name}`);
      throw new Error(
        `no ${name} within ${timeout} ms; events: ${seen.join("; ") || "none"}; screenshot: ${path}`,
        { cause: error },
      );
    });
  return (await handle.jsonValue()) as Recorded;
}

/** The draw.io editor's frame inside `<drawforge-editor>`. */
export async function drawioFrame(page: Page): Promise<Frame> {
  const origin = new URL(servers().drawio).origin;
  await page.waitForFunction(() =>
    document.querySelector("drawforge-editor")?.shadowRoot?.querySelector("iframe"),
  );
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f.url().startsWith(origin));
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error("no draw.io frame");
}

/** Saves a screenshot under {@link SHOTS}. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The editor's status line text. */
export async function statusText(page: Page): Promise<string> {
  return ((await page.locator("drawforge-editor .status").textContent()) ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Markup for an editor (and, with `viewToken`, a viewer) of one diagram. */
export function editorMarkup(
  d: { id: string; edit: string; view?: string },
  extra: { saveDelay?: number; viewer?: boolean; model?: string } = {},
): string {
  const { drawio } = servers();
  const model = extra.model === undefined ? "" : ` model="${extra.model}"`;
  const editor = `<drawforge-editor diagram-id="${d.id}" token="${d.edit}" drawio-url="${drawio}" save-delay="${extra.saveDelay ?? 300}"${model}></drawforge-editor>`;
  const viewer =
    extra.viewer && d.view
      ? `<drawforge-viewer diagram-id="${d.id}" token="${d.view}" drawio-url="${drawio}"></drawforge-viewer>`
      : "";
  return editor + viewer;
}

/**
 * A fresh diagram open in `<drawforge-editor>` (and a viewer, if asked), once the editor has
 * loaded it; with the draw.io frame to work in.
 */
export async function openEditor(
  browser: Browser,
  extra: { viewer?: boolean; saveDelay?: number } = {},
): Promise<{ d: { id: string; edit: string; view: string }; page: Page; frame: Frame }> {
  const d = await freshDiagram();
  const page = await openPage(browser, editorMarkup(d, extra));
  await waitForEvent(page, "drawforge-load", { tag: "drawforge-editor" });
  return { d, page, frame: await drawioFrame(page) };
}
