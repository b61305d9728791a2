/**
 * A graph without groups as layers of our own: layers (`rank.ts`) and the order in each
 * (`order.ts`), written into the ELK-shaped graph `elkPlan` built, which stays the document the
 * converter reads. Every layer an edge crosses gets a point node in the edge's slot, and a
 * labelled edge's label is a node in the middle of its run, with the edge along its side; the
 * edge becomes a chain of links between adjacent layers. Every spec node gets a port per link
 * end, in the order our crossings were counted with. `draw.ts` places and routes the result;
 * `joinChains` turns it back into one routed edge per spec edge.
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode, ElkPort } from "elkjs/lib/elk-api.js";
import type { WorkBudget } from "../../budget.ts";
import { checkLayoutCost, layoutCost, runThoroughness } from "../cost.ts";
import { dropCollinear } from "../edges/route.ts";
import type { ElkPlan } from "../elk-graph.ts";
import type { Direction, GraphSpec } from "../spec.ts";
import { orderLayers } from "./order.ts";
import { assignLayers, type LayerEdge } from "./rank.ts";

/** How a spec edge was split into links: its links in order, its nodes, and its label, if any. */
export interface EdgeChain {
  links: string[];
  /** The point and label nodes the links run through, in order. */
  nodes: string[];
  /** The label's node, and where the label sits in it (clear of the edge along its side). */
  label?: { node: string; label: ElkLabel; offset: { x: number; y: number } };
}

/** Room between a label and its edge (ELK's `elk.spacing.edgeLabel` elsewhere). */
const LABEL_GAP = 4;

/** What `layeredPlan` did to an ELK plan, for drawing it and reading the drawing. */
export interface LayeredPlan {
  /** The spec edges split into chains, by ELK id. */
  chains: Map<string, EdgeChain>;
  /** The ports given to spec nodes, by id: the node each belongs to, and its side. */
  ports: Map<string, PortPlace>;
  /** Per layer, the ELK ids of its nodes (spec, point and label nodes) in order. */
  layers: string[][];
  /** The crossings between adjacent layers our order has (the drawing keeps them). */
  crossings: number;
}

/**
 * Lays the spec's layers and order into an ELK plan built by `elkPlan` for a spec without
 * groups (and not a pool): point and label nodes for long edges, edges split into links, ports
 * in a fixed order on every spec node. Changes `plan.root`. The work is checked against
 * `LAYOUT_LIMITS`, or charged to `budget`, before it starts: throws `layout_too_expensive`.
 *
 * @example
 * const layered = layeredPlan(spec, plan);
 * const laid = joinChains(drawLayered(plan.root, layered, plan.nodes, spec.direction), layered);
 */
export function layeredPlan(spec: GraphSpec, plan: ElkPlan, budget?: WorkBudget): LayeredPlan {
  const root = plan.root;
  // Estimated as ELK's run on the same graph would be: the ordering is bounded by its own cap.
  const cost = layoutCost(root);
  const thoroughness = Number(root.layoutOptions?.["elk.layered.thoroughness"] ?? 7);
  checkLayoutCost(cost, runThoroughness(cost, thoroughness), budget);
  const chains = new Map<string, EdgeChain>();
  const original = new Map((root.edges ?? []).map((e) => [e.id, e]));
  const labelOf = (i: number) => original.get(plan.edges[i] as string)?.labels?.[0];
  const index = new Map(spec.nodes.map((n, i) => [n.id, i]));
  const edges: LayerEdge[] = spec.edges.map((e, i) => {
    const a = index.get(e.from) as number;
    const b = index.get(e.to) as number;
    const [from, to] = plan.reversed[i] ? [b, a] : [a, b];
    return { from, to, span: labelOf(i) && from !== to ? 2 : 1 };
  });
  const layer = assignLayers(spec.nodes.length, edges);
  const { layers, dummies, crossings } = orderLayers(spec.nodes.length, edges, layer);
  const slot = new Map<number, { layer: number; at: number }>();
  layers.forEach((ids, l) => {
    ids.forEach((v, at) => {
      slot.set(v, { layer: l, at });
    });
  });
  const direction = spec.direction;
  const vertical = direction === "down" || direction === "up";
  const links: ElkExtendedEdge[] = [];
  const elkIdOf = new Map<number, string>();
  for (const [id, entry] of plan.nodes) elkIdOf.set(entry.index, id);
  spec.edges.forEach((_, i) => {
    const id = plan.edges[i] as string;
    const edge = original.get(id) as ElkExtendedEdge;
    const chain = dummies[i] ?? [];
    if (chain.length === 0) {
      links.push(edge);
      return;
    }
    const label = edge.labels?.[0];
    const labelAt = label ? (chain.length - 1) >> 1 : -1;
    const record: EdgeChain = { links: [], nodes: [] };
    let previous: string = edge.sources[0] as string;
    chain.forEach((dummy, k) => {
      const nodeId = `${id}.${k}`;
      const isLabel = label !== undefined && k === labelAt;
      const node = isLabel
        ? labelNode(nodeId, label, direction)
        : { id: nodeId, width: 0, height: 0 };
      if (isLabel) {
        const offset = vertical ? { x: LABEL_GAP, y: 0 } : { x: 0, y: 0 };
        record.label = { node: nodeId, label, offset };
      }
      elkIdOf.set(dummy, nodeId);
      root.children?.push(node);
      links.push({
        id: `${nodeId}.in`,
        sources: [previous],
        targets: [isLabel ? `${nodeId}.in` : nodeId],
      });
      record.links.push(`${nodeId}.in`);
      record.nodes.push(nodeId);
      previous = isLabel ? `${nodeId}.out` : nodeId;
    });
    links.push({ id: `${id}.end`, sources: [previous], targets: [edge.targets[0] as string] });
    record.links.push(`${id}.end`);
    chains.set(id, record);
  });
  root.edges = links;
  const slotOf = new Map<string, number>();
  for (const [id, entry] of plan.nodes) slotOf.set(id, slot.get(entry.index)?.at ?? 0);
  spec.edges.forEach((_, i) => {
    const chain = dummies[i] ?? [];
    chains.get(plan.edges[i] as string)?.nodes.forEach((node, k) => {
      const at = slot.get(chain[k] as number)?.at ?? 0;
      for (const end of [node, `${node}.in`, `${node}.out`]) slotOf.set(end, at);
    });
  });
  const ports = fixPorts(root, new Set(plan.nodes.keys()), links, slotOf, direction);
  const elkLayers = layers.map((ids) => ids.map((v) => elkIdOf.get(v) as string));
  return { chains, ports, layers: elkLayers, crossings };
}

