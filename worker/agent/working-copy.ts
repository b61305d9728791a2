/**
 * The in-memory diagram an agent turn edits through its tools: every change checked, repaired
 * and linted, or refused with problems in words the model can act on.
 */
import {
  applyHouseTheme,
  applyOperations,
  checkCompleteness,
  cloneElement,
  compactView,
  convertMermaid,
  type DiagramDocument,
  type Direction,
  DrawioError,
  type GraphSpecInput,
  getCellXml,
  type HouseTheme,
  idPrefixOf,
  type LibraryShapes,
  layoutGraph,
  lintDocument,
  listCells,
  listSelectedCells,
  relayoutPage,
  repairDiagram,
  type ShapeNames,
  serializeCell,
  serializeDiagram,
  validateDocument,
  type XmlElement,
} from "../drawio/index.ts";
import { IdAliases } from "./id-aliases.ts";

/** What a tool tells the model: success or the problem to fix, in plain words. */
export interface ToolOutcome {
  ok: boolean;
  /** Written for the model: what happened, and what to fix when something is wrong. */
  message: string;
}

/** Options for {@link WorkingCopy}. */
export interface WorkingCopyOptions {
  /**
   * The shape catalogue: unknown shape names are reported, and every library shape a graph,
   * an operation or a raw cell names gets draw.io's exact style for it.
   */
  shapes?: ShapeNames & LibraryShapes;
  /**
   * The team's house style: graphs that do not say otherwise are drawn in its direction and
   * colours (`applyHouseTheme`); what it gave is collected in {@link WorkingCopy.houseApplied}.
   */
  house?: HouseTheme;
}

/** Wrapper tags a continuation must not restart with. */
const WRAPPER = /^\s*(<\?xml[^>]*>\s*)?<(mxfile|diagram|mxGraphModel|root)[\s>]/;
/** At most this many lint warnings go back to the model after a change. */
const MAX_WARNINGS = 8;

/**
 * The diagram an agent turn works on, in memory. Every change is checked (and raw XML repaired)
 * before it is taken; a change that would leave errors is refused with them, so the model can
 * fix its call. Nothing here is stored: the turn commits the final document, or nothing.
 *
 * @example
 * const copy = new WorkingCopy(doc);
 * copy.edit([{ op: "set_label", id: "3", value: "Pay" }]); // { ok: true, message: "…" }
 */
export class WorkingCopy {
  document: DiagramDocument;
  /** True once any change was taken. */
  changed = false;
  /** A title the model proposed for the diagram. */
  title: string | undefined;
  /** What the house style gave the diagrams drawn this turn, in words ("direction right"). */
  readonly houseApplied = new Set<string>();
  /** Raw cells the model started writing but whose output was cut off. */
  #partial: string | undefined;
  readonly #shapes: (ShapeNames & LibraryShapes) | undefined;
  readonly #house: HouseTheme | undefined;
  /** Ids the model saw abbreviated (`~17`), fixed for the turn. */
  readonly #ids: IdAliases;

  constructor(document: DiagramDocument, options: WorkingCopyOptions = {}) {
    this.document = document;
    this.#shapes = options.shapes;
    this.#house = options.house;
    const first = document.pages[0];
    this.#ids = new IdAliases(first ? idPrefixOf(first) : undefined);
  }

