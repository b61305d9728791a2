/**
 * Draws a layered plan ourselves, where ELK placed and routed it before: nodes across their
 * layers by `placeAcross` (Brandes–Köpf), layers one after another along the flow with room
 * between them for the edges' jogs, and every link routed orthogonally: straight when its ends
 * line up, else out of its port, along a track of its own between the two layers, and into its
 * port. Tracks are ordered so that links cross as little as their ends let them, and no two
 * links share a stretch. Self-loops nest beside their node, each label outside its own loop.
 * The answer has the shape of ELK's (positions on the nodes, one section per link), so that
 * `joinChains` and the converter read it unchanged.
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode, ElkPoint } from "elkjs/lib/elk-api.js";
import type { ElkPlan } from "../elk-graph.ts";
import type { Direction } from "../spec.ts";
import { type PlacedLink, type PlacedNode, placeAcross } from "./place.ts";
import type { LayeredPlan, PortSide } from "./plan.ts";
import { assignTracks, EDGE_TO_EDGE, SAME, type TrackedLink } from "./tracks.ts";

/** Room between layers: nodes to nodes, edges to nodes, edges to edges (ELK's spacings). */
const BETWEEN_NODES = 60;
const EDGE_TO_NODE = 24;
/** A node's innermost self-loop stands this far out; each further one a track further. */
const LOOP_FIRST = 20;
/** Room between a self-loop's label and its loop. */
const LABEL_GAP = 4;

/** A link's end: the node (by index in the layers) and where on it, relative to its top left. */
interface End {
  v: number;
  x: number;
  y: number;
}

/** A self-loop: its link, its ends' offsets along the node's flow, and its label's size. */
interface Loop {
  link: ElkExtendedEdge;
  from: number;
  to: number;
  out: number;
  label?: { node: ElkLabel; across: number; flow: number; at: number };
}

/**
 * Places and routes the plan `layeredPlan` built in `root` and writes the result into it: each
 * node's `x`/`y`, each link's one section, the labels of self-loops, and the root's size. With
 * `fixedAcross` (a pool's lanes), nodes keep those places across the flow (their top or left
 * side, by id) instead of being placed.
 *
 * @example
 * const layered = layeredPlan(spec, plan);
 * const laid = joinChains(drawLayered(plan.root, layered, plan.nodes, spec.direction), layered);
 */
