/**
 * The Drawforge TypeScript SDK: `import { Drawforge } from "@drawforge/sdk"`.
 *
 * @example
 * const df = new Drawforge({ apiKey, baseUrl });
 * const { diagram_id } = await df.generate({ prompt: "Checkout flow with payment retries" });
 */

export { type ClientOptions, Drawforge, type Generate } from "./client.ts";
export {
  AbortError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  DrawforgeError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  WebhookVerificationError,
} from "./core/errors.ts";
export { type List, Page, PagePromise } from "./core/pagination.ts";
export { isProblemCode, PROBLEM_CODES, type ProblemCodeInfo } from "./core/problem-codes.ts";
export { type TurnCompletedEvent, TurnStream } from "./core/streaming.ts";
export { type VerifyWebhookOptions, verifyWebhook, type WebhookHeaders } from "./core/webhooks.ts";
export type { RequestOptions } from "./internal/transport.ts";
export type {
  BatchDeliveries,
  Batches,
  WaitForBatchOptions,
  WebhookSecrets,
} from "./resources/batches.ts";
export type { Diagrams, ExportedFile, ExportedImage } from "./resources/diagrams.ts";
export type { Messages, TurnCancelled } from "./resources/messages.ts";
export type { Models } from "./resources/models.ts";
export type { ApplyOptions, Operations } from "./resources/operations.ts";
export type { Publications } from "./resources/publications.ts";
export type { RenderedPng, RenderedSvg } from "./resources/render.ts";
export type { ShapeLibraries, Shapes } from "./resources/shapes.ts";
export type { WriteOptions } from "./resources/shared.ts";
export type { Style } from "./resources/style.ts";
export type { Tokens } from "./resources/tokens.ts";
export type { Versions } from "./resources/versions.ts";
export type * from "./types.ts";
