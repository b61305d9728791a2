/**
 * The layout gallery: eight diagrams of the kind a model writes, laid out by our engine with
 * the shape catalogue and drawn by the real draw.io (offline, in Chromium). `npm run gallery`
 * writes them to `test/gallery/*.png` for the README; `test/browser/gallery.test.ts` renders
 * the same set and checks every label is drawn.
 */
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { type LaidOut, layoutGraph } from "../../worker/drawio/layout/index.ts";
import type { GraphSpecInput } from "../../worker/drawio/layout/spec.ts";
import type { LaunchedDrawio } from "../browser/drawio.ts";
import { measureBoxes } from "../browser/icon-pixels.ts";
import { specByName } from "../fixtures/graph-specs.ts";
import {
  awsWebApp,
  checkoutFlow,
  kubernetesCluster,
  orderStateMachine,
  randomDag,
  supportLanes,
} from "../fixtures/quality-specs.ts";
import { checkoutIn, everyScript } from "../fixtures/script-labels.ts";

/** One picture of the gallery: its file name (without `.png`), caption and spec. */
export interface GalleryEntry {
  name: string;
  caption: string;
  spec: GraphSpecInput;
}

/** The eight pictures, in the order the README shows them. */
export function galleryEntries(): GalleryEntry[] {
  return [
    { name: "checkout-flow", caption: "Checkout with a retry loop", spec: checkoutFlow() },
    { name: "order-states", caption: "Order state machine", spec: orderStateMachine() },
    { name: "support-lanes", caption: "Support process in swimlanes", spec: supportLanes() },
    {
      name: "support-lanes-down",
      caption: "The same swimlanes, top to bottom",
      spec: supportLanes("down"),
    },
    { name: "aws-web-app", caption: "Serverless web app on AWS", spec: awsWebApp() },
    { name: "kubernetes-cluster", caption: "Kubernetes cluster", spec: kubernetesCluster() },
    {
      name: "ci-pipeline",
      caption: "CI/CD lanes, dark theme",
      spec: specByName("ci-pipeline-lanes"),
    },
    { name: "dag-60", caption: "A 60-node dependency graph", spec: randomDag(60, 5) },
    { name: "checkout-zh", caption: "Checkout, labelled in Chinese", spec: checkoutIn("zh-Hans") },
    { name: "checkout-ar", caption: "Checkout, labelled in Arabic", spec: checkoutIn("ar") },
    { name: "every-script", caption: "A long label in each script", spec: everyScript() },
  ];
}

/** A gallery picture: the layout, draw.io's SVG of it and the PNG screenshot. */
export interface GalleryPicture {
  entry: GalleryEntry;
  laid: LaidOut;
  svg: string;
  png: Buffer;
}

/**
 * Lays out and renders one gallery entry in an open draw.io, writing the PNG to `pngPath`.
 *
 * @example
 * const picture = await renderEntry(drawio, galleryEntries()[0], "/tmp/checkout-flow.png");
 */
export async function renderEntry(
  drawio: LaunchedDrawio,
  entry: GalleryEntry,
  pngPath?: string,
): Promise<GalleryPicture> {
  const laid = await layoutGraph(entry.spec, { shapes: shapeCatalog() });
  const svg = await drawio.renderSvg(laid.xml);
  const { png } = await measureBoxes(drawio.browser, svg, [], pngPath);
  return { entry, laid, svg, png };
}
