/**
 * The API's request and response types, inferred from the same zod schemas the Worker validates
 * with. Only types are imported, so nothing of zod or the Worker reaches the bundle, and the
 * build (`sdk/scripts/build.ts`) expands every alias here into plain TypeScript so the published
 * typings stand alone. Export only non-generic type aliases here: that is what the build expands.
 */
import type { z } from "zod";
import type {
  GenerateRequestSchema,
  MessageListSchema,
  MessageRequestSchema,
  MessageSchema,
  TurnEventSchema,
  TurnResultSchema,
  UsageSchema,
} from "../worker/schemas/agent.ts";
import type {
  BatchCountsSchema,
  BatchItemSchema,
  BatchSchema,
  BatchWithItemsSchema,
  CreateBatchSchema,
  DeliveryListSchema,
  DeliverySchema,
  WebhookSecretSchema,
} from "../worker/schemas/batch.ts";
import type { PageQuerySchema, ProblemSchema } from "../worker/schemas/common.ts";
import type { ConvertRequestSchema, ConvertResultSchema } from "../worker/schemas/convert.ts";
import type {
  ApplyOperationsSchema,
  CreateDiagramSchema,
  DiagramListSchema,
  DiagramQuerySchema,
  DiagramSchema,
  DiagramStatsSchema,
  DiagramSummarySchema,
  ExportLinkSchema,
  ExportQuerySchema,
  FindingSchema,
  ListDiagramsQuerySchema,
  OperationsResultSchema,
  RenameDiagramSchema,
  ReplaceDiagramSchema,
} from "../worker/schemas/diagram.ts";
import type { GraphSchema } from "../worker/schemas/graph.ts";
import type {
  LayoutRequestSchema,
  LayoutResultSchema,
  RelayoutRequestSchema,
  RelayoutResultSchema,
} from "../worker/schemas/layout.ts";
import type { ModelListSchema, ModelOfferSchema } from "../worker/schemas/model-offer.ts";
import type {
  CreatePublicationSchema,
  PublicationListSchema,
  PublicationSchema,
} from "../worker/schemas/publication.ts";
import type { RenderRequestSchema } from "../worker/schemas/render.ts";
import type {
  LibraryListSchema,
  LibraryQuerySchema,
  LibrarySchema,
  LibrarySummarySchema,
  SearchQuerySchema,
  ShapePageSchema,
  ShapeSchema,
} from "../worker/schemas/shapes.ts";
import type {
  StyleChoiceSchema,
  StyleMemorySchema,
  StyleRuleSchema,
  StyleUpdateSchema,
} from "../worker/schemas/style.ts";
import type { CreateTokenSchema, WidgetTokenSchema } from "../worker/schemas/token.ts";
import type { ValidateRequestSchema, ValidateResultSchema } from "../worker/schemas/validate.ts";
import type {
  DiffQuerySchema,
  VersionDiffSchema,
  VersionListSchema,
  VersionSchema,
  VersionSummarySchema,
} from "../worker/schemas/version.ts";
import type {
  BatchCompletedEventSchema,
  BatchItemFailedEventSchema,
  BatchItemSucceededEventSchema,
  WebhookEventSchema,
  WebhookProblemSchema,
} from "../worker/schemas/webhook.ts";

