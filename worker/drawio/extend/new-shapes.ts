/**
 * The shapes an `add_graph` adds: its groups and nodes, sized, styled and labelled as the layout
 * engine would draw them, each in the container it names.
 */
import { nodeBox } from "../layout/boxes.ts";
import { libraryCellStyle, withLibraryShapes } from "../layout/library-nodes.ts";
import type { GraphSpec, Theme } from "../layout/spec.ts";
import { groupStyle, nodeStyle } from "../layout/themes.ts";
import { styleKeys } from "../layout/to-cells.ts";
import type { NewShape } from "./placement.ts";
import type { Scene } from "./scene.ts";
import type { AddGraph, ExtendOptions } from "./spec.ts";

/** The new groups and nodes as shapes to place, with the style, label and kind of each. */
export interface NewShapes {
  shapes: NewShape[];
  styles: Map<string, string>;
  labels: Map<string, string>;
  kinds: Map<string, "group" | "node">;
}

/**
 * The graph's groups and nodes as shapes to place: nodes sized as the layout engine sizes them,
 * in the flow of the container they join; groups at their smallest (their members widen them).
 *
 * @example
 * const added = newShapesOf(scene, graph, newIds(scene, graph), "default", {});
 * added.shapes; // groups first, then nodes, in the graph's order
 */
export function newShapesOf(
  scene: Scene,
  graph: AddGraph,
  ids: ReadonlyMap<string, string>,
  theme: Theme,
  options: ExtendOptions,
): NewShapes {
  const parentOf = (id: string | undefined) => (id === undefined ? undefined : (ids.get(id) ?? id));
  let spec: GraphSpec = {
    direction: "down",
    theme,
    nodes: graph.nodes.map(({ parent: _parent, ...node }) => ({ ...node, group: undefined })),
    edges: [],
    groups: [],
  };
  if (options.shapes) spec = withLibraryShapes(spec, options.shapes);
  const added: NewShapes = { shapes: [], styles: new Map(), labels: new Map(), kinds: new Map() };
  for (const group of graph.groups) {
    const id = ids.get(group.id) as string;
    const style = groupStyle(group.kind, theme);
    added.shapes.push({
      id,
      width: 160,
      height: 80,
      parent: parentOf(group.parent),
      groupStyle: style,
    });
    added.styles.set(id, style);
    added.labels.set(id, group.label);
    added.kinds.set(id, "group");
  }
  graph.nodes.forEach((node, i) => {
    const sized = spec.nodes[i] as GraphSpec["nodes"][number];
    const id = ids.get(node.id) as string;
    const parent = parentOf(node.group ?? node.parent);
    const flow =
      parent !== undefined && !ids.has(node.group ?? node.parent ?? "")
        ? scene.flow(parent)
        : scene.flow(undefined);
    const box = nodeBox(sized, flow, { capRoom: false });
    let style =
      nodeStyle(sized.kind, theme, sized.shape, box.labelSide, box.shape.width) +
      styleKeys(sized.style);
    if (options.shapes) style = libraryCellStyle(style, options.shapes, theme) ?? style;
    added.shapes.push({ id, width: box.shape.width, height: box.shape.height, parent });
    added.styles.set(id, style);
    added.labels.set(id, node.label);
    added.kinds.set(id, "node");
  });
  return added;
}
