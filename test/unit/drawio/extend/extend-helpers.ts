/** A hand-laid page and what a reader would object to after an edit, for the extend tests. */

import { danglingEnds, sharedSegments } from "../../../../worker/drawio/geometry/edge-quality.ts";
import { edgeRoutes } from "../../../../worker/drawio/geometry/edge-routes.ts";
import { PageLayout } from "../../../../worker/drawio/geometry/page-layout.ts";
import { lintCrossings } from "../../../../worker/drawio/lint/crossings.ts";
import { isPlacedVertex } from "../../../../worker/drawio/lint/overlaps.ts";
import type { Rect } from "../../../../worker/drawio/model/cell.ts";
import type { DiagramDocument } from "../../../../worker/drawio/model/document.ts";

/** A page laid out by hand: a top-down flow, a container with two members, a pool of two lanes. */
export const HAND_LAID = `<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="api" value="API" style="rounded=1;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="100" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="db" value="DB" style="shape=cylinder3;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="100" y="300" width="120" height="80" as="geometry"/></mxCell>
<mxCell id="web" value="Web" style="rounded=1;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="320" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="e1" edge="1" parent="1" source="api" target="db"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="e2" edge="1" parent="1" source="web" target="api"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="backend" value="Backend" style="swimlane;startSize=30;html=1;" vertex="1" parent="1"><mxGeometry x="560" y="40" width="200" height="250" as="geometry"/></mxCell>
<mxCell id="svc1" value="Orders" style="rounded=1;html=1;" vertex="1" parent="backend"><mxGeometry x="40" y="50" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="svc2" value="Stock" style="rounded=1;html=1;" vertex="1" parent="backend"><mxGeometry x="40" y="160" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="e3" edge="1" parent="backend" source="svc1" target="svc2"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="pool" value="Pool" style="swimlane;startSize=20;horizontal=0;html=1;" vertex="1" parent="1"><mxGeometry x="100" y="480" width="500" height="200" as="geometry"/></mxCell>
<mxCell id="lane1" value="Sales" style="swimlane;startSize=20;horizontal=0;html=1;" vertex="1" parent="pool"><mxGeometry x="20" y="0" width="480" height="100" as="geometry"/></mxCell>
<mxCell id="lane2" value="Ops" style="swimlane;startSize=20;horizontal=0;html=1;" vertex="1" parent="pool"><mxGeometry x="20" y="100" width="480" height="100" as="geometry"/></mxCell>
<mxCell id="l1a" value="Quote" style="rounded=1;html=1;" vertex="1" parent="lane1"><mxGeometry x="40" y="20" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="l1b" value="Order" style="rounded=1;html=1;" vertex="1" parent="lane1"><mxGeometry x="300" y="20" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="e4" edge="1" parent="lane1" source="l1a" target="l1b"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="note" value="note" style="text;html=1;" vertex="1" parent="1"><mxGeometry x="1100" y="40" width="80" height="30" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

export const page = (doc: DiagramDocument) => doc.pages[0] as DiagramDocument["pages"][number];

/** Absolute boxes of every placed vertex. */
export function boxes(doc: DiagramDocument): Map<string, Rect> {
  const layout = new PageLayout(page(doc));
  const out = new Map<string, Rect>();
  for (const cell of layout.cells) {
    if (!isPlacedVertex(layout, cell)) continue;
    const rect = layout.absoluteRect(cell);
    if (rect) out.set(cell.id, rect);
  }
  return out;
}

export const overlap = (a: Rect, b: Rect) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
export const inside = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
export const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/**
 * What a reader would object to after an edit: new shapes overlapping another (nesting aside),
 * existing shapes that moved (other than `grown`), new edges through shapes, on top of other
 * edges, or ending off an outline.
 */
export function problems(
  before: DiagramDocument,
  after: DiagramDocument,
  added: readonly string[],
  grown: readonly string[] = [],
) {
  const old = boxes(before);
  const now = boxes(after);
  const layout = new PageLayout(page(after));
  const ancestors = (id: string) => {
    const cell = layout.get(id);
    return new Set(cell ? layout.ancestors(cell).map((c) => c.id) : []);
  };
  const out: string[] = [];
  for (const [id, rect] of old) {
    const r = now.get(id);
    if (!r || grown.includes(id)) continue;
    if (r.x !== rect.x || r.y !== rect.y || r.width !== rect.width || r.height !== rect.height)
      out.push(`moved ${id}`);
  }
  for (const id of added) {
    const r = now.get(id);
    if (!r) continue;
    const up = ancestors(id);
    for (const [other, o] of now) {
      if (other === id || up.has(other) || ancestors(other).has(id)) continue;
      // A shape drawn behind others (a table's cell, a zone) may hold a new one wholly.
      const backdrop =
        inside(o, r) &&
        [...old].some(
          ([k, v]) => k !== other && inside(o, v) && (v.width < o.width || v.height < o.height),
        );
      if (overlap(r, o) && !backdrop) out.push(`${id} overlaps ${other}`);
    }
  }
  const edges = new Set(added.filter((id) => layout.get(id)?.edge));
  const crossing = (edge: { id: string }, message: string) => {
    out.push(`${edge.id}: ${message}`);
    return true;
  };
  lintCrossings(layout, 4, crossing, undefined, edges);
  const routes = edgeRoutes(layout);
  for (const s of sharedSegments(routes)) {
    if (edges.has(s.a.id) || edges.has(s.b.id)) out.push(`${s.a.id} on top of ${s.b.id}`);
  }
  for (const d of danglingEnds(routes.filter((r) => edges.has(r.edge.id))))
    out.push(`${d.edge.id} dangles`);
  return out;
}
