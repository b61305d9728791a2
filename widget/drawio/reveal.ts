/**
 * Brings what a new version changed into view. draw.io's embed protocol (14.6) has no action
 * that fits or scrolls the view, so this works on draw.io's own graph, which only a page on
 * draw.io's origin can reach (a self-hosted draw.io, such as the Worker's `/drawio/`). Across
 * origins there is no graph and the view stays as it was.
 */

/** A box in the view's pixels (or, for `fitWindow`, the graph's units). */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A cell of draw.io's model (`mxCell`), as far as a change shows in it. */
interface Cell {
  value: unknown;
  style: unknown;
  geometry: unknown;
}

/** The parts of draw.io's `Graph` (an `mxGraph`) used here. */
export interface Graph {
  model: { cells: Record<string, Cell> | null };
  view: { scale: number; translate: { x: number; y: number } };
  /** The scrolling element the diagram is drawn in. */
  container: HTMLElement;
  /** The bounds of the vertices and edges among `cells`, in view pixels; null for none. */
  getBoundingBox(cells: Cell[]): Rect | null;
  /** Zooms and scrolls so that `bounds` (graph units) fills the container. */
  fitWindow(bounds: Rect): void;
}

/** draw.io's window, as far as {@link graphIn} reads it. */
interface DrawioWindow extends Window {
  Event: typeof Event;
  mxTooltipHandler: { prototype: { hide(this: { graph: Graph }): void } };
}

/**
 * The graph of the draw.io editor in `win`; undefined when `win` is another origin's (reading
 * it throws) or holds no draw.io editor. draw.io keeps its `EditorUi` in no global, and
 * `Draw.loadPlugin`, its entry point for plugins, is not installed with `offline=1`. But
 * scrolling the diagram calls the graph's tooltip handler (`tooltipHandler.hide()`, as a
 * person's scroll does), and that handler holds the graph: so one synthetic `scroll` with
 * `mxTooltipHandler.prototype.hide` wrapped finds it, synchronously.
 *
 * @example
 * const graph = graphIn(iframe.contentWindow);
 */
export function graphIn(win: Window | null): Graph | undefined {
  let graph: Graph | undefined;
  try {
    const { mxTooltipHandler, document, Event } = win as DrawioWindow;
    const tooltips = mxTooltipHandler.prototype;
    const hide = tooltips.hide;
    tooltips.hide = function () {
      graph = this.graph;
      hide.call(this);
    };
    try {
      document.querySelector(".geDiagramContainer")?.dispatchEvent(new Event("scroll"));
    } finally {
      tooltips.hide = hide;
    }
  } catch {
    // Another origin (a SecurityError), or no draw.io in the frame.
  }
  return graph;
}

/** Each cell's label, style and geometry by id: what {@link reveal} compares with. */
export type Snapshot = Map<string, string>;

const cellsOf = (graph: Graph) => Object.entries(graph.model.cells ?? {});
const looks = (cell: Cell) => JSON.stringify([cell.value, cell.style, cell.geometry]);

/**
 * What the editor shows now, to compare a later version with; undefined without a graph.
 *
 * @example
 * const before = snapshot(frame.graph);
 */
export function snapshot(graph: Graph | undefined): Snapshot | undefined {
  return graph && new Map(cellsOf(graph).map(([id, cell]) => [id, looks(cell)]));
}

/**
 * Scrolls the cells added or changed since `before` into view, centred, or zooms out to fit
 * them when they are larger than the view. Nothing moves when they are all in view already.
 *
 * @example
 * await frame.merge(xml);
 * reveal(frame.graph, before);
 */
export function reveal(graph: Graph | undefined, before: Snapshot | undefined): void {
  if (!graph || !before) return;
  const box = graph.getBoundingBox(
    cellsOf(graph)
      .filter(([id, cell]) => before.get(id) !== looks(cell))
      .map(([, cell]) => cell),
  );
  if (!box) return;
  const view = graph.container;
  const { scrollLeft: left, scrollTop: top, clientWidth: width, clientHeight: height } = view;
  if (
    box.x >= left &&
    box.y >= top &&
    box.x + box.width <= left + width &&
    box.y + box.height <= top + height
  ) {
    return;
  }
  const { scale, translate } = graph.view;
  if (box.width > width || box.height > height) {
    graph.fitWindow({
      x: box.x / scale - translate.x,
      y: box.y / scale - translate.y,
      width: box.width / scale,
      height: box.height / scale,
    });
  } else {
    view.scrollLeft = box.x + (box.width - width) / 2;
    view.scrollTop = box.y + (box.height - height) / 2;
  }
}
