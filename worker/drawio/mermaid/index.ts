/**
 * Mermaid in, editable draw.io out: every diagram type in `MERMAID_TYPES` becomes real draw.io
 * cells (shapes, edges, groups, tables), placed by the layout engine or by a placement made for
 * the type (sequence rows, gantt time axes, chart grids). Text a parser does not understand is
 * refused with its line and column (`mermaid_syntax`); other diagram types with
 * `mermaid_unsupported`.
 */
import { WorkBudget } from "../budget.ts";
import { DrawioError } from "../errors.ts";
import { LAYOUT_LIMITS } from "../layout/cost.ts";
import { convertArchitecture } from "./architecture/index.ts";
import { convertBlockDiagram } from "./block/index.ts";
import { convertC4 } from "./c4/index.ts";
import { convertClassDiagram } from "./class/index.ts";
import { convertErDiagram } from "./er/index.ts";
import { convertFlowchart } from "./flowchart/index.ts";
import { convertGantt } from "./gantt/index.ts";
import { convertGitGraph } from "./git-graph/index.ts";
import { convertJourney } from "./journey/index.ts";
import { convertKanban } from "./kanban/index.ts";
import { describeDiagram } from "./metadata.ts";
import { convertMindmap } from "./mindmap/index.ts";
import { convertPacket } from "./packet/index.ts";
import { convertPie } from "./pie/index.ts";
import { convertQuadrantChart } from "./quadrant/index.ts";
import { convertRadar } from "./radar/index.ts";
import { convertRequirementDiagram } from "./requirement/index.ts";
import { convertSankey } from "./sankey/index.ts";
import { convertSequenceDiagram } from "./sequence/index.ts";
import { type MermaidSource, type MermaidType, readMermaid } from "./source.ts";
import { convertStateDiagram } from "./state/index.ts";
import { convertTimeline } from "./timeline/index.ts";
import { convertTreemap } from "./treemap/index.ts";
import type { ConvertedDiagram, MermaidOptions } from "./types.ts";
import { convertXyChart } from "./xychart/index.ts";

/** One diagram type's converter. */
type Converter = (
  source: MermaidSource,
  options: MermaidOptions,
  budget: WorkBudget,
) => Promise<ConvertedDiagram>;

/** The converter of each type, by the type `readMermaid` recognised. */
const CONVERTERS: Record<MermaidType, Converter> = {
  flowchart: convertFlowchart,
  state: convertStateDiagram,
  class: convertClassDiagram,
  sequence: convertSequenceDiagram,
  er: convertErDiagram,
  mindmap: convertMindmap,
  gantt: convertGantt,
  timeline: convertTimeline,
  gitGraph: convertGitGraph,
  c4: convertC4,
  block: convertBlockDiagram,
  architecture: convertArchitecture,
  requirement: convertRequirementDiagram,
  journey: convertJourney,
  kanban: convertKanban,
  packet: convertPacket,
  quadrant: convertQuadrantChart,
  pie: convertPie,
  xychart: convertXyChart,
  sankey: convertSankey,
  treemap: convertTreemap,
  radar: convertRadar,
};

export {
  MAX_MERMAID_CHARS,
  MAX_MERMAID_DEPTH,
  MAX_MERMAID_NODES,
  MERMAID_KEYWORDS,
  MERMAID_TYPES,
  type MermaidType,
} from "./source.ts";
export type { ConvertedDiagram, MermaidOptions } from "./types.ts";

/** A converted Mermaid diagram: its draw.io document, its type and what could not be carried over. */
export interface MermaidConversion extends ConvertedDiagram {
  type: MermaidType;
  /** The diagram's title: its front matter's, else its own `title` statement's. */
  title?: string;
}

/**
 * Converts Mermaid text to a draw.io document (`serializeDiagram` writes it as a file).
 *
 * @example
 * const { document, notes } = await convertMermaid("flowchart LR\n  A[Cart] --> B{Paid?}");
 */
export async function convertMermaid(
  text: string,
  options: MermaidOptions = {},
): Promise<MermaidConversion> {
  const source = readMermaid(text);
  const convert = CONVERTERS[source.type];
  // One diagram, one layout's worth of work, however many layouts its converter runs.
  const budget = new WorkBudget(
    LAYOUT_LIMITS.units,
    () =>
      new DrawioError(
        "mermaid_too_large",
        `laying the diagram out would cost over ${LAYOUT_LIMITS.units.toLocaleString("en-US")} units of the layout engine's work (nodes, links, the layers long links cross, subgraph borders they cross); split it, or link nodes in fewer and shorter steps`,
      ),
  );
  const converted = await convert(source, options, budget).catch((error: unknown) => {
    // The layout's own refusal, in the words of a Mermaid limit.
    if (error instanceof DrawioError && error.code === "layout_too_expensive") {
      throw new DrawioError("mermaid_too_large", error.message);
    }
    throw error;
  });
  const title = source.title ?? converted.title;
  const document = describeDiagram(converted.document, {
    name: title ?? source.accessibility.title,
    ...source.accessibility,
  });
  return {
    ...converted,
    document,
    notes: [...source.notes, ...configNotes(source), ...converted.notes],
    type: source.type,
    ...(title === undefined ? {} : { title }),
  };
}

/**
 * Mermaid's config sections per diagram type: each converter reads its own (`config.gantt`,
 * `config.gitGraph`…) and notes what it does not apply.
 */
const TYPE_SECTIONS: ReadonlySet<string> = new Set([
  "flowchart",
  "sequence",
  "class",
  "state",
  "er",
  "gantt",
  "journey",
  "timeline",
  "gitGraph",
  "c4",
  "mindmap",
  "kanban",
  "requirement",
  "block",
  "architecture",
  "packet",
  "quadrantChart",
  "pie",
  "xyChart",
  "sankey",
  "treemap",
  "radar",
]);

/** A sentence for the settings of a diagram's config that are Mermaid's look (theme, fonts…). */
function configNotes(source: MermaidSource): string[] {
  const ignored = Object.keys(source.config).filter((key) => !TYPE_SECTIONS.has(key));
  if (ignored.length === 0) return [];
  const names = ignored.map((k) => `\`${k}\``).join(", ");
  return [
    `the config's ${names} ${ignored.length === 1 ? "is" : "are"} Mermaid's look and not carried over: the drawing uses draw.io styles`,
  ];
}
