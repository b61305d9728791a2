/**
 * @module The edge router's front door: {@link OrthogonalRouter}, which routes new edges around
 * the shapes and lines of a page, and the types of what it is asked and answers.
 */
export {
  OrthogonalRouter,
  type RoutedEdge,
  type RouteEnd,
  type RouteObstacle,
  type RouteRequest,
  type RouterOptions,
} from "./router.ts";
