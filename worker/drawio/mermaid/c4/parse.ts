/**
 * Reads a Mermaid C4 diagram statement by statement: element, boundary and relationship calls,
 * `{ … }` blocks, `title`, `direction`, and the style updates, into a {@link C4Diagram}.
 */
import { CellIds } from "../cell-ids.ts";
import {
  checkDepth,
  MAX_MERMAID_NODES,
  type MermaidSource,
  mermaidSyntax,
  type SourceLine,
  tooManyNodes,
} from "../source.ts";
import { readDirection } from "../syntax.ts";
import { type Argument, namedArguments, readArguments } from "./arguments.ts";
import {
  BOUNDARY_CALLS,
  ELEMENT_CALLS,
  NOTED_CALLS,
  RELATION_CALLS,
  UPDATE_CALLS,
} from "./calls.ts";
import type { C4Boundary, C4Diagram, C4Element } from "./model.ts";
import { applyUpdate, type PendingCall, resolveRelation } from "./resolve.ts";

interface Context {
  diagram: C4Diagram;
  ids: CellIds;
  elements: Map<string, C4Element>;
  boundaries: Map<string, C4Boundary>;
  /** The boundaries open around the current line, innermost last. */
  open: C4Boundary[];
  /** A boundary whose `{` is expected on the next line. */
  awaiting?: C4Boundary;
  relations: PendingCall[];
  updates: PendingCall[];
  noted: Set<string>;
}

/**
 * Parses the statements of a C4 diagram. Unknown statements, unclosed blocks, strings or
 * argument lists, duplicate aliases and relationships to undeclared elements are refused with
 * their line and column.
 *
 * @example
 * parseC4(readMermaid('C4Context\nPerson(a, "Alice")')).elements[0].name; // "Alice"
 */
export function parseC4(source: MermaidSource): C4Diagram {
  const flavour = /^\w+/.exec(source.header.text)?.[0] ?? "C4Context";
  if (source.headerRest !== "") {
    throw mermaidSyntax(
      source.header,
      `${flavour} stands alone on its line`,
      source.header.text.indexOf(source.headerRest),
    );
  }
  const context: Context = {
    diagram: { flavour, elements: [], boundaries: [], relations: [], remarks: [] },
    ids: new CellIds(),
    elements: new Map(),
    boundaries: new Map(),
    open: [],
    relations: [],
    updates: [],
    noted: new Set(),
  };
  if (source.title !== undefined) context.diagram.title = source.title;
  for (const at of source.lines) statement(context, at);
  const unclosed = context.awaiting ?? context.open[context.open.length - 1];
  if (unclosed) {
    throw mermaidSyntax(unclosed.at, `the boundary ${unclosed.alias} is never closed with }`);
  }
  for (const call of context.relations) {
    const relation = resolveRelation(call, context.elements, context.boundaries, context.diagram);
    if (!relation) continue;
    // A dynamic diagram numbers its relationships in order, as Mermaid draws them.
    const n = context.diagram.relations.length + 1;
    if (flavour === "C4Dynamic" && relation.index === undefined) relation.index = String(n);
    context.diagram.relations.push(relation);
  }
  const moved = context.updates
    .filter((call) => applyUpdate(call, context.elements, context.diagram))
    .map((call) => call.at.line);
  if (moved.length > 0) {
    context.diagram.remarks.push(
      `UpdateRelStyle moves labels by offsets (line ${moved.join(", ")}); the layout engine places the labels instead`,
    );
  }
  return context.diagram;
}

