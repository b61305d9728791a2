/**
 * A timeline as read from its Mermaid text: its title, and its time periods in order, each with
 * its events, grouped in sections.
 */
import type { SourceLine } from "../source.ts";

/** One time period and the events under it. */
export interface TimelinePeriod {
  label: string;
  events: string[];
  at: SourceLine;
}

/** A `section` and its periods; the periods before the first `section` have no name. */
export interface TimelineSection {
  name?: string;
  periods: TimelinePeriod[];
  at?: SourceLine;
}

/** A whole timeline. */
export interface TimelineModel {
  title?: string;
  sections: TimelineSection[];
  /** How many `section` statements there are. */
  named: number;
  /** Every period in order. */
  periods: TimelinePeriod[];
  /** `timeline TD`: periods top to bottom. */
  vertical: boolean;
  notes: string[];
}