/** The side of a node where the edges from the previous layer come in, by direction. */
const IN_SIDE: Record<Direction, PortSide> = {
  right: "WEST",
  left: "EAST",
  down: "NORTH",
  up: "SOUTH",
};
/** Self-loops go round the side where ELK put them when it drew these graphs: the top, or the left. */
const LOOP_SIDE: Record<Direction, PortSide> = {
  right: "NORTH",
  left: "NORTH",
  down: "WEST",
  up: "WEST",
};
export type PortSide = "NORTH" | "EAST" | "SOUTH" | "WEST";
/** A spec node's port: the node it belongs to and the side it is on. */
export interface PortPlace {
  node: string;
  side: PortSide;
}
const OPPOSITE: Record<PortSide, PortSide> = {
  NORTH: "SOUTH",
  SOUTH: "NORTH",
  EAST: "WEST",
  WEST: "EAST",
};
/** A node's ports are listed clockwise from its top left corner, as ELK numbers them. */
const CLOCKWISE: PortSide[] = ["NORTH", "EAST", "SOUTH", "WEST"];
/** Along which sides clockwise runs with the slots (left to right, top down) or against them. */
const WITH_SLOTS: Record<PortSide, number> = { NORTH: 1, EAST: 1, SOUTH: -1, WEST: -1 };

/**
 * Gives every link at a spec node a port of its own, in a fixed order: on its side, ports run
 * in the slot order of the nodes at their other ends, which is the order our crossings were
 * counted with; self-loops nest on the loop side, the first innermost, leaving from the end
 * the flow comes from. Point nodes have none (one edge in, one out: nothing to order). Each
 * link's ends become port ids; the returned map gives each port's node and side.
 *
 * @example
 * const ports = fixPorts(root, new Set(plan.nodes.keys()), links, slotOf, "down");
 */
