/**
 * The calls of a C4 diagram that name other declarations, read once everything is declared:
 * relationships (`Rel(a, b, "Uses")`) and style updates (`UpdateElementStyle`,
 * `UpdateRelStyle`, `UpdateLayoutConfig`).
 */
import { mermaidSyntax, type SourceLine } from "../source.ts";
import { type Argument, namedArguments } from "./arguments.ts";
import { RELATION_CALLS, UPDATE_CALLS } from "./calls.ts";
import type { C4Boundary, C4Diagram, C4Element, C4Relation } from "./model.ts";

/** A call kept until the whole text is read. */
export interface PendingCall {
  at: SourceLine;
  name: string;
  args: Argument[];
}

/** The element an argument names, refused with its column when none is declared. */
function elementOf(
  call: PendingCall,
  arg: Argument | undefined,
  elements: ReadonlyMap<string, C4Element>,
): C4Element {
  const alias = arg?.value.trim() ?? "";
  if (!arg || alias === "") {
    throw mermaidSyntax(call.at, `${call.name} names the elements it joins`, call.name.length);
  }
  const found = elements.get(alias);
  if (!found) throw mermaidSyntax(call.at, `no element is declared as ${alias}`, arg.pos);
  return found;
}

/**
 * A relationship call as a {@link C4Relation}; undefined (and noted) when it joins a boundary,
 * which draw.io cannot connect as Mermaid does.
 *
 * @example
 * resolveRelation({ at, name: "Rel", args }, elements, boundaries, diagram)?.label; // "Uses"
 */
export function resolveRelation(
  call: PendingCall,
  elements: ReadonlyMap<string, C4Element>,
  boundaries: ReadonlyMap<string, C4Boundary>,
  diagram: C4Diagram,
): C4Relation | undefined {
  const spec = RELATION_CALLS.get(call.name);
  if (!spec) return undefined;
  const { values, unknown } = namedArguments(call.args, spec.params);
  for (const end of [values.from, values.to]) {
    const boundary = boundaries.get(end?.value.trim() ?? "");
    if (boundary) {
      diagram.remarks.push(
        `${call.name} on line ${call.at.line} joins the boundary ${boundary.alias}; only elements are joined, so it is not drawn`,
      );
      return undefined;
    }
  }
  for (const key of ["sprite", "tags", "link"]) {
    const value = values[key]?.value;
    if (value) {
      diagram.remarks.push(
        `${call.name} on line ${call.at.line} has ${key} "${value}", which is not drawn`,
      );
    }
  }
  for (const arg of unknown) {
    diagram.remarks.push(
      `${call.name} on line ${call.at.line} has an argument "${arg.value}" it does not take; it is not drawn`,
    );
  }
  return {
    from: elementOf(call, values.from, elements),
    to: elementOf(call, values.to, elements),
    kind: spec.kind,
    label: values.label?.value ?? "",
    technology: values.techn?.value ?? "",
    description: values.descr?.value ?? "",
    style: {},
    at: call.at,
    ...(values.index ? { index: values.index.value } : {}),
  };
}

/** A colour as draw.io takes it, or undefined. */
function colour(value: string | undefined): string | undefined {
  const v = value?.trim() ?? "";
  return /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i.test(v) ? v : undefined;
}

/**
 * Applies one style update: an element's `bgColor`, `fontColor`, `borderColor` and
 * `shadowing`; a relationship's `textColor` and `lineColor`. Shapes, sprites and the layout
 * config are noted; true when the update moves a label by an offset, which the caller notes.
 */
export function applyUpdate(
  call: PendingCall,
  elements: ReadonlyMap<string, C4Element>,
  diagram: C4Diagram,
): boolean {
  const params = UPDATE_CALLS.get(call.name) ?? [];
  const { values } = namedArguments(call.args, params);
  const line = call.at.line;
  const set = (style: Record<string, string>, key: string, arg: string) => {
    const raw = values[arg]?.value;
    if (raw === undefined || raw === "") return;
    const c = colour(raw);
    if (c) style[key] = c;
    else diagram.remarks.push(`${call.name} on line ${line}: ${arg} "${raw}" is not a colour`);
  };
  if (call.name === "UpdateLayoutConfig") {
    diagram.remarks.push(
      `UpdateLayoutConfig on line ${line} sets Mermaid's shapes per row; the layout engine places the shapes instead`,
    );
    return false;
  }
  if (call.name === "UpdateElementStyle") {
    const element = elementOf(call, values.elementname, elements);
    set(element.style, "fillColor", "bgcolor");
    set(element.style, "fontColor", "fontcolor");
    set(element.style, "strokeColor", "bordercolor");
    if (/^true$/i.test(values.shadowing?.value ?? "")) element.style.shadow = "1";
    for (const key of ["shape", "sprite", "techn", "legendtext", "legendsprite"]) {
      if (values[key]?.value) {
        diagram.remarks.push(`UpdateElementStyle on line ${line}: $${key} is not drawn`);
      }
    }
    return false;
  }
  const from = elementOf(call, values.from, elements);
  const to = elementOf(call, values.to, elements);
  const relation =
    diagram.relations.find((r) => r.from === from && r.to === to) ??
    diagram.relations.find((r) => r.from === to && r.to === from);
  if (!relation) {
    throw mermaidSyntax(
      call.at,
      `no relationship joins ${from.alias} to ${to.alias}`,
      call.name.length,
    );
  }
  set(relation.style, "fontColor", "textcolor");
  set(relation.style, "strokeColor", "linecolor");
  return Boolean(values.offsetx?.value || values.offsety?.value);
}
