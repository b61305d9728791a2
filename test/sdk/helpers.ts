import { inject } from "vitest";
import { type ClientOptions, Drawforge } from "../../sdk/index.ts";
import type { ScriptStep } from "../fixtures/model-server/index.ts";

/** A small valid diagram: vertices `a` (Start) and `b` (End) joined by edge `e`. */
export const SMALL_XML =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
  '<mxCell id="a" value="Start" vertex="1" parent="1"><mxGeometry x="20" y="20" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="b" value="End" vertex="1" parent="1"><mxGeometry x="220" y="20" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>' +
  "</root></mxGraphModel>";

/**
 * A client of the real Worker started by `global-setup.ts`, as tenant A unless `apiKey` says
 * otherwise; no retries unless asked, so a failure shows at once.
 */
export function client(options: ClientOptions = {}): Drawforge {
  return new Drawforge({
    apiKey: "sdk-key-a",
    baseUrl: inject("sdkBaseUrl"),
    maxRetries: 0,
    timeout: 30_000,
    ...options,
  });
}

/** Queues the scripted model's next answers. */
export async function script(steps: ScriptStep[]): Promise<void> {
  const res = await fetch(`${inject("sdkLlmUrl")}/__script`, {
    method: "POST",
    body: JSON.stringify(steps),
  });
  if (!res.ok) throw new Error(`scripting the model failed: ${res.status}`);
}

/**
 * Makes the model server answer every request by rule (`{ delayMs }`), so that many turns can
 * run at once, or (`null`) back to scripted answers. Scripted steps still go first. The server
 * is shared by every test file: only `agent.test.ts`, whose tests run one after another, may
 * use it.
 */
export async function autoModel(mode: { delayMs: number } | null): Promise<void> {
  const res = await fetch(`${inject("sdkLlmUrl")}/__auto`, {
    method: "POST",
    body: JSON.stringify(mode),
  });
  if (!res.ok) throw new Error(`switching the model's auto mode failed: ${res.status}`);
}

/** What the scripted model was sent since the last script. */
export async function modelRequests(): Promise<unknown[]> {
  return (await (await fetch(`${inject("sdkLlmUrl")}/__requests`)).json()) as unknown[];
}

/** Waits until `check` holds, polling; fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}
