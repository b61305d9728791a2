import { app } from "./app.ts";
import { consumeQueue } from "./batch/consumer.ts";
import type { QueueEnv } from "./batch/run-item.ts";

export { BatchObject } from "./batch/batch-object.ts";
export { DiagramObject } from "./diagram/diagram-object.ts";
export { TenantObject } from "./tenant/tenant-object.ts";

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeQueue(batch, env as QueueEnv),
} satisfies ExportedHandler<Env>;
