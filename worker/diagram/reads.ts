/**
 * The diagram object's read-only RPC handlers: metadata, cached head JSON, version history,
 * diffs, storage details and the conversation, each for the owning tenant only.
 */
import type { z } from "zod";
import { parseDiagram } from "../drawio/index.ts";
import { pageOf } from "../durable/paging.ts";
import { ApiError } from "../http/api-error.ts";
import type { DiagramState } from "./diagram-state.ts";
import { versionNotFound } from "./problems.ts";
import type * as In from "./rpc-schemas.ts";
import { diffView } from "./views.ts";

// The diagram object's reads: the head, its history and its conversation. Each checks that the
// diagram is the caller's first (404, never 403) and writes nothing.

/**
 * The diagram's metadata and head version number, without its XML.
 *
 * @example
 * meta(state, { tenant }); // { id, title, version: 3, created_at, updated_at }
 */
export function meta(state: DiagramState, args: z.infer<typeof In.TenantInput>) {
  const row = state.own(args.tenant);
  return {
    id: row.id,
    title: row.title,
    version: row.head,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The head as the JSON the API answers with, cached in the object (the hot read path). A caller
 * that holds the JSON for `known` gets no copy when it is still current.
 *
 * @example
 * readJson(state, { tenant, known: "3|2025-01-01T00:00:00.000Z" }); // { version: 3, key }
 */
export function readJson(state: DiagramState, args: z.infer<typeof In.ReadJsonInput>) {
  const row = state.own(args.tenant);
  const key = `${row.head}|${row.updated_at}`;
  if (args.known === key) return { version: row.head, key };
  const json = state.head.json(key, () => JSON.stringify(state.head.view(row, "xml")));
  return { version: row.head, key, json };
}

/**
 * A page of version summaries, newest first.
 *
 * @example
 * versions(state, { tenant, limit: 20 }); // { items: [...], next }
 */
export function versions(state: DiagramState, args: z.infer<typeof In.ListInput>) {
  state.own(args.tenant);
  return pageOf(state.store.list(args.before, args.limit + 1), args.limit, (v) => v.n);
}

/**
 * Version `n`: its summary and its XML.
 *
 * @example
 * version(state, { tenant, n: 2 }); // { n: 2, author: "api", …, xml: "<mxfile…" }
 */
export function version(state: DiagramState, args: z.infer<typeof In.VersionInput>) {
  state.own(args.tenant);
  const summary = state.store.summary(args.n) ?? versionNotFound(args.n);
  return { ...summary, xml: state.head.xmlOf(args.n) };
}

/**
 * The diff from version `against` (default n-1) to version `n`.
 *
 * @example
 * diff(state, { tenant, n: 3 }); // from version 2 to 3
 */
export function diff(state: DiagramState, args: z.infer<typeof In.DiffInput>) {
  state.own(args.tenant);
  const against = args.against ?? args.n - 1;
  if (against < 1) {
    throw new ApiError(422, "invalid_request", "version 1 has no predecessor; pass ?against=<n>");
  }
  const before = parseDiagram(state.head.xmlOf(against));
  const after = parseDiagram(state.head.xmlOf(args.n));
  return diffView(before, after, against, args.n);
}

/**
 * How version `n` is stored; for tests and diagnostics.
 *
 * @example
 * storageOf(state, { tenant, n: 2 }); // { chunks: 28, added: 1, addedBytes: 2310 }
 */
export function storageOf(state: DiagramState, args: z.infer<typeof In.VersionInput>) {
  state.own(args.tenant);
  return state.store.storage(args.n) ?? versionNotFound(args.n);
}

/**
 * A page of the conversation, newest first.
 *
 * @example
 * messages(state, { tenant, limit: 50 }); // { items: [{ role: "assistant", … }], next }
 */
export function messages(state: DiagramState, args: z.infer<typeof In.MessagesInput>) {
  state.own(args.tenant);
  return pageOf(state.store.messages(args.before, args.limit + 1), args.limit, (m) => m.id);
}
