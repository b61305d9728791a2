/**
 * A laid-out page as the finishing passes share it: the page read once, its edges' routes, and
 * the edges each pass redrew.
 */
import { type EdgeRoute, edgeRoute, edgeRoutes } from "../../geometry/edge-routes.ts";
import { type LayoutCell, PageLayout } from "../../geometry/page-layout.ts";
import { type DiagramDocument, type DiagramPage, withReplacedCells } from "../../model/document.ts";
import type { XmlElement } from "../../xml/nodes.ts";

/**
 * One page under the finishing passes. Each pass reads `layout` and `routes` and ends by handing
 * its redrawn edges to `commit`, after which both read as the page with those edges would read
 * afresh: reading a page and its routes again for every pass was a third of a small layout's
 * time.
 *
 * @example
 * const drawn = new DrawnPage(doc.pages[0]);
 * drawn.commit(straightened); drawn.document(doc, 0);
 */
export class DrawnPage {
  readonly layout: PageLayout;
  /** The routes of the page's visible edges (`edgeRoutes`); a pass may change its own copies. */
  readonly routes: EdgeRoute[];
  /** Every edge a pass redrew, by id: its newest element. */
  readonly redrawn = new Map<string, XmlElement>();
  private readonly routeOf: Map<LayoutCell, number>;

  constructor(page: DiagramPage) {
    this.layout = new PageLayout(page);
    this.routes = edgeRoutes(this.layout);
    this.routeOf = new Map(this.routes.map((route, i) => [route.edge, i]));
  }

  /**
   * Takes a pass's redrawn edges (new elements by id): the layout reads them from now on, and
   * their routes are read from them again, as from a page written with them.
   */
  commit(replaced: ReadonlyMap<string, XmlElement>): void {
    for (const [id, element] of replaced) {
      const cell = this.layout.get(id);
      if (!cell) continue;
      this.layout.setEdgeElement(cell, element);
      this.redrawn.set(id, element);
      const at = this.routeOf.get(cell);
      const route = edgeRoute(this.layout, cell);
      if (at !== undefined && route) this.routes[at] = route;
    }
  }

  /** `doc` with page `index`'s redrawn edges in place (the input is left as it was). */
  document(doc: DiagramDocument, index: number): DiagramDocument {
    return withReplacedCells(doc, index, this.redrawn);
  }
}
