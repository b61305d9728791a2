/** Minimal mxGraph model classes: the sidebar scripts build cells with these. */

import { isFunction, isRecord } from "./unknown-values.ts";

/**
 * mxPoint, as far as the sidebar scripts use it.
 *
 * @example
 * new MockPoint(10, 20).clone(); // { x: 10, y: 20 }
 */
export class MockPoint {
  x: number;
  y: number;

  constructor(x?: number, y?: number) {
    this.x = x ?? 0;
    this.y = y ?? 0;
  }

  clone(): MockPoint {
    return new MockPoint(this.x, this.y);
  }
}

/**
 * mxRectangle, as far as the sidebar scripts (and mxConstants' page formats) use it.
 *
 * @example
 * new MockRectangle(0, 0, 120, 60).getCenterX(); // 60
 */
export class MockRectangle extends MockPoint {
  width: number;
  height: number;

  constructor(x?: number, y?: number, width?: number, height?: number) {
    super(x, y);
    this.width = width ?? 0;
    this.height = height ?? 0;
  }

  override clone(): MockRectangle {
    return new MockRectangle(this.x, this.y, this.width, this.height);
  }

  getCenterX(): number {
    return this.x + this.width / 2;
  }

  getCenterY(): number {
    return this.y + this.height / 2;
  }
}

/**
 * mxGeometry, with the terminal points edge templates set.
 *
 * @example
 * new MockGeometry(0, 0, 50, 50).setTerminalPoint(new MockPoint(0, 50), true);
 */
export class MockGeometry extends MockRectangle {
  relative = false;
  offset: unknown = null;
  points: unknown = null;
  sourcePoint: unknown = null;
  targetPoint: unknown = null;

  override clone(): MockGeometry {
    return Object.assign(new MockGeometry(), this);
  }

  setTerminalPoint(point: unknown, isSource: boolean): unknown {
    if (isSource) this.sourcePoint = point;
    else this.targetPoint = point;
    return point;
  }

  getTerminalPoint(isSource: boolean): unknown {
    return isSource ? this.sourcePoint : this.targetPoint;
  }
}

/**
 * mxCell: the sidebar scripts build every template from these, children and edges included.
 *
 * @example
 * const cell = new MockCell("", new MockGeometry(0, 0, 120, 60), "rounded=0;whiteSpace=wrap;");
 * cell.setVertex(true);
 */
export class MockCell {
  value: unknown;
  geometry: MockGeometry | null;
  style: string | null;
  id: string | null = null;
  vertex = false;
  edge = false;
  connectable = true;
  visible = true;
  collapsed = false;
  parent: MockCell | null = null;
  source: MockCell | null = null;
  target: MockCell | null = null;
  children: MockCell[] = [];
  edges: MockCell[] = [];

  constructor(value?: unknown, geometry?: MockGeometry | null, style?: string | null) {
    this.value = value;
    this.geometry = geometry ?? null;
    this.style = style ?? null;
  }

  insert(child: MockCell, index?: number): MockCell {
    child.removeFromParent();
    child.parent = this;
    this.children.splice(index ?? this.children.length, 0, child);
    return child;
  }

  remove(index: number): MockCell | null {
    const [child] = this.children.splice(index, 1);
    if (child !== undefined) child.parent = null;
    return child ?? null;
  }

  removeFromParent(): void {
    if (this.parent !== null) this.parent.remove(this.parent.children.indexOf(this));
  }

  insertEdge(edge: MockCell, isOutgoing: boolean): MockCell {
    edge.setTerminal(this, isOutgoing);
    this.edges.push(edge);
    return edge;
  }

  setTerminal(terminal: MockCell | null, isSource: boolean): MockCell | null {
    if (isSource) this.source = terminal;
    else this.target = terminal;
    return terminal;
  }

  getTerminal(isSource: boolean): MockCell | null {
    return isSource ? this.source : this.target;
  }

  clone(): MockCell {
    const cell = new MockCell(cloneValue(this.value), this.geometry?.clone() ?? null, this.style);
    cell.vertex = this.vertex;
    cell.edge = this.edge;
    cell.connectable = this.connectable;
    cell.visible = this.visible;
    cell.collapsed = this.collapsed;
    return cell;
  }

  /** A copy with copies of all descendants, as `graph.cloneCell` makes. */
  cloneDeep(): MockCell {
    const copy = this.clone();
    for (const child of this.children) copy.insert(child.cloneDeep());
    return copy;
  }

  isVertex(): boolean {
    return this.vertex;
  }

  setVertex(vertex: boolean): void {
    this.vertex = vertex;
  }

  isEdge(): boolean {
    return this.edge;
  }

  setEdge(edge: boolean): void {
    this.edge = edge;
  }

  isConnectable(): boolean {
    return this.connectable;
  }

  setConnectable(connectable: boolean): void {
    this.connectable = connectable;
  }

  getValue(): unknown {
    return this.value;
  }

  setValue(value: unknown): void {
    this.value = value;
  }

  getStyle(): string | null {
    return this.style;
  }

  setStyle(style: string | null): void {
    this.style = style;
  }

  getGeometry(): MockGeometry | null {
    return this.geometry;
  }

  setGeometry(geometry: MockGeometry | null): void {
    this.geometry = geometry;
  }

  getParent(): MockCell | null {
    return this.parent;
  }

  setParent(parent: MockCell | null): void {
    this.parent = parent;
  }

  getChildCount(): number {
    return this.children.length;
  }

  getChildAt(index: number): MockCell | null {
    return this.children[index] ?? null;
  }

  getId(): string | null {
    return this.id;
  }

  setId(id: string | null): void {
    this.id = id;
  }

  isVisible(): boolean {
    return this.visible;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
  }

  isCollapsed(): boolean {
    return this.collapsed;
  }

  setCollapsed(collapsed: boolean): void {
    this.collapsed = collapsed;
  }

  // User objects: the value is an XML element whose attributes hold label and metadata.
  setAttribute(name: string, value: unknown): void {
    const v = this.value;
    if (isRecord(v) && isFunction(v.setAttribute)) v.setAttribute.call(v, name, value);
  }

  getAttribute(name: string, fallback?: unknown): unknown {
    const v = this.value;
    const found = isRecord(v) && isFunction(v.getAttribute) ? v.getAttribute.call(v, name) : null;
    return found ?? fallback;
  }
}

function cloneValue(value: unknown): unknown {
  if (isRecord(value) && isFunction(value.cloneNode)) return value.cloneNode.call(value, true);
  return value;
}

/**
 * How many cells `cells` hold, descendants included.
 *
 * @example
 * countCells([group]); // 3 for a group of two shapes
 */
export function countCells(cells: readonly MockCell[]): number {
  let n = 0;
  for (const cell of cells) n += 1 + countCells(cell.children);
  return n;
}
