import type { ElkExtendedEdge, ElkNode, LayoutOptions } from "elkjs/lib/elk-api.js";
import { type NodeBox, nodeBox } from "./boxes.ts";
import { backEdges } from "./feedback.ts";
import type { Direction, GraphSpec } from "./spec.ts";
import { EDGE_LABEL_WRAP, measureText } from "./text.ts";

const ELK_DIRECTION: Record<Direction, string> = {
  down: "DOWN",
  right: "RIGHT",
  up: "UP",
  left: "LEFT",
};

/** Room above a group's children for its title (a swimlane's header is 30 px). */
const GROUP_TOP: Record<string, number> = { swimlane: 46, container: 40, zone: 40 };

/** What the converter needs to know about the ELK graph it gets back. */
export interface ElkPlan {
  root: ElkNode;
  /** ELK id → the spec's node (with its box) or group, by index. */
  nodes: Map<string, { index: number; box: NodeBox }>;
  groups: Map<string, number>;
  /** ELK id of each spec edge, by index. */
  edges: string[];
  /** Per spec edge: true when it closes a cycle and was handed to ELK the other way round. */
  reversed: boolean[];
}

/**
 * Builds the ELK graph of a spec: groups become compound nodes holding their members, each edge
 * is declared in the lowest group that holds both its ends, and layered layout with orthogonal
 * routing is asked to place everything in one pass (`INCLUDE_CHILDREN`). ELK ids are our own
 * (`n3`, `g1`, `e7`) so that no spec id can clash with them.
 *
 * Groups are blocks in their parent's layers unless `pool` is set (a swimlane pool layers all
 * steps together, `layoutPool`): then only the author's order decides which edges point back.
 *
 * @example
 * const plan = elkPlan(spec); const laid = await elk.layout(plan.root);
 */
export function elkPlan(spec: GraphSpec, { pool = false }: { pool?: boolean } = {}): ElkPlan {
  const root: ElkNode = {
    id: "root",
    layoutOptions: rootOptions(spec.direction, spec.nodes.length + spec.edges.length),
    children: [],
    edges: [],
  };
  const elkGroups = new Map<string, ElkNode>();
  const plan: ElkPlan = { root, nodes: new Map(), groups: new Map(), edges: [], reversed: [] };

  spec.groups.forEach((group, i) => {
    const top = GROUP_TOP[group.kind] ?? 40;
    const title = measureText(group.label, 400);
    const node: ElkNode = {
      id: `g${i}`,
      children: [],
      edges: [],
      layoutOptions: {
        "elk.padding": `[top=${top},left=20,bottom=20,right=20]`,
        // Wide enough for its title.
        "elk.nodeSize.minimum": `(${Math.max(120, title.width + 40)},${top + 20})`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
      },
    };
    elkGroups.set(group.id, node);
    plan.groups.set(node.id, i);
  });
  const parentOf = (groupId: string | undefined): ElkNode =>
    (groupId === undefined ? undefined : elkGroups.get(groupId)) ?? root;
  spec.groups.forEach((group) => {
    parentOf(group.parent).children?.push(elkGroups.get(group.id) as ElkNode);
  });

  const chains = new Map<string, string[]>();
  const chainOf = (groupId: string | undefined): string[] => {
    if (groupId === undefined) return [];
    const known = chains.get(groupId);
    if (known) return known;
    const parent = spec.groups.find((g) => g.id === groupId)?.parent;
    const chain = [...chainOf(parent), groupId];
    chains.set(groupId, chain);
    return chain;
  };

  const nodeIds = new Map<string, string>();
  spec.nodes.forEach((node, i) => {
    const box = nodeBox(node, spec.direction);
    const id = `n${i}`;
    nodeIds.set(node.id, id);
    plan.nodes.set(id, { index: i, box });
    parentOf(node.group).children?.push(elkNode(id, box));
  });

  const groupOfNode = new Map(spec.nodes.map((n) => [n.id, n.group]));
  const index = new Map(spec.nodes.map((n, i) => [n.id, i]));
  const paths = spec.nodes.map((n, i) => [...chainOf(n.group).map((g) => `g:${g}`), `n:${i}`]);
  const reversed = backEdges(
    spec.nodes.length,
    spec.edges.map((e) => [index.get(e.from) ?? 0, index.get(e.to) ?? 0] as const),
    pool ? undefined : paths,
  );
  plan.reversed = reversed;
  spec.edges.forEach((edge, i) => {
    const id = `e${i}`;
    plan.edges.push(id);
    const a = chainOf(groupOfNode.get(edge.from));
    const b = chainOf(groupOfNode.get(edge.to));
    let common: string | undefined;
    for (let k = 0; k < Math.min(a.length, b.length) && a[k] === b[k]; k++) common = a[k];
    // A back edge is laid out forwards, so that ELK keeps the authored order of the cycle.
    const [from, to] = reversed[i] ? [edge.to, edge.from] : [edge.from, edge.to];
    const elkEdge: ElkExtendedEdge = {
      id,
      sources: [nodeIds.get(from) as string],
      targets: [nodeIds.get(to) as string],
    };
    if (edge.label) {
      const text = measureText(edge.label, EDGE_LABEL_WRAP);
      elkEdge.labels = [{ text: edge.label, width: text.width + 8, height: text.height + 4 }];
    }
    parentOf(common).edges?.push(elkEdge);
  });
  return plan;
}

