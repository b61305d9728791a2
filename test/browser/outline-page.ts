/**
 * A page that holds a draw.io SVG export and answers, for points in page coordinates, whether
 * they lie on what draw.io drew for one cell (found by its unique fill and stroke colours):
 * inside a filled element, or on a stroke, as the browser's own `isPointInFill` and
 * `isPointInStroke` see it, with each element's flip and rotation transforms undone first.
 *
 * @example
 * const page = await openOutlinePage(browser, svg, { x: 0, y: 0 });
 * const failures = await checkOutlinePoints(page, checks);
 * await markPoints(page, points, []);
 * await saveClip(page, { x: 0, y: 0, width: 400, height: 200 }, "/tmp/outline-shots/a.png");
 */
import type { Browser, Page } from "playwright-core";
import type { Point } from "../../worker/drawio/model/cell.ts";

/** One sample: the point `outlinePoint` gave for a cell, and the way into the shape. */
export interface OutlineCheck {
  label: string;
  fill: string;
  stroke: string;
  point: Point;
  inward: Point;
  /** How far outward the line must stay clear of the shape (px). */
  reach: number;
  /** Whether `outlinePoint` moved the line to reach the shape (an extreme, met by a tangent). */
  clamped: boolean;
}

/** A sample that failed, with what the page saw. */
export interface OutlineFailure {
  label: string;
  point: Point;
  touches: boolean;
  clearOutside: boolean;
}

/** Plain ES2020: runs untranspiled in the page. */
const PAGE_SCRIPT = `
(() => {
  "use strict";
  const state = { svg: null, offset: { x: 0, y: 0 }, byColour: new Map() };
  const GEOMETRY = "path,rect,ellipse,circle,polygon,polyline,line";

  function toRoot(el) {
    let m = new DOMMatrix();
    for (let n = el; n && n !== state.svg; n = n.parentNode) {
      const list = n.transform && n.transform.baseVal;
      const t = list && list.numberOfItems > 0 ? list.consolidate() : null;
      if (t) m = DOMMatrix.fromMatrix(t.matrix).multiply(m);
    }
    return m.inverse();
  }

  function load(svgText, offset) {
    const host = document.getElementById("host");
    host.innerHTML = svgText;
    state.svg = host.querySelector("svg");
    state.offset = offset;
    state.byColour = new Map();
    for (const el of state.svg.querySelectorAll(GEOMETRY)) {
      const fill = (el.getAttribute("fill") || "#000000").toLowerCase();
      const stroke = (el.getAttribute("stroke") || "none").toLowerCase();
      const entry = { el, fill, stroke, inverse: toRoot(el) };
      for (const key of new Set([fill, stroke])) {
        if (key === "none") continue;
        if (!state.byColour.has(key)) state.byColour.set(key, []);
        state.byColour.get(key).push(entry);
      }
    }
  }

  function parts(check) {
    const out = new Set();
    for (const key of [check.fill, check.stroke]) {
      for (const entry of state.byColour.get(key.toLowerCase()) || []) out.add(entry);
    }
    return [...out];
  }

  function local(entry, x, y) {
    const p = entry.inverse.transformPoint(new DOMPoint(x + state.offset.x, y + state.offset.y));
    return { x: p.x, y: p.y };
  }

  function inFillOrStroke(entries, x, y) {
    return entries.some((e) => {
      const p = local(e, x, y);
      return (e.fill !== "none" && e.el.isPointInFill(p)) ||
        (e.stroke !== "none" && e.el.isPointInStroke(p));
    });
  }

  function inFill(entries, x, y) {
    return entries.some((e) => e.fill !== "none" && e.el.isPointInFill(local(e, x, y)));
  }

  function onStroke(entries, x, y) {
    return entries.some((e) => e.stroke !== "none" && e.el.isPointInStroke(local(e, x, y)));
  }

  // Along the line outward from the point: past the stroke band the point sits in (a line
  // meeting a stroke at a grazing angle, or a tangent, stays inside it for a while), nothing of
  // the shape may come within step px and up to reach px.
  function clearOutward(entries, c, step) {
    const at = (d) => [c.point.x - c.inward.x * d, c.point.y - c.inward.y * d];
    let band = 0;
    if (onStroke(entries, c.point.x, c.point.y)) {
      while (band < c.reach && onStroke(entries, ...at(band + 0.25))) band += 0.25;
    }
    for (let d = Math.max(step, band + 0.5); d <= c.reach; d += d < 4 ? 0.5 : 1) {
      const [x, y] = at(d);
      if (inFillOrStroke(entries, x, y)) return false;
    }
    return true;
  }

  function check(checks, step) {
    const failures = [];
    for (const c of checks) {
      const entries = parts(c);
      const { x, y } = c.point;
      // A clamped point is an extreme of the shape, met by a tangent: look around it.
      const around = c.clamped
        ? [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => inFill(entries, x + dx * step, y + dy * step))
        : false;
      const touches = entries.length > 0 && (onStroke(entries, x, y) || around ||
        inFill(entries, x + c.inward.x * step, y + c.inward.y * step));
      const clearOutside = clearOutward(entries, c, step);
      if (!touches || !clearOutside) failures.push({ label: c.label, point: c.point, touches, clearOutside });
    }
    return failures;
  }

  function mark(points, failed) {
    const ns = "http://www.w3.org/2000/svg";
    const layer = document.createElementNS(ns, "g");
    for (const [list, colour] of [[points, "#ff0000"], [failed, "#0000ff"]]) {
      for (const p of list) {
        const dot = document.createElementNS(ns, "circle");
        dot.setAttribute("cx", String(p.x + state.offset.x));
        dot.setAttribute("cy", String(p.y + state.offset.y));
        dot.setAttribute("r", "1.2");
        dot.setAttribute("fill", colour);
        layer.appendChild(dot);
      }
    }
    state.svg.appendChild(layer);
  }

  function zoom(factor) {
    const w = parseFloat(state.svg.getAttribute("width"));
    const h = parseFloat(state.svg.getAttribute("height"));
    state.svg.setAttribute("width", String(w * factor));
    state.svg.setAttribute("height", String(h * factor));
    const box = state.svg.viewBox.baseVal;
    return { x: box.x - state.offset.x, y: box.y - state.offset.y };
  }

  window.__outline = { load, check, mark, zoom };
})();
`;

