/**
 * Diagrams as MCP resources: the URI templates, the caller's diagrams page by page, and reading a
 * head, a version, the compact view or the viewer app.
 */
import {
  ErrorCode,
  type ListResourcesResult,
  McpError,
  type ReadResourceResult,
  type ResourceTemplate,
} from "@modelcontextprotocol/sdk/types.js";
import { ApiProblem, type InProcessApi } from "./api.ts";
import { VIEWER_URI, type ViewerSources, viewerResource } from "./viewer-app.ts";

/** draw.io's own MIME type for its files. */
const DRAWIO_MIME = "application/vnd.jgraph.mxfile";

/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** The diagrams as resource templates: the head, one version, the compact view. */
export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: "drawforge://diagrams/{id}",
    name: "diagram",
    title: "Diagram (head version, draw.io XML)",
    mimeType: DRAWIO_MIME,
  },
  {
    uriTemplate: "drawforge://diagrams/{id}/versions/{n}",
    name: "diagram-version",
    title: "One version of a diagram (draw.io XML)",
    mimeType: DRAWIO_MIME,
  },
  {
    uriTemplate: "drawforge://diagrams/{id}/compact",
    name: "diagram-compact",
    title: "Diagram as compact text (cells, labels, edges)",
    mimeType: "text/plain",
  },
];

const DIAGRAM_URI = /^drawforge:\/\/diagrams\/([^/?#]+)(?:\/(compact)|\/versions\/(\d+))?$/;

/**
 * One page of the caller's diagrams as resources (newest change first); the first page also
 * lists the inline viewer app.
 *
 * @example
 * const { resources, nextCursor } = await listResources(api, { origin }, undefined);
 */
export async function listResources(
  api: InProcessApi,
  viewer: ViewerSources,
  cursor: string | undefined,
): Promise<ListResourcesResult> {
  const page = await api.json<{
    items: Array<{ id: string; title: string; version: number; updated_at: string }>;
    next_cursor: string | null;
  }>("GET", "/v1/diagrams", { query: { cursor, limit: 50 } });
  const resources: ListResourcesResult["resources"] = page.items.map((d) => ({
    uri: `drawforge://diagrams/${d.id}`,
    name: d.id,
    title: d.title,
    description: `version ${d.version}, changed ${d.updated_at}`,
    mimeType: DRAWIO_MIME,
  }));
  if (cursor === undefined) {
    resources.push({
      uri: VIEWER_URI,
      name: "viewer",
      title: "Drawforge diagram viewer (MCP App)",
      mimeType: viewerResource(viewer).mimeType,
    });
  }
  return { resources, ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}) };
}

/**
 * Reads a resource: a diagram's head, a version, the compact view, or the viewer app.
 *
 * @example
 * await readResource(api, viewer, "drawforge://diagrams/d_abc/versions/2");
 */
export async function readResource(
  api: InProcessApi,
  viewer: ViewerSources,
  uri: string,
): Promise<ReadResourceResult> {
  if (uri === VIEWER_URI) return { contents: [viewerResource(viewer)] };
  const match = DIAGRAM_URI.exec(uri);
  if (!match?.[1]) {
    throw new McpError(ErrorCode.InvalidParams, `not a Drawforge resource: ${uri}`);
  }
  const id = encodeURIComponent(decodeURIComponent(match[1]));
  try {
    if (match[2] === "compact") {
      const view = await api.json<{ compact: string }>("GET", `/v1/diagrams/${id}`, {
        query: { format: "compact" },
      });
      return { contents: [{ uri, mimeType: "text/plain", text: view.compact }] };
    }
    const path = match[3] ? `/v1/diagrams/${id}/versions/${match[3]}` : `/v1/diagrams/${id}`;
    const view = await api.json<{ xml: string }>("GET", path);
    return { contents: [{ uri, mimeType: DRAWIO_MIME, text: view.xml }] };
  } catch (error) {
    if (error instanceof ApiProblem && (error.status === 404 || error.status === 422)) {
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri} (${error.message})`, {
        uri,
      });
    }
    throw error;
  }
}
