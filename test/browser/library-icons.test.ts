/**
 * Popular library icons laid out by `layoutGraph` with the shape catalogue, opened in the real
 * draw.io, and checked from the rendered pixels: every icon's area must be drawn, in colour
 * where draw.io's sidebar icon is coloured. The picture is saved to /tmp/icons-shots/ for a
 * person to look at. Skips without Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import type { GraphNode, GraphSpecInput } from "../../worker/drawio/layout/index.ts";
import { layoutGraph } from "../../worker/drawio/layout/index.ts";
import type { DiagramDocument } from "../../worker/drawio/model/document.ts";
import { findChromium, hasLabel, type LaunchedDrawio, launchDrawio } from "./drawio.ts";
import { type BoxShare, measureBoxes, type PixelBox } from "./icon-pixels.ts";

const SHOTS = "/tmp/icons-shots";

type Icon = [id: string, shape: string, label: string, style?: GraphNode["style"]];

/** The icons people draw most, by vendor, named as a graph node names them. */
const VENDORS: Record<string, Icon[]> = {
  AWS: [
    ["apigw", "mxgraph.aws4.api_gateway", "API Gateway"],
    ["lambda", "mxgraph.aws4.lambda", "Lambda"],
    ["lambdafn", "mxgraph.aws4.lambda_function", "Lambda function"],
    ["s3", "mxgraph.aws4.s3", "S3"],
    ["ec2", "mxgraph.aws4.ec2", "EC2"],
    ["rds", "mxgraph.aws4.rds", "RDS"],
    ["dynamodb", "mxgraph.aws4.dynamodb", "DynamoDB"],
    ["cloudfront", "mxgraph.aws4.cloudfront", "CloudFront"],
    ["sqs", "mxgraph.aws4.sqs", "SQS"],
    ["sns", "mxgraph.aws4.sns", "SNS"],
    ["elb", "mxgraph.aws4.elastic_load_balancing", "ELB"],
    ["vpc", "mxgraph.aws4.vpc", "VPC"],
    ["ecs", "mxgraph.aws4.ecs", "ECS"],
    ["eks", "mxgraph.aws4.eks", "EKS"],
    ["route53", "mxgraph.aws4.route_53", "Route 53"],
    ["cloudwatch", "mxgraph.aws4.cloudwatch_2", "CloudWatch"],
  ],
  Azure: [
    ["vm", "mxgraph.azure2.virtual_machine", "Virtual machine"],
    ["appsvc", "mxgraph.azure2.app_services", "App Service"],
    ["functions", "mxgraph.azure2.function_apps", "Functions"],
    ["sqldb", "mxgraph.azure2.sql_database", "SQL Database"],
    ["storage", "mxgraph.azure2.storage_accounts", "Storage"],
    ["aks", "mxgraph.azure2.kubernetes_services", "AKS"],
    ["cosmos", "mxgraph.azure2.azure_cosmos_db", "Cosmos DB"],
    ["keyvault", "mxgraph.azure2.key_vaults", "Key Vault"],
    ["vnet", "mxgraph.azure2.virtual_networks", "VNet"],
  ],
  GCP: [
    ["gce", "mxgraph.gcp2.compute_engine", "Compute Engine"],
    ["gke", "mxgraph.gcp2.container_engine", "GKE"],
    ["run", "mxgraph.gcp2.cloud_run", "Cloud Run"],
    ["pubsub", "mxgraph.gcp2.cloud_pubsub", "Pub/Sub"],
    ["bigquery", "mxgraph.gcp2.bigquery", "BigQuery"],
    ["gcs", "mxgraph.gcp2.cloud_storage", "Cloud Storage"],
    ["cloudsql", "mxgraph.gcp2.cloud_sql", "Cloud SQL"],
    ["gcf", "mxgraph.gcp2.cloud_functions", "Cloud Functions"],
  ],
  Kubernetes: [
    ["pod", "mxgraph.kubernetes.pod", "pod"],
    ["deploy", "mxgraph.kubernetes.deployment", "deployment"],
    ["svc", "mxgraph.kubernetes.service", "service"],
    ["ing", "mxgraph.kubernetes.ingress", "ingress"],
    ["node", "mxgraph.kubernetes.node", "node"],
    ["cm", "mxgraph.kubernetes.configmap", "configmap"],
    ["ns", "mxgraph.kubernetes.namespace", "namespace"],
    ["sts", "mxgraph.kubernetes.statefulset", "statefulset"],
  ],
  Cisco: [
    ["router", "mxgraph.cisco19.router", "Router"],
    ["switch", "mxgraph.cisco19.l2_switch", "Switch"],
    ["firewall", "mxgraph.cisco19.firewall", "Firewall"],
    ["server", "mxgraph.cisco19.server", "Server"],
    ["wap", "mxgraph.cisco19.wireless_access_point", "Access point"],
  ],
  BPMN: [
    ["start", "mxgraph.bpmn.event", "Start"],
    ["task", "mxgraph.bpmn.task", "Task"],
    ["usertask", "mxgraph.bpmn.task", "User task", { taskMarker: "user" }],
    ["xor", "mxgraph.bpmn.gateway2", "Decide", { gwType: "exclusive" }],
    ["end", "mxgraph.bpmn.event", "End", { outline: "end", symbol: "terminate" }],
  ],
};

/** Black and white in draw.io's sidebar too: only ink is asked of them. */
const MONOCHROME = new Set(["BPMN"]);

/**
 * Least share of a coloured icon's pixels that carry colour. Observed with draw.io 14.6.12:
 * AWS resource tiles ~0.9, glyph stencils (Lambda function) ~0.4, Azure 0.35–0.8, GCP hexagons
 * ~0.55, Kubernetes ~0.6, Cisco 19 (a dark teal glyph on a near-white tile) 0.12–0.3. A blank
 * icon is 0.
 */
