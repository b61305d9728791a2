/**
 * Reads a Mermaid requirement diagram statement by statement: requirement and element blocks,
 * relationships (`a - satisfies -> b`, `b <- copies - a`), `title`, `direction`, and the
 * `classDef` / `class` / `:::` / `style` statements.
 */
import { CellIds } from "../cell-ids.ts";
import { ClassDefs, readCss } from "../class-defs.ts";
import {
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { readDirection } from "../syntax.ts";
import { readField, unquote } from "./fields.ts";
import {
  RELATIONSHIP_TYPES,
  type Relationship,
  type RequirementDiagram,
  type RequirementNode,
} from "./model.ts";

/** The block keywords (Mermaid reads them in any case) and the stereotype each shows. */
const KINDS: Record<string, string> = {
  requirement: "Requirement",
  functionalrequirement: "Functional Requirement",
  interfacerequirement: "Interface Requirement",
  performancerequirement: "Performance Requirement",
  physicalrequirement: "Physical Requirement",
  designconstraint: "Design Constraint",
  element: "Element",
};

const NAME = String.raw`("[^"]*"|[^\s"<>:{}-][^"<>:{}-]*?)`;
const BLOCK = new RegExp(String.raw`^(\w+)\s+${NAME}\s*(?::::\s*([\w,\s-]+?))?\s*\{\s*(\})?$`);
const FORWARD = new RegExp(String.raw`^${NAME}\s*-\s*(\w+)\s*->\s*${NAME}$`);
const BACKWARD = new RegExp(String.raw`^${NAME}\s*<-\s*(\w+)\s*-\s*${NAME}$`);

/** A statement that names nodes, kept until every node is declared. */
interface Pending {
  at: SourceLine;
  run: (nodeOf: (name: string, column: number) => RequirementNode) => void;
}

interface Context {
  diagram: RequirementDiagram;
  byName: Map<string, RequirementNode>;
  body?: RequirementNode;
  pending: Pending[];
}

/**
 * Parses the statements of a requirement diagram. Unknown statements, body keys and
 * enumeration values, relationship types, unclosed blocks and names never declared are
 * refused with their line and column.
 *
 * @example
 * parseRequirementDiagram(readMermaid("requirementDiagram\nelement e {\n}")).nodes[0].name; // "e"
 */
export function parseRequirementDiagram(source: MermaidSource): RequirementDiagram {
  if (source.headerRest !== "") {
    throw mermaidSyntax(
      source.header,
      "requirementDiagram stands alone on its line",
      source.header.text.indexOf(source.headerRest),
    );
  }
  const context: Context = {
    diagram: {
      nodes: [],
      relationships: [],
      classDefs: new ClassDefs(),
      ids: new CellIds(),
      remarks: [],
      ...(source.title === undefined ? {} : { title: source.title }),
    },
    byName: new Map(),
    pending: [],
  };
  for (const at of source.lines) statement(context, at);
  if (context.body) {
    throw mermaidSyntax(context.body.at, `${context.body.name} is never closed with }`);
  }
  for (const { at, run } of context.pending) {
    run((name, column) => {
      const node = context.byName.get(name);
      if (!node) throw mermaidSyntax(at, `no requirement or element is named ${name}`, column);
      return node;
    });
  }
  return context.diagram;
}

/** Reads one statement line. */
function statement(context: Context, at: SourceLine): void {
  const text = at.text;
  if (context.body) {
    const node = context.body;
    const closing = text.endsWith("}");
    const inner = closing ? text.slice(0, -1).trim() : text;
    if (inner !== "") readField({ ...at, text: inner }, node.isElement, node.fields);
    if (closing) context.body = undefined;
    return;
  }
  const title = /^title\s+(.*)$/.exec(text);
  if (title) {
    context.diagram.title = (title[1] ?? "").trim();
    return;
  }
  const direction = /^direction\s+(\S+)$/.exec(text);
  if (direction) {
    context.diagram.direction = readDirection(direction[1] ?? "", at);
    return;
  }
  if (/^(classDef|class|style)\s/.test(text)) {
    styleStatement(context, at);
    return;
  }
  const block = BLOCK.exec(text);
  if (block && KINDS[(block[1] as string).toLowerCase()]) {
    declare(context, at, block);
    return;
  }
  const relation = FORWARD.exec(text) ?? BACKWARD.exec(text);
  if (relation) {
    relate(context, at, relation, FORWARD.test(text));
    return;
  }
  const shorthand = /^("[^"]*"|[^\s:]+)\s*:::\s*([\w,\s-]+)$/.exec(text);
  if (shorthand) {
    const name = unquote(shorthand[1] as string);
    const classes = splitNames(shorthand[2] as string);
    context.pending.push({ at, run: (nodeOf) => nodeOf(name, 0).classes.push(...classes) });
    return;
  }
  throw mermaidSyntax(
    at,
    "not a requirement diagram statement: a requirement or element block, a relationship such as a - satisfies -> b, or a style",
  );
}

function splitNames(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** A `requirement name {` or `element name {` line: a new node, its body following. */
function declare(context: Context, at: SourceLine, m: RegExpExecArray): void {
  const name = unquote(m[2] as string);
  const taken = context.byName.get(name);
  if (taken) {
    throw mermaidSyntax(
      at,
      `${name} is already declared on line ${taken.at.line}`,
      at.text.indexOf(m[2] as string),
    );
  }
  if (context.diagram.nodes.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
  const stereotype = KINDS[(m[1] as string).toLowerCase()] as string;
  const node: RequirementNode = {
    id: context.diagram.ids.claim(name),
    name,
    stereotype,
    isElement: stereotype === "Element",
    fields: [],
    classes: m[3] ? splitNames(m[3]) : [],
    css: [],
    at,
  };
  context.byName.set(name, node);
  context.diagram.nodes.push(node);
  if (m[4] !== "}") context.body = node;
}

/** A relationship line, its ends resolved once every node is declared. */
function relate(context: Context, at: SourceLine, m: RegExpExecArray, forward: boolean): void {
  const type = (m[2] as string).toLowerCase();
  if (!(RELATIONSHIP_TYPES as readonly string[]).includes(type)) {
    throw mermaidSyntax(
      at,
      `the relationship is one of ${RELATIONSHIP_TYPES.join(", ")}`,
      at.text.indexOf(m[2] as string, (m[1] as string).length),
    );
  }
  const first = m[1] as string;
  const second = m[3] as string;
  const secondAt = at.text.lastIndexOf(second);
  context.pending.push({
    at,
    run: (nodeOf) => {
      const a = nodeOf(unquote(first), 0);
      const b = nodeOf(unquote(second), secondAt);
      const relationship: Relationship = {
        from: forward ? a : b,
        to: forward ? b : a,
        type: type as Relationship["type"],
        at,
      };
      context.diagram.relationships.push(relationship);
    },
  });
}

/** `classDef names css`, `class nodes classes`, `style nodes css`. */
function styleStatement(context: Context, at: SourceLine): void {
  const m = /^(classDef|class|style)\s+("[^"]*"|[^\s]+(?:\s*,\s*[^\s,]+)*)\s+(.+)$/.exec(at.text);
  if (!m) throw mermaidSyntax(at, `${at.text.split(/\s/)[0]} names what it styles, then how`);
  const keyword = m[1] as string;
  const names = splitNames(m[2] as string).map(unquote);
  const rest = (m[3] as string).replace(/;\s*$/, "");
  const restAt = at.text.lastIndexOf(m[3] as string);
  if (keyword === "class") {
    const classes = splitNames(rest);
    context.pending.push({
      at,
      run: (nodeOf) => {
        for (const name of names) nodeOf(name, m[0].indexOf(name)).classes.push(...classes);
      },
    });
    return;
  }
  const { style, unsupported } = readCss(rest, at, restAt);
  for (const property of unsupported) {
    context.diagram.remarks.push(
      `${keyword} on line ${at.line}: ${property} has no draw.io counterpart; it is not drawn`,
    );
  }
  if (keyword === "classDef") {
    context.diagram.classDefs.define(names, style);
    return;
  }
  context.pending.push({
    at,
    run: (nodeOf) => {
      for (const name of names) nodeOf(name, at.text.indexOf(name)).css.push(style);
    },
  });
}