export function drawLayered(
  root: ElkNode,
  layered: LayeredPlan,
  specNodes: ElkPlan["nodes"],
  direction: Direction,
  fixedAcross?: ReadonlyMap<string, number>,
): ElkNode {
  const vertical = direction === "down" || direction === "up";
  const mirrored = direction === "up" || direction === "left";
  const children = new Map((root.children ?? []).map((c) => [c.id, c]));
  const ids = layered.layers.flat();
  const index = new Map(ids.map((id, i) => [id, i]));
  const layerOf = new Int32Array(ids.length);
  const layers = layered.layers.map((layer, l) =>
    layer.map((id) => {
      const v = index.get(id) as number;
      layerOf[v] = l;
      return v;
    }),
  );
  const node = (v: number) => children.get(ids[v] as string) as ElkNode;
  const width = (v: number) => node(v).width ?? 0;
  const height = (v: number) => node(v).height ?? 0;
  const sizeAcross = (v: number) => (vertical ? width(v) : height(v));
  const sizeFlow = (v: number) => (vertical ? height(v) : width(v));
  /** A point on a node (relative to its top left) as offsets across and along the flow. */
  const across = (p: { x: number; y: number }) => (vertical ? p.x : p.y);
  const along = (v: number, p: { x: number; y: number }) => {
    const f = vertical ? p.y : p.x;
    return mirrored ? sizeFlow(v) - f : f;
  };

  const placed: PlacedNode[] = ids.map((id, v) => {
    const box = specNodes.get(id)?.box;
    const kind = box ? "node" : width(v) === 0 && height(v) === 0 ? "point" : "label";
    return { size: sizeAcross(v), before: 0, after: 0, kind };
  });
  // Room in the flow before and after each node (outside labels, self-loop labels).
  const flowBefore = new Float64Array(ids.length);
  const flowAfter = new Float64Array(ids.length);
  ids.forEach((id, v) => {
    const box = specNodes.get(id)?.box;
    if (!box?.labelSide) return;
    const side = (total: number, shape: number) => Math.max(0, (total - shape) / 2);
    const room =
      box.labelSide === "right"
        ? { left: 0, right: box.width - box.shape.width, top: 0, bottom: 0 }
        : { left: 0, right: 0, top: 0, bottom: box.height - box.shape.height };
    if (box.labelSide === "right") room.top = room.bottom = side(box.height, box.shape.height);
    else room.left = room.right = side(box.width, box.shape.width);
    const p = placed[v] as PlacedNode;
    p.before = vertical ? room.left : room.top;
    p.after = vertical ? room.right : room.bottom;
    const [b, a] = vertical ? [room.top, room.bottom] : [room.left, room.right];
    flowBefore[v] = mirrored ? a : b;
    flowAfter[v] = mirrored ? b : a;
  });

  const ends = portPlaces(root, layered, index);
  const endOf = (ref: string): End => {
    const known = ends.get(ref);
    if (known) return known;
    const v = index.get(ref) as number;
    return { v, x: width(v) / 2, y: height(v) / 2 };
  };

  // Links between layers, and self-loops by node.
  const links: { edge: ElkExtendedEdge; from: End; to: End }[] = [];
  const loops = new Map<number, Loop[]>();
  for (const edge of root.edges ?? []) {
    const from = endOf(edge.sources[0] as string);
    const to = endOf(edge.targets[0] as string);
    if (from.v !== to.v) {
      links.push({ edge, from, to });
      continue;
    }
    const list = loops.get(from.v) ?? [];
    const label = edge.labels?.[0];
    const loop: Loop = { link: edge, from: along(from.v, from), to: along(to.v, to), out: 0 };
    if (label) {
      const size = { x: label.width ?? 0, y: label.height ?? 0 };
      loop.label = { node: label, across: across(size), flow: vertical ? size.y : size.x, at: 0 };
    }
    list.push(loop);
    loops.set(from.v, list);
  }
  for (const [v, list] of loops) {
    // Innermost first: the loop whose ends are closest together.
    list.sort((a, b) => Math.abs(a.to - a.from) - Math.abs(b.to - b.from));
    let out = 0;
    let previous: Loop | undefined;
    for (const loop of list) {
      out +=
        previous === undefined
          ? LOOP_FIRST
          : previous.label
            ? previous.label.across + 2 * LABEL_GAP
            : EDGE_TO_EDGE;
      loop.out = out;
      if (loop.label) {
        loop.label.at = out + LABEL_GAP;
        const middle = (loop.from + loop.to) / 2;
        flowBefore[v] = Math.max(flowBefore[v] as number, loop.label.flow / 2 - middle);
        flowAfter[v] = Math.max(flowAfter[v] as number, middle + loop.label.flow / 2 - sizeFlow(v));
      }
      previous = loop;
    }
    const last = list[list.length - 1] as Loop;
    const p = placed[v] as PlacedNode;
    p.before += out + (last.label ? LABEL_GAP + last.label.across : 0);
  }

  const placedLinks: PlacedLink[] = links.map(({ from, to }) => ({
    from: from.v,
    to: to.v,
    fromOffset: across(from),
    toOffset: across(to),
  }));
  const at = fixedAcross
    ? ids.map((id) => fixedAcross.get(id) ?? 0)
    : placeAcross(placed, layers, placedLinks);

  // Tracks between each pair of layers, then the layers' places along the flow.
  const gaps: { link: number; a1: number; a2: number }[][] = layers.map(() => []);
  links.forEach(({ from, to }, i) => {
    const a1 = (at[from.v] as number) + across(from);
    const a2 = (at[to.v] as number) + across(to);
    if (Math.abs(a1 - a2) > SAME) gaps[layerOf[from.v] as number]?.push({ link: i, a1, a2 });
  });
  const tracked: (TrackedLink | undefined)[] = links.map(() => undefined);
  const trackCount = gaps.map((segments) => {
    let count = 0;
    assignTracks(segments).forEach((t, k) => {
      tracked[(segments[k] as { link: number }).link] = t;
      count = Math.max(count, t.track + 1, (t.split?.track ?? 0) + 1);
    });
    return count;
  });
  const real = layers.map((layer) => layer.some((v) => (placed[v] as PlacedNode).kind !== "point"));
  const start = new Float64Array(layers.length);
  const firstTrack = new Float64Array(layers.length);
  const flowStart = new Float64Array(ids.length);
  let flow = 0;
  layers.forEach((layer, l) => {
    start[l] = flow;
    let thickness = 0;
    const extentOf = (v: number) =>
      (flowBefore[v] as number) + sizeFlow(v) + (flowAfter[v] as number);
    for (const v of layer) thickness = Math.max(thickness, extentOf(v));
    for (const v of layer) {
      const extent = extentOf(v);
      flowStart[v] = flow + (thickness - extent) / 2 + (flowBefore[v] as number);
    }
    flow += thickness;
    if (l === layers.length - 1) return;
    const next = real[l + 1] as boolean;
    const here = real[l] as boolean;
    const base = here && next ? BETWEEN_NODES : here || next ? EDGE_TO_NODE : EDGE_TO_EDGE;
    const k = trackCount[l] as number;
    const margin = (isReal: boolean) => (isReal ? EDGE_TO_NODE : EDGE_TO_EDGE);
    const gap =
      k === 0 ? base : Math.max(base, margin(here) + (k - 1) * EDGE_TO_EDGE + margin(next));
    firstTrack[l] = flow + (gap - (k - 1) * EDGE_TO_EDGE) / 2;
    flow += gap;
  });
  const total = flow;

  // Everything in the page's coordinates, the least across at 0.
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  placed.forEach((p, v) => {
    low = Math.min(low, (at[v] as number) - p.before);
    high = Math.max(high, (at[v] as number) + p.size + p.after);
  });
  if (ids.length === 0) low = high = 0;
  const point = (a: number, f: number): ElkPoint => {
    // Rounded, so that ends computed along different sums meet exactly (collinear bends drop).
    const inFlow = round(mirrored ? total - f : f);
    const inAcross = round(a - low);
    return vertical ? { x: inAcross, y: inFlow } : { x: inFlow, y: inAcross };
  };
  ids.forEach((_, v) => {
    const corner = point(
      at[v] as number,
      mirrored ? (flowStart[v] as number) + sizeFlow(v) : (flowStart[v] as number),
    );
    Object.assign(node(v), corner);
  });
  links.forEach(({ edge, from, to }, i) => {
    const a1 = (at[from.v] as number) + across(from);
    const a2 = (at[to.v] as number) + across(to);
    const f1 = (flowStart[from.v] as number) + along(from.v, from);
    const f2 = (flowStart[to.v] as number) + along(to.v, to);
    const l = layerOf[from.v] as number;
    const bends: ElkPoint[] = [];
    const tracks = tracked[i];
    // Only links that jog have tracks; the others run straight.
    if (tracks) {
      const at = (track: number) => (firstTrack[l] as number) + track * EDGE_TO_EDGE;
      const { split } = tracks;
      const turn = split ? split.at : a2;
      bends.push(point(a1, at(tracks.track)), point(turn, at(tracks.track)));
      if (split) bends.push(point(turn, at(split.track)), point(a2, at(split.track)));
    }
    const end = point(tracks ? a2 : a1, f2);
    edge.sections = [
      { id: `${edge.id}.s`, startPoint: point(a1, f1), endPoint: end, bendPoints: bends },
    ];
  });
  for (const [v, list] of loops) {
    const side = at[v] as number;
    const origin = flowStart[v] as number;
    for (const loop of list) {
      const a = side - loop.out;
      edge(loop.link, [
        point(side, origin + loop.from),
        point(a, origin + loop.from),
        point(a, origin + loop.to),
        point(side, origin + loop.to),
      ]);
      if (!loop.label) continue;
      const { node: label, across: size, flow: length, at: gap } = loop.label;
      const middle = origin + (loop.from + loop.to) / 2;
      const corners = [
        point(side - gap - size, middle - length / 2),
        point(side - gap, middle + length / 2),
      ];
      label.x = Math.min(corners[0]?.x as number, corners[1]?.x as number);
      label.y = Math.min(corners[0]?.y as number, corners[1]?.y as number);
    }
  }
  root.width = vertical ? high - low : total;
  root.height = vertical ? total : high - low;
  root.x = 0;
  root.y = 0;
  return root;
}

