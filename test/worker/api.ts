import { exports } from "cloudflare:workers";

/** The two tenants the worker tests are configured with (see vitest.config.ts). */
export const KEY_A = "test-key-a";
export const KEY_B = "test-key-b";

/** Options for {@link api}. */
export interface ApiInit {
  method?: string;
  /** Sent as JSON (a string is sent as it is). */
  body?: unknown;
  /** Bearer credential; `null` sends no Authorization header. Default: tenant A's key. */
  auth?: string | null;
  headers?: Record<string, string>;
}

/** The response, with its body read as JSON when it is JSON. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary response fields
  json: any;
  text: string;
}

/** The request {@link api} sends: JSON body, Bearer credential (tenant A's key by default). */
export function buildRequest(path: string, init: ApiInit = {}): Request {
  const headers = new Headers(init.headers);
  const auth = init.auth === undefined ? KEY_A : init.auth;
  if (auth !== null) headers.set("authorization", `Bearer ${auth}`);
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(`http://drawforge.test${path}`, {
    method: init.method ?? "GET",
    headers,
    body,
  });
}

/** Reads a response whole, parsing JSON bodies. */
export async function readResponse(res: Response): Promise<ApiResponse> {
  // Decoded by hand: workerd warns when .text() reads a body whose type is not textual.
  const text = new TextDecoder().decode(await res.arrayBuffer());
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: type.includes("json") && text ? JSON.parse(text) : undefined,
  };
}

/**
 * Calls the real Worker (its default export, in workerd) like an HTTP client would.
 *
 * @example
 * const res = await api("/v1/diagrams", { method: "POST", body: { title: "T" } });
 */
export async function api(path: string, init: ApiInit = {}): Promise<ApiResponse> {
  return readResponse(await exports.default.fetch(buildRequest(path, init)));
}

/** A small valid diagram with vertices `a` and `b` joined by edge `e`. */
export const SMALL_XML =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>' +
  '<mxCell id="a" value="Start" vertex="1" parent="1"><mxGeometry x="20" y="20" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="b" value="End" vertex="1" parent="1"><mxGeometry x="220" y="20" width="120" height="60" as="geometry"/></mxCell>' +
  '<mxCell id="e" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>' +
  "</root></mxGraphModel>";

/** Creates a diagram for tenant A (or `auth`) and returns its id. */
export async function createDiagram(
  xml: string = SMALL_XML,
  auth: string = KEY_A,
): Promise<string> {
  const res = await api("/v1/diagrams", { method: "POST", body: { title: "Test", xml }, auth });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json.id as string;
}

/** Expects an RFC 9457 problem with this status and code; returns its body. */
// biome-ignore lint/suspicious/noExplicitAny: see ApiResponse.json
export function expectProblem(res: ApiResponse, status: number, code: string): any {
  if (res.status !== status || res.json?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text.slice(0, 500)}`);
  }
  if (!res.headers.get("content-type")?.startsWith("application/problem+json")) {
    throw new Error(`problem without application/problem+json: ${res.headers.get("content-type")}`);
  }
  for (const field of ["type", "title", "status", "detail", "code", "request_id"]) {
    if (!(field in res.json)) throw new Error(`problem without ${field}: ${res.text}`);
  }
  return res.json;
}
