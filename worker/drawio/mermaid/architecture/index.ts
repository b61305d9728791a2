/**
 * Mermaid architecture diagrams (`architecture-beta`, `architecture`) as editable draw.io: the
 * architecture folder's front door, `convertArchitecture`.
 */
import type { WorkBudget } from "../../budget.ts";
import { htmlLabel } from "../../layout/to-cells.ts";
import { measureText } from "../../text/estimate.ts";
import { vertexCell } from "../cell-edits.ts";
import { PLACED_LAYER, placedDocument } from "../placed-page.ts";
import { type MermaidSource, mermaidSyntax } from "../source.ts";
import type { ConvertedDiagram, MermaidOptions } from "../types.ts";
import { architectureCells } from "./cells.ts";
import { parseArchitecture } from "./parse.ts";
import { placeArchitecture } from "./place.ts";

const MARGIN = 40;

/**
 * Converts an architecture diagram: services as icons titled below them (Mermaid's built-in
 * `cloud`, `database`, `disk`, `internet`, `server` as draw.io shapes; iconify names such as
 * `logos:aws-lambda` as the catalogue's shape for the name, else a plain box, noted), groups
 * (nested with `in`) as dashed containers with their icon and title, junctions as small
 * points, and edges that leave and enter by the sides they name (`exitX`/`entryX` …), with
 * arrows at either end, `-[labels]-`, and `{group}` ends on the group's border. Placed on
 * grids that honour the sides (`a:R -- L:b` puts b right of a), each group a grid of its own
 * members; edges routed around every service.
 *
 * Counted: `nodes` are the services and junctions, `edges` the edges. `counts`: `services`,
 * `groups`, `junctions`.
 *
 * @example
 * const { document } = await convertArchitecture(readMermaid("architecture-beta\n  service a(server)[A]"), {});
 */
export async function convertArchitecture(
  source: MermaidSource,
  options: MermaidOptions,
  _budget?: WorkBudget,
): Promise<ConvertedDiagram> {
  const diagram = parseArchitecture(source);
  if (diagram.nodes.length === 0 && diagram.groups.length === 0) {
    throw mermaidSyntax(
      source.header,
      "the architecture diagram is empty: add a service, such as service db(database)[Database]",
    );
  }
  const theme = options.theme ?? "default";
  const title = source.title;
  const titleHeight = title === undefined ? 0 : measureText(title, 600).height + 16;
  const placement = placeArchitecture(diagram, { x: MARGIN, y: MARGIN + titleHeight });
  const { cells, notes } = architectureCells(diagram, placement, {
    theme,
    ...(options.shapes === undefined ? {} : { shapes: options.shapes }),
  });
  if (title !== undefined) {
    const font = theme === "dark" ? "#F0F0F0" : "#333333";
    cells.unshift(
      vertexCell(
        "title",
        htmlLabel(title),
        `text;html=1;align=center;verticalAlign=middle;fontSize=16;fontStyle=1;fontColor=${font};`,
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
  if (options.direction !== undefined)
    notes.push(
      "an architecture diagram is placed by the sides its edges name; the direction was not applied",
    );
  if (source.config.architecture !== undefined)
    notes.push(
      "the architecture config (randomize, sizes) is Mermaid's layout and was not applied",
    );
  const services = diagram.nodes.filter((n) => n.kind === "service").length;
  return {
    document: placedDocument(
      cells,
      placement.width + 2 * MARGIN,
      placement.height + titleHeight + 2 * MARGIN,
      theme === "dark" ? "#1E1E1E" : undefined,
    ),
    notes: [...diagram.notes, ...notes],
    nodes: diagram.nodes.length,
    edges: diagram.edges.length,
    counts: { services, groups: diagram.groups.length, junctions: diagram.nodes.length - services },
  };
}
