/**
 * Browsing the draw.io shape libraries: list them, page through one, and search every shape for its
 * exact style string.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { shapeCatalog } from "../../shape-libraries/catalog.ts";
import type { LibraryData } from "../drawio/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { AppEnv } from "../http/app-env.ts";
import { decodeCursor, encodeCursor } from "../http/cursors.ts";
import { validationHook } from "../http/validation-hook.ts";
import { errorResponses } from "../schemas/common.ts";
import {
  LibraryListSchema,
  LibraryNameSchema,
  LibraryQuerySchema,
  LibrarySchema,
  SearchQuerySchema,
  ShapePageSchema,
} from "../schemas/shapes.ts";

const tags = ["Shapes"];

/** Shape libraries: every real draw.io shape with its exact style string. */
export const shapes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

function libraryOrFail(name: string): LibraryData {
  const library = shapeCatalog().library(name);
  if (!library) {
    throw new ApiError(
      404,
      "library_not_found",
      `there is no shape library "${name}"; GET /v1/shape-libraries lists them`,
    );
  }
  return library;
}

const listLibraries = createRoute({
  operationId: "listShapeLibraries",
  method: "get",
  path: "/shape-libraries",
  tags,
  summary: "List shape libraries",
  description:
    "Every library (AWS, Azure, GCP, Kubernetes, Cisco, BPMN, flowchart…) with its shape count.",
  responses: {
    200: {
      description: "All libraries.",
      content: { "application/json": { schema: LibraryListSchema } },
    },
    ...errorResponses(),
  },
});

shapes.openapi(listLibraries, (c) =>
  c.json({ items: shapeCatalog().index.libraries, next_cursor: null }, 200),
);

const getLibrary = createRoute({
  operationId: "getShapeLibrary",
  method: "get",
  path: "/shape-libraries/{name}",
  tags,
  summary: "Get a shape library",
  description:
    "A library's categories and shapes (paginated), each shape with its exact style string and default size.",
  request: { params: z.object({ name: LibraryNameSchema }), query: LibraryQuerySchema },
  responses: {
    200: {
      description: "The library.",
      content: { "application/json": { schema: LibrarySchema } },
    },
    ...errorResponses(404, 422),
  },
});

shapes.openapi(getLibrary, (c) => {
  const { name } = c.req.valid("param");
  const { category, cursor, limit } = c.req.valid("query");
  const library = libraryOrFail(name);
  const start = decodeCursor(cursor, "o", 0) ?? 0;
  const categoryIndex = category === undefined ? undefined : library.categories.indexOf(category);
  if (categoryIndex === -1) {
    throw new ApiError(404, "category_not_found", `library ${name} has no category "${category}"`);
  }
  const all = library.shapes
    .map((shape, index) => ({ shape, index }))
    .filter(({ shape }) => categoryIndex === undefined || shape.c === categoryIndex);
  const page = all.slice(start, start + limit);
  const items = page.map(({ shape }) => ({
    library: library.name,
    category: library.categories[shape.c] ?? "",
    title: shape.n,
    style: shape.s,
    width: shape.w,
    height: shape.h,
  }));
  const next = start + limit < all.length ? encodeCursor(start + limit, "o") : null;
  return c.json(
    {
      name: library.name,
      title: library.title,
      source: library.source,
      categories: library.categories,
      shapes: { items, next_cursor: next },
    },
    200,
  );
});

const searchShapes = createRoute({
  operationId: "searchShapes",
  method: "get",
  path: "/shapes/search",
  tags,
  summary: "Search shapes",
  description:
    "Finds shapes by meaning, best first: exact name, prefix, every word (synonyms such as k8s, postgres, lb understood), then near spellings. " +
    "Each hit carries the exact style string to use.",
  request: { query: SearchQuerySchema },
  responses: {
    200: {
      description: "The best matches.",
      content: { "application/json": { schema: ShapePageSchema } },
    },
    ...errorResponses(404, 422),
  },
});

shapes.openapi(searchShapes, (c) => {
  const { q, library, limit } = c.req.valid("query");
  if (library !== undefined) libraryOrFail(library);
  const items = shapeCatalog().search(q, { limit, ...(library === undefined ? {} : { library }) });
  return c.json({ items, next_cursor: null }, 200);
});
