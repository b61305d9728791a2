/** Stable finding codes. Errors make a diagram unusable; warnings are about quality. */
export type FindingCode =
  // validate: errors
  | "malformed_xml"
  | "unescaped_character"
  | "not_a_diagram"
  | "empty_id"
  | "duplicate_id"
  | "reserved_id"
  | "missing_parent"
  | "unknown_parent"
  | "parent_cycle"
  | "missing_root"
  | "nested_cell"
  | "wrapper_without_cell"
  | "missing_geometry"
  | "unknown_source"
  | "unknown_target"
  | "invalid_geometry"
  // validate: warnings
  | "unknown_element"
  | "vertex_and_edge"
  | "cell_on_root"
  | "unknown_shape"
  // repair
  | "truncated"
  | "no_cells"
  // lint: warnings
  | "overlap"
  | "edge_crosses_vertex"
  | "outside_container"
  | "label_overflow"
  // layout: warnings
  | "direction_not_applied";

/**
 * One thing found in a diagram.
 *
 * @example
 * { code: "unknown_parent", severity: "error", message: 'cell "7" names parent "9", which does not exist', cellId: "7" }
 */
export interface Finding {
  code: FindingCode;
  severity: "error" | "warning";
  message: string;
  cellId?: string;
  /** Page index, for documents with more than one page. */
  page?: number;
}

/** True when any finding is an error. */
export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "error");
}
