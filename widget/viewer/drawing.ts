/** Who drew the diagram the viewer shows: the Worker's SVG export, or draw.io's viewer. */
export type RendererName = "server" | "drawio";

/**
 * Which renderer a viewer draws with: `auto` shows the server's SVG and falls back to draw.io's
 * viewer; `server` and `drawio` use only that one.
 */
export type RendererChoice = "auto" | RendererName;

/** A drawn diagram as the viewer shows it: an image URL, its size, and its text. */
export interface Drawing {
  /** An object URL of the SVG; revoke it (`URL.revokeObjectURL`) once it is no longer shown. */
  url: string;
  width: number;
  /** The labels, for the image's text alternative. */
  labels: string[];
  renderer: RendererName;
  /**
   * How the drawing is shown dark: `server` drew it dark (`theme=dark`), `filter` is a light
   * drawing the viewer darkens by draw.io's rule (see `viewer-styles.ts`); none in the light theme.
   */
  dark: DarkBy;
}

/** Who makes a drawing dark in the dark theme: the server, or the viewer's filter. */
export type DarkBy = "server" | "filter" | undefined;

/**
 * A drawing of standalone SVG text, shown through an `<img>` of an object URL: an image runs
 * no script and loads nothing, whatever the SVG holds. The SVG is parsed in an inert document
 * (DOMParser runs nothing) for its width and its labels: HTML ones in `foreignObject`s
 * (draw.io), plain ones as a group of `<text>` lines (the server, and draw.io's plain labels).
 *
 * @example
 * const drawing = drawingOf(svg, "server", undefined);
 * img.src = drawing.url;
 */
export function drawingOf(svg: string, renderer: RendererName, dark: DarkBy): Drawing {
  const root = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
  const labels = [...root.querySelectorAll("foreignObject, g:has(> text)")]
    .map((label) =>
      [...label.children]
        .map((part) => part.textContent)
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
  return {
    url: URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" })),
    width: Number.parseFloat(root.getAttribute("width") ?? "") || 0,
    labels: [...new Set(labels)].slice(0, 60),
    renderer,
    dark,
  };
}
