/**
 * Parsing an architecture diagram: `group`, `service` and `junction` declarations and the
 * edges between named sides (`db:R --> L:server`, `a{group}:B -[label]- T:b`).
 */
import {
  checkDepth,
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { mermaidBreaks } from "../syntax.ts";
import type { ArchEnd, ArchGroup, Architecture, ArchNode, Side } from "./model.ts";

const NAME = String.raw`[\p{L}\p{N}_][\p{L}\p{N}_-]*`;
const DECLARATION = new RegExp(
  String.raw`^(group|service|junction)\s+(${NAME})\s*(?:\(([^)]*)\))?\s*(?:\[([^\]]*)\])?\s*(?:in\s+(${NAME}))?$`,
  "u",
);
const EDGE = new RegExp(
  String.raw`^(${NAME})(\{group\})?\s*:\s*([LRTB])\s*(<)?-(?:\[([^\]]*)\])?-(>)?\s*([LRTB])\s*:\s*(${NAME})(\{group\})?$`,
  "u",
);

/**
 * Reads the statements of an architecture diagram. Ids must be declared before edges name
 * them, as Mermaid asks; a group must be declared before what is put in it.
 *
 * @example
 * parseArchitecture(readMermaid("architecture-beta\n  service a(server)[A]")).nodes.length; // 1
 */
export function parseArchitecture(source: MermaidSource): Architecture {
  const diagram: Architecture = { nodes: [], groups: [], edges: [], byId: new Map(), notes: [] };
  if (source.headerRest !== "") {
    throw mermaidSyntax(
      source.header,
      `unexpected "${source.headerRest}" after the header`,
      source.header.text.indexOf(source.headerRest),
    );
  }
  for (const at of source.lines) {
    const declared = DECLARATION.exec(at.text);
    if (declared) {
      declare(diagram, at, declared);
      continue;
    }
    const edge = EDGE.exec(at.text);
    if (edge) {
      readEdge(diagram, at, edge);
      continue;
    }
    const word = /^\S+/.exec(at.text)?.[0] ?? "";
    if (/^(group|service|junction)$/.test(word)) {
      throw mermaidSyntax(at, `write ${word} id(icon)[Title] in parent`, declaredError(at.text));
    }
    if (/^\S+\s+[^\s:{]/.test(at.text) && !/[:-]/.test(word)) {
      throw mermaidSyntax(
        at,
        `"${word}" is no statement: expected group, service, junction or an edge such as a:R --> L:b`,
      );
    }
    throw mermaidSyntax(
      at,
      "expected group, service, junction or an edge such as a:R --> L:b",
      edgeError(at.text),
    );
  }
  for (const group of diagram.groups) checkDepth(group.at, depthOf(diagram, group.id), "groups");
  return diagram;
}

/** Where a malformed declaration goes wrong: after its keyword and id. */
function declaredError(text: string): number {
  const m = new RegExp(String.raw`^\S+\s+(${NAME})?`, "u").exec(text);
  return m ? m[0].length : 0;
}

/** Where a malformed edge goes wrong: the first character the edge pattern cannot take. */
function edgeError(text: string): number {
  const steps = [
    new RegExp(String.raw`^${NAME}(\{group\})?`, "u"),
    /^\s*:/,
    /^\s*[LRTB]/,
    /^\s*<?-(\[[^\]]*\])?->?/,
    /^\s*[LRTB]\s*:/,
    new RegExp(String.raw`^\s*${NAME}(\{group\})?$`, "u"),
  ];
  let pos = 0;
  for (const step of steps) {
    const m = step.exec(text.slice(pos));
    if (!m) return pos + (/^\s*/.exec(text.slice(pos))?.[0].length ?? 0);
    pos += m[0].length;
  }
  return pos;
}

function declare(diagram: Architecture, at: SourceLine, m: RegExpExecArray): void {
  const [, kind, id = "", icon, title, parent] = m;
  if (diagram.byId.has(id)) throw mermaidSyntax(at, `${id} is declared twice`, at.text.indexOf(id));
  if (parent !== undefined) {
    const container = diagram.byId.get(parent);
    if (!container || "kind" in container) {
      throw mermaidSyntax(
        at,
        `${parent} is no group declared before this line`,
        at.text.lastIndexOf(parent),
      );
    }
  }
  if (diagram.byId.size >= MAX_MERMAID_NODES) throw tooManyNodes(at);
  const base = {
    id,
    title: mermaidBreaks((title ?? "").replace(/^"(.*)"$/, "$1")),
    at,
    ...(icon === undefined || icon.trim() === "" ? {} : { icon: icon.trim() }),
    ...(parent === undefined ? {} : { parent }),
  };
  if (kind === "group") {
    const group: ArchGroup = base;
    diagram.groups.push(group);
    diagram.byId.set(id, group);
    return;
  }
  const node: ArchNode = { kind: kind === "junction" ? "junction" : "service", ...base };
  if (kind === "junction" && (icon !== undefined || title !== undefined)) {
    diagram.notes.push(
      `line ${at.line}: junction ${id} is drawn as a point; its icon and title were left out`,
    );
  }
  diagram.nodes.push(node);
  diagram.byId.set(id, node);
}

function readEdge(diagram: Architecture, at: SourceLine, m: RegExpExecArray): void {
  const end = (
    id: string,
    group: string | undefined,
    side: string,
    arrow: string | undefined,
    column: number,
  ): ArchEnd => {
    const node = diagram.byId.get(id);
    if (!node) throw mermaidSyntax(at, `${id} is not declared before this edge`, column);
    if (!("kind" in node))
      throw mermaidSyntax(
        at,
        `${id} is a group: an edge joins services or junctions (add {group} to leave a group)`,
        column,
      );
    if (group !== undefined && node.parent === undefined) {
      throw mermaidSyntax(at, `${id}{group}: ${id} is in no group`, column);
    }
    return { id, side: side as Side, group: group !== undefined, arrow: arrow !== undefined };
  };
  const from = end(m[1] as string, m[2], m[3] as string, m[4], 0);
  const to = end(m[8] as string, m[9], m[7] as string, m[6], at.text.lastIndexOf(m[8] as string));
  diagram.edges.push({ from, to, label: mermaidBreaks(m[5] ?? ""), at });
}

function depthOf(diagram: Architecture, id: string): number {
  let depth = 0;
  let current: string | undefined = id;
  while (current !== undefined && depth <= 60) {
    depth++;
    current = diagram.byId.get(current)?.parent;
  }
  return depth;
}
