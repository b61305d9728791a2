import { app } from "./app.ts";

export { DiagramObject } from "./diagram/diagram-object.ts";
export { TenantObject } from "./tenant/tenant-object.ts";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
