/**
 * The layout judge: measures a laid-out draw.io page as a reader sees it, from the absolute
 * coordinates draw.io draws (pinned ends, waypoints, label offsets), with the draw.io library's
 * own geometry rules. The same code judges our layouts and Graphviz dot's.
 */

import type { Direction } from "../../worker/drawio/geometry/direction.ts";
import { ambiguousLabels } from "../../worker/drawio/geometry/edge-labels.ts";
import {
  countEdgeCrossings,
  danglingEnds,
  edgesAgainstFlow,
  sharedSegments,
} from "../../worker/drawio/geometry/edge-quality.ts";
import { edgeRoutes } from "../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../worker/drawio/geometry/page-layout.ts";
import { lintPage } from "../../worker/drawio/lint/index.ts";
import type { DiagramDocument } from "../../worker/drawio/model/document.ts";

/** What the judge counts on one page. */
export interface Judgement {
  crossings: number;
  shared: number;
  against: number;
  dangling: number;
  ambiguous: number;
  overlaps: number;
  throughVertex: number;
  details: string[];
}

/**
 * Judges the first page of a document laid out in `direction`.
 *
 * @example
 * judge(parseDiagram(xml), "down").crossings;
 */
export function judge(document: DiagramDocument, direction: Direction): Judgement {
  const page = document.pages[0];
  if (!page) throw new Error("no page to judge");
  const layout = new PageLayout(page);
  const routes = edgeRoutes(layout);
  const shared = sharedSegments(routes);
  const against = edgesAgainstFlow(routes, direction);
  const ambiguous = ambiguousLabels(layout, routes);
  const dangling = danglingEnds(routes);
  const lint = lintPage(page, { rules: ["overlap", "edge_crosses_vertex"] });
  const details = [
    ...shared.map((s) => `shared ${s.a.id}|${s.b.id} ${s.length}px at ${s.at.x},${s.at.y}`),
    ...dangling.map((d) => `dangling ${d.edge.id} ${d.end} ${d.distance.toFixed(1)}px`),
    ...ambiguous.map((a) => `label ${a.label.edge.id} ${a.problem} ${a.other.id}`),
  ];
  return {
    crossings: countEdgeCrossings(routes),
    shared: shared.length,
    against: against.length,
    dangling: dangling.length,
    ambiguous: ambiguous.length,
    overlaps: lint.filter((f) => f.code === "overlap").length,
    throughVertex: lint.filter((f) => f.code === "edge_crosses_vertex").length,
    details,
  };
}
