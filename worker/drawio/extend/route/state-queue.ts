/**
 * @module The open list of the router's A* search: a binary heap of search states.
 */

/**
 * States by estimated total cost, lowest first; among equal estimates the one that has come
 * further (higher cost so far), then the one queued first, so the order never depends on
 * anything but the input.
 *
 * @example
 * const queue = new StateQueue();
 * queue.push(7, 120, 40);
 * queue.pop(); // 7
 */
export class StateQueue {
  readonly #states: number[] = [];
  readonly #estimates: number[] = [];
  readonly #costs: number[] = [];
  readonly #order: number[] = [];
  #queued = 0;

  get size(): number {
    return this.#states.length;
  }

  /** Queues `state` with its estimated total and its cost so far. */
  push(state: number, estimate: number, cost: number): void {
    this.#states.push(state);
    this.#estimates.push(estimate);
    this.#costs.push(cost);
    this.#order.push(this.#queued++);
    let k = this.#states.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!this.#before(k, parent)) break;
      this.#swap(k, parent);
      k = parent;
    }
  }

  /** Takes the best state; undefined when empty. */
  pop(): number | undefined {
    const top = this.#states[0];
    const last = this.#states.length - 1;
    if (last < 0) return undefined;
    this.#swap(0, last);
    this.#states.pop();
    this.#estimates.pop();
    this.#costs.pop();
    this.#order.pop();
    let k = 0;
    for (;;) {
      const l = 2 * k + 1;
      const r = l + 1;
      let best = k;
      if (l < last && this.#before(l, best)) best = l;
      if (r < last && this.#before(r, best)) best = r;
      if (best === k) break;
      this.#swap(k, best);
      k = best;
    }
    return top;
  }

  /** The cost so far that the best state was queued with. */
  get topCost(): number {
    return this.#costs[0] ?? Number.POSITIVE_INFINITY;
  }

  #before(i: number, j: number): boolean {
    const ei = this.#estimates[i] as number;
    const ej = this.#estimates[j] as number;
    if (ei !== ej) return ei < ej;
    const ci = this.#costs[i] as number;
    const cj = this.#costs[j] as number;
    if (ci !== cj) return ci > cj;
    return (this.#order[i] as number) < (this.#order[j] as number);
  }

  #swap(i: number, j: number): void {
    swapIn(this.#states, i, j);
    swapIn(this.#estimates, i, j);
    swapIn(this.#costs, i, j);
    swapIn(this.#order, i, j);
  }
}

function swapIn(list: number[], i: number, j: number): void {
  const t = list[i] as number;
  list[i] = list[j] as number;
  list[j] = t;
}
