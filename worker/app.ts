/**
 * The Hono API application: global middleware, every route at its path, the OpenAPI document
 * at `/openapi.json`, and the 404 and error handlers.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { requestId } from "hono/request-id";
import { authenticate } from "./auth/authenticate.ts";
import { authorize } from "./auth/authorize.ts";
import { cors } from "./auth/cors.ts";
import { rateLimit } from "./auth/rate-limit.ts";
import { ApiError } from "./http/api-error.ts";
import type { AppEnv } from "./http/app-env.ts";
import { jsonBody } from "./http/json-body.ts";
import { problemResponse } from "./http/problem.ts";
import { agent } from "./routes/agent.ts";
import { batches } from "./routes/batches.ts";
import { convert } from "./routes/convert.ts";
import { diagrams } from "./routes/diagrams.ts";
import { exports } from "./routes/export.ts";
import { favicon } from "./routes/favicon.ts";
import { layout } from "./routes/layout.ts";
import { meta } from "./routes/meta.ts";
import { models } from "./routes/models.ts";
import { publications } from "./routes/publications.ts";
import { published } from "./routes/published.ts";
import { render } from "./routes/render.ts";
import { shapes } from "./routes/shapes.ts";
import { style } from "./routes/style.ts";
import { tokens } from "./routes/tokens.ts";
import { validate } from "./routes/validate.ts";
import { versions } from "./routes/versions.ts";
import { live, liveToken, widget } from "./routes/widget.ts";
import { idempotency } from "./tenant/idempotency.ts";

/**
 * The root application: middleware, error mapping and every route.
 *
 * @example
 * const res = await app.request("/healthz");
 */
export const app = new OpenAPIHono<AppEnv>();

app.use(
  requestId({
    limitLength: 64,
    generator: () => `req_${crypto.randomUUID().replaceAll("-", "")}`,
  }),
);
// Browsers cannot set headers on a WebSocket: the live route's ?token= becomes the bearer first.
app.use("/v1/diagrams/:id/live", liveToken());
app.use("/v1/*", cors());
app.use("/v1/*", jsonBody(), authenticate(), authorize(), rateLimit(), idempotency());

app.route("/", meta);
app.route("/", favicon);
app.route("/", widget);
app.route("/v1/diagrams", live);
app.route("/v1/diagrams", diagrams);
app.route("/v1/diagrams", versions);
app.route("/v1/diagrams", exports);
app.route("/v1/diagrams", tokens);
app.route("/v1/diagrams", publications);
app.route("/", published);
app.route("/v1/validate", validate);
app.route("/v1", layout);
app.route("/v1", convert);
app.route("/v1", shapes);
app.route("/v1", agent);
app.route("/v1", models);
app.route("/v1", style);
app.route("/v1", batches);
app.route("/v1", render);

app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
  type: "http",
  scheme: "bearer",
  description: "An API key from `API_KEYS`, or a widget token (`dft_…`) for one diagram.",
});

app.doc31("/openapi.json", (c) => ({
  openapi: "3.1.0",
  info: {
    title: "Drawforge API",
    version: "1.0.0",
    description:
      "Store, edit, version and export draw.io diagrams. Every error is `application/problem+json` " +
      "with a stable `code`; every response carries `x-request-id`.",
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
  },
  servers: [{ url: new URL(c.req.url).origin, description: "This deployment" }],
  security: [{ bearer: [] }],
  tags: [
    { name: "Diagrams", description: "Create, read, change and export diagrams." },
    { name: "Versions", description: "The append-only history of a diagram." },
    { name: "Tokens", description: "Scoped tokens for browsers." },
    {
      name: "Publications",
      description: "Public, read-only, revocable links for docs pages: an SVG, the file, a page.",
    },
    { name: "Agent", description: "Prompt in, diagram out; then edit it in conversation." },
    {
      name: "House style",
      description: "The look and conventions a team's new diagrams get, learned and editable.",
    },
    { name: "Layout", description: "Describe the structure; Drawforge places it." },
    { name: "Shapes", description: "Every real draw.io shape, with its exact style string." },
    { name: "Validation", description: "Check and repair draw.io XML without storing it." },
    { name: "Service", description: "Health and documentation." },
  ],
}));

app.notFound(() => {
  throw new ApiError(404, "route_not_found", "there is no such endpoint; see /docs for the API");
});
app.onError((err, c) => problemResponse(c, err));
