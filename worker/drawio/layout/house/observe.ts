/**
 * What a person changed by hand in one saved version of a diagram, as house style observations:
 * the style values they set on shapes (per kind) and edges, and the direction they turned the
 * diagram to.
 */
import { geometryOf, getCellAttribute, isEdge, isVertex } from "../../model/cell.ts";
import type { DiagramDocument, DiagramPage } from "../../model/document.ts";
import { parseStyle } from "../../model/style.ts";
import type { XmlElement } from "../../xml/nodes.ts";
import { flowDirection } from "./flow-direction.ts";
import { houseKindOf } from "./kind.ts";
import type { StyleObservation } from "./schema.ts";
import { HOUSE_EDGE_KEYS, HOUSE_NODE_KEYS, houseEdgeValue, houseNodeValue } from "./values.ts";

/** How many cells got each value, per target and key (in the order first met). */
type Tally = Map<
  string,
  { target: StyleObservation["target"]; key: string; counts: Map<string, number> }
>;

/** A value read in the house style's form (undefined: not kept), remembered for one call. */
type Reader = (key: string, raw: string | null | undefined) => string | undefined;

/** What one call keeps while it reads a document. */
interface Observer {
  tally: Tally;
  node: Reader;
  edge: Reader;
  /** Whether a cell was added, removed, moved or reconnected: only then can the flow turn. */
  moved: boolean;
}

const PLACEMENT = ["parent", "source", "target"] as const;
const GEOMETRY = ["x", "y", "width", "height"] as const;

/** Whether a cell hangs, connects or sits elsewhere than before. */
function placementDiffers(old: XmlElement, cell: XmlElement): boolean {
  if (PLACEMENT.some((key) => getCellAttribute(old, key) !== getCellAttribute(cell, key))) {
    return true;
  }
  const a = geometryOf(old)?.attrs;
  const b = geometryOf(cell)?.attrs;
  return GEOMETRY.some((key) => a?.[key] !== b?.[key]);
}

/** `read`, remembering each key and raw value's answer: a page repeats its values many times. */
function remembered(read: Reader): Reader {
  const known = new Map<string, string | undefined>();
  return (key, raw) => {
    if (raw == null) return undefined;
    const id = `${key}\u0000${raw}`;
    if (known.has(id)) return known.get(id);
    const value = read(key, raw);
    known.set(id, value);
    return value;
  };
}

/** A style string's entries by key (the last of a repeated key counts, as in draw.io). */
function styleMap(style: string | undefined): Map<string, string | null> {
  return new Map(parseStyle(style));
}

function count(tally: Tally, target: StyleObservation["target"], key: string, value: string): void {
  const id = `${target}\u0000${key}`;
  let entry = tally.get(id);
  if (!entry) {
    entry = { target, key, counts: new Map() };
    tally.set(id, entry);
  }
  entry.counts.set(value, (entry.counts.get(value) ?? 0) + 1);
}

/**
 * What a shape or edge added by hand says of the house style: its colours and font. Its other
 * values (`rounded=0`, `edgeStyle=orthogonalEdgeStyle`) are mostly what draw.io's sidebar and
 * connector give every new cell, not a choice.
 */
const ADDED_KEYS: ReadonlySet<string> = new Set([
  "fillColor",
  "strokeColor",
  "fontColor",
  "fontFamily",
]);

/**
 * Counts the values of `keys` that changed between the earlier style and the later one; for a
 * cell added by hand, the colours and font it sets ({@link ADDED_KEYS}).
 */
function countChanges(
  tally: Tally,
  target: StyleObservation["target"],
  keys: readonly string[],
  read: Reader,
  was: string | undefined,
  now: string | undefined,
  added: boolean,
): void {
  const earlier = added ? undefined : styleMap(was);
  const later = styleMap(now);
  for (const key of keys) {
    if (added && !ADDED_KEYS.has(key)) continue;
    const raw = later.get(key);
    if (earlier && earlier.get(key) === raw) continue;
    const value = read(key, raw);
    if (value === undefined) continue;
    if (earlier && read(key, earlier.get(key)) === value) continue;
    count(tally, target, key, value);
  }
}

