import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { api, createDiagram } from "./api.ts";

/** What draw.io's sidebar gives API Gateway (Application Integration, its first category). */
const API_GATEWAY = [
  "shape=mxgraph.aws4.resourceIcon;",
  "resIcon=mxgraph.aws4.api_gateway;",
  "fillColor=#BC1356;",
  "gradientColor=#F34482;",
  "strokeColor=#ffffff;",
];

const GRAPH = {
  nodes: [
    { id: "gw", kind: "icon", shape: "mxgraph.aws4.api_gateway", label: "API Gateway" },
    { id: "svc", label: "Orders" },
  ],
  edges: [{ from: "gw", to: "svc" }],
};

const styleOf = (xml: string, id: string) =>
  parseDiagram(xml).pages[0]?.cells.find((c) => c.attrs.id === id)?.attrs.style ?? "";

describe("library shapes through the API", () => {
  it("POST /v1/layout and POST /v1/diagrams draw a named icon with draw.io's style", async () => {
    const laid = await api("/v1/layout", { method: "POST", body: { graph: GRAPH } });
    expect(laid.status).toBe(200);
    for (const part of API_GATEWAY) expect(styleOf(laid.json.xml, "gw")).toContain(part);
    expect(laid.json.findings).toEqual([]);
    const created = await api("/v1/diagrams", { method: "POST", body: { graph: GRAPH } });
    expect(created.status).toBe(201);
    const head = await api(`/v1/diagrams/${created.json.id}`);
    for (const part of API_GATEWAY) expect(styleOf(head.json.xml, "gw")).toContain(part);
  });

  it("operations that name a library shape store draw.io's style", async () => {
    const id = await createDiagram();
    const res = await api(`/v1/diagrams/${id}/operations`, {
      method: "POST",
      body: {
        operations: [
          { op: "set_style", id: "a", style: { shape: "mxgraph.aws4.api_gateway" } },
          {
            op: "add",
            xml: '<mxCell id="pod" style="shape=mxgraph.kubernetes.pod;" vertex="1" parent="1"><mxGeometry x="20" y="120" width="50" height="48" as="geometry"/></mxCell>',
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const xml = (await api(`/v1/diagrams/${id}`)).json.xml;
    for (const part of API_GATEWAY) expect(styleOf(xml, "a")).toContain(part);
    expect(styleOf(xml, "pod")).toContain("shape=mxgraph.kubernetes.icon;prIcon=pod;");
    expect(styleOf(xml, "pod")).toContain("fillColor=#2875E2;");
  });
});
