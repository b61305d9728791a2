/**
 * Findings: what validation, repair, lint and layout report about a diagram, with stable codes,
 * and the one collector every producer fills ({@link FindingList}), which keeps a list short
 * enough to send and read however bad the diagram is.
 */

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
  | "lint_incomplete"
  // layout: warnings
  | "direction_not_applied"
  // any list: the last finding of a list that was cut (an error when an error was left out)
  | "too_many_findings";

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

/**
 * The most one list of findings holds: a diagram can have a problem per cell (50,000) or per
 * pair of cells (5,000 nested frames overlap each other 12.5 million times), and every list is
 * sent to someone who must read it. What does not fit is counted in one last finding.
 */
export const FINDING_LIMITS = {
  /** Findings in one list, besides the last `too_many_findings`. */
  count: 200,
  /** UTF-8 bytes of their messages. */
  messageBytes: 100_000,
} as const;

/** Limits of one {@link FindingList}: {@link FINDING_LIMITS} unless a caller needs fewer. */
export interface FindingLimits {
  count: number;
  messageBytes: number;
}

/**
 * Collects findings up to {@link FINDING_LIMITS} and closes the list with one
 * `too_many_findings` finding that says how many were left out. Producers whose work grows
 * faster than their input (the lint's pairs of cells) ask {@link full} and stop; they call
 * {@link stop} so the last finding says the count is a lower bound. The last finding is an
 * error when an error was left out, so a cut list is never taken for a valid diagram.
 *
 * @example
 * const list = new FindingList();
 * for (const cell of cells) if (!list.add(check(cell))) break;
 * return list.toArray(); // at most 201 findings
 */
export class FindingList {
  readonly #kept: Finding[] = [];
  readonly #limits: FindingLimits;
  #bytes = 0;
  #leftOut = 0;
  #leftOutError = false;
  #stopped = false;
  #closing: Finding[] = [];
  /** The page index given to each finding added from now on (for documents of several pages). */
  page: number | undefined;

  constructor(limits: FindingLimits = FINDING_LIMITS) {
    this.#limits = limits;
  }

  /** Keeps `finding` if it fits; false (and counted as left out) once the list is full. */
  add(finding: Finding): boolean {
    const bytes = utf8Length(finding.message);
    if (this.full || this.#bytes + bytes > this.#limits.messageBytes) {
      this.#leftOut++;
      if (finding.severity === "error") this.#leftOutError = true;
      return false;
    }
    this.#bytes += bytes;
    this.#kept.push(this.page === undefined ? finding : { ...finding, page: this.page });
    return true;
  }

  /**
   * Counts a finding left out without its message, for producers whose messages cost work (a
   * shape name's suggestions): ask {@link full} first, and call this instead of building one.
   */
  leaveOut(severity: Finding["severity"]): void {
    this.#leftOut++;
    if (severity === "error") this.#leftOutError = true;
  }

  /**
   * Adds every finding of another list, in order; the findings that closed it (a
   * `too_many_findings`, a `lint_incomplete`) close this one too, whatever the limits.
   */
  addAll(findings: readonly Finding[]): void {
    for (const finding of findings) {
      if (CLOSING_CODES.has(finding.code)) this.close(finding);
      else this.add(finding);
    }
  }

  /** True once nothing more is kept: a producer with costly work may stop here. */
  get full(): boolean {
    return this.#kept.length >= this.#limits.count || this.#leftOut > 0;
  }

  /** Records that the producer stopped with more to find: the count left out is a lower bound. */
  stop(): void {
    this.#stopped = true;
  }

  /**
   * Ends the list with a finding of the producer's own (the lint's `lint_incomplete`), kept
   * whatever the limits, before any `too_many_findings`.
   */
  close(finding: Finding): void {
    this.#closing.push(finding);
  }

  /**
   * Reorders the findings kept since the `from`-th: `compare` gets their offsets from `from`,
   * in the order they were kept (for a producer that finds in one order and reports in another).
   */
  sortSince(from: number, compare: (p: number, q: number) => number): void {
    const tail = this.#kept.slice(from);
    const order = tail.map((_, i) => i).sort(compare);
    order.forEach((at, i) => {
      this.#kept[from + i] = tail[at] as Finding;
    });
  }

  /** The findings kept so far, in the order they were added (without the closing ones). */
  get kept(): readonly Finding[] {
    return this.#kept;
  }

  /** The kept findings, then the closing ones, then `too_many_findings` if any were left out. */
  toArray(): Finding[] {
    const out = [...this.#kept, ...this.#closing];
    if (this.#leftOut === 0 && !this.#stopped) return out;
    out.push(
      tooMany(this.#limits, this.#kept.length, this.#leftOut, this.#stopped, this.#leftOutError),
    );
    return out;
  }
}

/**
 * A list cut to {@link FINDING_LIMITS} (for findings gathered elsewhere, or two lists joined).
 *
 * @example
 * capFindings([...notes, ...lint]);
 */
export function capFindings(findings: readonly Finding[]): Finding[] {
  const list = new FindingList();
  list.addAll(findings);
  return list.toArray();
}

/** Findings that end a list and say it is not everything: kept when lists are joined. */
const CLOSING_CODES: ReadonlySet<FindingCode> = new Set(["too_many_findings", "lint_incomplete"]);

function tooMany(
  limits: FindingLimits,
  kept: number,
  leftOut: number,
  stopped: boolean,
  error: boolean,
): Finding {
  const count = `${leftOut.toLocaleString("en-US")} more finding${leftOut === 1 ? "" : "s"}`;
  const what = stopped
    ? `the check stopped once the list was full${leftOut > 0 ? ` (${count} found and left out)` : ""}, so there may be more`
    : `${count} left out`;
  return {
    code: "too_many_findings",
    severity: error ? "error" : "warning",
    message: `${what}: a list keeps at most ${limits.count} findings and ${limits.messageBytes.toLocaleString("en-US")} bytes of messages (this one ${kept})${error ? ", and errors are among those left out" : ""}; fix these and check again`,
  };
}

function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Surrogate pairs are 4 bytes for 2 units; other units above U+07FF are 3, above U+007F 2.
    if (c > 0x7f) bytes += c > 0x7ff && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return bytes;
}
