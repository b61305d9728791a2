/**
 * Mermaid block diagrams (`block-beta`, `block`) as editable draw.io: the block folder's front
 * door, `convertBlockDiagram`.
 */
import type { WorkBudget } from "../../budget.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import { EDGE_LABEL_WRAP, measureText } from "../../text/estimate.ts";
import { vertexCell } from "../cell-edits.ts";
import { PLACED_LAYER, placedDocument } from "../placed-page.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { paletteOf } from "./block-styles.ts";
import { blockCells } from "./cells.ts";
import type { BlockDiagram } from "./model.ts";
import { parseBlockDiagram } from "./parse.ts";
import { type Gaps, placeGrid } from "./place.ts";

const MARGIN = 20;

/**
 * Converts a block diagram the way Mermaid places it: its grid (`columns N` or `auto`) filled
 * in reading order, spans (`a:3`), `space`/`space:N` gaps, composite blocks (`block:id:2 …
 * end`) as draw.io containers holding a grid of their own; every bracket shape as its draw.io
 * outline (rounded, stadium, subroutine, cylinder, circle, double circle, asymmetric, rhombus,
 * hexagon, parallelograms, trapezoids) and block arrows (`<["label"]>(right)`) as draw.io's
 * arrow shapes; links (`-->`, `---`, `-- "label" -->`, dotted and thick) as connectors routed
 * through the gaps of the grid; `style`, `classDef` and `class` as draw.io colours. `click`
 * lines are read and noted.
 *
 * Counted: `nodes` are the blocks, composite blocks included (spaces are not); `edges` the
 * links. `counts`: `blocks` (as nodes), `spaces` (each `space` statement once, whatever its
 * span) and `columns` (of the diagram's own grid, as placed).
 *
 * @example
 * const { document } = await convertBlockDiagram(readMermaid("block-beta\n  columns 2\n  a b"), {});
 */
export async function convertBlockDiagram(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const diagram = parseBlockDiagram(source);
  if (diagram.byId.size === 0) {
    throw mermaidSyntax(
      source.header,
      'the block diagram has no blocks: add one, such as a["Cart"]',
    );
  }
  const palette = paletteOf(options.theme ?? "default");
  const title = source.title;
  const titleHeight = title === undefined ? 0 : measureText(title, 600).height + 16;
  const placement = placeGrid(
    diagram.root,
    { x: MARGIN, y: MARGIN + titleHeight },
    gapsFor(diagram),
  );
  const { cells, notes } = blockCells(diagram, placement, palette);
  const width = placement.width + 2 * MARGIN;
  if (title !== undefined) {
    cells.unshift(
      vertexCell(
        "title",
        htmlLabel(title),
        `text;html=1;align=center;verticalAlign=middle;fontSize=16;fontStyle=1;fontColor=${palette.font};`,
        PLACED_LAYER,
        {
          x: MARGIN,
          y: MARGIN / 2,
          width: Math.max(placement.width, measureText(title, 600).width + 20),
          height: titleHeight,
        },
      ),
    );
  }
  if (options.direction !== undefined) {
    notes.push("a block diagram is placed by its own grid; the direction was not applied");
  }
  return {
    document: placedDocument(
      cells,
      width,
      placement.height + titleHeight + 2 * MARGIN,
      palette.background,
    ),
    notes: [...diagram.notes, ...notes],
    nodes: diagram.byId.size,
    edges: diagram.edges.length,
    counts: {
      blocks: diagram.byId.size,
      spaces: diagram.spaces,
      columns: placement.columns,
    },
  };
}

/** Gaps wide and tall enough for the longest link label to sit between two blocks. */
function gapsFor(diagram: BlockDiagram): Gaps {
  let width = 0;
  let height = 0;
  for (const edge of diagram.edges) {
    if (edge.label === "") continue;
    const box = measureText(edge.label, EDGE_LABEL_WRAP);
    width = Math.max(width, box.width);
    height = Math.max(height, box.height);
  }
  return { x: Math.max(32, width + 28), y: Math.max(32, height + 28) };
}
