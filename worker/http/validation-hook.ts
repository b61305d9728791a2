/**
 * The shared zod-openapi hook that turns a failed request check into a 422 `invalid_request` naming
 * each bad field.
 */
import type { Hook } from "@hono/zod-openapi";
import { ApiError } from "./api-error.ts";
import type { AppEnv } from "./app-env.ts";

interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * The one `defaultHook` of every sub-app: a failed request check becomes a 422
 * `invalid_request` problem whose `errors` name each offending field.
 *
 * @example
 * new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
 */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  const issues = (result.error as { issues?: Issue[] }).issues ?? [];
  const where = (c.req as { target?: string }).target;
  const errors = issues.slice(0, 20).map((issue) => ({
    path: issue.path.map(String).join(".") || (where ?? "body"),
    message: issue.message,
  }));
  const first = errors[0];
  throw new ApiError(
    422,
    "invalid_request",
    first ? `${first.path}: ${first.message}` : "the request is not valid",
    { errors },
  );
};