/** Reads one statement line. */
function statement(context: Context, at: SourceLine): void {
  const text = at.text;
  if (context.awaiting) {
    if (text !== "{")
      throw mermaidSyntax(at, `the boundary ${context.awaiting.alias} opens with {`);
    openBoundary(context, context.awaiting);
    context.awaiting = undefined;
    return;
  }
  if (text === "}") {
    if (!context.open.pop()) throw mermaidSyntax(at, "this } closes no boundary");
    return;
  }
  const title = /^title(?:\s+(.*))?$/.exec(text);
  if (title) {
    context.diagram.title = (title[1] ?? "").trim();
    return;
  }
  const direction = /^direction\s+(\S+)$/.exec(text);
  if (direction) {
    context.diagram.direction = readDirection(direction[1] ?? "", at);
    return;
  }
  const call = /^([A-Za-z_]\w*)\s*\(/.exec(text);
  if (!call) {
    throw mermaidSyntax(at, 'not a C4 statement: write a call such as Person(alias, "Name")');
  }
  const name = call[1] as string;
  const { args, end } = readArguments(at, call[0].length - 1);
  const rest = text.slice(end).trim();
  const boundary = BOUNDARY_CALLS.get(name);
  if (rest !== "" && !(boundary && rest === "{")) {
    throw mermaidSyntax(at, "nothing follows a call on its line", text.indexOf(rest, end));
  }
  if (boundary) {
    const declared = declareBoundary(context, at, name, args);
    if (rest === "{") openBoundary(context, declared);
    else context.awaiting = declared;
  } else if (ELEMENT_CALLS.has(name)) declareElement(context, at, name, args);
  else if (RELATION_CALLS.has(name)) context.relations.push({ at, name, args });
  else if (UPDATE_CALLS.has(name)) context.updates.push({ at, name, args });
  else if (NOTED_CALLS.test(name)) {
    if (!context.noted.has(name)) {
      context.noted.add(name);
      context.diagram.remarks.push(
        `${name} (line ${at.line}) is a C4-PlantUML call Mermaid does not draw; it is not drawn`,
      );
    }
  } else throw mermaidSyntax(at, `${name} is not a C4 call Mermaid knows`);
}

/** The alias of a declaration, refused when missing or already taken. */
function aliasOf(
  context: Context,
  at: SourceLine,
  name: string,
  arg: Argument | undefined,
): string {
  const alias = arg?.value.trim() ?? "";
  if (alias === "") throw mermaidSyntax(at, `${name} needs an alias first`, name.length);
  const taken = context.elements.get(alias) ?? context.boundaries.get(alias);
  if (taken) {
    throw mermaidSyntax(
      at,
      `${alias} is already declared on line ${taken.at.line}`,
      (arg as Argument).pos,
    );
  }
  return alias;
}

function declareElement(context: Context, at: SourceLine, name: string, args: Argument[]): void {
  const call = ELEMENT_CALLS.get(name);
  if (!call) return;
  const { values, unknown } = namedArguments(args, call.params);
  const alias = aliasOf(context, at, name, values.alias);
  if (context.elements.size >= MAX_MERMAID_NODES) throw tooManyNodes(at);
  noteExtras(context, at, name, values, unknown);
  const parent = context.open[context.open.length - 1];
  const element: C4Element = {
    id: context.ids.claim(alias),
    alias,
    kind: call.kind,
    shape: call.shape,
    external: call.external,
    name: values.label?.value || alias,
    technology: values.techn?.value ?? "",
    description: values.descr?.value ?? "",
    style: {},
    at,
    ...(parent ? { boundary: parent.alias } : {}),
  };
  context.elements.set(alias, element);
  context.diagram.elements.push(element);
}

function declareBoundary(
  context: Context,
  at: SourceLine,
  name: string,
  args: Argument[],
): C4Boundary {
  const call = BOUNDARY_CALLS.get(name);
  if (!call) throw new Error(`${name} is not a boundary call`);
  const { values, unknown } = namedArguments(args, call.params);
  const alias = aliasOf(context, at, name, values.alias);
  noteExtras(context, at, name, values, unknown);
  const parent = context.open[context.open.length - 1];
  const boundary: C4Boundary = {
    id: context.ids.claim(alias),
    alias,
    kind: call.kind,
    name: values.label?.value || alias,
    type: values.type?.value || call.type,
    description: values.descr?.value ?? "",
    at,
    ...(parent ? { parent: parent.alias } : {}),
  };
  context.boundaries.set(alias, boundary);
  context.diagram.boundaries.push(boundary);
  return boundary;
}

function openBoundary(context: Context, boundary: C4Boundary): void {
  context.open.push(boundary);
  checkDepth(boundary.at, context.open.length, "boundaries");
}

/** Notes sprites, tags, links and arguments past the last parameter, once per kind. */
function noteExtras(
  context: Context,
  at: SourceLine,
  name: string,
  values: Record<string, Argument>,
  unknown: Argument[],
): void {
  for (const key of ["sprite", "tags", "link"]) {
    const value = values[key]?.value;
    if (value) {
      context.diagram.remarks.push(
        `${name} on line ${at.line} has ${key} "${value}", which is not drawn`,
      );
    }
  }
  for (const arg of unknown) {
    context.diagram.remarks.push(
      `${name} on line ${at.line} has an argument ${arg.key ? `$${arg.key}=` : ""}"${arg.value}" it does not take; it is not drawn`,
    );
  }
}
