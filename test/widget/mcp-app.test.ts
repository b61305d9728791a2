/**
 * The MCP App viewer in real Chromium: a host page (as claude.ai or VS Code would be) frames
 * the `ui://drawforge/viewer.html` resource in a sandbox, answers its `ui/initialize`, and hands
 * it the result of a `create_diagram_from_graph` call; the app draws the diagram with
 * `<drawforge-viewer>` (the offline draw.io's viewer library).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { WIDGET_TEST_KEY } from "./global-setup.ts";
import { browserForFile, hasChromium, servers, shot } from "./harness.ts";

describe.skipIf(!hasChromium)("the MCP App viewer", () => {
  const chromium = browserForFile();

  it("draws the diagram a tool made, inside a sandboxed host frame", async () => {
    const client = new Client({ name: "host-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", servers().worker), {
        requestInit: { headers: { authorization: `Bearer ${WIDGET_TEST_KEY}` } },
      }),
    );
    const result = await client.callTool({
      name: "create_diagram_from_graph",
      arguments: {
        title: "Checkout",
        graph: {
          nodes: [
            { id: "cart", label: "Cart" },
            { id: "pay", label: "Pay", kind: "process" },
            { id: "ok", label: "Paid?", kind: "decision" },
            { id: "done", label: "Ship", kind: "end" },
          ],
          edges: [
            { from: "cart", to: "pay" },
            { from: "pay", to: "ok" },
            { from: "ok", to: "done", label: "yes" },
            { from: "ok", to: "pay", label: "retry" },
          ],
        },
      },
    });
    const resource = await client.readResource({ uri: "ui://drawforge/viewer.html" });
    await client.close();
    const first = resource.contents[0];
    const html = first && "text" in first ? first.text : "";
    expect(html).toContain("drawforge-viewer");

    const context = await chromium.browser.newContext({ viewport: { width: 900, height: 840 } });
    const page = chromium.keep(await context.newPage());
    page.on("pageerror", (error) => console.warn(`[page error] ${error.message}`));
    await page.goto(`${servers().worker}/healthz`);
    // The host: frames the app in a sandbox, answers ui/initialize, then sends the tool result.
    await page.evaluate(
      ([appHtml, toolResult]) => {
        document.head.innerHTML = "<title>MCP host</title>";
        document.body.innerHTML = "";
        const log: string[] = [];
        (window as unknown as { __host: string[] }).__host = log;
        const frame = document.createElement("iframe");
        frame.setAttribute("sandbox", "allow-scripts");
        frame.style.cssText = "width:860px;height:800px;border:1px solid #ccc";
        frame.srcdoc = appHtml;
        window.addEventListener("message", (event) => {
          if (event.source !== frame.contentWindow) return;
          const message = event.data as { id?: number; method?: string; params?: unknown };
          log.push(message.method ?? `response ${message.id}`);
          const reply = (body: object) =>
            frame.contentWindow?.postMessage({ jsonrpc: "2.0", ...body }, "*");
          if (message.method === "ui/initialize") {
            reply({
              id: message.id,
              result: {
                protocolVersion: "2026-01-26",
                hostInfo: { name: "test-host", version: "1.0.0" },
                hostCapabilities: {},
                hostContext: { theme: "light" },
              },
            });
          } else if (message.method === "ui/notifications/initialized") {
            reply({ method: "ui/notifications/tool-result", params: toolResult });
          }
        });
        document.body.appendChild(frame);
      },
      [html, result] as const,
    );
    const app = page.frameLocator("iframe");
    const img = app.locator("drawforge-viewer img");
    await img.waitFor({ timeout: 20_000 });
    expect(await img.getAttribute("alt")).toMatch(/Cart.*Pay.*Paid\?.*Ship/);
    const host = await page.evaluate(() => (window as unknown as { __host: string[] }).__host);
    expect(host).toEqual(expect.arrayContaining(["ui/initialize", "ui/notifications/initialized"]));
    expect(host).toContain("ui/notifications/size-changed");
    console.log("screenshot:", await shot(page, "mcp-app-viewer"));
  });
});