/**
 * The ELK node of a spec node: its drawn shape, and an outside label (icons, actors) as an ELK
 * node label beside or below it, so that edges end on the shape and ELK keeps the label clear.
 */
function elkNode(id: string, box: NodeBox): ElkNode {
  const { shape, labelSide } = box;
  if (!labelSide) return { id, width: box.width, height: box.height };
  const right = labelSide === "right";
  // The label's room as `nodeBox` measured it (text 8 px beside, or 4 px below, the shape).
  const width = right ? box.width - shape.width - 8 : box.width;
  const height = right ? box.height : box.height - shape.height - 4;
  const node: ElkNode = { id, width: shape.width, height: shape.height };
  if (width > 0 && height > 0) {
    node.labels = [{ text: "label", width, height }];
    node.layoutOptions = {
      "elk.nodeLabels.placement": right ? "OUTSIDE V_CENTER H_RIGHT" : "OUTSIDE V_BOTTOM H_CENTER",
      "elk.spacing.labelNode": String(LABEL_GAP),
    };
  }
  return node;
}

/** Room between an icon and its outside label. */
const LABEL_GAP = 6;

/** Up to this many nodes and edges, crossing minimisation tries twice as hard as ELK's default. */
const THOROUGH = 400;

/**
 * The layout options of the top-level graph: layered, orthogonal, deterministic. Crossing
 * minimisation runs at thoroughness 15 up to {@link THOROUGH} nodes and edges and at ELK's
 * default (7) above, both with the two-sided greedy switch. Cycles are already broken in the
 * author's order (`backEdges`), so ELK's model order is not consulted: it costs 3–4× the time
 * at 500 nodes and gives more crossings (`npm run bench -- quality`).
 */
export function rootOptions(direction: Direction, size = 0): LayoutOptions {
  return {
    "elk.layered.thoroughness": size > THOROUGH ? "7" : "15",
    "elk.layered.crossingMinimization.greedySwitch.type": "TWO_SIDED",
    "elk.algorithm": "layered",
    "elk.direction": ELK_DIRECTION[direction],
    "elk.edgeRouting": "ORTHOGONAL",
    "elk.hierarchyHandling": "INCLUDE_CHILDREN",
    "elk.randomSeed": "7",
    // Each edge gets its own port and route: merged edges share a trunk a reader cannot follow.
    "elk.layered.mergeEdges": "false",
    "elk.spacing.nodeNode": "40",
    "elk.layered.spacing.nodeNodeBetweenLayers": "60",
    "elk.spacing.edgeNode": "20",
    "elk.layered.spacing.edgeNodeBetweenLayers": "24",
    "elk.spacing.edgeEdge": "12",
    "elk.layered.spacing.edgeEdgeBetweenLayers": "12",
    "elk.spacing.edgeLabel": "4",
    "elk.edgeLabels.placement": "CENTER",
    "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
    "elk.padding": "[top=0,left=0,bottom=0,right=0]",
  };
}
