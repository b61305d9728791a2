/**
 * The diagram tools in the order `tools/list` shows them. `server.ts` adds `find_tools` and
 * `run_tool`, which find and run those not in the core set.
 */
import { searchShapes, validateXml } from "./authoring-tools.ts";
import { createFromGraph, createFromMermaid, generateDiagram } from "./create-tools.ts";
import { editDiagram, relayout } from "./edit-tools.ts";
import { exportDiagram, listDiagrams, readDiagram, searchDiagrams } from "./read-tools.ts";
import { getStyle, setStyleMemory } from "./style-tools.ts";
import type { McpTool } from "./tool.ts";
import { diffVersions, listVersions, restoreVersion } from "./version-tools.ts";

/** Every tool but the two that find and run the others. */
export const DIAGRAM_TOOLS: readonly McpTool[] = [
  generateDiagram,
  createFromGraph,
  createFromMermaid,
  readDiagram,
  editDiagram,
  listDiagrams,
  exportDiagram,
  searchDiagrams,
  relayout,
  searchShapes,
  validateXml,
  listVersions,
  restoreVersion,
  diffVersions,
  getStyle,
  setStyleMemory,
];