export function fixPorts(
  root: ElkNode,
  specNodes: ReadonlySet<string>,
  links: ElkExtendedEdge[],
  slotOf: ReadonlyMap<string, number>,
  direction: Direction,
): Map<string, PortPlace> {
  const owner = new Map<string, PortPlace>();
  const ports = new Map<string, { id: string; side: PortSide; rank: number; tie: number }[]>();
  const add = (node: string, id: string, side: PortSide, rank: number, tie: number) => {
    const list = ports.get(node) ?? [];
    list.push({ id, side, rank, tie });
    ports.set(node, list);
    owner.set(id, { node, side });
    return id;
  };
  const into = IN_SIDE[direction];
  const out = OPPOSITE[into];
  const loopSide = LOOP_SIDE[direction];
  // Clockwise along the loop side, does the flow come from its start (sources first)?
  const sourcesFirst = direction === "right" || direction === "up";
  const loops = new Map<string, number>();
  links.forEach((link, i) => {
    const source = link.sources[0] as string;
    const target = link.targets[0] as string;
    if (source === target) {
      if (!specNodes.has(source)) return;
      const j = (loops.get(source) ?? 0) + 1;
      loops.set(source, j);
      const [s, t] = sourcesFirst ? [-j, j] : [j, -j];
      link.sources = [add(source, `${link.id}.from`, loopSide, s, 0)];
      link.targets = [add(target, `${link.id}.to`, loopSide, t, 0)];
      return;
    }
    if (specNodes.has(source)) {
      const sign = WITH_SLOTS[out];
      const rank = sign * (slotOf.get(target) ?? 0);
      link.sources = [add(source, `${link.id}.from`, out, rank, sign * i)];
    }
    if (specNodes.has(target)) {
      const sign = WITH_SLOTS[into];
      const rank = sign * (slotOf.get(source) ?? 0);
      link.targets = [add(target, `${link.id}.to`, into, rank, sign * i)];
    }
  });
  for (const child of root.children ?? []) {
    const list = ports.get(child.id);
    if (!list) continue;
    list.sort(
      (a, b) =>
        CLOCKWISE.indexOf(a.side) - CLOCKWISE.indexOf(b.side) || a.rank - b.rank || a.tie - b.tie,
    );
    child.ports = list.map((p) => ({ id: p.id, width: 0, height: 0 }));
  }
  return owner;
}

/**
 * A label's node: the label's size, the edge along its side (its bottom when the flow is
 * horizontal, its left side when vertical), ports fixed there.
 */
function labelNode(
  id: string,
  label: ElkLabel,
  direction: Direction,
): ElkNode & { width: number; height: number } {
  const vertical = direction === "down" || direction === "up";
  const width = (label.width ?? 0) + (vertical ? LABEL_GAP : 0);
  const height = (label.height ?? 0) + (vertical ? 0 : LABEL_GAP);
  const port = (suffix: string, x: number, y: number): ElkPort => ({
    id: `${id}.${suffix}`,
    x,
    y,
    width: 0,
    height: 0,
  });
  const ports: Record<Direction, ElkPort[]> = {
    right: [port("in", 0, height), port("out", width, height)],
    left: [port("in", width, height), port("out", 0, height)],
    down: [port("in", 0, 0), port("out", 0, height)],
    up: [port("in", 0, height), port("out", 0, 0)],
  };
  return { id, width, height, ports: ports[direction] };
}

/**
 * The drawn plan with each split edge joined again: one edge with the spec edge's id and ends,
 * its route through the points, its label where the label node was; point and label nodes
 * removed.
 *
 * @example
 * const laid = joinChains(drawLayered(plan.root, layered, plan.nodes, spec.direction), layered);
 */
export function joinChains(laid: ElkNode, layered: LayeredPlan): ElkNode {
  const { chains, ports } = layered;
  for (const edge of laid.edges ?? []) {
    edge.sources = edge.sources.map((s) => ports.get(s)?.node ?? s);
    edge.targets = edge.targets.map((t) => ports.get(t)?.node ?? t);
  }
  const byId = new Map((laid.edges ?? []).map((e) => [e.id, e]));
  const nodes = new Map((laid.children ?? []).map((n) => [n.id, n]));
  const joined: ElkExtendedEdge[] = [];
  const inChain = new Set<string>();
  for (const record of chains.values()) for (const link of record.links) inChain.add(link);
  for (const edge of laid.edges ?? []) if (!inChain.has(edge.id)) joined.push(edge);
  for (const [id, record] of chains) {
    const parts = record.links.map((l) => byId.get(l) as ElkExtendedEdge);
    const first = parts[0] as ElkExtendedEdge;
    const last = parts[parts.length - 1] as ElkExtendedEdge;
    const points: { x: number; y: number }[] = [];
    for (const part of parts) {
      for (const section of part.sections ?? []) {
        for (const p of [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]) {
          const prev = points[points.length - 1];
          if (prev && Math.abs(prev.x - p.x) < 0.01 && Math.abs(prev.y - p.y) < 0.01) continue;
          points.push({ x: p.x, y: p.y });
        }
      }
    }
    const route = dropCollinear(points);
    const edge: ElkExtendedEdge = {
      id,
      sources: first.sources,
      targets: last.targets,
      sections: [
        {
          id: `${id}.route`,
          startPoint: route[0] as { x: number; y: number },
          endPoint: route[route.length - 1] as { x: number; y: number },
          bendPoints: route.slice(1, -1),
        },
      ],
    };
    const node = record.label && nodes.get(record.label.node);
    if (record.label && node) {
      const { label, offset } = record.label;
      edge.labels = [{ ...label, x: (node.x ?? 0) + offset.x, y: (node.y ?? 0) + offset.y }];
    }
    joined.push(edge);
  }
  laid.edges = joined;
  const ours = new Set([...chains.values()].flatMap((record) => record.nodes));
  laid.children = (laid.children ?? []).filter((n) => !ours.has(n.id));
  return laid;
}
