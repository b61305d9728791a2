/**
 * The extending gallery: four real draw.io files from the shared corpus, each with one edit a
 * person would ask for ("put a review step between these two", "add a cache to that Lambda"),
 * applied with `add_graph` and drawn before and after by the real draw.io. `npm run gallery`
 * writes the pairs to `test/gallery/extend-<name>-{before,after}.png` for the README;
 * `test/browser/extend.test.ts` renders the same pairs and checks the new labels are drawn.
 */
import path from "node:path";
import type { z } from "zod";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../worker/drawio/model/serialize.ts";
import { applyOperations } from "../../worker/drawio/operations/apply.ts";
import type { OperationSchema } from "../../worker/drawio/operations/schema.ts";
import type { LaunchedDrawio } from "../browser/drawio.ts";
import { measureBoxes } from "../browser/icon-pixels.ts";
import { corpusFiles } from "../fixtures/corpus.ts";

/** One operation as a caller writes it (defaults left out). */
export type OperationInput = z.input<typeof OperationSchema>;

/** One before/after pair: its file name stem, caption, corpus file and edit batch. */
export interface ExtendEntry {
  name: string;
  caption: string;
  /** A file of the shared corpus (`test/fixtures/corpus.ts`). */
  file: string;
  operations: OperationInput[];
}

/** The four pairs, in the order the README shows them. */
export function extendEntries(): ExtendEntry[] {
  return [
    {
      name: "flowchart-insert",
      caption: "A review step inserted between two linked steps",
      file: "templates_flowcharts_flowchart_1.xml",
      operations: [
        { op: "delete", id: "89" },
        {
          op: "add_graph",
          graph: {
            nodes: [{ id: "review", label: "Design review" }],
            edges: [
              { from: "90", to: "review" },
              { from: "review", to: "92" },
            ],
          },
        },
      ],
    },
    {
      name: "aws-cache",
      caption: "An ElastiCache icon added to a Lambda function",
      file: "templates_cloud_aws_2.xml",
      operations: [
        {
          op: "add_graph",
          graph: {
            nodes: [
              {
                id: "session-cache",
                label: "Session cache",
                kind: "icon",
                shape: "mxgraph.aws4.elasticache",
              },
            ],
            edges: [{ from: "jZVaUwOg5UY3L9NAnvdq-8", to: "session-cache", label: "reads" }],
          },
        },
      ],
    },
    {
      name: "swimlane-step",
      caption: "A step added at the end of the Director's lane",
      file: "templates_business_swimlane.xml",
      operations: [
        {
          op: "add_graph",
          graph: {
            nodes: [{ id: "annual-review", label: "Annual Review", group: "196" }],
            edges: [{ from: "199", to: "annual-review" }],
          },
        },
      ],
    },
    {
      name: "org-chart-chain",
      caption: "Three offices hung under Cooperation",
      file: "templates_charts_org_chart_1.xml",
      operations: [
        {
          op: "add_graph",
          graph: {
            nodes: [
              { id: "intl-affairs", label: "Office of International Affairs" },
              { id: "partnerships", label: "Office of Partnerships" },
              { id: "grants", label: "Office of Grants" },
            ],
            edges: [
              { from: "7", to: "intl-affairs" },
              { from: "intl-affairs", to: "partnerships" },
              { from: "partnerships", to: "grants" },
            ],
          },
        },
      ],
    },
  ];
}

/**
 * The labels of the nodes an entry adds (those it gives one), for checking they are drawn.
 *
 * @example
 * addedLabels(extendEntries()[0]); // ["Design review"]
 */
export function addedLabels(entry: ExtendEntry): string[] {
  return entry.operations.flatMap((op) =>
    op.op === "add_graph" ? (op.graph.nodes ?? []).flatMap((node) => node.label || []) : [],
  );
}

/**
 * An entry's page before and after its edit, as draw.io files. Both go through the same
 * parse and serialize, so the edit is the only difference between them.
 *
 * @example
 * const { before, after } = extendXml(extendEntries()[1]);
 */
export function extendXml(entry: ExtendEntry): { before: string; after: string } {
  const file = corpusFiles().find((f) => f.name === entry.file);
  if (!file) throw new Error(`no corpus file ${entry.file}`);
  const doc = parseDiagram(file.xml);
  const { document } = applyOperations(doc, entry.operations, { shapes: shapeCatalog() });
  return { before: serializeDiagram(doc), after: serializeDiagram(document) };
}

/** One side of a pair: the file, draw.io's SVG of it and the PNG screenshot. */
export interface ExtendPicture {
  xml: string;
  svg: string;
  png: Buffer;
}

/** A rendered pair. */
export interface ExtendPair {
  entry: ExtendEntry;
  before: ExtendPicture;
  after: ExtendPicture;
}

/**
 * Applies an entry's edit and renders the page before and after it in an open draw.io,
 * writing `extend-<name>-before.png` and `extend-<name>-after.png` to `dir`.
 *
 * @example
 * const pair = await renderExtendPair(drawio, extendEntries()[0], "/tmp/extend-shots");
 */
export async function renderExtendPair(
  drawio: LaunchedDrawio,
  entry: ExtendEntry,
  dir: string,
): Promise<ExtendPair> {
  const xml = extendXml(entry);
  const render = async (side: "before" | "after"): Promise<ExtendPicture> => {
    const svg = await drawio.renderSvg(xml[side]);
    const pngPath = path.join(dir, `extend-${entry.name}-${side}.png`);
    const { png } = await measureBoxes(drawio.browser, svg, [], pngPath);
    return { xml: xml[side], svg, png };
  };
  return { entry, before: await render("before"), after: await render("after") };
}
