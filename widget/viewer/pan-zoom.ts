/**
 * Panning and zooming the viewer's canvas: the scale it starts at and its bounds, two-finger
 * pinch, ctrl/⌘ + wheel (a trackpad's pinch), mouse drag, and zooms about a point. Panning
 * itself is the canvas's own scrolling, so one finger, a wheel, a trackpad, the scroll bars and
 * the arrow keys all move it.
 */

/**
 * How the viewer is zoomed: a scale, `fit` (the canvas's width), or null for where it starts:
 * the fit, but on a phone no less than half size, to be panned, rather than unreadable text.
 */
export type ZoomChoice = number | "fit" | null;

/** A canvas narrower than this is a phone's: fitting a wide diagram there makes it unreadable. */
const NARROW_PX = 600;
/** The smallest scale a narrow canvas starts at. */
const NARROW_START_SCALE = 0.5;
const MAX_SCALE = 8;
/** What one step of the + and − buttons and keys zooms by. */
export const ZOOM_STEP = 1.25;

/**
 * The scale that fits a drawing `drawingWidth` wide into a canvas `canvasWidth` wide (its
 * padding left out, never enlarged), and whether that canvas is a phone's.
 *
 * @example
 * fitting(390, 1800); // { fit: 0.2, narrow: true }
 */
export function fitting(canvasWidth: number, drawingWidth: number) {
  return {
    fit: Math.min(1, Math.max(0.05, (canvasWidth - 24) / drawingWidth)),
    narrow: canvasWidth < NARROW_PX,
  };
}

/**
 * The scale a zoom choice shows.
 *
 * @example
 * scaleOf(null, 0.2, true); // 0.5: a phone starts at half size
 */
export function scaleOf(choice: ZoomChoice, fit: number, narrow: boolean): number {
  if (choice === "fit") return fit;
  if (choice !== null) return choice;
  return narrow ? Math.max(fit, NARROW_START_SCALE) : fit;
}

/**
 * A scale the viewer may show: between a tenth (or the fit, if that is less) and eight times.
 *
 * @example
 * clampScale(40, 0.5); // 8
 */
export function clampScale(scale: number, fit: number): number {
  return Math.min(MAX_SCALE, Math.max(Math.min(0.1, fit), scale));
}

/** What the gestures zoom: the viewer, which redraws its image at a new scale. */
export interface Zoomable {
  /** The scale the diagram is shown at now. */
  shownScale(): number;
  /** Shows the diagram at `scale` (clamped by the viewer); resolves once it is drawn. */
  setScale(scale: number): Promise<void>;
  /** Fits the diagram to the canvas's width. */
  fit(): void;
}

/** A point of the diagram, as fractions of the image's width and height, held under the screen point. */
interface Anchor {
  fx: number;
  fy: number;
}

/** A pinch under way: where it started and what it holds. */
interface Pinch {
  distance: number;
  scale: number;
  anchor: Anchor;
}

/** How much one pixel of ctrl + wheel zooms (a notch of 100 px: about ×1.3). */
const WHEEL_ZOOM_PER_PX = 0.0025;

/**
 * The gestures of one canvas (a scrolling element holding one `<img>`), and its keys: + and −
 * zoom, 0 fits (the arrows scroll, as in any focused scrolling element). Listens while
 * connected; zooms through {@link Zoomable} and then scrolls so that the point of the diagram
 * under the fingers or pointer stays under them.
 *
 * @example
 * const gestures = new CanvasGestures(canvas, viewer);
 * gestures.connect();
 * await gestures.zoomAt(2, rect.left + rect.width / 2, rect.top + rect.height / 2);
 */
export class CanvasGestures {
  readonly #canvas: HTMLElement;
  readonly #target: Zoomable;
  #pinch: Pinch | undefined;
  #drag: { x: number; y: number; left: number; top: number; id: number } | undefined;
  #zooming: Promise<void> = Promise.resolve();

  constructor(canvas: HTMLElement, target: Zoomable) {
    this.#canvas = canvas;
    this.#target = target;
  }