/** The cells of a page by id. */
function cellsById(page: DiagramPage | undefined): Map<string, XmlElement> {
  const out = new Map<string, XmlElement>();
  for (const cell of page?.cells ?? []) {
    const id = cell.attrs.id;
    if (id !== undefined && !out.has(id)) out.set(id, cell);
  }
  return out;
}

/** Counts what changed on one page against its earlier version (undefined: a new page). */
function observePage(
  observer: Observer,
  page: DiagramPage,
  earlier: DiagramPage | undefined,
): void {
  const { tally } = observer;
  const was = cellsById(earlier);
  const edges = new Set<string>();
  for (const cell of page.cells) if (isEdge(cell) && cell.attrs.id) edges.add(cell.attrs.id);
  let matched = 0;
  for (const cell of page.cells) {
    const id = cell.attrs.id;
    if (id === undefined) continue;
    const old = was.get(id);
    if (old) matched++;
    observer.moved ||= !old || placementDiffers(old, cell);
    const now = getCellAttribute(cell, "style");
    const then = old && getCellAttribute(old, "style");
    if (old && then === now) continue;
    if (edges.has(id)) {
      countChanges(tally, "edge", HOUSE_EDGE_KEYS, observer.edge, then, now, !old);
      continue;
    }
    // Labels on edges are vertices whose parent is the edge; the house style leaves them alone.
    if (!isVertex(cell) || edges.has(getCellAttribute(cell, "parent") ?? "")) continue;
    // The kind the shape was made as: a person's later changes do not move it to another kind.
    const kind = houseKindOf(old ? then : now);
    if (kind === undefined) continue;
    countChanges(tally, kind, HOUSE_NODE_KEYS, observer.node, then, now, !old);
  }
  observer.moved ||= matched < was.size;
}

/** The earlier version of a page: the one with its id, or at its index when pages have no ids. */
function earlierPage(
  before: DiagramDocument,
  page: DiagramPage,
  index: number,
): DiagramPage | undefined {
  const id = page.attributes.id;
  if (id === undefined) return before.pages[index];
  return before.pages.find((p) => p.attributes.id === id);
}

/**
 * The style values a person changed in one saved version, as observations: for shapes present
 * in both versions (same id), each house key whose value changed, for the shape's kind; for
 * edges, likewise with target `edge`; for shapes and edges added by hand, every house value they
 * set. Values are put in the house style's form and ones it refuses are dropped; text, icons,
 * containers and edge labels are left out. When the edges turned (their flow runs another way
 * than before), a `diagram`/`direction` observation too. One observation per target and key: the
 * value most cells got. Nothing for a first version (`before` undefined): an import is not a
 * hand edit.
 *
 * @example
 * observeHandEdit(before, after);
 * // [{ target: "process", key: "fillColor", value: "#b2dfdb" }, { target: "diagram", key: "direction", value: "right" }]
 */
export function observeHandEdit(
  before: DiagramDocument | undefined,
  after: DiagramDocument,
): StyleObservation[] {
  if (before === undefined || before === after) return [];
  const tally: Tally = new Map();
  const observer: Observer = {
    tally,
    node: remembered(houseNodeValue),
    edge: remembered(houseEdgeValue),
    moved: before.pages.length !== after.pages.length,
  };
  after.pages.forEach((page, index) => {
    observePage(observer, page, earlierPage(before, page, index));
  });
  const out: StyleObservation[] = [];
  for (const { target, key, counts } of tally.values()) {
    let best: [string, number] | undefined;
    for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
    if (best) out.push({ target, key, value: best[0] });
  }
  // Only a page whose shapes or edges moved can flow another way: the rest skip the geometry.
  const now = observer.moved ? flowDirection(after) : undefined;
  const then = now === undefined ? undefined : flowDirection(before);
  if (then !== undefined && now !== undefined && now !== then) {
    out.push({ target: "diagram", key: "direction", value: now });
  }
  return out;
}