  /** The compact view the model reads, ids abbreviated the same way for the whole turn. */
  view(): string {
    return compactView(this.document, { abbreviateIds: true, idPrefix: this.#ids.prefix });
  }

  /** The diagram as draw.io XML. */
  xml(): string {
    return serializeDiagram(this.document);
  }

  /** The compact view, one cell's XML, or the cells an XPath selects. */
  read(view: "compact" | "cell" | "xpath", target?: string): ToolOutcome {
    const page = this.document.pages[0];
    if (!page) return { ok: false, message: "the diagram has no page" };
    if (view === "compact") return { ok: true, message: this.view() };
    if (!target)
      return {
        ok: false,
        message: `give the ${view === "cell" ? "cell id" : "XPath expression"} to read`,
      };
    if (view === "cell") {
      const xml = getCellXml(page, this.#ids.id(target));
      return xml === undefined
        ? { ok: false, message: `there is no cell "${target}"` }
        : { ok: true, message: xml };
    }
    try {
      const cells = listSelectedCells(page, this.#ids.xpath(target));
      return { ok: true, message: cells.length === 0 ? "no cell matches" : JSON.stringify(cells) };
    } catch (error) {
      if (error instanceof DrawioError) return { ok: false, message: error.message };
      throw error;
    }
  }

  /**
   * Draws a graph spec: the whole diagram when it is empty (or `replace`); into the diagram when
   * the graph names existing cells (an edge to an existing id, a node in an existing container),
   * placed and routed by the engine without moving anything; else a new section beside it.
   */
  async createFromGraph(graph: GraphSpecInput, replace: boolean): Promise<ToolOutcome> {
    if (!replace && this.#connectsToExisting(graph)) {
      // A node the model repeats from the diagram is a reference to it, not a new shape.
      const page = this.document.pages[0];
      const taken = new Set(page?.cells.map((c) => c.attrs.id));
      const nodes = graph.nodes.filter((n) => !taken.has(this.#ids.id(n.id)));
      const { edges, groups } = graph;
      const outcome = this.edit([{ op: "add_graph", graph: { nodes, edges, groups } }]);
      if (!outcome.ok) return outcome;
      return {
        ok: true,
        message: `placed ${nodes.length} new node(s) and ${edges?.length ?? 0} edge(s) into the diagram, connected to what was there; nothing else moved. ${outcome.message}`,
      };
    }
    const house = this.#house ? applyHouseTheme(graph, this.#house) : undefined;
    let laid: Awaited<ReturnType<typeof layoutGraph>>;
    try {
      laid = await layoutGraph(house?.graph ?? graph, this.#shapes ? { shapes: this.#shapes } : {});
    } catch (error) {
      if (error instanceof DrawioError && error.problems)
        return {
          ok: false,
          message: `the graph is not valid: ${error.problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`,
        };
      if (error instanceof Error && error.name === "ZodError")
        return { ok: false, message: `the graph does not match the schema: ${error.message}` };
      throw error;
    }
    const notes = laid.notes.length > 0 ? ` (${laid.notes.map((n) => n.message).join("; ")})` : "";
    for (const part of house?.applied ?? []) this.houseApplied.add(part);
    return this.#place(
      laid.document,
      replace,
      `laid out ${counted(graph.nodes.length, "node")} and ${counted(graph.edges?.length ?? 0, "edge")}${notes}`,
      "laid-out section",
    );
  }

  /** True when the graph names a cell of the diagram: an edge end, a node's group, a group's parent. */
  #connectsToExisting(graph: GraphSpecInput): boolean {
    const page = this.document.pages[0];
    if (!page) return false;
    const ids = new Set(page.cells.map((c) => c.attrs.id));
    // A node the graph repeats from the diagram names the existing cell as well.
    const existing = (id: string | undefined) => id !== undefined && ids.has(this.#ids.id(id));
    return (
      (graph.edges ?? []).some((e) => existing(e.from) || existing(e.to)) ||
      graph.nodes.some((n) => existing(n.group)) ||
      (graph.groups ?? []).some((g) => existing(g.parent))
    );
  }

  /**
   * Draws Mermaid (any type `convertMermaid` takes) as real cells: the whole diagram
   * when it is empty or `replace` is set, else a section beside it. Text that does not parse
   * is answered with its line and column, for the model to fix.
   */
  async createFromMermaid(mermaid: string, replace: boolean): Promise<ToolOutcome> {
    let converted: Awaited<ReturnType<typeof convertMermaid>>;
    try {
      converted = await convertMermaid(mermaid, this.#shapes ? { shapes: this.#shapes } : {});
    } catch (error) {
      if (error instanceof DrawioError) return { ok: false, message: error.message };
      throw error;
    }
    if (converted.title) this.title = converted.title;
    const notes = converted.notes.length > 0 ? ` (${converted.notes.join(" ")})` : "";
    return this.#place(
      converted.document,
      replace,
      `converted the ${converted.type} diagram: ${counted(converted.nodes, "node")} and ${counted(converted.edges, "edge")}${notes}`,
      `converted ${converted.type} diagram`,
    );
  }

  /** Takes a drawn document as the diagram (empty diagram or `replace`) or as a section beside it. */
  #place(drawn: DiagramDocument, replace: boolean, done: string, section: string): ToolOutcome {
    const page = this.document.pages[0];
    const empty = !page || listCells(page).every((c) => c.kind === "layer" || c.kind === "root");
    if (replace || empty) {
      this.document = drawn;
      this.changed = true;
      return this.#after(done);
    }
    return this.#addCells(besides(page, drawn), `added the ${section} beside the diagram`);
  }

  /** Adds raw `<mxCell>` elements; cut-off output is kept until {@link continueCells} completes it. */
  writeCells(xml: string): ToolOutcome {
    this.#partial = undefined;
    return this.#takeCells(xml);
  }

  /** Continues raw cells whose output was cut off. */
  continueCells(xml: string): ToolOutcome {
    if (this.#partial === undefined) {
      return { ok: false, message: "there is no unfinished output to continue; use write_cells" };
    }
    if (WRAPPER.test(xml)) {
      return {
        ok: false,
        message:
          "continue exactly where the output stopped: do not start again with <mxfile>, <mxGraphModel> or <root>",
      };
    }
    return this.#takeCells(this.#partial + xml);
  }

  /** Applies a batch of operations, all or nothing. */
  edit(operations: unknown[]): ToolOutcome {
    try {
      const { document, changed, deleted } = applyOperations(
        this.document,
        operations.map((op) => this.#ids.operation(op)),
        this.#shapes ? { shapes: this.#shapes } : {},
      );
      this.document = document;
      this.changed = true;
      return this.#after(`changed ${changed.length} cell(s), deleted ${deleted.length}`);
    } catch (error) {
      if (error instanceof DrawioError) {
        return {
          ok: false,
          message: `${error.message}. Nothing was changed; fix that operation and send the batch again.`,
        };
      }
      throw error;
    }
  }

  /** Recomputes positions and routes, of the page or of one container. */
  async relayout(containerId: string | undefined, direction: Direction): Promise<ToolOutcome> {
    try {
      const { document, moved } = await relayoutPage(this.document, {
        direction,
        ...(containerId === undefined ? {} : { containerId: this.#ids.id(containerId) }),
      });
      this.document = document;
      this.changed = true;
      return this.#after(`placed ${moved.length} cell(s) anew`);
    } catch (error) {
      if (error instanceof DrawioError) return { ok: false, message: error.message };
      throw error;
    }
  }

  #takeCells(written: string): ToolOutcome {
    const text = this.#ids.xml(written);
    const completeness = checkCompleteness(text);
    if (!completeness.complete) {
      this.#partial = text;
      return {
        ok: false,
        message: `your output was cut off (${completeness.reason ?? "unfinished"}); it is kept: call continue_cells with exactly the text that comes next`,
      };
    }
    this.#partial = undefined;
    const repaired = repairDiagram(text);
    // The page's root and default layer are the diagram's already: they add nothing.
    const cells = repaired.document?.pages[0]?.cells.filter((c) => {
      if (c.attrs.id === "1" && c.attrs.parent === "0") return false;
      const parent = c.attrs.parent;
      return parent !== undefined || c.children.some((g) => "name" in g && g.name === "mxCell");
    });
    if (!repaired.document || !cells || cells.length === 0) {
      return {
        ok: false,
        message: `no cells could be read: ${repaired.findings.map((f) => f.message).join("; ")}`,
      };
    }
    const fixed =
      repaired.changes.length > 0
        ? ` (repaired: ${repaired.changes.map((c) => c.message).join("; ")})`
        : "";
    return this.#addCells(cells, `added ${cells.length} cell(s)${fixed}`);
  }

  #addCells(cells: DiagramDocument["pages"][number]["cells"], done: string): ToolOutcome {
    const operations = cells.map((cell) => ({ op: "add", xml: serializeCell(cell) }));
    const outcome = this.edit(operations);
    return outcome.ok ? { ok: true, message: `${done}. ${outcome.message}` } : outcome;
  }

  /** Validation errors stop nothing here (operations already refused them); warnings go back. */
  #after(done: string): ToolOutcome {
    const findings = [
      ...validateDocument(this.document, this.#shapes ? { shapes: this.#shapes } : {}),
      ...lintDocument(this.document),
    ];
    const errors = findings.filter((f) => f.severity === "error");
    const warnings = findings.filter((f) => f.severity === "warning").slice(0, MAX_WARNINGS);
    const notes = [...errors, ...warnings].map(
      (f) => `- ${f.code}${f.cellId ? ` (${f.cellId})` : ""}: ${f.message}`,
    );
    return {
      ok: errors.length === 0,
      message: notes.length
        ? `${done}. Check these:\n${notes.join("\n")}`
        : `${done}. No problems found.`,
    };
  }
}

/**
 * The cells of a laid-out section, ready to add beside an existing page: moved to the right of
 * everything on it, ids that are taken renamed (references follow).
 */
function besides(page: DiagramDocument["pages"][number], section: DiagramDocument): XmlElement[] {
  const taken = new Set(listCells(page).map((c) => c.id));
  let right = 0;
  for (const cell of listCells(page)) {
    if (cell.kind === "vertex" && cell.rect) right = Math.max(right, cell.rect.x + cell.rect.width);
  }
  const cells = (section.pages[0]?.cells ?? []).slice(2).map(cloneElement);
  const renames = new Map<string, string>();
  for (const cell of cells) {
    const id = cell.attrs.id;
    if (id === undefined || !taken.has(id)) continue;
    let fresh = `${id}-2`;
    for (let n = 3; taken.has(fresh); n++) fresh = `${id}-${n}`;
    taken.add(fresh);
    renames.set(id, fresh);
  }
  const shift = right > 0 ? right + 80 : 0;
  for (const cell of cells) {
    for (const key of ["id", "parent", "source", "target"]) {
      const value = cell.attrs[key];
      if (value !== undefined && renames.has(value)) cell.attrs[key] = renames.get(value) as string;
    }
    if (cell.attrs.parent !== "1" || shift === 0) continue;
    for (const geometry of cell.children) {
      if (!("name" in geometry) || geometry.name !== "mxGeometry") continue;
      if (cell.attrs.vertex === "1")
        geometry.attrs.x = String(Number(geometry.attrs.x ?? 0) + shift);
      for (const points of geometry.children) {
        if (!("name" in points) || points.attrs.as !== "points") continue;
        for (const point of points.children) {
          if ("name" in point) point.attrs.x = String(Number(point.attrs.x ?? 0) + shift);
        }
      }
    }
  }
  return cells;
}

/** "1 node", "3 nodes". */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