const MIN_COLOUR = 0.08;
/** Least share of any icon's pixels that are drawn at all (BPMN's thin black lines ~0.06–0.2). */
const MIN_INK = 0.04;

/** Rows of four icons per vendor, each vendor in its own container. */
function iconGraph(): GraphSpecInput {
  const nodes: GraphSpecInput["nodes"] = [];
  const edges: NonNullable<GraphSpecInput["edges"]> = [];
  const groups: NonNullable<GraphSpecInput["groups"]> = [];
  for (const [vendor, icons] of Object.entries(VENDORS)) {
    groups.push({ id: vendor, label: vendor, kind: "container" });
    icons.forEach(([id, shape, label, style], i) => {
      nodes.push({ id, kind: "icon", shape, label, group: vendor, ...(style ? { style } : {}) });
      const previous = icons[i - 1];
      if (i % 4 !== 0 && previous) edges.push({ from: previous[0], to: id, arrow: "none" });
    });
  }
  return { title: "Library icons", direction: "right", nodes, edges, groups };
}

/** A 4×4 black square at 0,0: draw.io's export starts at the drawing's corner, so page = SVG. */
function withOriginMarker(xml: string): string {
  return xml.replace(
    "</root>",
    '<mxCell id="origin" value="" style="fillColor=#000000;strokeColor=none;" vertex="1" parent="1">' +
      '<mxGeometry x="0" y="0" width="4" height="4" as="geometry"/></mxCell></root>',
  );
}

/** Every icon's rectangle in page coordinates (geometry is relative to the parent group). */
function iconBoxes(document: DiagramDocument, ids: readonly string[]): PixelBox[] {
  const cells = new Map((document.pages[0]?.cells ?? []).map((c) => [c.attrs.id ?? "", c]));
  const rect = (id: string): PixelBox => {
    const cell = cells.get(id);
    const geometry = cell?.children.find((g) => "name" in g && g.name === "mxGeometry");
    if (!cell || !geometry || !("attrs" in geometry))
      return { id, x: 0, y: 0, width: 0, height: 0 };
    const parent = cell.attrs.parent;
    const origin = parent && cells.get(parent)?.attrs.vertex === "1" ? rect(parent) : undefined;
    const { x = "0", y = "0", width = "0", height = "0" } = geometry.attrs;
    return {
      id,
      x: Number(x) + (origin?.x ?? 0),
      y: Number(y) + (origin?.y ?? 0),
      width: Number(width),
      height: Number(height),
    };
  };
  return ids.map(rect);
}

const ICONS = Object.entries(VENDORS).flatMap(([vendor, icons]) =>
  icons.map(([id, shape, label]) => ({ vendor, id, shape, label })),
);

const chromiumPath = findChromium();

describe.skipIf(chromiumPath === undefined)("library icons in the real draw.io", () => {
  let drawio: LaunchedDrawio | undefined;

  beforeAll(async () => {
    drawio = await launchDrawio();
  });

  afterAll(async () => {
    await drawio?.close();
  });

  async function render(withCatalogue: boolean, name: string): Promise<Map<string, BoxShare>> {
    if (drawio === undefined) throw new Error("draw.io did not start");
    const spec = iconGraph();
    const { xml, document } = await layoutGraph(
      spec,
      withCatalogue ? { shapes: shapeCatalog() } : {},
    );
    const svg = await drawio.renderSvg(withOriginMarker(xml));
    for (const { label } of ICONS) expect(hasLabel(svg, label), label).toBe(true);
    const boxes = [
      { id: "origin", x: 0, y: 0, width: 4, height: 4 },
      ...iconBoxes(
        document,
        ICONS.map((i) => i.id),
      ),
    ];
    // The whole rectangle: a BPMN task is only its outline.
    const { shares } = await measureBoxes(drawio.browser, svg, boxes, `${SHOTS}/${name}.png`, 0);
    const byId = new Map(shares.map((s) => [s.id, s]));
    // The marker proves the page-to-pixel mapping: it must be solid black where we look.
    expect(byId.get("origin")?.ink).toBeGreaterThan(0.9);
    return byId;
  }

  /** The icons whose pixels fail the check, logging every share for the record. */
  function failing(shares: Map<string, BoxShare>, picture: string): string[] {
    const report = ICONS.map(({ vendor, id }) => {
      const s = shares.get(id);
      return `${vendor}/${id}: ink ${s?.ink.toFixed(2)} colour ${s?.colour.toFixed(2)}`;
    });
    console.info(`icon pixel shares (picture: ${SHOTS}/${picture}.png)\n${report.join("\n")}`);
    return ICONS.filter(({ vendor, id }) => {
      const s = shares.get(id);
      if (!s || s.ink < MIN_INK) return true;
      return !MONOCHROME.has(vendor) && s.colour < MIN_COLOUR;
    }).map(({ id }) => id);
  }

  it("draws each of 51 popular icons, in colour where draw.io's are", async () => {
    expect(ICONS.length).toBeGreaterThanOrEqual(40);
    for (const { shape } of ICONS) {
      expect(shapeCatalog().libraryShapes(shape), shape).not.toEqual([]);
    }
    expect(failing(await render(true, "icons"), "icons")).toEqual([]);
  });

  it("fails the same check on the styles named shapes got before the catalogue", async () => {
    const before = failing(
      await render(false, "icons-without-catalogue"),
      "icons-without-catalogue",
    );
    expect(before).toEqual(expect.arrayContaining(["apigw", "cloudfront", "s3", "vm", "deploy"]));
    expect(before.length).toBeGreaterThan(ICONS.length / 2);
  });
});
