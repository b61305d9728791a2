import { app } from "./app.ts";
import { consumeQueue } from "./batch/consumer.ts";
import type { Bindings } from "./bindings.ts";

export { BatchObject } from "./batch/batch-object.ts";
export { DiagramObject } from "./diagram/diagram-object.ts";
export { TenantObject } from "./tenant/tenant-object.ts";

export default {
  fetch: app.fetch,
  queue: consumeQueue,
} satisfies ExportedHandler<Bindings>;