  /** Starts listening to the canvas. */
  connect(): void {
    const c = this.#canvas;
    c.addEventListener("keydown", this.#onKey);
    c.addEventListener("wheel", this.#onWheel, { passive: false });
    c.addEventListener("touchstart", this.#onTouch, { passive: true });
    c.addEventListener("touchmove", this.#onTouchMove, { passive: false });
    c.addEventListener("touchend", this.#onTouch, { passive: true });
    c.addEventListener("touchcancel", this.#onTouch, { passive: true });
    c.addEventListener("pointerdown", this.#onPointerDown);
    c.addEventListener("pointermove", this.#onPointerMove);
    c.addEventListener("pointerup", this.#onPointerUp);
    c.addEventListener("pointercancel", this.#onPointerUp);
  }

  /** Stops listening. */
  disconnect(): void {
    const c = this.#canvas;
    c.removeEventListener("keydown", this.#onKey);
    c.removeEventListener("wheel", this.#onWheel);
    c.removeEventListener("touchstart", this.#onTouch);
    c.removeEventListener("touchmove", this.#onTouchMove);
    c.removeEventListener("touchend", this.#onTouch);
    c.removeEventListener("touchcancel", this.#onTouch);
    c.removeEventListener("pointerdown", this.#onPointerDown);
    c.removeEventListener("pointermove", this.#onPointerMove);
    c.removeEventListener("pointerup", this.#onPointerUp);
    c.removeEventListener("pointercancel", this.#onPointerUp);
    this.#pinch = undefined;
    this.#drag = undefined;
  }

  /** Zooms in (`factor` over 1) or out about the middle of the canvas. */
  zoomBy(factor: number): Promise<void> {
    return this.zoomAt(this.#target.shownScale() * factor);
  }

  /**
   * Zooms to `scale` keeping the diagram's point under (`x`, `y`) (client coordinates) where it
   * is; without a point, about the middle of the canvas. Zooms run one after another.
   */
  zoomAt(scale: number, x?: number, y?: number): Promise<void> {
    const box = this.#canvas.getBoundingClientRect();
    const px = x ?? box.left + box.width / 2;
    const py = y ?? box.top + box.height / 2;
    const anchor = this.#anchorAt(px, py);
    this.#zooming = this.#zooming.then(async () => {
      await this.#target.setScale(scale);
      if (anchor) this.#hold(anchor, px, py);
    });
    return this.#zooming;
  }

  /** The image point under a client point, or none when there is no image. */
  #anchorAt(x: number, y: number): Anchor | undefined {
    const img = this.#canvas.querySelector("img")?.getBoundingClientRect();
    if (!img?.width || !img.height) return undefined;
    return { fx: (x - img.left) / img.width, fy: (y - img.top) / img.height };
  }

  /** Scrolls so that the image point `anchor` is under client point (`x`, `y`). */
  #hold(anchor: Anchor, x: number, y: number): void {
    const img = this.#canvas.querySelector("img")?.getBoundingClientRect();
    if (!img) return;
    this.#canvas.scrollLeft += img.left + anchor.fx * img.width - x;
    this.#canvas.scrollTop += img.top + anchor.fy * img.height - y;
  }

  readonly #onKey = (event: KeyboardEvent): void => {
    if (event.key === "+" || event.key === "=") void this.zoomBy(ZOOM_STEP);
    else if (event.key === "-") void this.zoomBy(1 / ZOOM_STEP);
    else if (event.key === "0") this.#target.fit();
    else return;
    event.preventDefault();
  };

  readonly #onWheel = (event: WheelEvent): void => {
    // A plain wheel scrolls (pans); with ctrl or ⌘ — and a trackpad's pinch — it zooms.
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    const unit =
      event.deltaMode === WheelEvent.DOM_DELTA_LINE
        ? 16
        : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
          ? this.#canvas.clientHeight
          : 1;
    const factor = Math.exp(-event.deltaY * unit * WHEEL_ZOOM_PER_PX);
    void this.zoomAt(this.#target.shownScale() * factor, event.clientX, event.clientY);
  };

  /** Two fingers down starts a pinch; anything else ends it. */
  readonly #onTouch = (event: TouchEvent): void => {
    const pair = fingers(event);
    if (!pair) {
      this.#pinch = undefined;
      return;
    }
    const anchor = this.#anchorAt(pair.x, pair.y);
    this.#pinch = anchor && {
      distance: pair.distance,
      scale: this.#target.shownScale(),
      anchor,
    };
  };

  /** A pinch zooms by how far the fingers spread, holding the diagram's point between them. */
  readonly #onTouchMove = (event: TouchEvent): void => {
    const pinch = this.#pinch;
    const pair = fingers(event);
    if (!pinch || !pair || pinch.distance === 0) return;
    // The page must neither zoom nor scroll under a pinch (where the browser still lets us say so).
    if (event.cancelable) event.preventDefault();
    const scale = (pinch.scale * pair.distance) / pinch.distance;
    this.#zooming = this.#zooming.then(async () => {
      await this.#target.setScale(scale);
      this.#hold(pinch.anchor, pair.x, pair.y);
    });
  };

  /** A mouse's drag pans; a finger's is the canvas's own scrolling. */
  readonly #onPointerDown = (event: PointerEvent): void => {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    const c = this.#canvas;
    if (c.scrollWidth <= c.clientWidth && c.scrollHeight <= c.clientHeight) return;
    event.preventDefault();
    c.setPointerCapture(event.pointerId);
    c.classList.add("dragging");
    this.#drag = {
      x: event.clientX,
      y: event.clientY,
      left: c.scrollLeft,
      top: c.scrollTop,
      id: event.pointerId,
    };
  };

  readonly #onPointerMove = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.id) return;
    this.#canvas.scrollLeft = drag.left - (event.clientX - drag.x);
    this.#canvas.scrollTop = drag.top - (event.clientY - drag.y);
  };

  readonly #onPointerUp = (event: PointerEvent): void => {
    if (!this.#drag || event.pointerId !== this.#drag.id) return;
    this.#drag = undefined;
    this.#canvas.classList.remove("dragging");
  };
}

/** The two fingers of a touch event: their midpoint and distance; none unless exactly two. */
function fingers(event: TouchEvent): { x: number; y: number; distance: number } | undefined {
  const [a, b] = [event.touches[0], event.touches[1]];
  if (event.touches.length !== 2 || !a || !b) return undefined;
  return {
    x: (a.clientX + b.clientX) / 2,
    y: (a.clientY + b.clientY) / 2,
    distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
  };
}
