/**
 * The C4 calls Mermaid knows, by name: which element, boundary or relationship each declares
 * and the parameters it takes, in order (`Container(alias, label, ?techn, ?descr, …)`).
 */
import type { BoundaryKind, ElementKind, ElementShape, RelationKind } from "./model.ts";

/** An element call: what it declares and its parameters. */
export interface ElementCall {
  kind: ElementKind;
  shape: ElementShape;
  external: boolean;
  params: readonly string[];
}

const PERSON_PARAMS = ["alias", "label", "descr", "sprite", "tags", "link"] as const;
const TECH_PARAMS = ["alias", "label", "techn", "descr", "sprite", "tags", "link"] as const;

/** `Person`, `System_Ext`, `ContainerDb`, `ComponentQueue_Ext` … by name. */
export const ELEMENT_CALLS: ReadonlyMap<string, ElementCall> = (() => {
  const calls = new Map<string, ElementCall>();
  calls.set("Person", { kind: "person", shape: "person", external: false, params: PERSON_PARAMS });
  calls.set("Person_Ext", {
    kind: "person",
    shape: "person",
    external: true,
    params: PERSON_PARAMS,
  });
  const bases = [
    ["System", "system", PERSON_PARAMS],
    ["Container", "container", TECH_PARAMS],
    ["Component", "component", TECH_PARAMS],
  ] as const;
  for (const [base, kind, params] of bases) {
    for (const [suffix, shape] of [
      ["", "box"],
      ["Db", "db"],
      ["Queue", "queue"],
    ] as const) {
      calls.set(`${base}${suffix}`, { kind, shape, external: false, params });
      calls.set(`${base}${suffix}_Ext`, { kind, shape, external: true, params });
    }
  }
  return calls;
})();

/** A boundary call: what it declares, its own type word and its parameters. */
export interface BoundaryCall {
  kind: BoundaryKind;
  type: string;
  params: readonly string[];
}

const NODE_PARAMS = ["alias", "label", "type", "descr", "sprite", "tags", "link"] as const;
const SCOPE_PARAMS = ["alias", "label", "tags", "link"] as const;

/** `Boundary`, `System_Boundary`, `Deployment_Node`, `Node_L` … by name. */
export const BOUNDARY_CALLS: ReadonlyMap<string, BoundaryCall> = new Map([
  ["Boundary", { kind: "boundary", type: "", params: ["alias", "label", "type", "tags", "link"] }],
  ["Enterprise_Boundary", { kind: "enterprise", type: "Enterprise", params: SCOPE_PARAMS }],
  ["System_Boundary", { kind: "system", type: "Software System", params: SCOPE_PARAMS }],
  ["Container_Boundary", { kind: "container", type: "Container", params: SCOPE_PARAMS }],
  ["Deployment_Node", { kind: "node", type: "", params: NODE_PARAMS }],
  ["Node", { kind: "node", type: "", params: NODE_PARAMS }],
  ["Node_L", { kind: "node", type: "", params: NODE_PARAMS }],
  ["Node_R", { kind: "node", type: "", params: NODE_PARAMS }],
]);

const REL_PARAMS = ["from", "to", "label", "techn", "descr", "sprite", "tags", "link"] as const;

/** `Rel`, `BiRel`, `Rel_U` … `RelIndex` by name, with their parameters. */
export const RELATION_CALLS: ReadonlyMap<
  string,
  { kind: RelationKind; params: readonly string[] }
> = new Map([
  ["Rel", { kind: "rel", params: REL_PARAMS }],
  ["BiRel", { kind: "birel", params: REL_PARAMS }],
  ["Rel_U", { kind: "up", params: REL_PARAMS }],
  ["Rel_Up", { kind: "up", params: REL_PARAMS }],
  ["Rel_D", { kind: "down", params: REL_PARAMS }],
  ["Rel_Down", { kind: "down", params: REL_PARAMS }],
  ["Rel_L", { kind: "left", params: REL_PARAMS }],
  ["Rel_Left", { kind: "left", params: REL_PARAMS }],
  ["Rel_R", { kind: "right", params: REL_PARAMS }],
  ["Rel_Right", { kind: "right", params: REL_PARAMS }],
  ["Rel_Back", { kind: "back", params: REL_PARAMS }],
  ["RelIndex", { kind: "index", params: ["index", ...REL_PARAMS] }],
]);

/** The style calls, with their parameters. */
export const UPDATE_CALLS: ReadonlyMap<string, readonly string[]> = new Map([
  [
    "UpdateElementStyle",
    [
      "elementname",
      "bgcolor",
      "fontcolor",
      "bordercolor",
      "shadowing",
      "shape",
      "sprite",
      "techn",
      "legendtext",
      "legendsprite",
    ],
  ],
  ["UpdateRelStyle", ["from", "to", "textcolor", "linecolor", "offsetx", "offsety"]],
  ["UpdateLayoutConfig", ["c4shapeinrow", "c4boundaryinrow"]],
]);

/**
 * C4-PlantUML calls Mermaid does not draw (layout hints, tags, legends): read, noted, not drawn.
 */
export const NOTED_CALLS =
  /^(Lay_(U|Up|D|Down|L|Left|R|Right|Distance)|AddElementTag|AddRelTag|AddBoundaryTag|UpdateBoundaryStyle|SHOW_LEGEND|SHOW_FLOATING_LEGEND|LAYOUT_\w+|HIDE_STEREOTYPE|SHOW_PERSON_\w+)$/;