/** A coordinate to a thousandth of a pixel. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Writes a route as the edge's one section. */
function edge(link: ElkExtendedEdge, route: ElkPoint[]): void {
  link.sections = [
    {
      id: `${link.id}.s`,
      startPoint: route[0] as ElkPoint,
      endPoint: route[route.length - 1] as ElkPoint,
      bendPoints: route.slice(1, -1),
    },
  ];
}

/** ELK numbers ports clockwise; along a side they are spread evenly, as ELK spreads them. */
const CLOCKWISE_AT: Record<
  PortSide,
  (w: number, h: number, f: number) => { x: number; y: number }
> = {
  NORTH: (w, _h, f) => ({ x: w * f, y: 0 }),
  EAST: (w, h, f) => ({ x: w, y: h * f }),
  SOUTH: (w, h, f) => ({ x: w * (1 - f), y: h }),
  WEST: (_w, h, f) => ({ x: 0, y: h * (1 - f) }),
};

/**
 * Where each port is on its node: a spec node's ports spread evenly along their side in their
 * fixed order, a label node's where `labelNode` put them.
 */
function portPlaces(
  root: ElkNode,
  layered: LayeredPlan,
  index: ReadonlyMap<string, number>,
): Map<string, End> {
  const places = new Map<string, End>();
  for (const child of root.children ?? []) {
    const v = index.get(child.id);
    if (v === undefined || !child.ports) continue;
    const bySide = new Map<PortSide, string[]>();
    for (const port of child.ports) {
      const side = layered.ports.get(port.id)?.side;
      if (side === undefined) {
        places.set(port.id, { v, x: port.x ?? 0, y: port.y ?? 0 });
        continue;
      }
      const list = bySide.get(side) ?? [];
      list.push(port.id);
      bySide.set(side, list);
    }
    for (const [side, list] of bySide) {
      list.forEach((id, k) => {
        const p = CLOCKWISE_AT[side](
          child.width ?? 0,
          child.height ?? 0,
          (k + 1) / (list.length + 1),
        );
        places.set(id, { v, ...p });
      });
    }
  }
  return places;
}
