/** The record of one fix the repair made, shared by the repair's passes. */

/**
 * One fix the repair made. `code` is stable (`escape_ampersand`, `drop_truncated_tail`,
 * `rename_duplicate_id`, …); `message` says what was wrong and what was done.
 *
 * @example
 * { code: "drop_dangling_edge", message: 'removed edge "e1": its target "9" does not exist', cellId: "e1" }
 */
export interface RepairChange {
  code: string;
  message: string;
  cellId?: string;
}
