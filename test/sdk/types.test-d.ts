import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import {
  type APIError,
  type Batch,
  type BatchItem,
  type Diagram,
  type DiagramSummary,
  Drawforge,
  type ExportedFile,
  type HouseTheme,
  type ListDiagramsParams,
  type ModelList,
  type ModelOffer,
  type Operation,
  type Page,
  type RenderedPng,
  type RenderedSvg,
  type RenderParams,
  type StyleChoice,
  type StyleMemory,
  type StyleRule,
  type StyleUpdateParams,
  type TurnEvent,
  type TurnStream,
  type VersionSummary,
  verifyWebhook,
  type WebhookDelivery,
  type WebhookEvent,
} from "../../sdk/index.ts";
import type { TurnEventSchema, TurnResultSchema } from "../../worker/schemas/agent.ts";
import type {
  BatchItemSchema,
  BatchSchema,
  BatchWithItemsSchema,
  CreateBatchSchema,
  DeliverySchema,
  WebhookSecretSchema,
} from "../../worker/schemas/batch.ts";
import type { DiagramLinksSchema, ProblemSchema } from "../../worker/schemas/common.ts";
import type {
  CreateDiagramSchema,
  DiagramSchema,
  DiagramSummarySchema,
  ExportLinkSchema,
  OperationsResultSchema,
} from "../../worker/schemas/diagram.ts";
import type { ModelListSchema, ModelOfferSchema } from "../../worker/schemas/model-offer.ts";
import type { RenderRequestSchema } from "../../worker/schemas/render.ts";
import type {
  StyleMemorySchema,
  StyleRuleSchema,
  StyleUpdateSchema,
} from "../../worker/schemas/style.ts";
import type { VersionSchema, VersionSummarySchema } from "../../worker/schemas/version.ts";
import type {
  BatchCompletedEventSchema,
  BatchItemSucceededEventSchema,
  WebhookEventSchema,
} from "../../worker/schemas/webhook.ts";

