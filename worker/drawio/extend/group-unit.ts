/** A new group as one block: its members laid out in ranks along the flow, before it is placed. */

import type { Direction } from "../layout/spec.ts";
import type { Rect } from "../model/cell.ts";
import { FLOW_AXES } from "./free-space.ts";
import type { NewLink, NewShape } from "./placement.ts";
import { CONTAINER_PADDING, headerOf } from "./scene.ts";

/** Space between members inside a new group. */
const MEMBER_GAP = 36;
/** The header of a new group's title: swimlanes draw one, containers a line of text. */
const GROUP_HEADER = 30;

/** A new shape with everything inside it, laid out relative to its own top-left corner. */
export interface Unit {
  id: string;
  width: number;
  height: number;
  /** Descendants' boxes relative to the unit's top-left corner. */
  members: Map<string, Rect>;
}

/**
 * A new shape as one block: a node is its own box; a group holds its members in ranks along
 * the flow (a member linked from another comes after it), side by side across it.
 */
export function unitOf(
  shape: NewShape,
  childrenOf: ReadonlyMap<string | undefined, NewShape[]>,
  links: readonly NewLink[],
  flow: Direction,
): Unit {
  const members = childrenOf.get(shape.id);
  if (shape.groupStyle === undefined || !members || members.length === 0) {
    return { id: shape.id, width: shape.width, height: shape.height, members: new Map() };
  }
  const inner = members.map((m) => unitOf(m, childrenOf, links, flow));
  const index = new Map<string, number>();
  inner.forEach((u, i) => {
    index.set(u.id, i);
    for (const id of u.members.keys()) index.set(id, i);
  });
  const ranks = rankMembers(inner.length, links, index);
  const { along } = FLOW_AXES[flow];
  const vertical = along.y !== 0;
  const byRank: number[][] = [];
  ranks.forEach((r, i) => {
    if (!byRank[r]) byRank[r] = [];
    (byRank[r] as number[]).push(i);
  });
  if (along.x < 0 || along.y < 0) byRank.reverse();
  const lengthOf = (u: Unit) => (vertical ? u.height : u.width);
  const breadthOf = (u: Unit) => (vertical ? u.width : u.height);
  const rows = byRank.filter((r) => r !== undefined && r.length > 0);
  const rowBreadth = rows.map(
    (r) => r.reduce((sum, i) => sum + breadthOf(inner[i] as Unit), 0) + MEMBER_GAP * (r.length - 1),
  );
  const breadth = Math.max(...rowBreadth);
  const header = headerOf(shape.groupStyle);
  const top = Math.max(header.top, GROUP_HEADER);
  const placed = new Map<string, Rect>();
  let cursor = 0;
  rows.forEach((row, k) => {
    const length = Math.max(...row.map((i) => lengthOf(inner[i] as Unit)));
    let across = (breadth - (rowBreadth[k] as number)) / 2;
    for (const i of row) {
      const u = inner[i] as Unit;
      const a = cursor + (length - lengthOf(u)) / 2;
      const x = CONTAINER_PADDING + header.left + (vertical ? across : a);
      const y = CONTAINER_PADDING + top + (vertical ? a : across);
      placed.set(u.id, { x, y, width: u.width, height: u.height });
      for (const [id, r] of u.members) placed.set(id, { ...r, x: r.x + x, y: r.y + y });
      across += breadthOf(u) + MEMBER_GAP;
    }
    cursor += length + MEMBER_GAP;
  });
  const contentLength = cursor - MEMBER_GAP;
  const width = 2 * CONTAINER_PADDING + header.left + (vertical ? breadth : contentLength);
  const height = 2 * CONTAINER_PADDING + top + (vertical ? contentLength : breadth);
  return {
    id: shape.id,
    width: Math.max(width, shape.width),
    height: Math.max(height, shape.height),
    members: placed,
  };
}

/** Longest-path ranks of `count` members from the links between them; cycles are cut. */
function rankMembers(
  count: number,
  links: readonly NewLink[],
  index: ReadonlyMap<string, number>,
): number[] {
  const next: number[][] = Array.from({ length: count }, () => []);
  const incoming = new Array<number>(count).fill(0);
  for (const link of links) {
    const s = index.get(link.source);
    const t = index.get(link.target);
    if (s === undefined || t === undefined || s === t) continue;
    (next[s] as number[]).push(t);
    incoming[t] = (incoming[t] as number) + 1;
  }
  const rank = new Array<number>(count).fill(0);
  const done = new Array<boolean>(count).fill(false);
  for (let left = count; left > 0; ) {
    // The members no unplaced member points at, or, in a cycle, the first one left.
    let ready = [...Array(count).keys()].filter((i) => !done[i] && incoming[i] === 0);
    if (ready.length === 0) ready = [done.indexOf(false)];
    for (const i of ready) {
      done[i] = true;
      left--;
      for (const t of next[i] as number[]) {
        if (done[t]) continue;
        rank[t] = Math.max(rank[t] as number, (rank[i] as number) + 1);
        incoming[t] = (incoming[t] as number) - 1;
      }
    }
  }
  return rank;
}
