/**
 * The diagram object's in-memory copy of its head version (XML, parsed document, JSON and
 * compact views), so hot reads and edits of the head skip SQLite.
 */
import { type DiagramDocument, parseDiagram } from "../drawio/index.ts";
import type { DiagramStats, Finding } from "../schemas/diagram.ts";
import { versionNotFound } from "./problems.ts";
import type { DiagramRow, DiagramStore } from "./store.ts";
import { compactOf, type DiagramView } from "./views.ts";

/** The head version as the object keeps it in memory; the document is parsed on first use. */
export interface Head {
  n: number;
  xml: string;
  stats: DiagramStats;
  document?: DiagramDocument;
}

/**
 * The diagram object's memory of its head version: the XML, the parsed document and the views
 * made from them (the API's JSON, the compact view), each made once per version and kept until
 * the head moves. Reads of the hot path (GET, operations on the head) never touch SQLite.
 *
 * @example
 * const resident = new ResidentHead(store);
 * const head = resident.load(row.head);
 * applyOperations(resident.document(head), operations);
 */
export class ResidentHead {
  readonly #store: DiagramStore;
  #head: Head | undefined;
  /** The head's API view as JSON, keyed by head, title and update time. */
  #json: { key: string; json: string } | undefined;
  /** The head's compact view, keyed by head version. */
  #compact: { n: number; text: string } | undefined;

  constructor(store: DiagramStore) {
    this.#store = store;
  }

  /** Version `n` becomes the head (just written: its XML, stats and, when known, document). */
  set(head: Head): void {
    this.#head = head;
  }

  /** Forgets everything (the diagram was deleted). */
  clear(): void {
    this.#head = undefined;
    this.#json = undefined;
    this.#compact = undefined;
  }

  /** The head version `n`, from memory when it is the one kept, else from the store. */
  load(n: number): Head {
    if (this.#head?.n === n) return this.#head;
    const summary = this.#store.summary(n);
    if (!summary) throw new Error(`head version ${n} is missing`);
    this.#head = { n, xml: this.xmlOf(n), stats: summary.stats };
    return this.#head;
  }

  /** The head's parsed document (parsed once). */
  document(head: Head): DiagramDocument {
    head.document ??= parseDiagram(head.xml);
    return head.document;
  }

  /**
   * Version `n` as XML and parsed: the head (`headN`) from memory, parsed once; another version
   * read and parsed. A missing version is a 404.
   */
  versionDocument(headN: number, n: number): { xml: string; document: DiagramDocument } {
    if (n === headN) {
      const head = this.load(headN);
      return { xml: head.xml, document: this.document(head) };
    }
    const xml = this.xmlOf(n);
    return { xml, document: parseDiagram(xml) };
  }

  /** The XML of any version; the head's without a read. */
  xmlOf(n: number): string {
    if (this.#head?.n === n) return this.#head.xml;
    return this.#store.xml(n) ?? versionNotFound(n);
  }

  /** The head's compact view, made once per version. */
  compact(head: Head): string {
    if (this.#compact?.n !== head.n) {
      this.#compact = { n: head.n, text: compactOf(this.document(head)) };
    }
    return this.#compact.text;
  }

  /** The head's API view as JSON for `key` (head, title, update time), made once per key. */
  json(key: string, make: () => string): string {
    if (this.#json?.key !== key) this.#json = { key, json: make() };
    return this.#json.json;
  }

  /** The API view of the head: with its XML, its compact view, or neither. */
  view(row: DiagramRow, format: "xml" | "compact" | "none", warnings?: Finding[]): DiagramView {
    const head = this.load(row.head);
    const view: DiagramView = {
      id: row.id,
      title: row.title,
      version: row.head,
      created_at: row.created_at,
      updated_at: row.updated_at,
      stats: head.stats,
    };
    if (format === "compact") {
      view.compact = this.compact(head);
    } else if (format === "xml") {
      view.xml = head.xml;
    }
    if (warnings && warnings.length > 0) view.warnings = warnings;
    return view;
  }
}
