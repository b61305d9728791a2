/**
 * Row types of the batch object's tables, the stored problem and delivery shapes, and the API
 * view of one item.
 */
import type { ItemStatus } from "../schemas/batch.ts";
import type { ProblemCode } from "../schemas/problem-codes.ts";

// The batch object's rows as SQLite returns them, and the API's view of an item.

export interface BatchRow extends Record<string, SqlStorageValue> {
  id: string;
  owner: string;
  origin: string;
  model: string | null;
  /** `none` when the batch opted out of the house style. */
  style: string | null;
  webhook_url: string | null;
  webhook_events: string | null;
  webhook_disabled: number;
  cancelled: number;
  created_at: string;
  completed_at: string | null;
}

export interface ItemRow extends Record<string, SqlStorageValue> {
  idx: number;
  prompt: string;
  title: string | null;
  theme: string | null;
  direction: string | null;
  metadata: string | null;
  status: ItemStatus;
  diagram_id: string;
  version: number | null;
  result_title: string | null;
  attempts: number;
  last_error: string | null;
  error: string | null;
}

/** A failed item's problem, as stored (RFC 9457 members). */
export interface StoredProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
}

/** A caller's metadata, as stored: JSON, typed so that it crosses RPC. */
export type JsonObject = Record<string, string | number | boolean | null | object>;

/** A webhook delivery attempt as `deliveries` lists it. */
export interface DeliveryView {
  id: number;
  event_id: string;
  event_type: string;
  attempt: number;
  status: number | null;
  outcome: "delivered" | "failed" | "gone";
  error: string | null;
  duration_ms: number;
  at: string;
}

/** An item as the API shows it (`BatchItem`). */
export function itemView(row: ItemRow) {
  return {
    index: row.idx,
    status: row.status,
    prompt: row.prompt,
    diagram_id: row.status === "succeeded" ? row.diagram_id : null,
    version: row.version,
    title: row.result_title,
    attempts: row.attempts,
    error: row.error ? (JSON.parse(row.error) as StoredProblem) : null,
    metadata: row.metadata ? (JSON.parse(row.metadata) as JsonObject) : null,
  };
}
