/**
 * How long the batch object waits before it takes an item (or a webhook event) back from a
 * process that may have died with it. Every open item has a lease: while it is queued, the
 * time by which a consumer should have taken it; while it runs, the time by which the turn must
 * have ended (a turn is capped at 300 s); while it waits for a queue retry, the retry's delay
 * and then some. A webhook event that was handed to the queue has one too. The batch object's
 * alarm fires at the earliest lease and puts back on the queue whatever outlived its lease.
 */

/** A queued item should be taken within this long (more for large batches, see below). */
const QUEUED_LEASE_S = 600;
/** A running item's turn ends within 300 s (`README`'s turn limits); this leaves a margin. */
const RUNNING_LEASE_S = 360;
/** A webhook event handed to the queue should have been attempted within this long. */
const EVENT_LEASE_S = 600;
/** Items a queue consumer works through per lease period, roughly (concurrency 10 × 50). */
const ITEMS_PER_LEASE = 500;

/**
 * How many times an item may be put back on the queue by the alarm before it fails with
 * `item_lost`. Each time it gets the queue's own retries too, so this is generous.
 */
export const MAX_REQUEUES = 3;

/** Lease lengths in ms, scaled by `BATCH_LEASE_SCALE` (tests shorten them; default 1). */
export interface Leases {
  queued(items: number): number;
  running(): number;
  retrying(delaySeconds: number): number;
  event(delaySeconds?: number): number;
}

/**
 * The lease lengths for this deployment.
 *
 * @example
 * const leases = leasesFor(env);
 * const until = Date.now() + leases.running();
 */
export function leasesFor(env: { BATCH_LEASE_SCALE?: string }): Leases {
  const raw = Number(env.BATCH_LEASE_SCALE ?? "1");
  const scale = Number.isFinite(raw) && raw > 0 ? raw : 1;
  const ms = (seconds: number) => Math.round(seconds * 1000 * scale);
  return {
    queued: (items) => ms(QUEUED_LEASE_S * Math.max(1, Math.ceil(items / ITEMS_PER_LEASE))),
    running: () => ms(RUNNING_LEASE_S),
    retrying: (delaySeconds) => ms(delaySeconds + QUEUED_LEASE_S),
    event: (delaySeconds = 0) => ms(delaySeconds + EVENT_LEASE_S),
  };
}
