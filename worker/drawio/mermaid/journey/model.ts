/**
 * What a user journey says once read: its title, sections, and tasks with their score (1–5)
 * and the actors who take part in them.
 */
import type { SourceLine } from "../source.ts";

/** A task line (`Make tea: 5: Me, Cat`). */
export interface JourneyTask {
  name: string;
  at: SourceLine;
  /** The score as written (Mermaid's scale is 1 to 5). */
  score: number;
  actors: string[];
  /** Index into the journey's sections, or -1 before any section. */
  section: number;
}

/** A read user journey. */
export interface Journey {
  title?: string;
  sections: { name: string; at: SourceLine }[];
  tasks: JourneyTask[];
  /** Every actor named, sorted as Mermaid sorts them to hand out colours. */
  actors: string[];
  notes: string[];
}
