/**
 * `df.diagrams`: stored diagrams created, listed, read, replaced, renamed, deleted, exported
 * (files, links, SVG, PNG) and re-laid out; the per-diagram resources hang off it.
 */
import { type PagePromise, paginate } from "../core/pagination.ts";
import { imageHeaders } from "../internal/image-headers.ts";
import type { RequestOptions, Transport } from "../internal/transport.ts";
import type {
  CreateDiagramParams,
  Diagram,
  DiagramSummary,
  ExportFormat,
  ExportLink,
  ExportParams,
  ListDiagramsParams,
  RelayoutParams,
  RelayoutResult,
  RenameDiagramParams,
  ReplaceDiagramParams,
  RetrieveDiagramParams,
} from "../types.ts";
import { cancelTurn, Messages, type TurnCancelled } from "./messages.ts";
import { Operations } from "./operations.ts";
import { Publications } from "./publications.ts";
import { diagramPath, type WriteOptions, writeHeaders } from "./shared.ts";
import { Tokens } from "./tokens.ts";
import { Versions } from "./versions.ts";

/**
 * A file export: the text of a `.drawio` file, a bare `<mxGraphModel>`, a compressed `<mxfile>`,
 * or an SVG image of one page.
 */
export interface ExportedFile {
  format: Exclude<ExportFormat, "url" | "png">;
  /** The file name the API suggests (e.g. `Checkout.drawio`), or null when it gives none. */
  filename: string | null;
  /** The media type, e.g. `application/vnd.jgraph.mxfile` or `image/svg+xml`. */
  contentType: string;
  /** The file's content: draw.io XML, or SVG. */
  content: string;
  /** For `svg`: shapes drawn as their bounding box because the renderer does not know them. */
  unknownShapes: string[];
}

/** A PNG image of one page: its bytes, as `export(id, { format: "png" })` gives them. */
export interface ExportedImage {
  format: "png";
  /** The file name the API suggests (e.g. `Checkout.png`). */
  filename: string | null;
  contentType: string;
  /** The PNG file's bytes. */
  content: Uint8Array;
  /** Shapes drawn as their bounding box because the renderer does not know them. */
  unknownShapes: string[];
  /** Label characters left out because no font the Worker may load draws them. */
  missingGlyphs: number;
}

/** `df.diagrams`: stored diagrams, and everything under one. */
export class Diagrams {
  /** Atomic batches of edits. */
  readonly operations: Operations;
  /** The version history. */
  readonly versions: Versions;
  /** The conversation with the agent. */
  readonly messages: Messages;
  /** Widget tokens for browsers. */
  readonly tokens: Tokens;
  /** Public, read-only links for docs pages. */
  readonly publications: Publications;
  readonly #t: Transport;

  /** Internal: reach it as `df.diagrams`. */
  constructor(transport: Transport) {
    this.#t = transport;
    this.operations = new Operations(transport);
    this.versions = new Versions(transport);
    this.messages = new Messages(transport);
    this.tokens = new Tokens(transport);
    this.publications = new Publications(transport);
  }