interface OutlineWindow {
  __outline: {
    load(svg: string, offset: Point): void;
    check(checks: OutlineCheck[], step: number): OutlineFailure[];
    mark(points: Point[], failed: Point[]): void;
    zoom(factor: number): Point;
  };
}

/**
 * Opens a blank page holding `svg`. `offset` maps page coordinates to the SVG's own (draw.io
 * exports the diagram moved so that its top-left corner is at 0, 0).
 */
export async function openOutlinePage(browser: Browser, svg: string, offset: Point): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  await page.setContent(
    '<!doctype html><html><body style="margin:0;background:#fff"><div id="host"></div></body></html>',
  );
  await page.addScriptTag({ content: PAGE_SCRIPT });
  await page.evaluate(([s, o]) => (globalThis as unknown as OutlineWindow).__outline.load(s, o), [
    svg,
    offset,
  ] as const);
  return page;
}

/**
 * The checks that fail. The point must be on a drawn stroke, or (for shapes drawn without one)
 * have the fill `step` px inward; outward along the line, past the stroke band the point sits
 * in, nothing of the shape may lie from `step` px out to the check's `reach`.
 */
export function checkOutlinePoints(
  page: Page,
  checks: OutlineCheck[],
  step = 1.5,
): Promise<OutlineFailure[]> {
  return page.evaluate(([c, s]) => (globalThis as unknown as OutlineWindow).__outline.check(c, s), [
    checks,
    step,
  ] as const);
}

/** Draws the points as red dots, the failed ones blue. */
export async function markPoints(page: Page, points: Point[], failed: Point[]): Promise<void> {
  await page.evaluate(([p, f]) => (globalThis as unknown as OutlineWindow).__outline.mark(p, f), [
    points,
    failed,
  ] as const);
}

/** Saves a `zoom`× picture of `clip` (page coordinates) to `file`. */
export async function saveClip(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
  file: string,
  zoom = 3,
): Promise<void> {
  const origin = await page.evaluate(
    (z) => (globalThis as unknown as OutlineWindow).__outline.zoom(z),
    zoom,
  );
  await page.setViewportSize({
    width: Math.ceil((clip.x - origin.x + clip.width) * zoom) + 10,
    height: Math.ceil((clip.y - origin.y + clip.height) * zoom) + 10,
  });
  await page.screenshot({
    path: file,
    clip: {
      x: (clip.x - origin.x) * zoom,
      y: (clip.y - origin.y) * zoom,
      width: clip.width * zoom,
      height: clip.height * zoom,
    },
  });
  await page.evaluate((z) => (globalThis as unknown as OutlineWindow).__outline.zoom(1 / z), zoom);
}
