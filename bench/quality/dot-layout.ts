import { instance, type RenderError, type Viz } from "@viz-js/viz";
import { checkSpec } from "../../worker/drawio/layout/check.ts";
import { type GraphSpecInput, GraphSpecSchema } from "../../worker/drawio/layout/spec.ts";
import { themeBackground } from "../../worker/drawio/layout/themes.ts";
import { escapeAttribute } from "../../worker/drawio/xml/serialize.ts";
import { dotCells } from "./dot-cells.ts";
import { DotJsonSchema } from "./dot-json.ts";
import { dotSource } from "./dot-source.ts";

/** The result of {@link dotLayout}. */
export interface DotLayout {
  /** An uncompressed `<mxfile>` with one page: dot's drawing in draw.io cells. */
  xml: string;
  /** Wall time of the Graphviz call alone (ms). */
  ms: number;
  /** The DOT text given to Graphviz (render it as SVG to see dot's own drawing). */
  dot: string;
  /**
   * What Graphviz reported (`warning: …`, and `error: …` for trouble it recovered from), and
   * the edges it left without a route (written as plain straight edges).
   */
  warnings: string[];
}

let viz: Promise<Viz> | undefined;

/**
 * Lays out a graph spec with Graphviz dot (in-process WebAssembly) and writes dot's drawing as
 * a draw.io document with our engine's node sizes, styles and cell ids, so the layout judge
 * measures dot and our engine with the same code. Deterministic. Throws the schema's
 * `ZodError`, an `invalid_graph` `DrawioError`, or an `Error` when Graphviz fails.
 *
 * @example
 * const { xml, ms } = await dotLayout({ direction: "right", nodes: [{ id: "a" }, { id: "b" }],
 *   edges: [{ from: "a", to: "b", label: "next" }] });
 */
export async function dotLayout(input: GraphSpecInput): Promise<DotLayout> {
  const spec = GraphSpecSchema.parse(input);
  checkSpec(spec);
  const { dot, boxes } = dotSource(spec);
  viz ??= instance();
  const graphviz = await viz;
  const started = performance.now();
  const result = graphviz.render(dot, { format: "json0" });
  const ms = performance.now() - started;
  const messages = graphvizMessages(result.errors);
  if (result.status !== "success") throw new Error(`Graphviz failed: ${messages.join("; ")}`);
  const json = DotJsonSchema.parse(JSON.parse(result.output));
  const taken = new Set([...spec.nodes.map((n) => n.id), ...spec.groups.map((g) => g.id)]);
  const root = taken.has("0") || taken.has("1") ? "__root" : "0";
  const layer = root === "0" ? "1" : "__layer";
  const { cells, unrouted, width, height } = dotCells(spec, boxes, json, layer);
  for (const i of unrouted) {
    const edge = spec.edges[i];
    messages.push(
      `edge ${i} (${edge?.from} -> ${edge?.to}) has no route from dot: written straight, ends free`,
    );
  }
  const background = themeBackground(spec.theme);
  const model =
    `<mxGraphModel dx="${width}" dy="${height}" grid="1" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="1" pageScale="1" pageWidth="${Math.max(850, width)}" pageHeight="${Math.max(1100, height)}" math="0" shadow="0"${background ? ` background="${background}"` : ""}>` +
    `<root><mxCell id="${root}"/><mxCell id="${layer}" parent="${root}"/>${cells.join("")}</root></mxGraphModel>`;
  const name = escapeAttribute(spec.title ?? "dot");
  const xml = `<mxfile><diagram id="dot" name="${name}">${model}</diagram></mxfile>`;
  return { xml, ms, dot, warnings: messages };
}

/**
 * Graphviz's messages as `level: text`, one per message: continuation lines (indented, as in
 * the node dump after "trouble in init_rank") are counted into the message they continue.
 */
function graphvizMessages(errors: readonly RenderError[]): string[] {
  const out: { text: string; more: number }[] = [];
  for (const { level, message } of errors) {
    const last = out[out.length - 1];
    if (/^\s/.test(message) && last) {
      last.more++;
      continue;
    }
    const text = message.trim().replace(/^(warning|error):\s*/i, "");
    out.push({ text: `${level ?? "error"}: ${text}`, more: 0 });
  }
  return out.map(({ text, more }) => (more > 0 ? `${text} (+${more} detail lines)` : text));
}