// Responses: what the API sends (`z.output`).
export type Diagram = z.output<typeof DiagramSchema>;
export type DiagramSummary = z.output<typeof DiagramSummarySchema>;
export type DiagramList = z.output<typeof DiagramListSchema>;
export type DiagramStats = z.output<typeof DiagramStatsSchema>;
export type Finding = z.output<typeof FindingSchema>;
export type OperationsResult = z.output<typeof OperationsResultSchema>;
export type ExportLink = z.output<typeof ExportLinkSchema>;
export type VersionSummary = z.output<typeof VersionSummarySchema>;
export type VersionList = z.output<typeof VersionListSchema>;
export type Version = z.output<typeof VersionSchema>;
export type VersionDiff = z.output<typeof VersionDiffSchema>;
export type TokenUsage = z.output<typeof UsageSchema>;
export type TurnResult = z.output<typeof TurnResultSchema>;
export type Message = z.output<typeof MessageSchema>;
export type MessageList = z.output<typeof MessageListSchema>;
export type TurnEvent = z.output<typeof TurnEventSchema>;
export type WidgetToken = z.output<typeof WidgetTokenSchema>;
export type ValidateResult = z.output<typeof ValidateResultSchema>;
export type LayoutResult = z.output<typeof LayoutResultSchema>;
export type ConvertResult = z.output<typeof ConvertResultSchema>;
export type RelayoutResult = z.output<typeof RelayoutResultSchema>;
export type ShapeLibrarySummary = z.output<typeof LibrarySummarySchema>;
export type ShapeLibraryList = z.output<typeof LibraryListSchema>;
export type ShapeLibrary = z.output<typeof LibrarySchema>;
export type Shape = z.output<typeof ShapeSchema>;
export type ShapeList = z.output<typeof ShapePageSchema>;
/** A model a turn may name (`df.models.list()`): its jobs, what it accepts, whether it can run. */
export type ModelOffer = z.output<typeof ModelOfferSchema>;
export type ModelList = z.output<typeof ModelListSchema>;
/** The tenant's house style (`df.style.get()`): its theme, pinned values and rules. */
export type StyleMemory = z.output<typeof StyleMemorySchema>;
/** draw.io values new diagrams get: a direction, every node's, per node kind, and the edges'. */
export type HouseTheme = StyleMemory["theme"];
/** A rule of the house style: its text and its source (`conversation` or `person`). */
export type StyleRule = z.output<typeof StyleRuleSchema>;
export type Problem = z.output<typeof ProblemSchema>;
/** A problem code of the API (every one is in `PROBLEM_CODES`). */
export type ProblemCode = Problem["code"];
export type Batch = z.output<typeof BatchSchema>;
export type BatchCounts = z.output<typeof BatchCountsSchema>;
export type BatchItem = z.output<typeof BatchItemSchema>;
export type BatchWithItems = z.output<typeof BatchWithItemsSchema>;
export type WebhookDelivery = z.output<typeof DeliverySchema>;
export type WebhookDeliveryList = z.output<typeof DeliveryListSchema>;
export type WebhookSecret = z.output<typeof WebhookSecretSchema>;
export type WebhookProblem = z.output<typeof WebhookProblemSchema>;
export type BatchItemSucceededEvent = z.output<typeof BatchItemSucceededEventSchema>;
export type BatchItemFailedEvent = z.output<typeof BatchItemFailedEventSchema>;
export type BatchCompletedEvent = z.output<typeof BatchCompletedEventSchema>;
/** What `verifyWebhook()` returns: one of the three events above, told apart by `type`. */
export type WebhookEvent = z.output<typeof WebhookEventSchema>;

// Requests: what the API accepts (`z.input`: fields with a default are optional).
export type CreateDiagramParams = z.input<typeof CreateDiagramSchema>;
export type ReplaceDiagramParams = z.input<typeof ReplaceDiagramSchema>;
export type RenameDiagramParams = z.input<typeof RenameDiagramSchema>;
export type ApplyOperationsParams = z.input<typeof ApplyOperationsSchema>;
export type Operation = ApplyOperationsParams["operations"][number];
export type GraphSpec = z.input<typeof GraphSchema>;
export type GenerateParams = z.input<typeof GenerateRequestSchema>;
export type MessageParams = z.input<typeof MessageRequestSchema>;
export type CreateTokenParams = z.input<typeof CreateTokenSchema>;
/** What `df.style.set` replaces: the pinned `theme`, the `rules`, or both. */
export type StyleUpdateParams = z.input<typeof StyleUpdateSchema>;
/** A request's use of the house style (`style` of a turn or batch): `house` or `none`. */
export type StyleChoice = z.input<typeof StyleChoiceSchema>;
/** A public, read-only, revocable link to a diagram (`df.diagrams.publications`). */
export type Publication = z.output<typeof PublicationSchema>;
export type PublicationList = z.output<typeof PublicationListSchema>;
export type CreatePublicationParams = z.input<typeof CreatePublicationSchema>;
export type ValidateParams = z.input<typeof ValidateRequestSchema>;
export type LayoutParams = z.input<typeof LayoutRequestSchema>;
export type ConvertParams = z.input<typeof ConvertRequestSchema>;
/** What `df.render` draws: the XML, `format` (`svg` or `png`), `page`, `theme`, `scale`, `border`, `transparent`. */
export type RenderParams = z.input<typeof RenderRequestSchema>;
export type RelayoutParams = z.input<typeof RelayoutRequestSchema>;
export type CreateBatchParams = z.input<typeof CreateBatchSchema>;
export type BatchItemParams = CreateBatchParams["items"][number];
export type WebhookEventType = WebhookEvent["type"];

// Query strings: the schemas coerce strings, so their parsed (output) types say what to send.
export type RetrieveDiagramParams = Partial<z.output<typeof DiagramQuerySchema>>;
export type ExportParams = Partial<z.output<typeof ExportQuerySchema>>;
export type ExportFormat = z.output<typeof ExportQuerySchema>["format"];
export type PageParams = Partial<z.output<typeof PageQuerySchema>>;
export type ListDiagramsParams = Partial<z.output<typeof ListDiagramsQuerySchema>>;
export type DiffParams = z.output<typeof DiffQuerySchema>;
export type ShapeLibraryParams = Partial<z.output<typeof LibraryQuerySchema>>;
export type ShapeSearchParams = Optional<z.output<typeof SearchQuerySchema>, "limit">;

/** `T` with the keys `K` made optional (query fields that have a server-side default). */
type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
