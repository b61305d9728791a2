/**
 * Tracks for the links that jog between two adjacent layers: which link runs nearer which
 * layer, so that they cross as little as their ends let them and never share a stretch.
 */

/** Room between two tracks (ELK's edge–edge spacing). */
export const EDGE_TO_EDGE = 12;
/** Ends closer than this across a layer count as one place. */
export const SAME = 0.5;

/** A link's track between two layers, and, when it had to step across, where and its second one. */
export interface TrackedLink {
  track: number;
  split?: { at: number; track: number };
}

/**
 * Tracks for the links that jog between two layers (`a1` across where a link leaves the first
 * layer, `a2` where it meets the second), by index: links whose spans overlap get tracks of
 * their own, in the order that crosses least (a link on an earlier track runs nearer the first
 * layer), and never so that one link's stretch into its target lies on another's stretch out of
 * its source. Two links whose ends lie on each other both ways (nodes of one width, lined up,
 * with links crossing between them) would share a stretch in either order: the second of them
 * steps across halfway, on two tracks, one before and one after the first.
 *
 * @example
 * assignTracks([{ a1: 0, a2: 100 }, { a1: 50, a2: 150 }]); // [{ track: 1 }, { track: 0 }]
 */
export function assignTracks(links: readonly { a1: number; a2: number }[]): TrackedLink[] {
  const segments = links.map((s) => ({ a1: s.a1, a2: s.a2 }));
  const second: (number | undefined)[] = links.map(() => undefined);
  const firstOf = new Map<number, number>();
  const same = (x: number, y: number) => Math.abs(x - y) <= SAME;
  const taken = (x: number) => segments.some((s) => same(s.a1, x) || same(s.a2, x));
  for (let i = 0; i < links.length; i++) {
    for (let j = i + 1; j < links.length; j++) {
      const [si, sj] = [links[i], links[j]] as [
        { a1: number; a2: number },
        { a1: number; a2: number },
      ];
      if (second[i] !== undefined || second[j] !== undefined) continue;
      if (!same(si.a2, sj.a1) || !same(si.a1, sj.a2)) continue;
      let at = (sj.a1 + sj.a2) / 2;
      while (taken(at)) at += EDGE_TO_EDGE / 2;
      segments[j] = { a1: sj.a1, a2: at };
      segments.push({ a1: at, a2: sj.a2 });
      second[j] = segments.length - 1;
      firstOf.set(segments.length - 1, j);
    }
  }
  const tracks = orderTracks(segments, firstOf);
  return links.map((_, i) => {
    const track = tracks[i] as number;
    const then = second[i];
    if (then === undefined) return { track };
    return {
      track,
      split: { at: (segments[i] as { a2: number }).a2, track: tracks[then] as number },
    };
  });
}

/** Tracks for segments as `assignTracks` describes; a split link's second part after its first. */
function orderTracks(
  segments: readonly { a1: number; a2: number }[],
  firstOf: ReadonlyMap<number, number>,
): number[] {
  const k = segments.length;
  const low = segments.map((s) => Math.min(s.a1, s.a2));
  const high = segments.map((s) => Math.max(s.a1, s.a2));
  const inside = (a: number, j: number) =>
    a > (low[j] as number) + SAME && a < (high[j] as number) - SAME;
  /** What putting i's track before j's costs: crossings, and far more for a shared stretch. */
  const cost = (i: number, j: number) => {
    const si = segments[i] as { a1: number; a2: number };
    const sj = segments[j] as { a1: number; a2: number };
    const shared = Math.abs(si.a2 - sj.a1) <= SAME ? 1000 : 0;
    const reversed = firstOf.get(i) === j ? 1000 : 0;
    return (inside(sj.a1, i) ? 1 : 0) + (inside(si.a2, j) ? 1 : 0) + shared + reversed;
  };
  const overlaps = (i: number, j: number) =>
    (low[i] as number) < (high[j] as number) + EDGE_TO_EDGE &&
    (low[j] as number) < (high[i] as number) + EDGE_TO_EDGE;
  // Preferences between overlapping links, then an order that breaks as few as it can
  // (greedily, from the link that most wants to go first).
  const weight = new Float64Array(k);
  const prefer: { j: number; w: number }[][] = Array.from({ length: k }, () => []);
  const neighbours: number[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      if (!overlaps(i, j)) continue;
      (neighbours[i] as number[]).push(j);
      (neighbours[j] as number[]).push(i);
      const w = cost(j, i) - cost(i, j);
      if (w === 0) continue;
      const [first, second] = w > 0 ? [i, j] : [j, i];
      (prefer[first] as { j: number; w: number }[]).push({ j: second, w: Math.abs(w) });
      (prefer[second] as { j: number; w: number }[]).push({ j: first, w: -Math.abs(w) });
      weight[first] = (weight[first] as number) + Math.abs(w);
      weight[second] = (weight[second] as number) - Math.abs(w);
    }
  }
  // Links nothing wants before them go first; else the one that most wants to go first.
  const waiting = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    for (const { w } of prefer[i] as { j: number; w: number }[])
      if (w < 0) waiting[i] = (waiting[i] as number) + 1;
  }
  const done = new Uint8Array(k);
  const order: number[] = [];
  const better = (i: number, best: number) => {
    if (best < 0) return true;
    const free = waiting[i] === 0;
    if (free !== (waiting[best] === 0)) return free;
    const [wi, wb] = [weight[i] as number, weight[best] as number];
    return wi > wb || (wi === wb && (low[i] as number) < (low[best] as number));
  };
  for (let step = 0; step < k; step++) {
    let best = -1;
    for (let i = 0; i < k; i++) if (!done[i] && better(i, best)) best = i;
    done[best] = 1;
    order.push(best);
    // The rest no longer compete with it.
    for (const { j, w } of prefer[best] as { j: number; w: number }[]) {
      if (done[j]) continue;
      weight[j] = (weight[j] as number) + w;
      if (w > 0) waiting[j] = (waiting[j] as number) - 1;
    }
  }
  const track = new Array<number>(k).fill(-1);
  for (const i of order) {
    let t = 0;
    for (const j of neighbours[i] as number[]) {
      if ((track[j] as number) >= 0) t = Math.max(t, (track[j] as number) + 1);
    }
    track[i] = t;
  }
  return track;
}