  /**
   * Stores a diagram as version 1: draw.io XML in any form, a `graph` spec to lay out, or
   * nothing for an empty page. Invalid XML is refused (422 with `problem.findings`).
   *
   * @example
   * const diagram = await df.diagrams.create({ title: "Checkout", xml });
   * const laidOut = await df.diagrams.create({ graph: { nodes: [{ id: "a", label: "Cart" }] } });
   */
  create(params: CreateDiagramParams = {}, options?: RequestOptions): Promise<Diagram> {
    return this.#t.json(
      { method: "POST", path: "/v1/diagrams", body: params, creates: true },
      options,
    );
  }

  /**
   * Your diagrams without XML, most recently changed first; `q` keeps those whose title
   * contains it (in any case). Await it for one page (with `total`, the number of matches), or
   * `for await` it for every diagram. A change shows in the list a moment after it is made.
   *
   * @example
   * const page = await df.diagrams.list({ q: "checkout", limit: 50 });
   * console.log(page.total, page.items.map((d) => d.title));
   * for await (const d of df.diagrams.list()) console.log(d.id, d.title, d.version);
   */
  list(params: ListDiagramsParams = {}, options?: RequestOptions): PagePromise<DiagramSummary> {
    return paginate(
      (cursor) =>
        this.#t.json(
          { method: "GET", path: "/v1/diagrams", query: { ...params, cursor } },
          options,
        ),
      params.cursor,
    );
  }

  /**
   * The diagram at its head version, with its XML (or `{ format: "compact" }` for the compact
   * text view).
   *
   * @example
   * const { version, xml } = await df.diagrams.retrieve(id);
   */
  retrieve(
    id: string,
    params: RetrieveDiagramParams = {},
    options?: RequestOptions,
  ): Promise<Diagram> {
    return this.#t.json({ method: "GET", path: diagramPath(id), query: params }, options);
  }

  /**
   * Saves new XML as a new version. `ifMatch` is required: the version you edited.
   *
   * @example
   * const saved = await df.diagrams.replace(id, { xml, message: "by hand" }, { ifMatch: 3 });
   */
  replace(
    id: string,
    params: ReplaceDiagramParams,
    options: WriteOptions & { ifMatch: number },
  ): Promise<Diagram> {
    return this.#t.json(
      { method: "PUT", path: diagramPath(id), body: params, headers: writeHeaders(options) },
      options,
    );
  }

  /**
   * Changes the title; no new version is made.
   *
   * @example
   * await df.diagrams.rename(id, { title: "Checkout v2" });
   */
  rename(
    id: string,
    params: RenameDiagramParams,
    options: Omit<WriteOptions, "ifMatch"> = {},
  ): Promise<Diagram> {
    return this.#t.json(
      { method: "PATCH", path: diagramPath(id), body: params, headers: writeHeaders(options) },
      options,
    );
  }

  /**
   * Deletes the diagram and its whole history, for good.
   *
   * @example
   * await df.diagrams.delete(id);
   */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.#t.json({ method: "DELETE", path: diagramPath(id) }, options);
  }

  /**
   * Exports the head version (or `version`): `drawio` (default, every page), `xml` (one page's
   * bare `<mxGraphModel>`), `compressed`, `url` (a diagrams.net link), `svg` (one page drawn
   * as a standalone image; `theme`, `scale`, `border`) or `png` (the same drawing as PNG bytes;
   * `transparent`).
   *
   * @example
   * const file = await df.diagrams.export(id, { format: "drawio" });
   * await writeFile(file.filename ?? "diagram.drawio", file.content);
   * const { url } = await df.diagrams.export(id, { format: "url" });
   * const { content: svg } = await df.diagrams.export(id, { format: "svg", scale: 2 });
   * const { content: png } = await df.diagrams.export(id, { format: "png", scale: 2 });
   */
  export(
    id: string,
    params: ExportParams & { format: "url" },
    options?: RequestOptions,
  ): Promise<ExportLink>;
  export(
    id: string,
    params: ExportParams & { format: "png" },
    options?: RequestOptions,
  ): Promise<ExportedImage>;
  export(
    id: string,
    params?: ExportParams & { format?: Exclude<ExportFormat, "url" | "png"> },
    options?: RequestOptions,
  ): Promise<ExportedFile>;
  async export(
    id: string,
    params: ExportParams = {},
    options?: RequestOptions,
  ): Promise<ExportedFile | ExportedImage | ExportLink> {
    const spec = { method: "GET", path: diagramPath(id, "/export"), query: params } as const;
    const format = params.format ?? "drawio";
    if (format === "png") {
      const { response, bytes } = await this.#t.bytes(spec, options);
      return { format, ...imageHeaders(response), content: bytes };
    }
    const { response, text } = await this.#t.read(spec, options);
    if (format === "url") return JSON.parse(text) as ExportLink;
    const { filename, contentType, unknownShapes } = imageHeaders(response);
    return { format, filename, contentType, content: text, unknownShapes };
  }

  /**
   * Tidies up a stored diagram: fresh positions and edge routes for a page (or one
   * container's inside), saved as a new version; every cell, label and style is kept.
   *
   * @example
   * const { version, moved } = await df.diagrams.layout(id, { direction: "right" });
   */
  layout(
    id: string,
    params: RelayoutParams = {},
    options: WriteOptions = {},
  ): Promise<RelayoutResult> {
    return this.#t.json(
      {
        method: "POST",
        path: diagramPath(id, "/layout"),
        body: params,
        headers: writeHeaders(options),
        creates: true,
      },
      options,
    );
  }

  /**
   * Cancels the agent turn running on the diagram; nothing of it is saved.
   *
   * @example
   * const { cancelled } = await df.diagrams.cancelTurn(id);
   */
  cancelTurn(id: string, options?: RequestOptions): Promise<TurnCancelled> {
    return cancelTurn(this.#t, id, options);
  }
}
