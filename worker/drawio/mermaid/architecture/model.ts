/**
 * An architecture diagram as read: groups (nested), services and junctions in them, and the
 * edges between their named sides.
 */
import type { SourceLine } from "../source.ts";

/** A side of a service, junction or group: left, right, top, bottom. */
export type Side = "L" | "R" | "T" | "B";

/** A service (an icon with a title) or a junction (a point where edges meet). */
export interface ArchNode {
  kind: "service" | "junction";
  id: string;
  icon?: string;
  title: string;
  /** The group it is in. */
  parent?: string;
  at: SourceLine;
}

/** A group of services (and groups). */
export interface ArchGroup {
  id: string;
  icon?: string;
  title: string;
  parent?: string;
  at: SourceLine;
}

/** One end of an edge: the node, the side it leaves or enters by, and whether from its group's border. */
export interface ArchEnd {
  id: string;
  side: Side;
  /** `{group}`: the edge runs from the border of the node's group. */
  group: boolean;
  arrow: boolean;
}

/** An edge between two sides. */
export interface ArchEdge {
  from: ArchEnd;
  to: ArchEnd;
  label: string;
  at: SourceLine;
}

/** The whole diagram. */
export interface Architecture {
  nodes: ArchNode[];
  groups: ArchGroup[];
  edges: ArchEdge[];
  byId: Map<string, ArchNode | ArchGroup>;
  notes: string[];
}
