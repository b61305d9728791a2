/**
 * The pages the `extend` bench edits and the edits it makes on each: the first page of every
 * corpus file with three connected shapes, and generated specs laid out by our engine (checkout
 * flow, lanes, AWS, Kubernetes, nested containers…); plus a 1,000-cell page for timing.
 */
import { corpusFiles } from "../../test/fixtures/corpus.ts";
import { graphSpecs, type NamedSpec } from "../../test/fixtures/graph-specs.ts";
import { qualitySpecs } from "../../test/fixtures/quality-specs.ts";
import { rng, syntheticDiagram } from "../../test/fixtures/synthetic.ts";
import { layoutGraph } from "../../worker/drawio/layout/index.ts";
import type { DiagramDocument } from "../../worker/drawio/model/document.ts";
import { parseDiagram } from "../../worker/drawio/model/parse.ts";
import type { LibraryShapes } from "../../worker/drawio/shapes/library-style.ts";
import { type Edit, pageEdits } from "./edits.ts";

/** One edit on one page. */
export interface ExtendCase {
  /** The corpus file or generated spec. */
  source: string;
  page: number;
  doc: DiagramDocument;
  edit: Edit;
  generated: boolean;
}

const SMOKE_FILES = 6;
const GENERATED = [
  "checkout-flow",
  "order-states",
  "support-lanes",
  "aws-web-app",
  "kubernetes-cluster",
  "dag-60",
  "org-chart",
  "nested-2-containers",
  "nested-3-mixed",
  "swimlanes-3",
  "ci-pipeline-lanes",
  "network-zones",
  "microservices-60",
  "dense-dag-30",
];
const SMOKE_GENERATED = ["checkout-flow", "support-lanes", "nested-2-containers"];

/**
 * The corpus cases: per file, the edits of its first page that can take them.
 *
 * @example
 * corpusCases(false).length; // ~330
 */
export function corpusCases(smoke: boolean): ExtendCase[] {
  const cases: ExtendCase[] = [];
  let files = 0;
  for (const { name, xml } of corpusFiles()) {
    if (smoke && files >= SMOKE_FILES) break;
    const doc = parseDiagram(xml);
    const random = rng(seedOf(name));
    for (const [page, p] of doc.pages.entries()) {
      const edits = pageEdits(p, random);
      if (edits.length === 0) continue;
      for (const edit of edits) cases.push({ source: name, page, doc, edit, generated: false });
      files++;
      break;
    }
  }
  return cases;
}

/** The generated cases: specs laid out by our engine, then edited. */
export async function generatedCases(smoke: boolean, shapes: LibraryShapes): Promise<ExtendCase[]> {
  const wanted = smoke ? SMOKE_GENERATED : GENERATED;
  const specs: NamedSpec[] = [...qualitySpecs(), ...graphSpecs()].filter((s) =>
    wanted.includes(s.name),
  );
  const cases: ExtendCase[] = [];
  for (const { name, spec } of specs) {
    const { document } = await layoutGraph(spec, { shapes });
    const source = `generated:${name}`;
    const page = document.pages[0];
    if (!page) continue;
    for (const edit of pageEdits(page, rng(seedOf(source)))) {
      cases.push({ source, page: 0, doc: document, edit, generated: true });
    }
  }
  return cases;
}

/**
 * A 1,000-cell page (`syntheticDiagram`: lanes of shapes and random links) and `count` edits on
 * it, of every kind, for timing.
 */
export function timingCases(count: number): { doc: DiagramDocument; edits: Edit[] } {
  const doc = parseDiagram(syntheticDiagram({ cells: 1000 }));
  const page = doc.pages[0];
  const edits: Edit[] = [];
  const random = rng(1000);
  while (page && edits.length < count) {
    const batch = pageEdits(page, random);
    if (batch.length === 0) break;
    edits.push(...batch);
  }
  return { doc, edits: edits.slice(0, count) };
}

/** A seed from a name (FNV-1a), so every source gets the same edits on every run. */
function seedOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