const df = new Drawforge({ apiKey: "k", baseUrl: "http://localhost:8787" });
type Resolved<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe("responses are exactly the API's schemas", () => {
  it("types diagrams, turns, versions and exports", () => {
    expectTypeOf<Resolved<typeof df.diagrams.create>>().toEqualTypeOf<
      z.output<typeof DiagramSchema>
    >();
    expectTypeOf<Resolved<typeof df.diagrams.retrieve>>().toEqualTypeOf<Diagram>();
    expectTypeOf<Resolved<typeof df.generate>>().toEqualTypeOf<z.output<typeof TurnResultSchema>>();
    expectTypeOf<Resolved<typeof df.diagrams.operations.apply>>().toEqualTypeOf<
      z.output<typeof OperationsResultSchema>
    >();
    expectTypeOf<Resolved<typeof df.diagrams.versions.retrieve>>().toEqualTypeOf<
      z.output<typeof VersionSchema>
    >();
    expectTypeOf(df.diagrams.export("d", { format: "url" })).resolves.toEqualTypeOf<
      z.output<typeof ExportLinkSchema>
    >();
    expectTypeOf(df.diagrams.export("d")).resolves.toEqualTypeOf<ExportedFile>();
    expectTypeOf(df.diagrams.export("d", { format: "xml" })).resolves.toEqualTypeOf<ExportedFile>();
    expectTypeOf(df.diagrams.delete("d")).resolves.toEqualTypeOf<void>();
    expectTypeOf<APIError["problem"]>().toEqualTypeOf<z.output<typeof ProblemSchema> | undefined>();
  });

  it("types the models a turn may name", () => {
    expectTypeOf(df.models.list()).resolves.toEqualTypeOf<ModelList>();
    expectTypeOf<ModelList>().toEqualTypeOf<z.output<typeof ModelListSchema>>();
    expectTypeOf<ModelList["items"][number]>().toEqualTypeOf<ModelOffer>();
    expectTypeOf<ModelOffer>().toEqualTypeOf<z.output<typeof ModelOfferSchema>>();
    expectTypeOf<ModelOffer["jobs"]>().toEqualTypeOf<("draw" | "summary" | "vision")[]>();
    expectTypeOf<ModelList["default"]>().toEqualTypeOf<string>();
  });

  it("types the house style", () => {
    expectTypeOf(df.style.get()).resolves.toEqualTypeOf<StyleMemory>();
    expectTypeOf(df.style.clear()).resolves.toEqualTypeOf<StyleMemory>();
    expectTypeOf<Resolved<typeof df.style.set>>().toEqualTypeOf<StyleMemory>();
    expectTypeOf<StyleMemory>().toEqualTypeOf<z.output<typeof StyleMemorySchema>>();
    expectTypeOf<StyleMemory["rules"][number]>().toEqualTypeOf<StyleRule>();
    expectTypeOf<StyleRule>().toEqualTypeOf<z.output<typeof StyleRuleSchema>>();
    expectTypeOf<StyleRule["source"]>().toEqualTypeOf<"conversation" | "person">();
    expectTypeOf<StyleMemory["pinned"]>().toEqualTypeOf<HouseTheme>();
    expectTypeOf<HouseTheme["direction"]>().toEqualTypeOf<
      "down" | "right" | "up" | "left" | undefined
    >();
    expectTypeOf(df.style.set).parameter(0).toEqualTypeOf<z.input<typeof StyleUpdateSchema>>();
    expectTypeOf(df.style.set).parameter(0).toEqualTypeOf<StyleUpdateParams>();
  });

  it("types renders: an SVG's text or a PNG's bytes, by format", () => {
    expectTypeOf(df.render({ xml: "<x/>" })).resolves.toEqualTypeOf<RenderedSvg>();
    expectTypeOf(df.render({ xml: "<x/>", format: "svg" })).resolves.toEqualTypeOf<RenderedSvg>();
    expectTypeOf(df.render({ xml: "<x/>", format: "png" })).resolves.toEqualTypeOf<RenderedPng>();
    const format = "png" as "svg" | "png";
    expectTypeOf(df.render({ xml: "<x/>", format })).resolves.toEqualTypeOf<
      RenderedSvg | RenderedPng
    >();
    expectTypeOf<RenderedSvg["content"]>().toEqualTypeOf<string>();
    expectTypeOf<RenderedPng["content"]>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<RenderParams>().toEqualTypeOf<z.input<typeof RenderRequestSchema>>();
  });

  it("types pagination: await for a page, for-await for items", () => {
    const list = df.diagrams.versions.list("d");
    expectTypeOf<Awaited<typeof list>>().toEqualTypeOf<Page<VersionSummary>>();
    expectTypeOf<VersionSummary>().toEqualTypeOf<z.output<typeof VersionSummarySchema>>();
    expectTypeOf(list).toExtend<AsyncIterable<VersionSummary>>();
    expectTypeOf<Page<VersionSummary>["next_cursor"]>().toEqualTypeOf<string | null>();
    const diagrams = df.diagrams.list({ q: "checkout", limit: 50 });
    expectTypeOf<Awaited<typeof diagrams>>().toEqualTypeOf<Page<DiagramSummary>>();
    expectTypeOf<DiagramSummary>().toEqualTypeOf<z.output<typeof DiagramSummarySchema>>();
    expectTypeOf(diagrams).toExtend<AsyncIterable<DiagramSummary>>();
    expectTypeOf<Page<DiagramSummary>["total"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf(df.diagrams.list).parameter(0).toEqualTypeOf<ListDiagramsParams | undefined>();
  });

  it("types streamed events as a union narrowed by `type`", () => {
    expectTypeOf(df.generate.stream({ prompt: "p" })).toEqualTypeOf<TurnStream>();
    expectTypeOf<TurnEvent>().toEqualTypeOf<z.output<typeof TurnEventSchema>>();
    expectTypeOf(df.diagrams.messages.stream("d", { prompt: "p" })).toExtend<
      AsyncIterable<TurnEvent>
    >();
    expectTypeOf<Extract<TurnEvent, { type: "text.delta" }>>().toEqualTypeOf<{
      type: "text.delta";
      text: string;
    }>();
    expectTypeOf<
      Extract<TurnEvent, { type: "turn.started" }>["diagram_id"]
    >().toEqualTypeOf<string>();
    // The last event carries the JSON answer's links when the diagram was kept.
    expectTypeOf<Extract<TurnEvent, { type: "turn.completed" }>["links"]>().toEqualTypeOf<
      z.output<typeof DiagramLinksSchema> | undefined
    >();
    expectTypeOf<Extract<TurnEvent, { type: "turn.completed" }>["links"]>().toEqualTypeOf<
      Resolved<typeof df.generate>["links"] | undefined
    >();
  });

  it("types webhook events", () => {
    expectTypeOf(verifyWebhook).returns.resolves.toEqualTypeOf<
      z.output<typeof WebhookEventSchema>
    >();
    expectTypeOf(verifyWebhook).returns.resolves.toEqualTypeOf<WebhookEvent>();
    expectTypeOf<Extract<WebhookEvent, { type: "batch.item.succeeded" }>>().toEqualTypeOf<
      z.output<typeof BatchItemSucceededEventSchema>
    >();
    expectTypeOf<Extract<WebhookEvent, { type: "batch.completed" }>["data"]>().toEqualTypeOf<
      z.output<typeof BatchCompletedEventSchema>["data"]
    >();
    expectTypeOf<WebhookEvent["type"]>().toEqualTypeOf<
      "batch.item.succeeded" | "batch.item.failed" | "batch.completed"
    >();
  });

  it("types batches, their items and deliveries, and the webhook secret", () => {
    expectTypeOf<Resolved<typeof df.batches.create>>().toEqualTypeOf<
      z.output<typeof BatchSchema>
    >();
    expectTypeOf<Resolved<typeof df.batches.retrieve>>().toEqualTypeOf<
      z.output<typeof BatchWithItemsSchema>
    >();
    expectTypeOf<Resolved<typeof df.batches.cancel>>().toEqualTypeOf<Batch>();
    expectTypeOf<Resolved<typeof df.batches.waitFor>>().toEqualTypeOf<Batch>();
    expectTypeOf<Resolved<typeof df.webhookSecret.retrieve>>().toEqualTypeOf<
      z.output<typeof WebhookSecretSchema>
    >();
    expectTypeOf<Resolved<typeof df.webhookSecret.rotate>>().toEqualTypeOf<
      z.output<typeof WebhookSecretSchema>
    >();

    const items = df.batches.items("b_1");
    expectTypeOf<Awaited<typeof items>>().toEqualTypeOf<Page<BatchItem>>();
    expectTypeOf(items).toExtend<AsyncIterable<z.output<typeof BatchItemSchema>>>();
    const deliveries = df.batches.deliveries.list("b_1", { limit: 10 });
    expectTypeOf<Awaited<typeof deliveries>>().toEqualTypeOf<Page<WebhookDelivery>>();
    expectTypeOf(deliveries).toExtend<AsyncIterable<z.output<typeof DeliverySchema>>>();
  });
});

describe("requests take the API's input types", () => {
  it("accepts what the schemas accept, defaults optional", () => {
    expectTypeOf(df.diagrams.create)
      .parameter(0)
      .toEqualTypeOf<z.input<typeof CreateDiagramSchema> | undefined>();
    expectTypeOf<{ op: "set_label"; id: string; value: string }>().toExtend<Operation>();
    df.diagrams.tokens.create("d", { scope: "view" });
    df.layout({ graph: { nodes: [{ id: "a" }] } });
    df.diagrams.layout("d");
    df.validate({ xml: "<x/>" });
    expectTypeOf(df.batches.create).parameter(0).toEqualTypeOf<z.input<typeof CreateBatchSchema>>();
    df.batches.create({
      items: [{ prompt: "p", direction: "right", metadata: { ref: 1 } }],
      webhook: { url: "https://example.com/hook", events: ["batch.completed"] },
      model: "m",
    });
    df.batches.retrieve("b_1", { limit: 10, cursor: "c" });
    df.batches.waitFor("b_1", { intervalMs: 500, timeoutMs: 60_000, signal: AbortSignal.abort() });
    // Every turn and batch may leave the house style out.
    expectTypeOf<StyleChoice>().toEqualTypeOf<"house" | "none">();
    df.generate({ prompt: "p", style: "none" });
    df.diagrams.messages.create("d", { prompt: "p", style: "house" });
    df.diagrams.messages.stream("d", { prompt: "p", style: "none" });
    df.batches.create({ items: [{ prompt: "p" }], style: "none" });
    df.style.set({
      theme: { node: { fillColor: "#e0f2f1" }, kinds: { decision: { rounded: "1" } } },
    });
    df.style.set({ rules: ["Group services by team."] });
  });

  it("refuses wrong inputs", () => {
    // @ts-expect-error a misspelt field
    df.generate({ promt: "x" });
    // @ts-expect-error prompt is required
    df.generate({});
    // @ts-expect-error an unknown scope
    df.diagrams.tokens.create("d", { scope: "admin" });
    // @ts-expect-error an unknown operation
    df.diagrams.operations.apply("d", [{ op: "paint", id: "3" }]);
    // @ts-expect-error set_label needs a value
    df.diagrams.operations.apply("d", [{ op: "set_label", id: "3" }]);
    // @ts-expect-error replace needs ifMatch
    df.diagrams.replace("d", { xml: "<x/>" }, {});
    // @ts-expect-error rename takes no ifMatch: the API ignores it there
    df.diagrams.rename("d", { title: "t" }, { ifMatch: 2 });
    // @ts-expect-error no such export format
    df.diagrams.export("d", { format: "pdf" });
    // @ts-expect-error render draws SVG or PNG
    df.render({ xml: "<x/>", format: "jpeg" });
    // @ts-expect-error render needs the XML
    df.render({ format: "png" });
    // @ts-expect-error the scale is a number
    df.render({ xml: "<x/>", scale: "2" });
    // @ts-expect-error version numbers are numbers
    df.diagrams.versions.restore("d", "2");
    // @ts-expect-error an unknown node kind
    df.layout({ graph: { nodes: [{ id: "a", kind: "blob" }] } });
    // @ts-expect-error xml and a number
    df.validate({ xml: 1 });
    // @ts-expect-error the limit is a number
    df.diagrams.messages.list("d", { limit: "10" });
    // @ts-expect-error a batch needs items
    df.batches.create({ webhook: { url: "https://example.com/hook" } });
    // @ts-expect-error an item needs a prompt
    df.batches.create({ items: [{ title: "t" }] });
    df.batches.create({
      items: [{ prompt: "p" }],
      // @ts-expect-error no such webhook event
      webhook: { url: "https://example.com/hook", events: ["batch.started"] },
    });
    // @ts-expect-error the interval is in milliseconds, a number
    df.batches.waitFor("b_1", { intervalMs: "1s" });
    // @ts-expect-error rotate takes no secret: the API makes it
    df.webhookSecret.rotate({ secret: "whsec_x" });
    // @ts-expect-error the house style is used or not: no third choice
    df.generate({ prompt: "p", style: "mine" });
    // @ts-expect-error rounded is a draw.io flag, "0" or "1"
    df.style.set({ theme: { node: { rounded: true } } });
    // @ts-expect-error free text has no house values
    df.style.set({ theme: { kinds: { text: { fillColor: "#ffffff" } } } });
    // @ts-expect-error rules are sentences
    df.style.set({ rules: [{ text: "Group services by team." }] });
  });

  it("has no fields the API does not send", async () => {
    const turn = await df.generate({ prompt: "p" });
    // @ts-expect-error the API speaks snake_case: diagram_id
    turn.diagramId;
    const file = await df.diagrams.export("d", { format: "drawio" });
    // @ts-expect-error a file export is not a link
    file.url;
    const svg = await df.render({ xml: "<x/>" });
    // @ts-expect-error an SVG has no missing glyphs to count: only a PNG does
    svg.missingGlyphs;
    const batch = await df.batches.waitFor("b_1");
    // @ts-expect-error waitFor answers the batch without its items: use df.batches.items()
    batch.items;
    const event = await verifyWebhook("{}", new Headers(), "whsec_x");
    // @ts-expect-error only batch.item.succeeded carries a diagram id: narrow on `type` first
    event.data.diagram_id;
  });
});
