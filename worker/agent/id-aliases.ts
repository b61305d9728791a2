/**
 * Maps the short `~N` ids of the abbreviated compact view back to full cell ids wherever the
 * model writes one (cell ids, raw XML attributes, XPath literals, operation fields).
 */
import { expandId } from "../drawio/index.ts";

/** An abbreviated id in a quoted XML attribute that names a cell. */
const XML_ID_ATTRIBUTE = /\b(id|parent|source|target)=(["'])~(\d+)\2/g;
/** An abbreviated id as a quoted XPath literal. */
const XPATH_LITERAL = /(["'])~(\d+)\1/g;

/**
 * Turns ids the model copied from an abbreviated compact view (`~17`) back into the diagram's
 * ids (`3nuBFxr9cyL0pnOWT2aG-17`), wherever the model may write one: a cell id, the id-naming
 * attributes of raw cell XML, an XPath literal, and the fields of an operation. Labels and other
 * text are left alone, so a label that reads "~5" stays "~5".
 *
 * @example
 * const ids = new IdAliases("3nuBFxr9cyL0pnOWT2aG-");
 * ids.id("~17"); // "3nuBFxr9cyL0pnOWT2aG-17"
 */
export class IdAliases {
  readonly prefix: string | undefined;

  constructor(prefix: string | undefined) {
    this.prefix = prefix;
  }

  /** One cell id. */
  id(id: string): string;
  id(id: string | undefined): string | undefined;
  id(id: string | undefined): string | undefined {
    return id === undefined ? undefined : expandId(id, this.prefix);
  }

  /** Raw `<mxCell>` XML: only `id`, `parent`, `source` and `target` values. */
  xml(xml: string): string {
    if (this.prefix === undefined) return xml;
    const prefix = this.prefix;
    return xml.replace(XML_ID_ATTRIBUTE, (_, name, q, n) => `${name}=${q}${prefix}${n}${q}`);
  }

  /** An XPath expression: quoted literals that are abbreviated ids. */
  xpath(expression: string): string {
    if (this.prefix === undefined) return expression;
    const prefix = this.prefix;
    return expression.replace(XPATH_LITERAL, (_, q, n) => `${q}${prefix}${n}${q}`);
  }

  /** An operation as the model wrote it, with its ids expanded. */
  operation(operation: unknown): unknown {
    if (this.prefix === undefined || typeof operation !== "object" || operation === null) {
      return operation;
    }
    const op = { ...(operation as Record<string, unknown>) };
    if (typeof op.id === "string") op.id = this.id(op.id);
    if (typeof op.select === "string") op.select = this.xpath(op.select);
    if (typeof op.xml === "string") op.xml = this.xml(op.xml);
    if (typeof op.graph === "object" && op.graph !== null) op.graph = this.graph(op.graph);
    return op;
  }

  /** A graph for `add_graph`: edge ends, node groups and group parents may be existing ids. */
  graph(graph: unknown): unknown {
    if (this.prefix === undefined || typeof graph !== "object" || graph === null) return graph;
    const g = { ...(graph as Record<string, unknown>) };
    const each = (list: unknown, keys: readonly string[]) =>
      Array.isArray(list)
        ? list.map((item) => {
            if (typeof item !== "object" || item === null) return item;
            const out = { ...(item as Record<string, unknown>) };
            for (const key of keys) {
              const value = out[key];
              if (typeof value === "string") out[key] = this.id(value);
            }
            return out;
          })
        : list;
    g.nodes = each(g.nodes, ["group", "parent"]);
    g.edges = each(g.edges, ["from", "to"]);
    g.groups = each(g.groups, ["parent"]);
    return g;
  }
}
